// The weights' colour legend, as the filter draws it: 0, the viridis ramp, 1, and what it means.
import { h } from './dom.js';

export function weightLegend(title) {
  return h(
    'div',
    { class: 'legend', 'aria-hidden': 'true' },
    h('span', {}, '0'),
    h('span', { class: 'ramp' }),
    h('span', {}, '1'),
    h('span', { class: 'legend-title' }, title),
  );
}
