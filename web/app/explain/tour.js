// A guided tour through the seed article's explanation, on "A Lannister always pays his debts",
// using the live views: a short sequence of steps, skippable, keyboard accessible (Tab to the
// buttons, Escape leaves).
import { DEFAULT_OPTIONS } from '../../lib/options.js';
import { h } from '../dom.js';

const SEED = 'A Lannister always pays his debts';
const PAYS = 3,
  DEBTS = 5;

// [title, text, the section to show (a selector in the element), the state to set]
const STEPS = [
  [
    'Words become tokens',
    'The sentence is cut into tokens. “A” is marked: the GloVe vocabulary has no vector for it, so its embedding is zero.',
    '.input',
    { text: SEED, options: DEFAULT_OPTIONS, query: PAYS, queryChosen: true },
  ],
  [
    'Tokens become vectors',
    'Each token becomes its GloVe vector: 100 numbers learned from billions of words. Similar words get similar vectors.',
    '[data-step="embeddings"]',
    {},
  ],
  [
    'Position is added',
    'Attention itself ignores word order, so a wave pattern unique to each position is added to each vector.',
    '[data-step="positional"]',
    {},
  ],
  [
    'Queries, keys and values',
    'Three linear layers turn each vector into a query (what the word looks for), a key (what it offers) and a value (what it hands over). Here they are the identity, so all three equal the input.',
    '[data-step="query"]',
    {},
  ],
  [
    'The search',
    '“pays” is the query, typed in a search box. Every word’s key is a result title, ranked by how well it matches: the score q·k.',
    '.search',
    { query: PAYS },
  ],
  [
    '÷√d_k and the softmax',
    'The scores are divided by √d_k so that long vectors do not saturate the softmax, which turns each row into weights that add up to 1: the attention filter.',
    '.filter',
    {},
  ],
  [
    'Where one number comes from',
    'The arithmetic of the cell “pays” → “debts”: the products of q and k, their sum, ÷√d_k, exp, and the row total.',
    '.trace',
    { focus: { i: PAYS, j: DEBTS } },
  ],
  [
    'The answer',
    'The values are blended by the weights: the context vector, then the output layer W_O mixes it once more. “What the answer is about” decodes it back to words.',
    '[data-step="output"]',
    {},
  ],
  [
    'At first the weights are random',
    'Random weights (as before training) give a different, noisier filter. Training makes them meaningful.',
    '.filter',
    { options: { ...DEFAULT_OPTIONS, weights: 'random', seed: 1 } },
  ],
  [
    'Only looking back',
    'A decoder may only look at earlier words: the causal mask hides the rest, and each row is normalized over what is left. That is the tour: now type your own sentence.',
    '.filter',
    { options: { ...DEFAULT_OPTIONS, mask: 'causal' } },
  ],
];

export function tourView(store, shadowRoot) {
  let step = -1;
  const title = h('h2', { id: 'tour-title' });
  const text = h('p', { id: 'tour-text' });
  const counter = h('span', { class: 'tour-count' });
  const back = h('button', { type: 'button', onclick: () => go(step - 1) }, 'Back');
  const next = h('button', { type: 'button', class: 'primary', onclick: () => go(step + 1) }, 'Next');
  const close = h('button', { type: 'button', onclick: () => go(-1) }, 'Skip the tour');
  const panel = h(
    'section',
    {
      class: 'tour',
      role: 'region',
      'aria-labelledby': 'tour-title',
      hidden: true,
      onkeydown: (e) => {
        if (e.key === 'Escape') go(-1);
      },
    },
    counter,
    title,
    text,
    h('div', { class: 'tour-buttons' }, back, next, close),
  );
  const start = h('button', { type: 'button', class: 'tour-start', onclick: () => go(0) }, 'Take the guided tour');

  function go(to) {
    shadowRoot.querySelectorAll('.tour-focus').forEach((el) => el.classList.remove('tour-focus'));
    if (to < 0 || to >= STEPS.length) {
      step = -1;
      panel.hidden = true;
      start.focus();
      return;
    }
    step = to;
    const [heading, body, target, state] = STEPS[step];
    store.set(state);
    title.textContent = heading;
    text.textContent = body;
    counter.textContent = `Step ${step + 1} of ${STEPS.length}`;
    back.disabled = step === 0;
    next.textContent = step === STEPS.length - 1 ? 'Finish' : 'Next';
    panel.hidden = false;
    const el = shadowRoot.querySelector(target);
    if (el) {
      el.classList.add('tour-focus');
      if (el.tagName === 'DETAILS') el.open = true;
      el.scrollIntoView?.({ block: 'nearest' });
    }
    next.focus();
  }
  return { root: h('div', { class: 'tour-wrap' }, start, panel), destroy: () => {} };
}
