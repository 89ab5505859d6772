// The explanations as chapters in the seed article's order: a short list of closed chapters (the
// contents), each opening to a few sentences and its panels (closed <details> too: any panel is
// two clicks away). The tour walks the same chapters (explain/tour.js).
import { h } from './dom.js';

// [id, title, what it says]; text-mode.js gives each its panels
export const CHAPTERS = [
  [
    'topic',
    'One word is enough',
    '“A Lannister always pays his debts”: whoever knows the show knows it from one word. One query, trained on ' +
      'WordNet’s topics, asks every sentence what it is about: it searches the words, and the word that gives the ' +
      'topic away takes the weight.',
  ],
  [
    'why',
    'Why attention?',
    'A recurrent network reads one word at a time and carries everything in one state, so an early word fades with ' +
      'every step. Attention links every word to every other in one step, whatever the distance.',
  ],
  [
    'search',
    'Query, key and value: a search engine',
    'The search beside the filter: a word’s query is what you type, the other words’ keys are the result titles, ' +
      'their values the contents. How well a query matches a key is a similarity: the cosine, or the paper’s dot product.',
  ],
  [
    'vectors',
    'Words as vectors, positions as waves',
    'A word’s vector is its row of a lookup table (GloVe), without the direction every word shares; where it stands ' +
      'is added as sine and cosine waves, at the paper’s scale.',
  ],
  [
    'self',
    'Self-attention: one vector, three roles',
    'Each word’s vector goes through three linear layers, W_Q, W_K and W_V: what it looks for, what it offers, what ' +
      'it hands over. With identity weights (W = I) the three are the word’s own vector, which is why a word is most ' +
      'like itself, and why the self mask hides the diagonal.',
  ],
  [
    'filter',
    'The filter: Q·Kᵀ, ÷√d_k, softmax',
    'Every query against every key in one product, divided by √d_k so that the softmax does not saturate, then the ' +
      'softmax: each row becomes weights that add up to 1. With random weights the filter is noise; trained, it ' +
      'attends where it helps.',
  ],
  [
    'picture',
    'Filter × V on a picture',
    'Cut a picture into patches, and each patch attends to the patches that look like it; the filter times the ' +
      'values keeps what matters: each patch replaced by its blend.',
  ],
  [
    'next',
    'The output layer, and the next article',
    'One more linear layer, W_O, mixes the heads’ answers back into one vector per word. Next: several heads, a ' +
      'causal mask, and cross-attention between two texts (“Hi, How are you?” → “I am fine”).',
  ],
];

// panels: { [id]: [node, …] }. Returns { contents, chapters: [details] }: the contents is the
// heading over the chapters, each a <details> closed at first, whose summary is its entry (one
// click opens a chapter, a second its panel). A panel opened from elsewhere (a link's ?explain=,
// the tour) opens its chapter with it.
export function chapters(panels) {
  const sections = CHAPTERS.map(([id, title, lead], k) => {
    const chapter = h(
      'details',
      { class: `chapter chapter-${id}`, 'data-chapter': id },
      h(
        'summary',
        {},
        h('h3', { class: 'chapter-title' }, h('span', { class: 'chapter-number' }, `${k + 1}`), ' ', title),
      ),
      h('div', { class: 'chapter-body' }, h('p', { class: 'chapter-lead' }, lead), panels[id] ?? []),
    );
    chapter.addEventListener(
      'toggle',
      (e) => {
        if (e.target !== chapter && e.target.open) chapter.open = true;
      },
      true,
    );
    return chapter;
  });
  const contents = h('h2', { class: 'contents' }, 'How attention works, in eight chapters');
  return { contents, chapters: h('div', { class: 'chapters', part: 'chapters' }, sections), list: sections };
}
