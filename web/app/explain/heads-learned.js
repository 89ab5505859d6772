// What the heads learned: the same sentence through the layer with random weights and with the
// trained ones (the same number of heads, no mask, as the layer was trained), head by head: its
// small filter, where each word's largest weight falls (the word before, itself, the word after,
// the first or last word, elsewhere) and how spread the weights are. The numbers are the core's
// (result.headSummary, src/core/explain.h); this view asks for the two analyses
// (compute/explanations.js) and draws them.
import { DEFAULT_OPTIONS } from '../../lib/options.js';
import { WEIGHT_COLORS } from '../colors.js';
import { append, h, setText, syncChildren } from '../dom.js';
import { paintMatrix } from '../draw.js';
import { weightLegend } from '../legend.js';
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

// one weights' row of the table: a cell per head ({ summaries, weights }: one of each per head)
function fill(row, { summaries, weights }) {
  syncChildren(
    row,
    summaries.length + 1,
    (i) => (i === 0 ? h('th', { scope: 'row' }) : headCell()),
    (cell, i) => {
      if (i === 0) return;
      const s = summaries[i - 1];
      const [canvas, habit, spread] = cell.children;
      paintMatrix(canvas, weights[i - 1], WEIGHT_COLORS, 0, 1, { width: SIDE, height: SIDE });
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
        'head spreads its weight with no pattern; a trained head focuses on a few words: the word before or after, ' +
        'the same word, or the words whose meaning gives the hidden one away, because that is where the clues are.',
    ),
    summary,
    weightLegend('each filter’s weights'),
    table,
  ]);
  const request = openOnRequest(store, root, HEADS_LEARNED);
  // asks for the text through random and trained weights when open
  function render({ text, document, trainedPreset }) {
    if (!root.open) return store.set({ headsLearnedAsk: null });
    if (!trainedPreset) {
      store.set({ headsLearnedAsk: null });
      setText(summary, 'The trained weights are not available here (they need the site’s weights/trained.bin).');
      return;
    }
    if (document.trim()) {
      store.set({ headsLearnedAsk: null });
      setText(summary, 'This compares self-attention: empty the document box to see it.');
      return;
    }
    // the trained weights bring their heads (the core's rule); the random ones get as many
    store.set({ headsLearnedAsk: { text, options: { ...DEFAULT_OPTIONS, mask: 'none' }, preset: trainedPreset } });
  }

  function draw({ error, words, heads, random: r, trained: t }) {
    if (error) return setText(summary, `The comparison did not run: ${error}`);
    if (words < 3) {
      setText(summary, 'Type a sentence of a few words: a head’s habit needs words before and after.');
      return;
    }
    syncChildren(
      head,
      heads + 1,
      () => h('th', { scope: 'col' }),
      (th, i) => setText(th, i ? `head ${i}` : ''),
    );
    fill(random, r);
    fill(trained, t);
    setText(random.firstChild, 'random');
    setText(trained.firstChild, 'trained');
    const habits = t.summaries
      .map((s, k) => (s.main === 'elsewhere' ? null : `head ${k + 1} ${HABITS[s.main]} (${percent(s.habits[s.main])})`))
      .filter(Boolean);
    setText(
      summary,
      `On your sentence, random heads ${spreadText(r.summaries, words)}: noise. Trained heads ${spreadText(t.summaries, words)}` +
        (habits.length
          ? `; ${habits.length} of ${heads} have a habit, where most of their words look: ${habits.join(', ')}.`
          : '.'),
    );
    request.drawn();
  }

  root.addEventListener('toggle', () => render(store.get()));
  const stop = watch(store, ['result', 'trainedPreset'], render);
  const stopAnswers = store.subscribe(({ headsLearnedAsk, headsLearnedAnswer }, changed) => {
    if (changed.has('headsLearnedAnswer') && headsLearnedAnswer.ask === headsLearnedAsk) draw(headsLearnedAnswer);
  });
  return {
    destroy() {
      stop();
      stopAnswers();
      request.destroy();
    },
  };
}
