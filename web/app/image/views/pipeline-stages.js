import { TOKEN_DIMS, VIEW_SIZE } from '../sizes.js';

// The image mode's steps for the step-by-step view (views/pipeline.js draws them):
// [step, title, formula, what it is, per head?, the weight matrix drawn beside it].
export const IMAGE_STAGES = [
  [
    'pixels',
    '1. Patches',
    'n × p·p·3',
    `The ${VIEW_SIZE} × ${VIEW_SIZE} view cut into patches: one row of pixels (R, G, B) per patch.`,
  ],
  [
    'embeddings',
    '2. Patch vectors',
    `E (n × ${TOKEN_DIMS})`,
    `Each patch as ${TOKEN_DIMS} numbers: a brightness and colour thumbnail, standardised over the picture, each value as a point on a circle (so every patch vector has the same length).`,
  ],
  [
    'positional',
    '3. 2-D positional encoding',
    'PE(row, col)',
    'Sines and cosines of the patch’s row (the first half of its numbers) and column (the second half); zeros when it is off.',
  ],
  ['input', '4. Input to the layer', 'X = E + w·PE', 'The patch vectors plus the weighted positional encoding.'],
  ['query', '5. Queries', 'Q = X·W_Q', 'What each patch is looking for.', true, 'wq'],
  ['key', '5. Keys', 'K = X·W_K', 'What each patch offers to be found by.', true, 'wk'],
  ['value', '5. Values', 'V = X·W_V', 'What each patch hands over (its pixels are blended above).', true, 'wv'],
  ['scores', '6. Scores', 'S = Q·Kᵀ', 'How well each query patch matches each key patch.', true],
  ['scaled', '7. Scaled scores', 'S / (√d_k · T)', 'Divided by √d_k (and the temperature T).', true],
  ['weights', '8. Attention filter', 'softmax(S / √d_k)', 'Each row: weights between 0 and 1 that add up to 1.', true],
  ['context', '9. Weighted values', 'context = weights · V', 'Each patch’s blend of the values.', true],
  ['output', '10. Output layer', 'output = context · W_O', 'Mixed once more by W_O.', false, 'wo'],
];

// How the step-by-step view reads the image mode's state: the head the picture shows (the
// first when it shows the mean of the heads).
export const IMAGE_PIPELINE = {
  stages: IMAGE_STAGES,
  keys: ['imageResult'],
  className: 'image-pipeline',
  tokens: false, // its first stage is the patches
  read: ({ imageResult: r }) => ({ result: r, head: Math.max(0, r?.options.blendHead ?? 0), rows: r?.grid.count ?? 0 }),
};
