// attention-lens: self-attention computed for real on any text, in WebAssembly.
export { createAttentionLens } from './create-lens.js';
export { IMAGE_STEP_NAMES } from './image-result.js';
export {
  DEFAULT_IMAGE_OPTIONS,
  DEFAULT_OPTIONS,
  HEAD_COUNTS,
  IMAGE_HEAD_COUNTS,
  IMAGE_OPTION_SPECS,
  IMAGE_TRAINING_DEFAULTS,
  OPTION_SPECS,
  PATCH_SIZES,
  TRAINING_DEFAULTS,
  normalizeImageOptions,
  normalizeOptions,
} from './options.js';
export { STEP_NAMES } from './result.js';
export { supportsSimd } from './loader.js';
