// The attention filter: the n × n weights of one head (rows = queries, columns = keys), with
// token labels, a colour legend, a readout of the focused cell, keyboard navigation and the
// causal mask drawn over it. Selecting a row makes that word the query.
import { WEIGHT_COLORS } from '../colors.js';
import { clear, h } from '../dom.js';
import { paintMatrix } from '../draw.js';
import { fmt, label } from '../format.js';
import { watch } from '../store.js';

const MAX_SIZE = 520;  // px for the whole matrix
const LABELS_UP_TO = 48;  // tokens; beyond, labels show in the readout only

export function heatmapView(store) {
  const canvas = h('canvas', { class: 'heatmap', tabindex: 0, role: 'img' });
  const cursor = h('div', { class: 'cursor', 'aria-hidden': 'true' });
  const queryRow = h('div', { class: 'query-row', 'aria-hidden': 'true' });
  const plot = h('div', { class: 'plot' }, canvas, queryRow, cursor);
  const colLabels = h('div', { class: 'col-labels', 'aria-hidden': 'true' });
  const rowLabels = h('div', { class: 'row-labels', 'aria-hidden': 'true' });
  const readout = h('p', { class: 'readout', 'aria-live': 'polite' });
  const maskNote = h('p', { class: 'mask-note' },
    'Causal mask: a decoder may only look back, so each word attends to itself and the words before it. ' +
    'The hatched cells are masked: their weight is exactly 0, and each row’s softmax is taken over the visible keys only.');
  const legend = h('div', { class: 'legend', 'aria-hidden': 'true' },
    h('span', {}, '0'), h('span', { class: 'ramp' }), h('span', {}, '1'), h('span', { class: 'legend-title' }, 'attention weight'));
  const root = h('div', { class: 'filter-grid' }, h('div', { class: 'corner' }, h('span', {}, 'query ↓ key →')), colLabels, rowLabels, plot);
  let cell = 10, n = 0;

  function focusCell(i, j, announce = true) {
    const { result, head } = store.get();
    if (!result || n === 0) return;
    i = Math.max(0, Math.min(n - 1, i));
    j = Math.max(0, Math.min(n - 1, j));
    store.set({ focus: { i, j } });
    if (!announce) return;
    const w = result.view('weights', head).data[i * n + j];
    const s = result.view('scores', head).data[i * n + j];
    const sc = result.view('scaled', head).data[i * n + j];
    const masked = result.options.mask === 'causal' && j > i;
    readout.textContent = `“${result.tokens[i].text}” → “${result.tokens[j].text}”: weight ${fmt(w, 4)}` +
      (masked ? ' (masked: a word may not look ahead)' : `, score ${fmt(s, 3)}, scaled ${fmt(sc, 3)}`);
  }

  canvas.addEventListener('keydown', (e) => {
    const { focus } = store.get();
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
      Home: [0, -n], End: [0, n], PageUp: [-n, 0], PageDown: [n, 0] };
    if (moves[e.key]) {
      e.preventDefault();
      focusCell(focus.i + moves[e.key][0], focus.j + moves[e.key][1]);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      store.set({ query: focus.i, queryChosen: true });
    }
  });
  canvas.addEventListener('focus', () => focusCell(store.get().focus.i, store.get().focus.j));
  const cellAt = (e) => {
    const r = canvas.getBoundingClientRect();
    return [Math.floor((e.clientY - r.top) / cell), Math.floor((e.clientX - r.left) / cell)];
  };
  canvas.addEventListener('mousemove', (e) => focusCell(...cellAt(e)));
  canvas.addEventListener('click', (e) => {
    const [i, j] = cellAt(e);
    focusCell(i, j);
    store.set({ query: Math.max(0, Math.min(n - 1, i)), queryChosen: true });
  });

  function place(el, top, left, height, width) {
    el.style.top = `${top}px`;
    el.style.left = `${left}px`;
    el.style.height = `${height}px`;
    el.style.width = `${width}px`;
  }

  const stopPaint = watch(store, ['result', 'head', 'width'], ({ result, head, width }) => {
    n = result?.tokens.length ?? 0;
    root.hidden = n === 0;
    if (n === 0) return;
    const room = Math.min(MAX_SIZE, Math.max(100, (width || MAX_SIZE) - (n <= LABELS_UP_TO ? 100 : 0)));
    cell = Math.max(1, Math.min(44, room / n));
    const size = cell * n;
    const causal = result.options.mask === 'causal';
    paintMatrix(canvas, result.view('weights', head), WEIGHT_COLORS, 0, 1, { width: size, height: size, causal });
    canvas.setAttribute('aria-label', `Attention weights of head ${head + 1}: ${n} queries by ${n} keys. ` +
      'Arrow keys move between cells, Enter makes the row’s word the query. The same numbers are in the table below.');
    clear(colLabels);
    clear(rowLabels);
    const showLabels = n <= LABELS_UP_TO;
    root.classList.toggle('no-labels', !showLabels);
    if (showLabels)
      result.tokens.forEach((t, i) => {
        const unknown = t.known ? '' : ' unknown';
        const c = h('span', { class: `col-label${unknown}`, title: t.text }, label(t, 12));
        const r = h('span', { class: `row-label${unknown}`, title: t.text }, label(t, 12));
        c.style.width = r.style.height = `${cell}px`;
        colLabels.append(c);
        rowLabels.append(r);
      });
    maskNote.hidden = !causal;
  });
  const stopMarks = watch(store, ['result', 'query', 'focus'], ({ query, focus }) => {
    if (n === 0) return;
    place(queryRow, query * cell, 0, cell, cell * n);
    place(cursor, Math.min(focus.i, n - 1) * cell, Math.min(focus.j, n - 1) * cell, cell, cell);
    rowLabels.querySelectorAll('.row-label').forEach((el, i) => el.classList.toggle('selected', i === query));
  });
  return { root, legend, readout, maskNote, canvas, destroy: () => { stopPaint(); stopMarks(); } };
}
