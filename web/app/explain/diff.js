// Shared by the what-if and positional views: painting a difference of two weight matrices,
// and finding its largest change.
import { SIGNED_COLORS, WEIGHT_COLORS } from '../colors.js';
import { h } from '../dom.js';
import { paintMatrix } from '../draw.js';

// { data, rows, cols, max, at: [i, j] } of a − b (same shapes)
export function difference(a, b) {
  const data = new Float32Array(a.data.length);
  let max = 0,
    at = [0, 0];
  for (let k = 0; k < data.length; k++) {
    data[k] = a.data[k] - b.data[k];
    if (Math.abs(data[k]) > Math.abs(max)) {
      max = data[k];
      at = [Math.floor(k / a.cols), k % a.cols];
    }
  }
  return { data, rows: a.rows, cols: a.cols, max, at };
}

// a small labelled heatmap: weights in [0, 1], or a signed difference
export function smallMatrix(title, m, { signed = false, size = 160 } = {}) {
  const canvas = h('canvas', { role: 'img', 'aria-label': `${title}: ${m.rows} by ${m.cols}` });
  const extent = signed ? Math.max(1e-6, ...Array.from(m.data, Math.abs)) : 1;
  const cell = size / Math.max(m.rows, m.cols, 1);
  paintMatrix(canvas, m, signed ? SIGNED_COLORS : WEIGHT_COLORS, signed ? -extent : 0, extent, {
    width: cell * m.cols,
    height: cell * m.rows,
  });
  return h('figure', { class: 'small-matrix' }, canvas, h('figcaption', {}, title));
}
