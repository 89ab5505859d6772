// The screen-reader equivalent of the heatmap: the same weights as a table (the first 40 × 40
// for long texts).
import { clear, h, setHidden } from '../dom.js';
import { fmt } from '../format.js';
import { keyTokens } from '../keys.js';
import { watch } from '../store.js';

const MAX = 40;

export function weightsTableView(store) {
  const table = h('table', { class: 'weights-table' });
  const note = h('p', { class: 'table-note' });
  // the scrolling wrapper is focusable, so that keyboard users can scroll a wide table
  const scroller = h(
    'div',
    { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Weights table' },
    table,
  );
  const root = h(
    'details',
    { class: 'table-details' },
    h('summary', {}, 'Show the weights as a table'),
    note,
    scroller,
  );
  // built only while open: a 40 × 40 table on every keystroke would cost more than the rest
  function render({ result, head }) {
    const n = result?.tokens.length ?? 0,
      keys = result ? keyTokens(result) : [],
      nk = keys.length;
    setHidden(root, n === 0 || nk === 0);
    if (root.hidden || !root.open) return;
    clear(table);
    const shown = Math.min(n, MAX),
      shownKeys = Math.min(nk, MAX);
    note.textContent = n > MAX || nk > MAX ? `The first ${shown} of ${n} rows and ${shownKeys} of ${nk} columns.` : '';
    const w = result.view('weights', head).data; // read at once, while building the table
    table.append(
      h(
        'caption',
        {},
        `Attention weights, head ${head + 1}: each row is a query word, each column a key word; each row sums to 1.`,
      ),
    );
    table.append(
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'query \\ key'),
          keys.slice(0, shownKeys).map((t) => h('th', { scope: 'col' }, t.text)),
        ),
      ),
    );
    const body = h('tbody');
    for (let i = 0; i < shown; i++)
      body.append(
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, result.tokens[i].text),
          Array.from({ length: shownKeys }, (_, j) => h('td', {}, fmt(w[i * nk + j], 4))),
        ),
      );
    table.append(body);
  }
  const stop = watch(store, ['result', 'head'], render);
  root.addEventListener('toggle', () => render(store.get()));
  return { root, destroy: stop };
}
