// Types of the attention-lens JavaScript API: an analysis of a picture (hand-written; checked by `tsc` in npm test).

import type { ImageAnalyzeOptions, ImageStepName, WeightName } from '../generated/schema.js';
import type { Focus, OptionNote, Step } from './result.js';

/** A picture as ImageData holds it: RGBA bytes, width × height × 4. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export interface ImageResult {
  /** The options the core used: trained weights bring the heads, patch, positional switch, similarity, mask and temperature they were trained with (see notes). */
  readonly options: Required<ImageAnalyzeOptions>;
  /** The options asked for, with their defaults filled in. */
  readonly asked: Required<ImageAnalyzeOptions>;
  /** Why an option used differs from the one asked. */
  readonly notes: OptionNote[];
  /** The picture's size as given (the analysis runs on its 224 × 224 view). */
  readonly size: { width: number; height: number };
  /** The patch grid: patch side in pixels, patches per side, and their count (side²). */
  readonly grid: { patch: number; side: number; count: number };
  readonly heads: number;
  readonly dK: number;
  /**
   * One step, as Step: 'view', 'filtered' and 'difference' are 224 rows of 224 · 3 RGB values;
   * 'pixels' and 'blended' are count × patch·patch·3; the token-space steps count × 48; per-head
   * steps (scores, scaled, weights) count × count. JS-owned copies.
   */
  step(name: ImageStepName | WeightName, head?: number): Step;
  /** As step() without a copy (valid until the next call into the lens). */
  view(name: ImageStepName | WeightName, head?: number): Step;
  /** How concentrated query row's weights are (head -1: the blend's weights). */
  focus(head: number, row: number, top?: number): Focus;
  /**
   * Which keys the mask the core used hid from each query patch, as the core's table:
   * data[i * cols + j] is 1 when patch i may not see patch j (that weight is exactly 0).
   */
  maskTable(): { rows: number; cols: number; data: Uint8Array };
  /** Query patch i's row of maskTable(), computed by the core when first asked for. Throws a RangeError for a patch out of range. */
  maskRow(i: number): Uint8Array;
  /** Whether patch i may not see patch j under the mask the core used (maskRow()). */
  masked(i: number, j: number): boolean;
  /** A token-space step (embeddings, positional, input, value, context, output) as each patch's pixels. */
  decode(name: 'embeddings' | 'positional' | 'input' | 'value' | 'context' | 'output'): Step;
  dispose(): void;
}
