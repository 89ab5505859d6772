// One picture's analysis as JS sees it: the same step()/view()/dispose() as a text result, over
// the image mode's steps (the view, the patches' pixels, the token vectors … the blend), plus
// the patch grid and decoding a step in token space back to pixels.
import { SCHEMA } from './generated/schema.js';
import { StepResult } from './steps.js';

export const IMAGE_STEP_NAMES = Object.freeze(SCHEMA.imageSteps.filter((s) => !s.weight).map((s) => s.name));
// the steps whose rows are token vectors (n × imageTokenDims), which decode() turns into pixels
const TOKEN_STEPS = ['embeddings', 'positional', 'input', 'value', 'context', 'output'];

export class ImageResult extends StepResult {
  constructor(module, handle, { options, size }) {
    super(module, handle, SCHEMA.imageSteps);
    this.asked = options; // the options asked for
    this.options = handle.usedOptions(); // those the core used: trained weights bring their own
    this.notes = handle.notes(); // [{ option, note }]: why an option used differs from the one asked
    this.size = size; // { width, height } of the picture as given, before the 224 × 224 view
    this.grid = handle.grid(); // { patch, side, count }
  }

  // As a text result's focus(); head -1 gives the blend's weights (the mean of the heads, or
  // the blend head's).
  focus(head, row, top = 5) {
    if (head !== -1) return super.focus(head, row, top);
    return this.focusOf(-1, row, top);
  }

  // A token-space step (embeddings, positional, input, value, context, output) decoded to each
  // patch's pixels: { rows: count, cols: patch·patch·3, data }, a JS-owned copy. The value,
  // context and output are vectors in the same space as the patches' token vectors, so they
  // decode as thumbnails (exactly so with identity weights).
  decode(name) {
    this.checkStep(name);
    if (!TOKEN_STEPS.includes(name))
      throw new TypeError(`attention-lens: step '${name}' is not in token space (${TOKEN_STEPS.join(', ')})`);
    const view = this.checked(this.handle.decode(name));
    return { rows: view.rows, cols: view.cols, data: new Float32Array(view.data) };
  }
}
