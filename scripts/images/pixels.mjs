// The pixels of the pictures: decoding PNG and JPEG to RGBA, the 224 × 224 view as the C++ core
// makes it (src/core/image/view.cpp: centred square, area averaging in integers, transparency on
// white), its JPEG within MAX_BYTES, and a whole picture as binary Netpbm.
import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

export const VIEW = 224;
export const MAX_BYTES = 40 * 1024;

// View pixel i covers source [i·s/224, (i+1)·s/224); scaled by 224 the overlaps are integers.
function areaTaps(s) {
  const taps = [];
  for (let i = 0; i < VIEW; i++) {
    const lo = i * s,
      hi = (i + 1) * s;
    for (let k = Math.floor(lo / VIEW); k * VIEW < hi; k++) {
      const overlap = Math.min((k + 1) * VIEW, hi) - Math.max(k * VIEW, lo);
      if (overlap > 0) taps.push({ src: k, dst: i, overlap });
    }
  }
  return taps.sort((a, b) => a.src - b.src);
}

// RGBA bytes (width × height) -> 224 × 224 RGBA bytes, opaque.
export function makeView(rgba, width, height) {
  const s = Math.min(width, height),
    x0 = (width - s) >> 1,
    y0 = (height - s) >> 1;
  const taps = areaTaps(s);
  const sum = new Float64Array(VIEW * VIEW * 3); // integers below 2^53: exact
  const rowSum = new Float64Array(VIEW * 3);
  let ty = 0;
  for (let y = 0; y < s; y++) {
    rowSum.fill(0);
    const row = ((y0 + y) * width + x0) * 4;
    for (const t of taps) {
      const p = row + t.src * 4,
        alpha = rgba[p + 3],
        white = 255 * (255 - alpha);
      for (let c = 0; c < 3; c++) rowSum[t.dst * 3 + c] += t.overlap * (rgba[p + c] * alpha + white);
    }
    for (; ty < taps.length && taps[ty].src === y; ty++) {
      const base = taps[ty].dst * VIEW * 3;
      for (let i = 0; i < rowSum.length; i++) sum[base + i] += taps[ty].overlap * rowSum[i];
    }
  }
  const out = Buffer.alloc(VIEW * VIEW * 4, 255);
  const norm = s * s * 65025;
  for (let p = 0; p < VIEW * VIEW; p++)
    for (let c = 0; c < 3; c++) out[p * 4 + c] = Math.round((sum[p * 3 + c] / norm) * 255);
  return out;
}

export function decode(path) {
  const bytes = readFileSync(path);
  if (path.endsWith('.png')) {
    const png = PNG.sync.read(bytes); // RGBA8 whatever the source's colour type
    return { data: png.data, width: png.width, height: png.height };
  }
  const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
  return { data: img.data, width: img.width, height: img.height };
}

// The highest JPEG quality (95 down to 50) that fits in MAX_BYTES.
export function encode(view) {
  for (let quality = 95; quality >= 50; quality -= 5) {
    const { data } = jpeg.encode({ data: view, width: VIEW, height: VIEW }, quality);
    if (data.length <= MAX_BYTES) return { data, quality };
  }
  throw new Error(`a 224 × 224 JPEG does not fit in ${MAX_BYTES} bytes even at quality 50`);
}

// A picture as binary Netpbm: P5 (grey) when every pixel has R = G = B, else P6; opaque (the
// few transparent pixels of a PNG composited on white, as the view does).
export function netpbm({ data, width, height }) {
  const pixels = width * height;
  const rgb = Buffer.alloc(pixels * 3);
  let grey = true;
  for (let i = 0; i < pixels; i++) {
    const a = data[i * 4 + 3];
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.round((data[i * 4 + c] * a + 255 * (255 - a)) / 255);
    grey &&= rgb[i * 3] === rgb[i * 3 + 1] && rgb[i * 3] === rgb[i * 3 + 2];
  }
  const body = grey ? Buffer.from(rgb.filter((_, i) => i % 3 === 0)) : rgb;
  return {
    ext: grey ? 'pgm' : 'ppm',
    bytes: Buffer.concat([Buffer.from(`P${grey ? 5 : 6}\n${width} ${height}\n255\n`), body]),
  };
}
