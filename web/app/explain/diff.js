// Shared by the what-if and positional views: painting a difference of two weight matrices,
// and finding its largest change.
import { SIGNED_COLORS, WEIGHT_COLORS, maxAbs } from '../colors.js';
import { h } from '../dom.js';
import { paintMatrix } from '../draw.js';
import { signedLegend, weightLegend } from '../legend.js';

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

// a small labelled heatmap with its colour legend: weights in [0, 1], or a signed difference
// (white 0; an all-zero difference is all white, and its legend says so)
export function smallMatrix(title, m, { signed = false, size = 160 } = {}) {
  const canvas = h('canvas', { role: 'img', 'aria-label': `${title}: ${m.rows} by ${m.cols}` });
  const extent = signed ? maxAbs(m.data) : 1;
  const cell = size / Math.max(m.rows, m.cols, 1);
  paintMatrix(canvas, m, signed ? SIGNED_COLORS : WEIGHT_COLORS, signed ? -extent : 0, extent, {
    width: cell * m.cols,
    height: cell * m.rows,
  });
  return h(
    'figure',
    { class: 'small-matrix' },
    canvas,
    h('figcaption', {}, title),
    signed ? signedLegend(extent) : weightLegend(''),
  );
}
