// Click a cell: the arithmetic behind its weight, every number from the core. q_i and k_j side
// by side, their products and sum, ÷√d_k and the temperature, exp, the row total, the weight;
// then weight × v_j, its share of context i, and context i through W_O to output i.
import { SIGNED_COLORS, maxAbs } from '../colors.js';
import { append, clear, h } from '../dom.js';
import { paintMatrix } from '../draw.js';
import { fmt, percent } from '../format.js';
import { MASK_REASONS } from '../masks.js';
import { watch } from '../store.js';
import { COSINE_SCALE, scalingLabel } from '../scaling-words.js';

const ROWS_SHOWN = 12; // dimensions listed; the rest are summed in one line

function strip(vector) {
  const c = h('canvas', { class: 'strip', 'aria-hidden': 'true' });
  const m = maxAbs(vector) || 1;
  paintMatrix(c, { data: vector, rows: 1, cols: vector.length }, SIGNED_COLORS, -m, m, {
    width: Math.min(300, 6 * vector.length),
    height: 14,
  });
  return c;
}

const line = (label, value, cls = '') =>
  h(
    'div',
    { class: `trace-line ${cls}` },
    h('span', { class: 'trace-label' }, label),
    h('span', { class: 'trace-value' }, value),
  );

export const TRACE_PANEL = { name: 'trace', title: 'The arithmetic of one weight' };

// The panel's body, built into root (panel.js) when first needed.
export function traceView(store, root) {
  const body = h('div', { class: 'trace-body' });
  append(root, [
    h(
      'p',
      { class: 'hint' },
      'Hover over or click a cell of the attention filter (or move with the arrow keys): here is where its number comes from.',
    ),
    body,
  ]);

  // Asked for while on screen (or near it): an open panel below the fold asks for its cell when
  // it comes into view, not on every keystroke (its lines are new nodes each time: layout and
  // paint to pay). The cell's numbers come from the compute layer (compute/explanations.js).
  let inView = false,
    stale = true;
  function render(state) {
    stale = !inView;
    if (stale) return;
    ask(state);
  }
  function ask({ result, head, focus }) {
    if (!root.open || !result || result.tokens.length === 0) {
      store.set({ traceAsk: null });
      clear(body);
      delete body.dataset.cell;
      return;
    }
    store.set({ traceAsk: { result, head, focus } });
  }
  function draw({ error, head, i, j, query, key, options, trace: t }) {
    clear(body);
    delete body.dataset.cell;
    if (error) return console.error(`attention-lens: ${error}`);
    const qi = `q${sub(i)}`,
      kj = `k${sub(j)}`;
    const dims = h(
      'table',
      { class: 'trace-dims' },
      h('caption', {}, `“${query}” asks, “${key}” answers: head ${head + 1}, d_k = ${t.q.length}`),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'dim'),
          h('th', { scope: 'col' }, qi),
          h('th', { scope: 'col' }, kj),
          h('th', { scope: 'col' }, `${qi} × ${kj}`),
        ),
      ),
    );
    const rows = h('tbody');
    const shown = Math.min(t.q.length, ROWS_SHOWN);
    for (let c = 0; c < shown; c++)
      rows.append(
        h(
          'tr',
          {},
          h('td', {}, String(c)),
          h('td', {}, fmt(t.q[c], 4)),
          h('td', {}, fmt(t.k[c], 4)),
          h('td', { class: 'product' }, fmt(t.products[c], 4)),
        ),
      );
    if (t.q.length > shown) {
      let rest = 0;
      for (let c = shown; c < t.q.length; c++) rest += t.products[c];
      rows.append(
        h(
          'tr',
          { class: 'rest' },
          h('td', { colspan: 3 }, `dims ${shown}–${t.q.length - 1} together`),
          h('td', { class: 'product' }, fmt(rest, 4)),
        ),
      );
    }
    dims.append(rows);
    const steps = h(
      'div',
      { class: 'trace-steps' },
      line('sum of the products', `q·k = ${fmt(t.dot, 4)}`, 'dot'),
      t.cosine
        ? line(
            'cosine: ÷ (|q|·|k|)',
            `${fmt(t.dot, 4)} ÷ (${fmt(t.queryNorm, 3)} × ${fmt(t.keyNorm, 3)}) = ${fmt(t.score, 4)}`,
          )
        : null,
      line('score', fmt(t.score, 4), 'score'),
      line(scalingLabel(options), scalingArithmetic(t, options), 'scaled'),
      t.masked
        ? line(
            'masked',
            `${MASK_REASONS[options.mask]}. This weight is exactly 0, and the row’s softmax skips it`,
            'masked',
          )
        : line(
            'exp(scaled − row max)',
            `exp(${fmt(t.scaled, 4)} − ${fmt(t.rowMax, 4)}) = ${fmt(t.expValue, 5)}`,
            'exp',
          ),
      line('row total Σ exp', fmt(t.rowSum, 5), 'row-sum'),
      line(
        'weight = exp ÷ total',
        `${fmt(t.expValue, 5)} ÷ ${fmt(t.rowSum, 5)} = ${fmt(t.weight, 4)} (${percent(t.weight)})`,
        'weight',
      ),
    );
    const blend = h(
      'div',
      { class: 'trace-blend' },
      h('div', {}, h('span', { class: 'trace-label' }, `v${sub(j)} (the value of “${key}”)`), strip(t.value)),
      h(
        'div',
        {},
        h('span', { class: 'trace-label' }, `weight × v${sub(j)}: ${percent(t.weight)} of the blend`),
        strip(t.weightedValue),
      ),
      h(
        'div',
        {},
        h('span', { class: 'trace-label' }, `context${sub(i)} = Σ weight × value (head ${head + 1})`),
        strip(t.context),
      ),
      h(
        'div',
        {},
        h('span', { class: 'trace-label' }, `context${sub(i)}, all heads (${t.contextAll.length} numbers)`),
        strip(t.contextAll),
      ),
      h('div', {}, h('span', { class: 'trace-label' }, `output${sub(i)} = context${sub(i)} · W_O`), strip(t.output)),
    );
    body.append(h('div', { class: 'trace-grid' }, dims, steps), blend);
    body.dataset.cell = `${head},${i},${j}`; // what is drawn (the tests wait for it)
  }
  const seen = new IntersectionObserver(
    ([e]) => {
      inView = e.isIntersecting;
      if (inView && stale) render(store.get());
    },
    { rootMargin: '200px' },
  );
  seen.observe(root);
  const stop = watch(store, ['result', 'head', 'focus'], render);
  const stopAnswers = store.subscribe(({ traceAsk, traceAnswer }, changed) => {
    if (changed.has('traceAnswer') && traceAnswer.ask === traceAsk) draw(traceAnswer);
  });
  root.addEventListener('toggle', () => render(store.get()));
  return {
    destroy: () => {
      stop();
      stopAnswers();
      seen.disconnect();
    },
  };
}

// the scaling as it is stated: a cosine times the cosine scale (the core divides by T / 10, the
// same number), a dot product ÷ √d_k·T
function scalingArithmetic(t, { scale, temperature }) {
  const scaled = fmt(t.scaled, 4);
  if (t.cosine && scale) {
    const byT = temperature !== 1 ? ` ÷ ${fmt(temperature, 2)}` : '';
    return `${fmt(t.score, 4)} × ${COSINE_SCALE}${byT} = ${scaled}`;
  }
  return `${fmt(t.score, 4)} ÷ ${fmt(t.divisor, 4)} = ${scaled}`;
}

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
function sub(n) {
  return String(n).replace(/\d/g, (d) => SUBSCRIPTS[d]);
}
