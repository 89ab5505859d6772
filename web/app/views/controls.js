// The options, from the core's schema: the four basic ones (weights, heads, positional encoding,
// √d_k scaling) with one "?" for their help, and under "More options" the rest (temperature, the
// word vectors' shared direction, the positional weight, similarity, the mask, the seed), each
// with a line of help (a description for screen readers too).
import { SCHEMA } from '../../lib/generated/schema.js';
import { OPTION_SPECS } from '../../lib/options.js';
import { h } from '../dom.js';
import { helpGroup, notesLine, optionField, showOptions } from '../fields.js';
import { MASK_LABELS } from '../masks.js';
import { COSINE_SCALE } from '../scaling-words.js';
import { watch } from '../store.js';

const spec = (name) => OPTION_SPECS.find((s) => s.name === name);
const D_MODEL = SCHEMA.wordVectorDims;

// [option, label, short help, the select's words for its values, the slider's step]
const FIELDS = [
  [
    'heads',
    'Heads',
    `Each head compares its own d_k = ${D_MODEL} / heads of the ${D_MODEL} numbers of every word, with its own filter.`,
  ],
  [
    'scale',
    'Scale by √dₖ',
    'Dot products are divided by √d_k: a sum of d_k products grows with d_k, and unscaled scores would make the ' +
      `softmax put all the weight on one word. Cosines (already between −1 and 1) are multiplied by ${COSINE_SCALE} instead.`,
  ],
  [
    'temperature',
    'Temperature',
    'Divides the scores before the softmax: below 1 sharpens the filter, above 1 evens it out.',
  ],
  [
    'sharedDirection',
    'Word vectors',
    'GloVe’s vectors share a direction (frequent words lean it most), which makes “the” similar to every word. ' +
      'Removed: the vocabulary’s mean and its top few directions are taken out (all-but-the-top). Kept: GloVe as it is.',
    { removed: 'without the shared direction', kept: 'GloVe as it is' },
  ],
  [
    'positional',
    'Positional encoding',
    'Adds sine and cosine waves of each word’s position: without them, word order is invisible.',
  ],
  [
    'positionalWeight',
    'Positional weight',
    'How much the position counts against the word’s meaning: X = word vectors + weight × PE. The default, ' +
      `1/√d_model = ${spec('positionalWeight').default}, is the paper’s mix (√d_model × embeddings + PE, §3.4) at ` +
      'GloVe’s scale.',
    {},
    0.05,
  ],
  [
    'similarity',
    'Similarity',
    'How a query and a key are compared.',
    { dot: 'dot product (the paper)', cosine: 'cosine (the seed article)' },
  ],
  ['mask', 'Mask', 'What a word may not attend to.', MASK_LABELS],
  [
    'weights',
    'Weights',
    'W_Q, W_K, W_V, W_O. Identity: W = I, so attention is pure word similarity. Random: Xavier-uniform, U(−a, a) with ' +
      `a = √(6 / (${D_MODEL} + ${D_MODEL})), as a layer starts before training. Trained: trained in this project on ` +
      'hiding a word and guessing it.',
    { identity: 'identity: pure word similarity', random: 'random (Xavier), as before training', trained: 'trained' },
  ],
  ['seed', 'Seed', 'The seed of the random weights: the same seed gives the same weights.'],
];

// The four options on the first screen; the rest open under "More options".
const BASIC = ['weights', 'heads', 'positional', 'scale'];

// extra: nodes that go under "More options" after the options (the document box, the export).
export function controlsView(store, { extra = [] } = {}) {
  const set = (patch) => store.set({ options: { ...store.get().options, ...patch } });
  const fields = Object.fromEntries(
    FIELDS.map(([name, label, help, labels, step]) => [
      name,
      optionField(spec(name), {
        label,
        help,
        labels,
        step,
        ownHelpButton: !BASIC.includes(name),
        onChange: (v) => set({ [name]: v }),
      }),
    ]),
  );
  const basic = BASIC.map((name) => fields[name]);
  const notes = notesLine(Object.fromEntries(FIELDS.map(([name, label]) => [name, label])));
  const more = h(
    'details',
    { class: 'more-options' },
    h('summary', {}, 'More options'),
    h(
      'div',
      { class: 'more-fields' },
      FIELDS.filter(([name]) => !BASIC.includes(name)).map(([name]) => fields[name].root),
    ),
    extra,
  );
  const root = h('section', { class: 'controls', part: 'options', 'aria-label': 'Options' }, [
    h('div', { class: 'basic-options' }, ...basic.map((f) => f.root), helpGroup(basic, 'these options')),
    more,
    notes.root,
  ]);
  const trained = fields.weights.input.querySelector('option[value="trained"]');
  const stop = watch(
    store,
    ['options', 'trainedAvailable', 'trainedSource', 'result'],
    ({ options: o, trainedAvailable, trainedSource, result }) => {
      // an option the core used otherwise shows what it used, and why (cross-attention: no mask;
      // trained weights: their heads)
      showOptions(fields, o, result, (shown) => ({
        positionalWeight: { disabled: !shown.positional },
        seed: { hidden: shown.weights !== 'random' },
      }));
      notes.set(result);
      trained.disabled = !trainedAvailable;
      trained.textContent = trainedSource
        ? `trained in this page (${trainedSource.steps.toLocaleString('en-US')} steps, ${trainedSource.heads} heads)`
        : trainedAvailable
          ? 'trained (masked words)'
          : location.protocol === 'file:'
            ? 'trained (open the page over http to load it)'
            : 'trained (not built: npm run train)';
    },
  );
  return { root, destroy: stop };
}
