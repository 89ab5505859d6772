// The pipeline, step by step: each stage a small labelled matrix with its shape, collapsible.
import { SIGNED_COLORS, WEIGHT_COLORS, maxAbs } from '../colors.js';
import { h } from '../dom.js';
import { paintMatrix } from '../draw.js';
import { watch } from '../store.js';

// [step, title, formula, what it is, per head?, the weight matrix drawn beside it]
const STAGES = [
  [
    'embeddings',
    '2. Word embeddings',
    'X₀',
    'Each token’s GloVe vector: 100 numbers learned from how words co-occur. Unknown tokens get zeros.',
  ],
  [
    'positional',
    '3. Positional encoding',
    'PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(…)',
    'Sine and cosine waves of falling frequency, one row per position: without them attention cannot tell word order.',
  ],
  ['input', '4. Input to the layer', 'X = X₀ + α·PE', 'The embeddings plus the (weighted) positional encoding.'],
  [
    'query',
    '5. Queries',
    'Q = X·W_Q',
    'What each word is looking for. With heads, each head uses its own d_k columns.',
    true,
    'wq',
  ],
  ['key', '5. Keys', 'K = X·W_K', 'What each word offers to be found by.', true, 'wk'],
  ['value', '5. Values', 'V = X·W_V', 'What each word hands over when it is found.', true, 'wv'],
  ['scores', '6. Scores', 'S = Q·Kᵀ', 'How well each query matches each key (dot product or cosine).', true],
  [
    'scaled',
    '7. Scaled scores',
    'S / (√d_k · T)',
    'Divided by √d_k (and the temperature T) so that the softmax does not saturate.',
    true,
  ],
  [
    'weights',
    '8. Attention filter',
    'softmax(S / √d_k)',
    'Each row turned into weights between 0 and 1 that add up to 1.',
    true,
  ],
  [
    'context',
    '9. Weighted values',
    'context = weights · V',
    'Each word’s blend of the values, by its weights; heads side by side.',
    true,
  ],
  [
    'output',
    '10. Output layer',
    'output = context · W_O',
    'The heads’ results mixed back into 100 numbers per word by one more linear layer, W_O (drawn on the right).',
    false,
    'wo',
  ],
];

// The text mode's stages and how to read its state; the image mode passes its own.
const TEXT = {
  stages: STAGES,
  keys: ['result', 'head'],
  read: ({ result, head }) => ({ result, head, rows: result?.tokens.length ?? 0 }),
};

export function pipelineView(store, { stages: stageList, keys, read, className = 'pipeline' } = TEXT) {
  const root = h(
    'section',
    { class: className, 'aria-label': 'The pipeline, step by step' },
    h('h2', {}, 'Step by step'),
  );
  const stages = stageList.map(([step, title, formula, text, perHead, weightName]) => {
    const canvas = h('canvas', { role: 'img' });
    const weight = weightName ? h('canvas', { role: 'img', class: 'weight-matrix' }) : null;
    const shape = h('span', { class: 'shape' });
    const details = h(
      'details',
      { class: 'stage', open: true, 'data-step': step },
      h('summary', {}, h('span', { class: 'stage-title' }, title), ' ', h('code', {}, formula), ' ', shape),
      h('p', {}, text),
      h('div', { class: 'stage-matrices' }, canvas, weight),
    );
    root.append(details);
    return { step, perHead, canvas, shape, details, title, weight, weightName };
  });

  function render(state) {
    const { result, head, rows: n } = read(state);
    root.hidden = !n;
    if (!n) return;
    for (const s of stages) {
      if (!s.details.open) continue;
      const m = s.perHead ? result.view(s.step, head) : result.view(s.step); // painted at once
      const isWeights = s.step === 'weights';
      const square = ['scores', 'scaled', 'weights'].includes(s.step); // query × key matrices
      const extent = maxAbs(m.data);
      const cell = Math.max(1, Math.min(square ? 14 : 6, 320 / Math.max(m.cols, 1)));
      const rowHeight = square ? cell : Math.max(1, Math.min(12, 320 / Math.max(m.rows, 1)));
      const height = Math.max(4, m.rows * rowHeight);
      paintMatrix(
        s.canvas,
        m,
        isWeights ? WEIGHT_COLORS : SIGNED_COLORS,
        isWeights ? 0 : -extent,
        isWeights ? 1 : extent,
        { width: cell * m.cols, height, mask: isWeights ? result.options.mask : 'none' },
      );
      const headNote = s.perHead && result.heads > 1 ? ` (head ${head + 1} of ${result.heads})` : '';
      s.shape.textContent = `${m.rows} × ${m.cols}${headNote}`;
      s.canvas.setAttribute(
        'aria-label',
        `${s.title}: a ${m.rows} by ${m.cols} matrix${headNote}, values from ${(-extent).toFixed(2)} to ${extent.toFixed(2)}`,
      );
      if (s.weight) {
        const w = result.view(s.weightName),
          wExtent = maxAbs(w.data);
        paintMatrix(s.weight, w, SIGNED_COLORS, -wExtent, wExtent, { width: 150, height: 150 });
        s.weight.setAttribute(
          'aria-label',
          `${s.weightName.toUpperCase().replace('W', 'W_')}: the ${w.rows} by ${w.cols} weight matrix (${result.options.weights})`,
        );
        s.weight.title = `W_${s.weightName[1].toUpperCase()} (${w.rows} × ${w.cols}, ${result.options.weights} weights)`;
      }
    }
  }
  const stop = watch(store, keys, render);
  // closed stages are not painted; one opened later is painted then
  root.addEventListener(
    'toggle',
    (e) => {
      if (e.target.open) render(store.get());
    },
    true,
  );
  return { root, destroy: stop };
}
