// Painting the image mode's steps: pictures (224 rows of 224 · 3 floats in [0, 1]), single
// patches (patch · patch · 3 floats), and a query's weights as colours on an absolute scale,
// in multiples of the uniform weight 1/N.
import { WEIGHT_COLORS } from '../colors.js';

const clamp255 = (v) => (v <= 0 ? 0 : v >= 1 ? 255 : (v * 255 + 0.5) | 0);

function context(canvas, width, height, cssWidth, cssHeight = cssWidth) {
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${cssHeight}px`;
  return canvas.getContext('2d');
}

// RGB floats (width × height × 3) into an ImageData, each value through f (a brightness, a
// difference's offset), clipped to [0, 1].
function rgbImage(ctx, rgb, width, height, f = (v) => v) {
  const image = ctx.createImageData(width, height);
  for (let i = 0, o = 0; i < width * height * 3; i += 3, o += 4) {
    image.data[o] = clamp255(f(rgb[i], i));
    image.data[o + 1] = clamp255(f(rgb[i + 1], i));
    image.data[o + 2] = clamp255(f(rgb[i + 2], i));
    image.data[o + 3] = 255;
  }
  return image;
}

// A 224 × 224 picture step (view, filtered) shown at size CSS pixels.
export function paintPicture(canvas, step, size) {
  const side = step.rows;
  const ctx = context(canvas, side, side, size);
  ctx.putImageData(rgbImage(ctx, step.data, side, side), 0, 0);
}

// A difference picture: 0 is mid grey, +0.5 white, −0.5 black.
export function paintDifference(canvas, step, size) {
  const side = step.rows;
  const ctx = context(canvas, side, side, size);
  ctx.putImageData(
    rgbImage(ctx, step.data, side, side, (v) => 0.5 + v),
    0,
    0,
  );
}

// The view with every patch's brightness times factor[patch] (0 black, 1 as is), and the patch
// `outline` (the query; -1: none) framed as the filter frames it.
export function paintDimmed(canvas, view, grid, factor, size, { outline = -1 } = {}) {
  const side = view.rows;
  const ctx = context(canvas, side, side, size);
  const cell = (i) => {
    const pixel = i / 3,
      y = Math.floor(pixel / side),
      x = pixel % side;
    return Math.floor(y / grid.patch) * grid.side + Math.floor(x / grid.patch);
  };
  ctx.putImageData(
    rgbImage(ctx, view.data, side, side, (v, i) => v * factor[cell(i)]),
    0,
    0,
  );
  if (outline < 0) return;
  const p = grid.patch;
  ctx.strokeStyle = '#ff6b00';
  ctx.lineWidth = 2;
  ctx.strokeRect((outline % grid.side) * p + 1, Math.floor(outline / grid.side) * p + 1, p - 2, p - 2);
}

// One patch (patch · patch · 3 floats, from a row of pixels, blended or decoded) at size px.
export function paintPatch(canvas, data, patch, size) {
  const ctx = context(canvas, patch, patch, size);
  ctx.putImageData(rgbImage(ctx, data, patch, patch), 0, 0);
}

// The weights' colour scale: log2 of weight × N, from ¼ (a quarter of an equal share) to 64×.
export const SCALE_TICKS = [0.25, 1, 4, 16, 64];
const LOG_LO = Math.log2(SCALE_TICKS[0]),
  LOG_HI = Math.log2(SCALE_TICKS.at(-1));
export function weightColor(weight, n) {
  const t = (Math.log2(Math.max(weight * n, 1e-9)) - LOG_LO) / (LOG_HI - LOG_LO);
  return WEIGHT_COLORS[t <= 0 ? 0 : t >= 1 ? 255 : Math.round(t * 255)];
}

// A query's weights (one row, n = side²) as a side × side grid of colours, shown at size px.
// mask: the core's row of the mask for that query (imageResult.maskRow(q), 1 where a patch is
// hidden): those patches are left transparent, the picture showing through. This function
// knows no mask rule: it draws the row it is given.
export function paintWeightGrid(canvas, row, side, size, { mask = null } = {}) {
  if (mask !== null && !ArrayBuffer.isView(mask))
    throw new TypeError(`paintWeightGrid: mask is the core's row (result.maskRow(q)), not ${JSON.stringify(mask)}`);
  const n = side * side;
  const ctx = context(canvas, side, side, size);
  const image = ctx.createImageData(side, side);
  const px = new Uint32Array(image.data.buffer);
  for (let k = 0; k < n; k++) px[k] = mask?.[k] ? 0 : weightColor(row[k], n);
  ctx.putImageData(image, 0, 0);
}
