// The tour's steps, one per point of the seed article, in its order (the chapters', chapters.js):
// the words of the card, the figure it shows (a selector in the element: the card is docked beside
// or under it, never over it), what the step sets in the store (the sentence, the options, the
// panel it opens), the details to open on the way, and the question it asks (tour-questions.js).
import { DEFAULT_IMAGE_OPTIONS, DEFAULT_OPTIONS } from '../../lib/options.js';
import { SEED_PARAGRAPH, SEED_SENTENCE } from '../../lib/seed.js';
import { ENCODER_DECODER } from './encoder-decoder.js';
import { RECURRENT } from './recurrent.js';
import { QUESTIONS } from './tour-questions.js';

const PAYS = 3; // "pays" in the seed sentence
const text = (t = SEED_SENTENCE, options = {}) => ({
  mode: 'text',
  text: t,
  document: '',
  options: { ...DEFAULT_OPTIONS, ...options },
  query: 0,
  queryChosen: false,
});

export const STEPS = [
  {
    title: 'One word is enough',
    text:
      '“A Lannister always pays his debts.” Whoever knows the show knows the line from one word. One query, ' +
      'trained on WordNet’s topics, asks every sentence what it is about, and searches its words for the answer.',
    target: '.chapter-topic .topic-words',
    state: text(),
    question: QUESTIONS.topicWord,
  },
  {
    title: 'Why attention?',
    text:
      'A recurrent network reads one word at a time and carries everything in one state. Here, on a paragraph that ' +
      'ends with the line, each word’s reach to the last word: through a small RNN, and through one attention step.',
    target: '.recurrent .influence-chart',
    state: { ...text(SEED_PARAGRAPH), explain: RECURRENT },
    question: QUESTIONS.rnnReach,
  },
  {
    title: 'Query, key and value: a search engine',
    text:
      'Take “pays”. Its query is what you type in a search box; every word’s key is the title of a result, ranked ' +
      'by how well it matches; the values are the contents, blended by the weights into the answer.',
    target: '.search .results',
    state: { ...text(), query: PAYS, queryChosen: true },
    question: QUESTIONS.searchTop,
  },
  {
    title: 'Words as vectors, positions as waves',
    text:
      'A word’s vector is its row of a lookup table (GloVe, without the direction every word shares). Attention ' +
      'itself ignores order, so each position adds its own waves of sines and cosines: 64 positions drawn here.',
    target: '.pipeline [data-step="positional"] .stage-plot',
    opens: ['.pipeline', '.pipeline [data-step="positional"]'],
    state: text(),
    question: QUESTIONS.shuffle,
  },
  {
    title: 'Self-attention: one vector, three roles',
    text:
      'The same vector of each word goes through three linear layers, W_Q, W_K and W_V: its query (what it looks ' +
      'for), its key (what it offers) and its value (what it hands over). Here on the seed’s reply, “I am fine”.',
    target: '.pipeline [data-step="query"] .stage-plot',
    opens: ['.pipeline', '.pipeline [data-step="query"]'],
    state: { ...text('I am fine'), query: 1, queryChosen: true },
    question: QUESTIONS.qkSame,
  },
  {
    title: 'The filter: Q·Kᵀ, ÷√d_k, softmax',
    text:
      'Every query against every key in one product, divided by √d_k, then the softmax: each row becomes weights ' +
      'that add up to 1. That is the attention filter. A layer starts with random weights (noise); trained, it ' +
      'attends where it helps: the switch flips between the two.',
    target: '.filter-grid',
    state: { ...text(), query: PAYS, queryChosen: true },
    question: QUESTIONS.scaleOff,
    switch: true,
  },
  {
    title: 'Filter × V on a picture',
    text:
      'Cut a picture into patches and each patch attends to the patches that look like it. The filter times the ' +
      'values keeps what matters: here each patch is replaced by its blend.',
    target: '.blend .picture-row',
    state: { mode: 'image', imageOptions: DEFAULT_IMAGE_OPTIONS }, // the picture's defaults: the self mask, cosine
  },
  {
    title: 'The output layer, and the next article',
    text:
      'One more linear layer, W_O, mixes the heads’ answers back into one vector per word. Next: several heads, a ' +
      'causal mask and cross-attention. The decoder’s “I am fine” looks back at itself, and at “Hi, How are you?”.',
    target: '.encoder-decoder .ed-self',
    state: { ...text(), explain: ENCODER_DECODER },
    question: QUESTIONS.causalLook,
  },
];
