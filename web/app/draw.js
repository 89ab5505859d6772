// Painting a matrix into a canvas: one canvas pixel per cell, scaled up by CSS
// (image-rendering: pixelated), so a repaint is one putImageData however large the cells look.
import { packRgba } from './colors.js';

const MASKED = [packRgba(238, 238, 238), packRgba(222, 222, 222)]; // a grey check

const images = new WeakMap(); // canvas -> its reusable ImageData

function setSize(canvas, cols, rows, width, height) {
  if (canvas.width !== cols) canvas.width = cols;
  if (canvas.height !== rows) canvas.height = rows;
  const w = `${width}px`,
    h = `${height}px`;
  if (canvas.style.width !== w) canvas.style.width = w;
  if (canvas.style.height !== h) canvas.style.height = h;
}

// The matrix at the resolution it is shown: at most one value per CSS pixel. Where a pixel
// covers a block of cells, it shows the block's value farthest from 0 (a peak or a dip stays
// visible, as in the full matrix). Returns the matrix itself when it is not larger than shown.
function shownResolution(m, width, height) {
  const outCols = Math.min(m.cols, Math.max(1, Math.ceil(width))),
    outRows = Math.min(m.rows, Math.max(1, Math.ceil(height)));
  if (outCols === m.cols && outRows === m.rows) return m;
  // one pass over the cells, in memory order: each cell into its pixel, keeping the value
  // farthest from 0 (|v| compared as v², without a call)
  const data = new Float32Array(outRows * outCols);
  const pixelCol = new Int32Array(m.cols);
  for (let j = 0; j < m.cols; j++) pixelCol[j] = Math.floor((j * outCols) / m.cols);
  const src = m.data,
    cols = m.cols;
  for (let i = 0; i < m.rows; i++) {
    const out = Math.floor((i * outRows) / m.rows) * outCols,
      row = i * cols;
    for (let j = 0; j < cols; j++) {
      const v = src[row + j],
        at = out + pixelCol[j],
        best = data[at];
      if (v * v > best * best) data[at] = v;
    }
  }
  return { data, rows: outRows, cols: outCols };
}

// Which pixels the core's mask table hides (1 = hidden) at the resolution painted: the table
// itself at one pixel per cell; where a pixel covers a block of cells (the pixel of cell (i, j)
// as in shownResolution), the pixels whose cells are all hidden.
function hiddenPixels(mask, matrix, rows, cols) {
  if (mask.rows !== matrix.rows || mask.cols !== matrix.cols)
    throw new RangeError(
      `paintMatrix: the mask table is ${mask.rows} × ${mask.cols}, the matrix ${matrix.rows} × ${matrix.cols}`,
    );
  if (rows === matrix.rows && cols === matrix.cols) return mask.data;
  const seen = new Uint8Array(rows * cols); // 1: the pixel shows a cell the mask leaves visible
  for (let i = 0; i < matrix.rows; i++) {
    const out = Math.floor((i * rows) / matrix.rows) * cols,
      row = i * matrix.cols;
    for (let j = 0; j < matrix.cols; j++) if (!mask.data[row + j]) seen[out + Math.floor((j * cols) / matrix.cols)] = 1;
  }
  for (let k = 0; k < seen.length; k++) seen[k] ^= 1;
  return seen;
}

// Paints rows × cols values (row-major) into canvas, shown at width × height CSS pixels: one
// canvas pixel per cell, or per CSS pixel when the cells are smaller (draw what can be seen).
// table is a palette (colors.js) spread over [lo, hi] (hi null: a symmetric range ±max |value|);
// mask, the core's answer to which cells the mask hid ({ rows, cols, data }, data 1 where
// hidden, as result.maskTable() gives it, the matrix's shape): those cells are painted as a grey
// check. This function knows no mask rule: it draws the table it is given, and anything else (a
// mask's name) hides no cell. A range of no width (an all-zero matrix: lo = hi = 0) paints every
// cell in the palette's middle colour, white for the signed palette, as its legend says 0 is.
// Returns the range used.
export function paintMatrix(canvas, matrix, table, lo, hi, { width, height, mask = null } = {}) {
  const { data, rows, cols } = shownResolution(matrix, width, height);
  setSize(canvas, Math.max(cols, 1), Math.max(rows, 1), width, height);
  const ctx = canvas.getContext('2d');
  if (rows === 0 || cols === 0) {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    return { lo, hi };
  }
  if (hi === null) {
    hi = 0;
    for (let i = 0; i < data.length; i++) hi = Math.max(hi, Math.abs(data[i]));
    lo = -hi;
  }
  let image = images.get(canvas);
  if (!image || image.width !== cols || image.height !== rows)
    images.set(canvas, (image = ctx.createImageData(cols, rows)));
  const px = new Uint32Array(image.data.buffer); // one store per cell
  const hidden = mask?.data ? hiddenPixels(mask, matrix, rows, cols) : null;
  const flat = !(hi > lo),
    k = flat ? 0 : 255 / (hi - lo),
    mid = flat ? 127.5 : 0;
  for (let i = 0; i < rows; i++) {
    const row = i * cols;
    for (let j = 0; j < cols; j++) {
      const v = mid + (data[row + j] - lo) * k;
      px[row + j] = table[v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0];
    }
    if (hidden) for (let j = 0; j < cols; j++) if (hidden[row + j]) px[row + j] = MASKED[(i + j) & 1];
  }
  ctx.putImageData(image, 0, 0);
  return { lo, hi };
}

// The canvas scaled up to `cell` pixels per cell, for export (crisp, no smoothing).
export function scaledCopy(canvas, cell) {
  const out = document.createElement('canvas');
  out.width = canvas.width * cell;
  out.height = canvas.height * cell;
  const ctx = out.getContext('2d');
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(canvas, 0, 0, out.width, out.height);
  return out;
}
