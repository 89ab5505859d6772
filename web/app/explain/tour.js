// A guided tour of the seed article, in its order, on the live views: why attention (an RNN's
// fading reach), the search engine, the cosine, QKᵀ, position, one embedding in three roles,
// ÷√d_k, the softmax, × V, the output layer, the picture; multi-head, cross and masked attention
// as "the next article"; then random weights, and the trained ones behind one switch. Each
// step's target stays in view while the panels above it draw (a ResizeObserver scrolls it back
// after every change of size, until the reader scrolls). Leaving or finishing puts your own
// sentence, settings and open explanation back. Keyboard: Enter for next (the focused button),
// Escape leaves.
import { DEFAULT_IMAGE_OPTIONS, DEFAULT_OPTIONS } from '../../lib/options.js';
import { h } from '../dom.js';
import { ENCODER_DECODER, ENCODER_DECODER_SELECTOR } from './encoder-decoder.js';
import { HEADS_LEARNED } from './heads-learned.js';
import { RECURRENT } from './recurrent.js';

const SEED = 'A Lannister always pays his debts';
const PAYS = 3,
  DEBTS = 5;
const text = (options = {}) => ({
  mode: 'text',
  text: SEED,
  document: '',
  options: { ...DEFAULT_OPTIONS, ...options },
});

// [title, what it says, the section it shows (a selector in the element), the state it sets]
const STEPS = [
  [
    'Why attention?',
    'Before attention, a recurrent network read a sentence one word at a time, carrying everything in one state, so an early word fades with every step. GRU and LSTM cells keep it longer, but their window is still finite. Attention links every word to every other in one step. Here, each word’s reach to the last word, through a small RNN and through attention:',
    'details.recurrent',
    { ...text(), explain: RECURRENT },
  ],
  [
    'Attention is a search engine',
    'Take “pays”. Its query is what you type in a search box; every word’s key is the title of a result, and the results are ranked by how well they match. Their values are the contents, blended into the answer.',
    '.search',
    { ...text(), query: PAYS, queryChosen: true },
  ],
  [
    'Matching is a similarity',
    'How well a query matches a key is the similarity of two vectors. The article uses the cosine: 1 when they point the same way, 0 when unrelated. Here, the filter with cosine similarity.',
    '.filter',
    text({ similarity: 'cosine' }),
  ],
  [
    'All the matches at once: QKᵀ',
    'The paper uses the dot product instead, and computes every query against every key in one matrix product, Q times K transposed: the scores.',
    '[data-step="scores"]',
    text(),
  ],
  [
    'Where a word stands',
    'Attention itself ignores word order, so a wave pattern unique to each position is added to each word vector before anything else.',
    '[data-step="positional"]',
    {},
  ],
  [
    'One embedding, three roles',
    'The same vector of each word goes through three linear layers, W_Q, W_K and W_V: its query (what it looks for), its key (what it offers) and its value (what it hands over). Here they are the identity.',
    '[data-step="query"]',
    {},
  ],
  [
    'Scaled: ÷√d_k',
    'A dot product of d_k numbers grows with d_k, and large scores make the softmax put everything on one word. So the scores are divided by √d_k.',
    '[data-step="scaled"]',
    {},
  ],
  [
    'The softmax: the attention filter',
    'Each row of scaled scores becomes weights between 0 and 1 that add up to 1. This is the attention filter: how much each word takes from every other.',
    '.filter',
    {},
  ],
  [
    '× V: the answer',
    'Each word’s answer is the values of all the words, blended by its weights. Here is the arithmetic of one weight, “pays” → “debts”, and its share of the answer.',
    '.trace',
    { focus: { i: PAYS, j: DEBTS }, focusChosen: true },
  ],
  [
    'The output layer',
    'One more linear layer, W_O, mixes the heads’ answers back into one vector per word: the layer’s output.',
    '[data-step="output"]',
    {},
  ],
  [
    'The same on a picture',
    'The article’s picture: cut into patches, each patch attends to the patches that look like it. Multiplying the filter with the values keeps what matters and throws the rest away: each patch, dimmed by its weight.',
    '.blend',
    { mode: 'image', imageOptions: DEFAULT_IMAGE_OPTIONS }, // the picture's defaults: the self mask, cosine
  ],
  [
    'Next: heads, documents and masks',
    'The next article: several heads each compare a slice of the vectors (Heads), cross-attention searches another text (Search a document), and a causal mask lets a decoder look only back (Mask).',
    '.controls',
    { ...text({ heads: 4, mask: 'causal' }) },
  ],
  [
    'The next article: encoder and decoder',
    'The seed’s translation example: the decoder’s words (“I am fine”) look back at each other through a causal mask, and at the input (“Hi, How are you?”) through cross-attention. Choose an output word to see its search.',
    ENCODER_DECODER_SELECTOR,
    { explain: ENCODER_DECODER },
  ],
  [
    'At first, random',
    'A layer starts with random weights: W_Q, W_K, W_V and W_O drawn at random (Xavier). The filter is noise: it knows nothing yet.',
    '.filter',
    text({ weights: 'random', seed: 1 }),
  ],
  [
    'After training, meaningful',
    'Trained (here, on hiding a word of real sentences and guessing it), the same layer attends where it helps: each head settles on a habit, the word before, the word after, or one word for all. Here are your sentence’s heads, random and trained, side by side with their numbers. The switch flips the filter above between the two:',
    '.heads-learned',
    { explain: HEADS_LEARNED },
  ],
];
const TRAINED_STEP = STEPS.length - 1;
// what the tour changes, put back when it ends
const KEPT = [
  'mode',
  'text',
  'document',
  'options',
  'imageOptions',
  'query',
  'queryChosen',
  'head',
  'patch',
  'focus',
  'focusChosen',
  'explain',
];

export function tourView(store, shadowRoot) {
  let step = -1,
    saved = null;
  let wasOpen = null; // the panels open before the tour: the others it opened close when it ends
  const title = h('h2', { id: 'tour-title' });
  const body = h('p', { id: 'tour-text' });
  const counter = h('span', { class: 'tour-count' });
  const back = h('button', { type: 'button', onclick: () => go(step - 1) }, 'Back');
  const next = h('button', { type: 'button', class: 'primary', onclick: () => go(step + 1) }, 'Next');
  const close = h('button', { type: 'button', onclick: () => go(-1) }, 'Leave the tour');
  // the trained step's one switch: random ↔ trained
  const toggle = h('button', {
    type: 'button',
    class: 'switch tour-switch',
    onclick: () => {
      const { options, trainedPreset } = store.get();
      const trained = options.weights !== 'trained' && trainedPreset;
      // the trained weights bring the heads they were trained with (result.options, result.notes)
      store.set({
        options: trained
          ? { ...DEFAULT_OPTIONS, weights: 'trained' }
          : { ...DEFAULT_OPTIONS, weights: 'random', seed: 1 },
      });
      showSwitch();
    },
  });
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
    body,
    toggle,
    h('div', { class: 'tour-buttons' }, back, next, close),
  );
  const start = h('button', { type: 'button', class: 'tour-start', onclick: () => go(0) }, 'Take the guided tour');

  function showSwitch() {
    const { options, trainedAvailable } = store.get();
    toggle.hidden = step !== TRAINED_STEP;
    toggle.disabled = !trainedAvailable;
    toggle.textContent = !trainedAvailable
      ? 'The trained weights are not available here'
      : options.weights === 'trained'
        ? 'Show the random weights'
        : 'Show the trained weights';
  }

  // the card sits at the top or the bottom of the window, away from the start of what it
  // explains (scrolled to the top of the window, unless the page ends first)
  function placeCard(target) {
    const r = target?.getBoundingClientRect();
    const below = !r || r.top < innerHeight / 2;
    panel.classList.toggle('tour-top', !below);
  }

  // Keeps the step's target at the top of the window: now, and again whenever the element's
  // layout changes size (panels above it draw lazily, once they come into view, and push it
  // down), until the reader scrolls by hand or the step changes.
  let following = null;
  function stopFollowing() {
    following?.disconnect();
    following = null;
    for (const type of ['wheel', 'touchmove']) removeEventListener(type, stopFollowing);
  }
  function follow(target) {
    stopFollowing();
    if (!target || typeof ResizeObserver === 'undefined') return;
    const show = () => {
      target.scrollIntoView?.({ block: 'start' });
      placeCard(target);
    };
    following = new ResizeObserver(show); // called once at first, then on each change
    for (const el of [shadowRoot.host, target.closest('.mode-panel') ?? target, target]) following.observe(el);
    for (const type of ['wheel', 'touchmove']) addEventListener(type, stopFollowing, { passive: true });
  }

  // A step's target that is not there yet (the picture mode's views come with their part,
  // web/app/parts.js) is focused when it arrives.
  let waiting = null;
  function stopWaiting() {
    waiting?.disconnect();
    waiting = null;
  }
  function focusTarget(target) {
    const find = () =>
      [...shadowRoot.querySelectorAll(target)].find((e) => e.closest('.mode-panel:not([hidden])')) ??
      shadowRoot.querySelector(target);
    const show = (el) => {
      if (el) {
        el.classList.add('tour-focus');
        if (el.tagName === 'DETAILS') el.open = true;
      }
      follow(el);
      placeCard(el);
    };
    const el = find();
    show(el);
    if (el || typeof MutationObserver === 'undefined') return;
    waiting = new MutationObserver(() => {
      const found = find();
      if (!found) return;
      stopWaiting();
      show(found);
    });
    waiting.observe(shadowRoot, { childList: true, subtree: true });
  }

  function go(to) {
    shadowRoot.querySelectorAll('.tour-focus').forEach((el) => el.classList.remove('tour-focus'));
    stopFollowing();
    stopWaiting();
    if (to < 0 || to >= STEPS.length) {
      step = -1;
      panel.hidden = true;
      if (saved) store.set(saved); // your sentence and settings, as they were
      saved = null;
      for (const d of shadowRoot.querySelectorAll('details[open]')) if (wasOpen && !wasOpen.has(d)) d.open = false;
      wasOpen = null;
      start.focus();
      return;
    }
    if (step < 0) {
      saved = Object.fromEntries(KEPT.map((k) => [k, store.get()[k]]));
      wasOpen = new Set(shadowRoot.querySelectorAll('details[open]'));
    }
    step = to;
    const [heading, words, target, state] = STEPS[step];
    store.set(state);
    if (step === TRAINED_STEP && store.get().trainedAvailable) toggle.click(); // start on the trained filter
    showSwitch();
    title.textContent = heading;
    body.textContent = words;
    counter.textContent = `Step ${step + 1} of ${STEPS.length}`;
    back.disabled = step === 0;
    next.textContent = step === STEPS.length - 1 ? 'Finish' : 'Next';
    panel.hidden = false;
    focusTarget(target);
    next.focus({ preventScroll: true });
  }
  return {
    root: h('div', { class: 'tour-wrap' }, start, panel),
    destroy: () => {
      stopFollowing();
      stopWaiting();
    },
  };
}
