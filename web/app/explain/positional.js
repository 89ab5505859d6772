// What positional encoding changes: shuffle the words; without positional encoding the
// attention only permutes (put back in order it is identical), with it the numbers change.
// The shuffle is this explanation's own input: it stays until the sentence changes. It computes
// both with and without positional encoding, so the page's switch leaves it as it is; another
// option (heads, weights, similarity …) or head recomputes the same shuffle.
import { permutation } from '../../lib/random.js';
import { append, clear, h } from '../dom.js';
import { fmt, label } from '../format.js';
import { watch } from '../store.js';
import { difference, smallMatrix } from './diff.js';

const MAX_TOKENS = 40;

// a seeded permutation of 0..n-1 that moves at least one element (n ≥ 2)
function shuffled(n, seed) {
  const p = permutation(n, seed);
  if (p.every((v, i) => v === i)) p.push(p.shift());
  return p;
}

// the shuffled matrix put back into the original order: U[p[k]][p[l]] = W[k][l]
function unpermute(m, p) {
  const n = p.length,
    data = new Float32Array(n * n);
  for (let k = 0; k < n; k++) for (let l = 0; l < n; l++) data[p[k] * n + p[l]] = m.data[k * n + l];
  return { data, rows: n, cols: n };
}

function permutationDrawing(tokens, p) {
  const n = tokens.length,
    w = Math.max(320, n * 44),
    x = (i) => 20 + (i + 0.5) * ((w - 40) / n);
  const svg = h('svg:svg', {
    viewBox: `0 0 ${w} 110`,
    width: w,
    height: 110,
    role: 'img',
    'aria-label': `The permutation: ${p.map((orig, k) => `${tokens[orig].text} moves from ${orig + 1} to ${k + 1}`).join('; ')}`,
  });
  tokens.forEach((t, i) =>
    svg.append(h('svg:text', { x: x(i), y: 14, 'text-anchor': 'middle', class: 'perm-label' }, label(t, 8))),
  );
  p.forEach((orig, k) => {
    svg.append(h('svg:line', { x1: x(orig), y1: 20, x2: x(k), y2: 90, class: 'perm-line' }));
    svg.append(
      h('svg:text', { x: x(k), y: 104, 'text-anchor': 'middle', class: 'perm-label' }, label(tokens[orig], 8)),
    );
  });
  return h('div', { class: 'perm' }, svg);
}

export const POSITIONAL_PANEL = { name: 'positional', title: 'What positional encoding changes' };

// The panel's body, built into root (panel.js) when first needed.
export function positionalView(store, root) {
  let seed = 0,
    shown = null; // { text, document, options, head } the shown shuffle was computed for
  const button = h('button', { type: 'button', onclick: () => run(++seed) }, 'Shuffle the words');
  const body = h('div', { class: 'shuffle-body', 'aria-live': 'polite' });
  append(root, [
    h(
      'p',
      { class: 'hint' },
      'The positional encoding (step 3) adds a different wave pattern to each position. ' +
        'Without it, attention sees a bag of words: shuffle them, and every row and column only moves with its word.',
    ),
    button,
    body,
  ]);

  // asks for the four analyses (compute/explanations.js); draws them when the answer comes
  let asked = null; // the latest ask, and the shuffle it is of
  function run(shuffleSeed) {
    const { result, text, document, options, head } = store.get();
    if (!result) return;
    clear(body);
    shown = null;
    asked = null;
    const tokens = result.tokens.slice(0, MAX_TOKENS);
    if (result.cross || tokens.length < 2 || result.truncated || result.tokens.length > MAX_TOKENS) {
      store.set({ positionalAsk: null });
      body.append(h('p', {}, `Shuffling needs one sentence of 2 to ${MAX_TOKENS} tokens.`));
      return;
    }
    const p = shuffled(tokens.length, shuffleSeed);
    const shuffledText = p.map((i) => tokens[i].text).join(' ');
    const ask = { text, shuffledText, options: { ...options, mask: 'none', maskedToken: -1 }, head };
    asked = { ask, tokens, p, shown: { text, document, options, head } };
    store.set({ positionalAsk: ask });
  }

  function draw({ error, runs }) {
    if (error) return console.error(`attention-lens: ${error}`);
    const { ask, tokens, p } = asked;
    const same = runs[1].tokens.map((t) => t.text).join('\u0000') === p.map((i) => tokens[i].text).join('\u0000');
    if (!same) {
      body.append(h('p', {}, 'These words tokenize differently once shuffled, so they cannot be compared one to one.'));
      return;
    }
    const w = runs.map((r) => r.weights);
    const offBack = unpermute(w[1], p),
      onBack = unpermute(w[3], p);
    const off = difference(offBack, w[0]),
      on = difference(onBack, w[2]);
    body.append(
      h('p', {}, `Shuffled: “${ask.shuffledText}”.`),
      permutationDrawing(tokens, p),
      h(
        'div',
        { class: 'matrix-row' },
        smallMatrix('without PE: original', w[0]),
        smallMatrix('without PE: shuffled, put back in order', offBack),
        smallMatrix('with PE: original', w[2]),
        smallMatrix('with PE: shuffled, put back in order', onBack),
      ),
      h(
        'p',
        { class: 'pe-off', 'data-max-diff': String(Math.abs(off.max)) },
        `Without positional encoding the largest difference is ${fmt(Math.abs(off.max), 6)}: the same weights, only moved.`,
      ),
      h(
        'p',
        { class: 'pe-on', 'data-max-diff': String(Math.abs(on.max)) },
        `With positional encoding it is ${fmt(Math.abs(on.max), 4)}: word order changes what each word attends to.`,
      ),
    );
    shown = asked.shown;
  }
  // the options the shuffle reads: all but the positional switch, which it sets itself
  const own = (o) => JSON.stringify({ ...o, positional: null });
  const stop = watch(store, ['result', 'head'], ({ result, text, document, options, head }) => {
    if (!shown || !result) return;
    if (text !== shown.text || document !== shown.document) {
      clear(body); // a new sentence: shuffle again
      shown = null;
    } else if (own(options) !== own(shown.options) || head !== shown.head) run(seed); // the same shuffle
  });
  const stopAnswers = store.subscribe(({ positionalAnswer }, changed) => {
    if (changed.has('positionalAnswer') && positionalAnswer.ask === asked?.ask) draw(positionalAnswer);
  });
  return {
    destroy() {
      stop();
      stopAnswers();
    },
  };
}
