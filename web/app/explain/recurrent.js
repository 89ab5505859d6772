// Why attention: on your sentence, how much each word can still move the last word's position
// through a recurrent network (an RNN reads one word at a time and carries one state, so an early
// word reaches the end only through every step in between, each shrinking it) and through one
// attention step (a direct weight, whatever the distance). The numbers are the core's
// (result.recurrentInfluence, src/core/recurrent.h), asked for through the store and computed by
// compute/explanations.js: this view formats and draws them.
import { append, clear, h } from '../dom.js';
import { fmt, fmtInt, label } from '../format.js';
import { watch } from '../store.js';
import { influenceChart, shareText } from './influence-chart.js';
import { openOnRequest } from './requested.js';

export const RECURRENT = 'recurrent'; // its name in the store's `explain` (and ?explain=)
export const RECURRENT_PANEL = { name: RECURRENT, title: 'Why attention?' };
const EDGE_ROWS = 8; // a long text's table lists its first and last this many words
const SHORT = 40; // words: below this the summary suggests a long paste

function bar(share, kind) {
  const fill = h('span', { class: `share-bar ${kind}` });
  fill.style.width = `${Math.min(100, 100 * share)}%`; // a CSSOM style: allowed under the page's CSP
  return h('span', { class: 'share-track', 'aria-hidden': 'true' }, fill);
}

function row(t, j, s) {
  return h(
    'tr',
    {
      'data-index': j,
      'data-recurrent': String(s.recurrentShare[j]),
      'data-attention': String(s.attentionShare[j]),
    },
    h('th', { scope: 'row' }, label(t)),
    h('td', {}, h('span', { class: 'share-value' }, shareText(s.recurrentShare[j])), bar(s.recurrentShare[j], 'rnn')),
    h(
      'td',
      {},
      h('span', { class: 'share-value' }, shareText(s.attentionShare[j])),
      bar(s.attentionShare[j], 'attention'),
    ),
  );
}

function table(tokens, s) {
  const n = tokens.length,
    long = n > 2 * EDGE_ROWS;
  const shown = long
    ? [...Array(EDGE_ROWS).keys(), ...Array.from({ length: EDGE_ROWS }, (_, k) => n - EDGE_ROWS + k)]
    : [...tokens.keys()];
  const body = h('tbody');
  shown.forEach((j, k) => {
    if (long && k === EDGE_ROWS)
      body.append(
        h('tr', { class: 'gap' }, h('td', { colspan: 3 }, `… ${fmtInt(n - 2 * EDGE_ROWS)} more words in the chart …`)),
      );
    body.append(row(tokens[j], j, s));
  });
  return h(
    'table',
    { class: 'influence-table' },
    h('caption', {}, `Each word’s share of the influence on the last word, “${label(tokens[n - 1])}”`),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['word', 'through the RNN', 'through attention'].map((c) => h('th', { scope: 'col' }, c)),
      ),
    ),
    body,
  );
}

// The panel's body, built into root (panel.js) when first needed.
export function recurrentView(store, root) {
  const body = h('div', { class: 'recurrent-body', 'aria-live': 'polite' });
  append(root, [
    h(
      'p',
      { class: 'hint' },
      'Before attention, a recurrent network (RNN) read a sentence one word at a time and carried everything in one ' +
        'state: h_t = tanh(W_h h_{t−1} + W_x x_t). An early word reaches the last word only through every step in ' +
        'between, and each step shrinks it. Attention links every word to the last one in a single step: its weight, ' +
        'at any distance. Here a small RNN reads the same input X as the attention layer; a word’s influence through ' +
        'it is how much the last state moves when the word’s input moves (the norm of ∂h_n/∂x_j).',
    ),
    h(
      'p',
      { class: 'hint gated-note' },
      'The article also names GRU and LSTM: their gates let a word travel further, a longer window, but still a ' +
        'finite one. What is shown here is only the plain RNN above; this page does not compute a gated cell.',
    ),
    body,
  ]);
  const request = openOnRequest(store, root, RECURRENT);

  // asks for the influences (compute/explanations.js) when open on one text's result
  function render({ result, options }) {
    if (!root.open) return store.set({ recurrentAsk: null });
    if (!result || result.tokens.length === 0 || result.cross) {
      store.set({ recurrentAsk: null });
      clear(body);
      if (result?.cross) body.append(h('p', {}, 'This comparison reads one text: clear the document above to see it.'));
      return;
    }
    store.set({ recurrentAsk: { result, seed: options.seed } });
  }

  // the answer asked for last, drawn again when the width changes
  let shown = null;
  function draw(answer, width) {
    shown = answer;
    clear(body);
    if (answer.error) return console.error(`attention-lens: ${answer.error}`);
    const {
      ask: { seed },
      tokens,
      truncated,
      totalTokens,
      influence: s,
    } = answer;
    const n = tokens.length;
    const first = `“${label(tokens[0])}”`,
      last = `“${label(tokens[n - 1])}”`;
    const summary = h(
      'p',
      {
        class: 'recurrent-summary',
        'data-words': n,
        'data-recurrent-first': String(s.recurrentShare[0]),
        'data-attention-first': String(s.attentionShare[0]),
        'data-recurrent-half': String(s.recurrentFirstHalf),
        'data-attention-half': String(s.attentionFirstHalf),
      },
      n === 1
        ? `With one word, ${first} holds all of the influence both ways: type a longer sentence.`
        : `The first word, ${first}, holds ${shareText(s.recurrentShare[0])} of the influence on the last word, ` +
            `${last}, through the RNN, and ${shareText(s.attentionShare[0])} through one attention step.` +
            (s.firstHalf >= 2
              ? ` The first half of the text (${fmtInt(s.firstHalf)} words): ${shareText(s.recurrentFirstHalf)} ` +
                `through the RNN, ${shareText(s.attentionFirstHalf)} through attention.`
              : '') +
            (n < SHORT
              ? ' Over a few words the RNN still reaches back; paste a long text (hundreds of words) to see its ' +
                'early words’ shares fall toward 0 while attention’s do not.'
              : ''),
    );
    body.append(
      summary,
      h(
        'div',
        { class: 'chart-legend', 'aria-hidden': 'true' },
        h('span', { class: 'legend-item' }, h('span', { class: 'key rnn' }), 'through the RNN'),
        h(
          'span',
          { class: 'legend-item' },
          h('span', { class: 'key attention' }),
          'through attention (the last row’s weights, mean of the heads)',
        ),
      ),
      h(
        'div',
        { class: 'chart-scroll' },
        influenceChart(tokens, s.recurrentShare, s.attentionShare, Math.max(300, Math.min(width || 600, 720))),
      ),
      table(tokens, s),
      h(
        'p',
        { class: 'hint' },
        `The RNN has ${s.hidden} hidden units and random weights (seed ${seed}); W_h shrinks every ` +
          `direction by ${fmt(s.radius, 2)}, and the tanh’s slope shrinks it further, so the fade is geometric. ` +
          'Each column is divided by its sum: the shares add up to 100%.' +
          (truncated ? ` Only the first ${fmtInt(n)} of ${fmtInt(totalTokens)} words are compared.` : ''),
      ),
    );
    request.drawn();
  }
  const stop = watch(store, ['result', 'options'], render);
  const stopAnswers = store.subscribe(({ recurrentAsk, recurrentAnswer, width }, changed) => {
    if (changed.has('recurrentAnswer') && recurrentAnswer.ask === recurrentAsk) draw(recurrentAnswer, width);
    else if (changed.has('width') && shown && shown.ask === recurrentAsk) draw(shown, width);
  });
  const onToggle = () => render(store.get());
  root.addEventListener('toggle', onToggle);
  return {
    destroy() {
      stop();
      stopAnswers();
      request.destroy();
      root.removeEventListener('toggle', onToggle);
    },
  };
}
