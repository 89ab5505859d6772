// Colour legends, as the canvases draw them: the weights' (0, the viridis ramp, 1) and the signed
// values' (−m, the blue-white-red ramp, +m; white is 0), each with what it means.
import { h } from './dom.js';
import { fmt } from './format.js';

export function weightLegend(title) {
  return h(
    'div',
    { class: 'legend', 'aria-hidden': 'true' },
    h('span', {}, '0'),
    h('span', { class: 'ramp' }),
    h('span', {}, '1'),
    title ? h('span', { class: 'legend-title' }, title) : null,
  );
}

// The signed palette's legend for values in [−extent, extent] (an all-zero matrix: "all 0").
export function signedLegend(extent, title = '') {
  const root = h('div', { class: 'legend signed-legend' });
  setSignedLegend(root, extent, title);
  return root;
}

export function setSignedLegend(root, extent, title = '') {
  const e = extent > 0 ? fmt(extent, extent < 0.01 ? 4 : 2) : null;
  root.dataset.extent = String(extent);
  root.replaceChildren(
    ...(e
      ? [h('span', {}, `−${e}`), h('span', { class: 'ramp signed', 'aria-hidden': 'true' }), h('span', {}, `+${e}`)]
      : [h('span', { class: 'swatch zero', 'aria-hidden': 'true' }), h('span', {}, 'all 0 (white)')]),
    ...(title ? [h('span', { class: 'legend-title' }, title)] : []),
  );
}
