// The image mode's options, built from the core's image schema: patch size, heads, which head
// the picture shows and blends, √d_k, temperature, similarity, the 2-D positional encoding and
// its weight, the self mask and the weights.
import { IMAGE_OPTION_SPECS } from '../../../lib/options.js';
import { h } from '../../dom.js';
import { notesLine, optionField, showOptions } from '../../fields.js';
import { COSINE_SCALE } from '../../scaling-words.js';
import { watch } from '../../store.js';
import { patchCount, TOKEN_DIMS } from '../sizes.js';

const spec = (name) => IMAGE_OPTION_SPECS.find((s) => s.name === name);
const PATCHES = spec('patch').values; // the core's patch sizes, largest first
const [FIRST, ...SMALLER] = PATCHES;

// [option, label, short help, the select's words for its values, the slider's step]
const FIELDS = [
  [
    'patch',
    'Patch size',
    `Pixels per patch side: ${FIRST} px gives ${patchCount(FIRST)} patches, ` +
      `${SMALLER.map((p) => `${p} px ${patchCount(p)}`).join(', ')}.`,
    Object.fromEntries(PATCHES.map((p) => [p, `${p} px (${patchCount(p)})`])),
  ],
  [
    'heads',
    'Heads',
    `Each head compares its own slice of the ${TOKEN_DIMS} numbers of every patch (d_k = ${TOKEN_DIMS} / heads).`,
  ],
  ['scale', 'Scale', `Dot products are divided by √d_k; cosines are multiplied by ${COSINE_SCALE}.`],
  ['temperature', 'Temperature', 'Divides the scores before the softmax: low is sharp, high is even.'],
  [
    'similarity',
    'Similarity',
    'How a query patch and a key patch are compared.',
    { dot: 'dot product', cosine: 'cosine' },
  ],
  [
    'positional',
    'Position (2-D)',
    'Adds sine and cosine waves of each patch’s row and column: near patches then match more.',
  ],
  ['positionalWeight', 'Position weight', 'How much the position counts against the look of the patch.', {}, 0.5],
  [
    'mask',
    'Mask',
    'Self: a patch may not attend to itself (else it is its own best match).',
    { none: 'none', self: 'self: not the patch itself' },
  ],
  [
    'weights',
    'Weights',
    'W_Q, W_K, W_V, W_O: identity (pure look-alike search), random (as before training), or trained here.',
    { identity: 'identity: look-alikes', random: 'random (Xavier)', trained: 'trained here' },
  ],
  ['seed', 'Seed', 'The seed of the random weights.'],
];

export function imageControlsView(store) {
  const set = (patch) => store.set({ imageOptions: { ...store.get().imageOptions, ...patch } });
  // a new head count starts from the mean of its heads (trained weights bring the options they
  // were trained with: the core applies them, imageResult.options and .notes say so)
  const change = { heads: (v) => set({ heads: v, blendHead: -1 }) };
  const fields = Object.fromEntries(
    FIELDS.map(([name, label, help, labels, step]) => [
      name,
      optionField(spec(name), { label, help, labels, step, onChange: change[name] ?? ((v) => set({ [name]: v })) }),
    ]),
  );
  // which head the picture shows and blends: one head, or the mean of all of them
  const blendHead = h('select', { onchange: () => set({ blendHead: Number(blendHead.value) }) });
  const blendField = h('div', { class: 'field' }, h('label', {}, 'Head shown', blendHead));
  const notes = notesLine(
    { ...Object.fromEntries(FIELDS.map(([name, label]) => [name, label])), blendHead: 'Head shown' },
    { blendHead: (v) => (v < 0 ? 'the mean' : `head ${v + 1}`) },
  );
  const root = h(
    'section',
    { class: 'image-controls', 'aria-label': 'Image options' },
    ...FIELDS.slice(0, 2).map(([name]) => fields[name].root),
    blendField,
    ...FIELDS.slice(2).map(([name]) => fields[name].root),
    notes.root,
  );
  const stop = watch(
    store,
    ['imageOptions', 'imageResult', 'trainedImagePreset', 'trainedImageSource'],
    ({ imageOptions: asked, imageResult, trainedImagePreset, trainedImageSource: source }) => {
      const o = showOptions(fields, asked, imageResult, (shown) => ({
        positionalWeight: { disabled: !shown.positional },
        seed: { hidden: shown.weights !== 'random' },
      }));
      notes.set(imageResult);
      const trained = fields.weights.input.querySelector('option[value="trained"]');
      trained.disabled = !trainedImagePreset && !source;
      trained.textContent = source
        ? `trained in this page (${source.steps.toLocaleString('en-US')} steps, ${source.heads} heads, patch ${source.patch})`
        : trainedImagePreset
          ? 'trained here (learned non-local means)'
          : 'trained (not available)';
      const options = [['-1', o.heads === 1 ? 'the head' : 'the mean of the heads']];
      for (let k = 0; k < o.heads && o.heads > 1; k++) options.push([String(k), `head ${k + 1}`]);
      if (blendHead.options.length !== options.length) {
        blendHead.replaceChildren(...options.map(([v, t]) => h('option', { value: v }, t)));
      }
      blendHead.value = String(o.blendHead);
      blendField.hidden = o.heads === 1;
    },
  );
  return { root, destroy: stop };
}
