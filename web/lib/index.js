// attention-lens: self-attention computed for real on any text, in WebAssembly.
export { createAttentionLens } from './lens.js';
export { DEFAULT_OPTIONS, HEAD_COUNTS, OPTION_SPECS, TRAINING_DEFAULTS, normalizeOptions } from './options.js';
export { STEP_NAMES, isMasked } from './result.js';
export { supportsSimd } from './loader.js';
