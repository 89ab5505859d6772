// A picture as the API takes it: { width, height, data } with data the RGBA bytes (width ×
// height × 4, as in an ImageData). Returns it with data as a Uint8Array over the same bytes, or
// throws a TypeError saying what is wrong.
export function checkImage(image) {
  const { width, height, data } = image ?? {};
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new TypeError('attention-lens: image must be { width, height, data } with whole-number sizes of 1 or more');
  if (!ArrayBuffer.isView(data) || data.BYTES_PER_ELEMENT !== 1)
    throw new TypeError('attention-lens: image.data must be the RGBA bytes (a Uint8Array or Uint8ClampedArray)');
  if (data.length !== width * height * 4)
    throw new TypeError(
      `attention-lens: image.data has ${data.length} bytes, but a ${width} × ${height} RGBA image has ${width * height * 4}`,
    );
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
