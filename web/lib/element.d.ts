// Types of attention-lens/element (hand-written; checked by `tsc` in npm test and by the
// package's consumer tests): importing it defines <attention-lens>.
import type { AnalyzeOptions, ImageAnalyzeOptions, OptionAttributeName } from './generated/schema.js';
import type { AttentionResult, ImageResult } from './index.js';

/**
 * The attributes <attention-lens> reads. Each option of the analysis is an attribute by its
 * flag (heads, positional-weight, …; OptionAttributeName, from the core's schema), the text
 * mode's or, with mode="image", the image mode's; a bad value keeps the default and warns.
 */
export type AttentionLensAttributeName =
  /** The text (default: the seed sentence). */
  | 'sentence'
  /** A text to search: cross-attention, its words are the keys. */
  | 'document'
  /** 'text' (default) or 'image'. */
  | 'mode'
  /** Image mode: a built-in photo (chelsea, coffee, astronaut, rocket). */
  | 'picture'
  /** Image mode: the URL of a picture (same origin, or served with CORS). */
  | 'src'
  /** Only some parts: 'filter', 'filter search' (default: all). */
  | 'view'
  /** Present: hides the step-by-step pipeline, the explanations and most options. */
  | 'compact'
  /** Present: keeps the view in the page's URL. */
  | 'url-state'
  /** 'eager': start at once; by default an element starts when it nears the window (800 px). */
  | 'loading'
  /** 'light', 'dark' or 'auto' (default: dark where the host page is dark or prefers it). */
  | 'theme'
  /** The URL of the folder that holds the package's files (wasm/, embeddings/, …), for the page: read from the first element connected. */
  | 'base-url'
  | OptionAttributeName;

/** Attributes as markup (or a framework's JSX) sets them: strings; present-or-absent ones as ''. */
export type AttentionLensAttributes = {
  [name in AttentionLensAttributeName]?: string;
};

/** What the element shows (its store's state): read it, never change it. */
export interface AttentionLensState {
  mode: 'text' | 'image';
  /** The sentence analyzed. */
  text: string;
  /** The cross-attention document ('' for self-attention). */
  document: string;
  options: Required<AnalyzeOptions>;
  imageOptions: Required<ImageAnalyzeOptions>;
  /** The query word's index, the head shown, and the image mode's query patch. */
  query: number;
  head: number;
  patch: number;
  /** The text analysis shown, once there is one (owned by the element: do not dispose of it). */
  result: AttentionResult | null;
  /** The picture's analysis shown, in image mode. */
  imageResult: ImageResult | null;
  /** Why the text could not be analyzed, or null. */
  error: string | null;
  /** Why the picture could not be analyzed, or null. */
  imageError: string | null;
  /** Why the wasm module or the word vectors did not load, or null. */
  loadError: string | null;
  [key: string]: unknown;
}

/** <attention-lens sentence="…" heads="2" compact>: the whole demo as one custom element. */
export declare class AttentionLensElement extends HTMLElement {
  /** The attributes whose changes it follows: sentence, document, mode and the options'. */
  static readonly observedAttributes: AttentionLensAttributeName[];
  /** For scripts and tests: the current state (undefined while the element is not connected). */
  get state(): AttentionLensState | undefined;
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void;
}

/** Sent after the element has rendered a new result. */
export type AttentionLensRenderEvent = CustomEvent<{
  /** From the input that caused it to this render (null when no input did). */
  inputToPaintMs: number | null;
  computeMs: number;
  /** The text result's token count (0 before there is one). */
  tokens: number;
  mode: 'text' | 'image';
}>;

declare global {
  interface HTMLElementTagNameMap {
    'attention-lens': AttentionLensElement;
  }
  interface HTMLElementEventMap {
    'attention-lens-render': AttentionLensRenderEvent;
  }
}
