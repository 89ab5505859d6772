// A picture file (a File, a Blob or fetched bytes) to RGBA bytes, in the browser: the core then
// makes its 224 × 224 view. The size a file declares is checked against the image mode's limits
// (the core's, as the CLI and the JS API check them) before anything is decoded; a large photo
// is decoded at a reduced size (its shorter side at DECODE_SIDE pixels, both sides and the pixel
// count bounded), never at its full 100s of MB; EXIF orientation is respected; animated pictures
// give their first frame; SVG is drawn from an <img> (svg.js); what cannot be read gets a
// sentence saying why.
import { IMAGE_LIMITS, imageSizeProblem } from '../../lib/image-check.js';
import { decodeSvg, SvgError } from './svg.js';

const DECODE_SIDE = 448; // pixels on the shorter side: twice the view, for a good area average
const MAX_BYTES = IMAGE_LIMITS.maxFileBytes;

export class PictureError extends Error {}

// The core's sentence for a size over its limits, as the page says it (or '').
function sizeProblem(width, height) {
  const problem = imageSizeProblem(width, height);
  return problem && `${problem[0].toUpperCase()}${problem.slice(1)}.`;
}

const ascii = (bytes, from, to) => String.fromCharCode(...bytes.subarray(from, to));

// { format, width, height } from the first bytes, with width and height after the EXIF
// orientation for JPEG (0 when the format does not say or is not known here).
export function sniff(bytes) {
  const u32 = (i) => ((bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3]) >>> 0;
  const u16le = (i) => bytes[i] | (bytes[i + 1] << 8);
  if (bytes.length >= 24 && bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG')
    return { format: 'png', width: u32(16), height: u32(20) };
  if (bytes.length >= 10 && ascii(bytes, 0, 3) === 'GIF') return { format: 'gif', width: u16le(6), height: u16le(8) };
  if (bytes.length >= 26 && ascii(bytes, 0, 2) === 'BM')
    return {
      format: 'bmp',
      width: Math.abs(new DataView(bytes.buffer, bytes.byteOffset).getInt32(18, true)),
      height: Math.abs(new DataView(bytes.buffer, bytes.byteOffset).getInt32(22, true)),
    };
  if (bytes.length >= 30 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return webp(bytes);
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    const format = /^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(brand)
      ? 'heic'
      : brand === 'avif'
        ? 'avif'
        : 'unknown';
    return { format, ...imageSpatialExtent(bytes) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpeg(bytes);
  const start = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  if (start.startsWith('<svg') || (start.startsWith('<?xml') && start.includes('<svg'))) return { format: 'svg' };
  return { format: 'unknown' };
}

function webp(bytes) {
  const chunk = ascii(bytes, 12, 16),
    d = new DataView(bytes.buffer, bytes.byteOffset);
  if (chunk === 'VP8X')
    return {
      format: 'webp',
      width: 1 + (d.getUint32(24, true) & 0xffffff),
      height: 1 + (d.getUint32(27, true) & 0xffffff),
    };
  if (chunk === 'VP8L') {
    const b = d.getUint32(21, true);
    return { format: 'webp', width: 1 + (b & 0x3fff), height: 1 + ((b >> 14) & 0x3fff) };
  }
  return { format: 'webp', width: d.getUint16(26, true) & 0x3fff, height: d.getUint16(28, true) & 0x3fff };
}

// AVIF/HEIF: the size from the first 'ispe' box (image spatial extents), or none.
function imageSpatialExtent(bytes) {
  for (let i = 4; i + 16 <= bytes.length; i++)
    if (bytes[i] === 0x69 && ascii(bytes, i, i + 4) === 'ispe') {
      const d = new DataView(bytes.buffer, bytes.byteOffset);
      return { width: d.getUint32(i + 8), height: d.getUint32(i + 12) };
    }
  return {};
}

// JPEG: the frame size from the SOFn marker, swapped when the EXIF orientation turns it (5–8).
function jpeg(bytes) {
  const d = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  let width = 0,
    height = 0,
    orientation = 1;
  for (let i = 2; i + 9 < bytes.length; ) {
    if (bytes[i] !== 0xff) break;
    const marker = bytes[i + 1],
      length = d.getUint16(i + 2);
    if (marker === 0xe1 && ascii(bytes, i + 4, i + 8) === 'Exif')
      orientation = exifOrientation(d, i + 10) || orientation;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      height = d.getUint16(i + 5);
      width = d.getUint16(i + 7);
      break;
    }
    i += 2 + length;
  }
  return orientation >= 5 ? { format: 'jpeg', width: height, height: width } : { format: 'jpeg', width, height };
}

function exifOrientation(d, tiff) {
  if (tiff + 8 > d.byteLength) return 0;
  const little = d.getUint16(tiff) === 0x4949;
  const ifd = tiff + d.getUint32(tiff + 4, little);
  if (ifd + 2 > d.byteLength) return 0;
  for (let k = 0, n = d.getUint16(ifd, little); k < n; k++) {
    const entry = ifd + 2 + 12 * k;
    if (entry + 12 > d.byteLength) return 0;
    if (d.getUint16(entry, little) === 0x0112) return d.getUint16(entry + 8, little);
  }
  return 0;
}

// The decoded size: the shorter side at DECODE_SIDE (never enlarged), the aspect kept, and then
// the longer side and the pixel count within the core's limits (a very wide picture: the core
// uses only its centred square, whose side is the shorter one).
function decodeSize(width, height) {
  const scale = Math.min(
    1,
    DECODE_SIDE / Math.min(width, height),
    IMAGE_LIMITS.maxSide / Math.max(width, height),
    Math.sqrt(IMAGE_LIMITS.maxPixels / (width * height)),
  );
  const side = (x) => Math.min(IMAGE_LIMITS.maxSide, Math.max(1, Math.round(x * scale)));
  return { width: side(width), height: side(height) };
}

function pixels(source, width, height) {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(source, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height).data;
}

async function rasterizeSvg(blob) {
  try {
    const { image, width, height } = await decodeSvg(blob, DECODE_SIDE);
    const size = decodeSize(width, height);
    return { ...size, data: pixels(image, size.width, size.height) };
  } catch (e) {
    if (e instanceof SvgError) throw new PictureError(e.message);
    throw new PictureError(
      'This SVG could not be drawn (the page may not allow pictures from files): use a PNG or JPEG.',
    );
  }
}

// { width, height, data } (RGBA bytes) of a picture file; throws a PictureError with a sentence.
export async function decodePicture(blob) {
  if (blob.size === 0) throw new PictureError('The file is empty.');
  if (blob.size > MAX_BYTES)
    throw new PictureError(
      `The file is ${Math.round(blob.size / 2 ** 20)} MB: pictures up to ${MAX_BYTES / 2 ** 20} MB are read.`,
    );
  const head = new Uint8Array(await blob.slice(0, 65536).arrayBuffer());
  const info = sniff(head);
  if (info.format === 'heic')
    throw new PictureError(
      'HEIC/HEIF photos (as iPhones take them) cannot be read by browsers: export it as JPEG or PNG.',
    );
  if (info.format === 'svg') return rasterizeSvg(blob);
  const tooLarge = info.width && info.height ? sizeProblem(info.width, info.height) : '';
  if (tooLarge) throw new PictureError(tooLarge);
  if (info.format === 'unknown' && !blob.type.startsWith('image/'))
    throw new PictureError('This is not a picture: PNG, JPEG, GIF, WebP, AVIF, BMP or SVG files are read.');
  let bitmap;
  try {
    const size = info.width && info.height ? decodeSize(info.width, info.height) : null;
    const resize = size ? { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' } : {};
    // the first frame of an animation; EXIF orientation applied
    bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image', ...resize });
    if (size && bitmap.width === size.height && bitmap.height === size.width && size.width !== size.height) {
      bitmap.close(); // this browser oriented after resizing: ask for the other way round
      bitmap = await createImageBitmap(blob, {
        ...resize,
        resizeWidth: size.height,
        resizeHeight: size.width,
        imageOrientation: 'from-image',
      });
    }
  } catch {
    throw new PictureError(
      `This ${info.format === 'unknown' ? 'file' : info.format.toUpperCase()} could not be decoded: it may be damaged.`,
    );
  }
  try {
    const tooLarge = sizeProblem(bitmap.width, bitmap.height); // a format whose size was not known ahead
    if (tooLarge) throw new PictureError(tooLarge);
    const { width, height } =
      bitmap.width * bitmap.height > 4 * DECODE_SIDE * DECODE_SIDE * 4
        ? decodeSize(bitmap.width, bitmap.height)
        : bitmap;
    return { width, height, data: pixels(bitmap, width, height) };
  } finally {
    bitmap.close();
  }
}
