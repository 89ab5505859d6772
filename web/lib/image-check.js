// A picture as the API takes it: { width, height, data } with data the RGBA bytes (width ×
// height × 4, as in an ImageData). Returns it with data as a Uint8Array over the same bytes, or
// throws a TypeError saying what is wrong: the size is checked against the core's limits
// (core/image/view.h, through the schema) before anything is copied, in the core's words.
import { SCHEMA } from './generated/schema.js';

export const IMAGE_LIMITS = Object.freeze({ ...SCHEMA.imageLimits });

// The core's size_problem: why a picture of this size is not taken, or '' when it is. The
// product is only formed once both sides are at most maxSide, so it is exact.
export function imageSizeProblem(width, height) {
  const size = `the image is ${width} × ${height} pixels: `;
  if (width < 1 || height < 1) return `${size}it needs at least 1 × 1`;
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide)
    return `${size}each side may be at most ${IMAGE_LIMITS.maxSide} pixels`;
  if (width * height > IMAGE_LIMITS.maxPixels) return `${size}at most ${IMAGE_LIMITS.maxPixels} pixels in all`;
  return '';
}

export function checkImage(image) {
  const { width, height, data } = image ?? {};
  if (!Number.isSafeInteger(width) || !Number.isSafeInteger(height) || width < 1 || height < 1)
    throw new TypeError('attention-lens: image must be { width, height, data } with whole-number sizes of 1 or more');
  const problem = imageSizeProblem(width, height);
  if (problem) throw new TypeError(`attention-lens: ${problem}`);
  if (!ArrayBuffer.isView(data) || data.BYTES_PER_ELEMENT !== 1)
    throw new TypeError('attention-lens: image.data must be the RGBA bytes (a Uint8Array or Uint8ClampedArray)');
  if (data.length !== width * height * 4)
    throw new TypeError(
      `attention-lens: image.data has ${data.length} bytes, but a ${width} × ${height} RGBA image has ${width * height * 4}`,
    );
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
