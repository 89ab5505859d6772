// A small attention filter as a table, for the few words of the encoder–decoder example: rows are
// the query words (buttons that choose one), columns the key words; each cell shows its weight
// with a swatch in the heatmap's colours (viridis), and masked cells are marked.
import { weightScale } from '../colors.js';
import { h } from '../dom.js';
import { fmt, label } from '../format.js';

const MAX = 24; // words per side shown

function cell(w, masked) {
  if (masked)
    return h(
      'td',
      { class: 'masked', 'data-weight': String(w) },
      h('span', { class: 'visually-hidden' }, 'masked'),
      '—',
    );
  const swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
  swatch.style.backgroundColor = weightScale(w); // a CSSOM style: allowed under the page's CSP
  return h('td', { 'data-weight': String(w) }, swatch, fmt(w, 2));
}

// weights: { rows, cols, data } (rows × cols, row-major); masked(i, j); onChoose(i) on a row's button
export function weightGrid({ className, caption, rows, cols, weights, masked = () => false, onChoose }) {
  const nr = Math.min(rows.length, MAX),
    nc = Math.min(cols.length, MAX);
  const body = h('tbody');
  for (let i = 0; i < nr; i++) {
    const cells = [];
    for (let j = 0; j < nc; j++) cells.push(cell(weights.data[i * weights.cols + j], masked(i, j)));
    const choose = h(
      'button',
      { type: 'button', class: 'choose link-like', value: i, 'aria-pressed': 'false', onclick: () => onChoose(i) },
      label(rows[i], 12),
    );
    body.append(h('tr', {}, h('th', { scope: 'row' }, choose), cells));
  }
  const table = h(
    'table',
    { class: 'grid-table' },
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('td'),
        cols.slice(0, nc).map((t) => h('th', { scope: 'col' }, label(t, 10))),
      ),
    ),
    body,
  );
  const cut = rows.length > MAX || cols.length > MAX;
  return h(
    'div',
    { class: `weight-grid ${className}` },
    h('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': caption }, table),
    cut
      ? h('p', { class: 'hint' }, `The first ${nr} of ${rows.length} rows and ${nc} of ${cols.length} columns.`)
      : null,
  );
}
