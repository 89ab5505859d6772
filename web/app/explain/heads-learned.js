// What the heads learned: the same sentence through the layer with random weights and with the
// trained ones (the same number of heads, no mask, as the layer was trained), head by head: its
// small filter, where each word's largest weight falls (the word before, itself, the word after,
// the first or last word, elsewhere) and how spread the weights are. The numbers are the core's
// (result.headSummary, src/core/explain.h); this view runs the two analyses and draws them.
import { DEFAULT_OPTIONS } from '../../lib/options.js';
import { WEIGHT_COLORS } from '../colors.js';
import { append, h, setText, syncChildren } from '../dom.js';
import { paintMatrix } from '../draw.js';
import { weightLegend } from '../legend.js';
import { loadTrainedWeights } from '../engine.js';
import { fmt, percent } from '../format.js';
import { watch } from '../store.js';
import { openOnRequest } from './requested.js';

export const HEADS_LEARNED = 'heads-learned'; // its name in the store's `explain` (and ?explain=)
export const HEADS_LEARNED_PANEL = { name: HEADS_LEARNED, title: 'What the heads learned: random vs trained' };
const HABITS = {
  previous: 'the word before',
  itself: 'itself',
  next: 'the word after',
  first: 'the first word',
  last: 'the last word',
  elsewhere: 'elsewhere',
};
const SIDE = 96; // px: a head's small filter

// "the word before (83% of the words)"
const habitText = (s) => `${HABITS[s.main]} (${percent(s.habits[s.main])} of the words)`;
const mean = (ss, f) => ss.reduce((a, s) => a + f(s), 0) / ss.length;
// "random heads spread each word's weight over 5.6 of the 6 words, its largest weight 26%"
const spreadText = (ss, n) =>
  `spread each word’s weight over ${fmt(
    mean(ss, (s) => s.meanEffective),
    1,
  )} of the ${n} words, its largest weight ${percent(mean(ss, (s) => s.meanMax))} on average`;

function headCell() {
  return h(
    'td',
    {},
    h('canvas', { class: 'small-matrix', 'aria-hidden': 'true' }),
    h('span', { class: 'habit' }),
    h('span', { class: 'spread' }),
  );
}

// one weights' row of the table: a cell per head
function fill(row, result, summaries) {
  syncChildren(
    row,
    summaries.length + 1,
    (i) => (i === 0 ? h('th', { scope: 'row' }) : headCell()),
    (cell, i) => {
      if (i === 0) return;
      const s = summaries[i - 1];
      const [canvas, habit, spread] = cell.children;
      paintMatrix(canvas, result.view('weights', i - 1), WEIGHT_COLORS, 0, 1, { width: SIDE, height: SIDE });
      setText(habit, habitText(s));
      setText(
        spread,
        `spread over ${fmt(s.meanEffective, 1)} of ${s.rows} words; largest weight ${percent(s.meanMax)}`,
      );
      cell.dataset.habit = s.main;
      cell.dataset.share = String(s.habits[s.main]);
      cell.dataset.effective = String(s.meanEffective);
    },
  );
}

// The panel's body, built into root (panel.js) when first needed.
export function headsLearnedView(store, root) {
  const summary = h('p', { class: 'heads-summary', 'aria-live': 'polite' });
  const head = h('tr');
  const random = h('tr', { class: 'random' });
  const trained = h('tr', { class: 'trained' });
  const table = h(
    'table',
    { class: 'heads-table' },
    h('caption', {}, 'Each head’s filter on your sentence, where its words look, and how spread their weights are'),
    h('thead', {}, head),
    h('tbody', {}, random, trained),
  );
  append(root, [
    h(
      'p',
      { class: 'hint' },
      'The same sentence through the same layer twice: with random weights, and with the weights trained on ' +
        'hiding a word of real sentences and guessing it. No mask (the layer was trained without one). A random ' +
        'head has no habit; a trained head has one: it looks at the word before, the word after, or the same word ' +
        'wherever it is, because that is where the clues to a hidden word are.',
    ),
    summary,
    weightLegend('each filter’s weights'),
    table,
  ]);
  const request = openOnRequest(store, root, HEADS_LEARNED);
  let run = 0; // the latest request: an older one that finishes late draws nothing

  async function render({ lens, text, document, trainedPreset, trainedHeads }) {
    const mine = ++run;
    if (!root.open || !lens) return;
    if (!trainedPreset) {
      setText(summary, 'The trained weights are not available here (they need the site’s weights/trained.bin).');
      return;
    }
    if (document.trim()) {
      setText(summary, 'This compares self-attention: empty the document box to see it.');
      return;
    }
    const heads = trainedHeads ?? 4;
    const options = { ...DEFAULT_OPTIONS, heads, mask: 'none' };
    const results = [];
    try {
      await loadTrainedWeights(lens, trainedPreset);
      results.push(await lens.analyze(text, { ...options, weights: 'random', seed: 1 }));
      results.push(await lens.analyze(text, { ...options, weights: 'trained' }));
      if (mine !== run) return;
      const [r, t] = results;
      if (r.tokens.length < 3) {
        setText(summary, 'Type a sentence of a few words: a head’s habit needs words before and after.');
        return;
      }
      const rs = Array.from({ length: heads }, (_, k) => r.headSummary(k));
      const ts = Array.from({ length: heads }, (_, k) => t.headSummary(k));
      syncChildren(
        head,
        heads + 1,
        () => h('th', { scope: 'col' }),
        (th, i) => setText(th, i ? `head ${i}` : ''),
      );
      fill(random, r, rs);
      fill(trained, t, ts);
      setText(random.firstChild, 'random');
      setText(trained.firstChild, 'trained');
      const n = r.tokens.length;
      const habits = ts
        .map((s, k) =>
          s.main === 'elsewhere' ? null : `head ${k + 1} ${HABITS[s.main]} (${percent(s.habits[s.main])})`,
        )
        .filter(Boolean);
      setText(
        summary,
        `On your sentence, random heads ${spreadText(rs, n)}: noise. Trained heads ${spreadText(ts, n)}` +
          (habits.length
            ? `; ${habits.length} of ${heads} have a habit, where most of their words look: ${habits.join(', ')}.`
            : '.'),
      );
      request.drawn();
    } catch (e) {
      if (mine === run) setText(summary, `The comparison did not run: ${e.message}`);
    } finally {
      for (const result of results) result.dispose();
    }
  }

  root.addEventListener('toggle', () => render(store.get()));
  const stop = watch(store, ['result', 'trainedPreset'], render);
  return {
    destroy() {
      stop();
      request.destroy();
    },
  };
}
