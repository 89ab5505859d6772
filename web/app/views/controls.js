// The options: heads, √d_k scaling, temperature, positional encoding, similarity, the mask
// and where the weights come from.
import { HEAD_COUNTS, OPTION_SPECS } from '../../lib/options.js';
import { h, uniqueId } from '../dom.js';
import { MASK_LABELS } from '../masks.js';
import { watch } from '../store.js';

// temperature slider: 10^(t/10) for t in [-13, 13], i.e. 0.05 to 20
const toTemperature = (t) => Number((10 ** (t / 10)).toPrecision(2));
const fromTemperature = (x) => Math.round(10 * Math.log10(x));

export function controlsView(store) {
  const setOption = (patch) => store.set({ options: { ...store.get().options, ...patch } });
  const field = (labelText, input, extra) => {
    input.id ||= uniqueId('opt');
    return h('div', { class: 'field' }, h('label', { for: input.id }, labelText), input, extra);
  };
  const heads = h(
    'select',
    { onchange: () => setOption({ heads: Number(heads.value) }) },
    HEAD_COUNTS.map((n) => h('option', { value: n }, String(n))),
  );
  const scale = h('input', { type: 'checkbox', onchange: () => setOption({ scale: scale.checked }) });
  const temperature = h('input', {
    type: 'range',
    min: -13,
    max: 13,
    step: 1,
    oninput: () => setOption({ temperature: toTemperature(Number(temperature.value)) }),
  });
  const temperatureOut = h('output');
  const positional = h('input', { type: 'checkbox', onchange: () => setOption({ positional: positional.checked }) });
  const positionalWeight = h('input', {
    type: 'range',
    min: 0,
    max: 3,
    step: 0.25,
    oninput: () => setOption({ positionalWeight: Number(positionalWeight.value) }),
  });
  const pwOut = h('output');
  const similarity = h(
    'select',
    { onchange: () => setOption({ similarity: similarity.value }) },
    h('option', { value: 'dot' }, 'dot product (the paper)'),
    h('option', { value: 'cosine' }, 'cosine'),
  );
  const mask = h(
    'select',
    { onchange: () => setOption({ mask: mask.value }) },
    OPTION_SPECS.find((s) => s.name === 'mask').choices.map((m) => h('option', { value: m }, MASK_LABELS[m] ?? m)),
  );
  const trained = h('option', { value: 'trained', disabled: true }, 'trained (not available)');
  // the trained preset was trained with a number of heads: choosing it sets them
  const weights = h(
    'select',
    {
      onchange: () =>
        setOption(
          weights.value === 'trained'
            ? { weights: 'trained', heads: store.get().trainedHeads ?? store.get().options.heads }
            : { weights: weights.value },
        ),
    },
    h('option', { value: 'identity' }, 'identity: pure word similarity'),
    h('option', { value: 'random' }, 'random (Xavier), as before training'),
    trained,
  );
  const seed = h('input', {
    type: 'number',
    min: 0,
    max: 4294967295,
    step: 1,
    inputmode: 'numeric',
    onchange: () => {
      const v = Number(seed.value);
      if (Number.isInteger(v) && v >= 0 && v < 2 ** 32) setOption({ seed: v });
      else seed.value = String(store.get().options.seed);
    },
  });
  const seedField = field('Seed', seed);

  const root = h(
    'section',
    { class: 'controls', 'aria-label': 'Options' },
    field('Heads', heads),
    field('Scale by √dₖ', scale),
    field('Temperature', temperature, temperatureOut),
    field('Positional encoding', positional),
    field('Positional weight', positionalWeight, pwOut),
    field('Similarity', similarity),
    field('Mask', mask),
    field('Weights', weights),
    seedField,
  );

  const stop = watch(
    store,
    ['options', 'trainedAvailable', 'document'],
    ({ options: o, trainedAvailable, document }) => {
      heads.value = String(o.heads);
      scale.checked = o.scale;
      temperature.value = String(fromTemperature(o.temperature));
      temperatureOut.textContent = String(o.temperature);
      positional.checked = o.positional;
      positionalWeight.value = String(o.positionalWeight);
      positionalWeight.disabled = !o.positional;
      pwOut.textContent = String(o.positionalWeight);
      similarity.value = o.similarity;
      mask.value = document.trim() ? 'none' : o.mask;
      // in cross-attention query i and key i are words of two texts: no order, no "itself"
      mask.disabled = Boolean(document.trim());
      mask.title = mask.disabled ? 'Not with a document: queries and keys come from different texts' : '';
      trained.disabled = !trainedAvailable;
      trained.textContent = trainedAvailable
        ? `trained (masked words, ${store.get().trainedHeads} heads)`
        : 'trained (not available)';
      weights.value = o.weights;
      seed.value = String(o.seed);
      seedField.hidden = o.weights !== 'random';
    },
  );
  return { root, destroy: stop };
}
