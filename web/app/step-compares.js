// The word-space steps a reader can undo with one click on their own sentence (views/step-
// compare.js shows it; compute/explanations.js answers each ask): per stage of the pipeline, the
// option that undoes the step, its value with the step (the page's default) and without, and how
// each value is named.
import { DEFAULT_OPTIONS } from '../lib/options.js';

// Per stage of the pipeline: the option that undoes the step, its value with the step and
// without, and how each side is named. The page's defaults are the "with" values.
export const STEP_COMPARES = {
  centered: [
    {
      name: 'sharedCompare',
      option: 'sharedDirection',
      with: DEFAULT_OPTIONS.sharedDirection,
      without: 'kept',
      said: (v) => (v === 'kept' ? 'GloVe as it is' : 'the shared direction removed'),
    },
  ],
  input: [
    {
      name: 'scaleCompare',
      option: 'positionalWeight',
      with: DEFAULT_OPTIONS.positionalWeight,
      without: 1, // the positional encoding added as it is, as long as a word vector
      said: (v) => (v === DEFAULT_OPTIONS.positionalWeight ? 'positions ÷ √d_model' : `positions × ${v}`),
    },
    {
      name: 'positionCompare',
      option: 'positional',
      with: true,
      without: false,
      said: (v) => (v ? 'with positions' : 'no positions'),
    },
  ],
};
