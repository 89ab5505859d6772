// Painting a matrix into a canvas, one pixel per cell, scaled up without smoothing: fast for
// 1,024 × 1,024 cells, exact for small ones.
import { lut } from './colors.js';

const tables = new WeakMap();

function tableFor(scale, lo, hi) {
  let byRange = tables.get(scale);
  if (!byRange) tables.set(scale, (byRange = new Map()));
  const key = `${lo}:${hi}`;
  if (!byRange.has(key)) byRange.set(key, lut(scale, lo, hi));
  return byRange.get(key);
}

// Paints rows × cols values (row-major) into canvas at its CSS size.
// scale maps [lo, hi] to colours; options.mask(i, j) true paints the cell grey-hatched (masked).
export function paintMatrix(canvas, { data, rows, cols }, scale, lo, hi, { width, height, mask } = {}) {
  const w = width ?? canvas.clientWidth, ht = height ?? canvas.clientHeight;
  const dpr = globalThis.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(w * dpr));
  canvas.height = Math.max(1, Math.round(ht * dpr));
  canvas.style.width = `${w}px`;
  canvas.style.height = `${ht}px`;
  const ctx = canvas.getContext('2d');
  if (rows === 0 || cols === 0) {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    return;
  }
  const table = tableFor(scale, lo, hi);
  const image = new ImageData(cols, rows);
  const px = image.data;
  const span = hi - lo || 1;
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) {
      const o = 4 * (i * cols + j);
      if (mask?.(i, j)) {
        px[o] = px[o + 1] = px[o + 2] = (i + j) % 2 ? 225 : 240;
      } else {
        const t = Math.max(0, Math.min(255, Math.round(((data[i * cols + j] - lo) / span) * 255)));
        px[o] = table[3 * t];
        px[o + 1] = table[3 * t + 1];
        px[o + 2] = table[3 * t + 2];
      }
      px[o + 3] = 255;
    }
  const bitmap = document.createElement('canvas');
  bitmap.width = cols;
  bitmap.height = rows;
  bitmap.getContext('2d').putImageData(image, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
}
