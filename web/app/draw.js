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

// Paints rows × cols values (row-major) into canvas, shown at width × height CSS pixels.
// table is a palette (colors.js) spread over [lo, hi]; mask ('none', 'causal', 'self'): the
// cells it hides are painted as a grey check.
export function paintMatrix(canvas, { data, rows, cols }, table, lo, hi, { width, height, mask = 'none' } = {}) {
  setSize(canvas, Math.max(cols, 1), Math.max(rows, 1), width, height);
  const ctx = canvas.getContext('2d');
  if (rows === 0 || cols === 0) {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    return;
  }
  let image = images.get(canvas);
  if (!image || image.width !== cols || image.height !== rows)
    images.set(canvas, (image = ctx.createImageData(cols, rows)));
  const px = new Uint32Array(image.data.buffer); // one store per cell
  const k = 255 / (hi - lo || 1);
  for (let i = 0; i < rows; i++) {
    const row = i * cols;
    for (let j = 0; j < cols; j++) {
      const v = (data[row + j] - lo) * k;
      px[row + j] = table[v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0];
    }
    if (mask === 'causal') for (let j = i + 1; j < cols; j++) px[row + j] = MASKED[(i + j) & 1];
    else if (mask === 'self' && i < cols) px[row + i] = MASKED[0];
  }
  ctx.putImageData(image, 0, 0);
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
