// The attention filter: the n_q × n_k weights of one head (rows = queries, columns = keys), with
// token labels, a colour legend, a readout of the focused cell, keyboard navigation and the
// mask drawn over it. Selecting a row makes that word the query. Cells are at least MIN_CELL
// pixels, so that every label stays legible: a long text scrolls (its labels follow), or is
// fitted to the panel whole, without labels, with the zoom button.
import { WEIGHT_COLORS } from '../colors.js';
import { MASK_NOTES, MASK_REASONS } from '../masks.js';
import { h, setHidden, setText } from '../dom.js';
import { weightLegend } from '../legend.js';
import { paintMatrix } from '../draw.js';
import { fmt } from '../format.js';
import { keyTokens } from '../keys.js';
import { watch } from '../store.js';
import { canvasColours } from '../theme.js';
import { paintColumnLabels, paintRowLabels } from './filter-labels.js';

const MAX_SIZE = 520; // px: the filter's view, at most
const MIN_CELL = 14; // px: a readable cell and label
const ROW_LABELS = 104, // px: the rows' labels' width, and the keys' labels' height
  COL_LABELS = 84;

export function heatmapView(store) {
  const canvas = h('canvas', { class: 'heatmap', tabindex: 0, role: 'img' });
  const cursor = h('div', { class: 'cursor', 'aria-hidden': 'true' });
  const queryRow = h('div', { class: 'query-row', 'aria-hidden': 'true' });
  const plot = h('div', { class: 'plot' }, canvas, queryRow, cursor);
  const scroller = h('div', { class: 'filter-scroll' }, plot);
  const colLabels = h('canvas', { class: 'col-labels', 'aria-hidden': 'true' });
  const rowLabels = h('canvas', { class: 'row-labels', 'aria-hidden': 'true' });
  const readout = h('p', { class: 'readout', 'aria-live': 'polite' });
  const maskNote = h('p', { class: 'mask-note', hidden: true });
  const legend = weightLegend('attention weight');
  const zoom = h('button', {
    type: 'button',
    class: 'zoom',
    hidden: true,
    onclick: () => store.set({ fitFilter: !store.get().fitFilter }),
  });
  const root = h(
    'div',
    { class: 'filter-grid' },
    h('div', { class: 'corner' }, h('span', {}, 'query ↓ key →')),
    colLabels,
    rowLabels,
    scroller,
    zoom,
  );
  let cell = 10,
    rows = 0,
    cols = 0;

  function focusCell(i, j) {
    if (!store.get().result || rows === 0 || cols === 0) return;
    i = Math.max(0, Math.min(rows - 1, i));
    j = Math.max(0, Math.min(cols - 1, j));
    store.set({ focus: { i, j }, focusChosen: true });
  }

  // the focused cell's numbers, from the result shown now: they follow every new result, head
  // and option, as the search and arithmetic panels do
  const stopReadout = watch(store, ['result', 'head', 'focus'], ({ result, head, focus }) => {
    const n = result?.tokens.length ?? 0,
      nk = result ? keyTokens(result).length : 0;
    if (!n || !nk) {
      readout.textContent = '';
      return;
    }
    const i = Math.min(focus.i, n - 1),
      j = Math.min(focus.j, nk - 1),
      at = i * nk + j;
    const w = result.view('weights', head).data[at];
    const sc = result.view('scaled', head).data[at];
    const s = result.view('scores', head).data[at];
    const masked = result.masked(i, j);
    setText(
      readout,
      `“${result.tokens[i].text}” → “${keyTokens(result)[j].text}”: weight ${fmt(w, 4)}` +
        (masked ? ` (masked: ${MASK_REASONS[result.options.mask]})` : `, score ${fmt(s, 3)}, scaled ${fmt(sc, 3)}`),
    );
    readout.dataset.cell = `${i},${j}`;
    readout.dataset.weight = String(w);
  });

  canvas.addEventListener('keydown', (e) => {
    const { focus } = store.get();
    const moves = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      Home: [0, -cols],
      End: [0, cols],
      PageUp: [-rows, 0],
      PageDown: [rows, 0],
    };
    if (moves[e.key]) {
      e.preventDefault();
      focusCell(focus.i + moves[e.key][0], focus.j + moves[e.key][1]);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      store.set({ query: focus.i, queryChosen: true });
    }
  });
  const cellAt = (e) => {
    const r = canvas.getBoundingClientRect();
    return [Math.floor((e.clientY - r.top) / cell), Math.floor((e.clientX - r.left) / cell)];
  };
  canvas.addEventListener('mousemove', (e) => focusCell(...cellAt(e)));
  canvas.addEventListener('click', (e) => {
    const [i, j] = cellAt(e);
    focusCell(i, j);
    store.set({ query: Math.max(0, Math.min(rows - 1, i)), queryChosen: true });
  });

  function place(el, top, left, height, width) {
    el.style.top = `${top}px`;
    el.style.left = `${left}px`;
    el.style.height = `${height}px`;
    el.style.width = `${width}px`;
  }

  // the labels of the rows and columns in view, redrawn as the filter scrolls
  let labelsShown = false;
  // The labels are painted once per frame, for the part of the matrix in view. Its size and
  // scroll offsets are kept here (from the last paint and the scroll events), never read from the
  // layout in a keystroke's task: a read there forces a synchronous layout.
  const shown = { width: 0, height: 0, top: 0, left: 0 };
  function paintLabels() {
    const { result, query, theme } = store.get();
    if (!result || !labelsShown) return;
    const { width, height, top, left } = shown;
    const colours = canvasColours(rowLabels, theme);
    paintRowLabels(rowLabels, result.tokens, { cell, width: ROW_LABELS, scroll: top, height, query, colours });
    paintColumnLabels(colLabels, keyTokens(result), { cell, height: COL_LABELS, scroll: left, width, colours });
  }
  let labelFrame = 0;
  // a new result or query: painted at the end of this task, once however many views asked, so
  // that the keystroke's frame does not also do it (work before the frame hides in the wait for it)
  let labelsQueued = false;
  const paintLabelsAfterTask = () => {
    if (labelsQueued) return;
    labelsQueued = true;
    queueMicrotask(() => {
      labelsQueued = false;
      paintLabels();
    });
  };
  // scrolling: once per frame
  const paintLabelsSoon = () => {
    if (!labelFrame)
      labelFrame = requestAnimationFrame(() => {
        labelFrame = 0;
        paintLabels();
      });
  };
  scroller.addEventListener('scroll', () => {
    shown.top = scroller.scrollTop;
    shown.left = scroller.scrollLeft;
    shown.width = Math.min(scroller.clientWidth, cell * cols);
    shown.height = Math.min(scroller.clientHeight, cell * rows);
    paintLabelsSoon();
  });

  const stopPaint = watch(
    store,
    ['result', 'head', 'width', 'fitFilter', 'theme'],
    ({ result, head, width, fitFilter }) => {
      rows = result?.tokens.length ?? 0;
      cols = result ? keyTokens(result).length : 0;
      setHidden(root, rows === 0 || cols === 0);
      if (root.hidden) return;
      const big = Math.max(rows, cols);
      const room = Math.min(MAX_SIZE, Math.max(120, (width || MAX_SIZE) - ROW_LABELS));
      const fits = room / big >= MIN_CELL;
      labelsShown = fits || !fitFilter;
      cell = labelsShown ? Math.max(MIN_CELL, Math.min(44, room / big)) : room / big;
      setHidden(zoom, fits);
      setText(zoom, fitFilter ? 'Readable cells (scroll)' : 'Fit the whole filter');
      const { mask } = result.options;
      // the cells the core's mask hid, asked before the weights' view (a call into the lens may
      // grow its memory, which detaches a view taken before it)
      const hidden = result.maskTable();
      paintMatrix(canvas, result.view('weights', head), WEIGHT_COLORS, 0, 1, {
        width: cell * cols,
        height: cell * rows,
        mask: hidden,
      });
      scroller.style.maxHeight = `${MAX_SIZE}px`;
      scroller.style.maxWidth = `${room}px`;
      shown.width = Math.min(room, cell * cols);
      shown.height = Math.min(MAX_SIZE, cell * rows);
      canvas.setAttribute(
        'aria-label',
        `Attention weights of head ${head + 1}: ${rows} queries by ${cols} keys. ` +
          'Arrow keys move between cells, Enter makes the row’s word the query. The same numbers are in the table below.',
      );
      root.classList.toggle('no-labels', !labelsShown);
      paintLabelsAfterTask();
      // the self mask's words are the diagonal note's (views/diagonal.js), with why it is hidden
      const note = mask === 'self' && !result.cross ? '' : (MASK_NOTES[mask] ?? '');
      setText(maskNote, note);
      setHidden(maskNote, !note);
    },
  );
  const stopMarks = watch(store, ['result', 'query', 'focus'], ({ query, focus }) => {
    if (rows === 0 || cols === 0) return;
    place(queryRow, query * cell, 0, cell, cell * cols);
    place(cursor, Math.min(focus.i, rows - 1) * cell, Math.min(focus.j, cols - 1) * cell, cell, cell);
    paintLabelsAfterTask(); // the query's label in bold
  });
  // the keyboard's cell stays in view
  const stopScroll = watch(store, ['focus'], () => {
    if (document.activeElement === canvas.getRootNode().host && canvas.matches(':focus'))
      cursor.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  });
  return {
    root,
    legend,
    readout,
    maskNote,
    canvas,
    destroy: () => {
      stopPaint();
      stopMarks();
      stopReadout();
      stopScroll();
    },
  };
}
