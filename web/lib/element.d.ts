// Types of attention-lens/element (hand-written; checked by `tsc` in npm test): importing it
// defines <attention-lens>.
import type { AnalyzeOptions } from './generated/schema.js';
import type { AttentionResult } from './index.js';

/** <attention-lens sentence="…" heads="2" compact>: the whole demo as one custom element. */
export interface AttentionLensElement extends HTMLElement {
  /** For scripts and tests: the element's current state (undefined while it is not connected). */
  readonly state:
    | {
        text: string;
        document: string;
        options: Required<AnalyzeOptions>;
        /** The analysis shown, once there is one. */
        result: AttentionResult | null;
        loadError: string | null;
        [key: string]: unknown;
      }
    | undefined;
}

/** Sent after the element has rendered a new result. */
export type AttentionLensRenderEvent = CustomEvent<{
  inputToPaintMs: number | null;
  computeMs: number;
  tokens: number;
}>;

declare global {
  interface HTMLElementTagNameMap {
    'attention-lens': AttentionLensElement;
  }
  interface HTMLElementEventMap {
    'attention-lens-render': AttentionLensRenderEvent;
  }
}
