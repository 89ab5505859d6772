// Types of the attention-lens JavaScript API: an analysis of text, its tokens, steps and explanations (hand-written; checked by `tsc` in npm test).

import type {
  AnalyzeOptions,
  DocumentStepName,
  LookupStatus,
  StepName,
  TokenKind,
  WeightName,
} from '../generated/schema.js';

export interface CellTrace {
  q: Float32Array;
  k: Float32Array;
  products: Float32Array;
  dot: number;
  cosine: boolean;
  queryNorm: number;
  keyNorm: number;
  score: number;
  divisor: number;
  scaled: number;
  masked: boolean;
  rowMax: number;
  expValue: number;
  rowSum: number;
  weight: number;
  value: Float32Array;
  weightedValue: Float32Array;
  context: Float32Array;
  contextAll: Float32Array;
  output: Float32Array;
}

export interface ScalingStudy {
  spreadRaw: Float32Array;
  spreadScaled: Float32Array;
  maxRaw: Float32Array;
  maxScaled: Float32Array;
  entropyRaw: Float32Array;
  entropyScaled: Float32Array;
}

export interface Token {
  /** The token as typed: text.slice(start, end). */
  text: string;
  /** UTF-16 offsets into the analyzed text (JavaScript string indices). */
  start: number;
  end: number;
  kind: TokenKind;
  /** Whether the word has a GloVe vector; unknown words get the zero vector. */
  known: boolean;
  status: LookupStatus;
  /** Frequency rank in the GloVe vocabulary (0 = "the"), or null when unknown. */
  rank: number | null;
  /**
   * For a word the vectors lack that borrows another's ("I" takes the vector of "me", "a" of
   * "an", "7" of "seven"; status 'stand-in'): that word; otherwise null.
   */
  standIn: string | null;
}

/** A row-major matrix. */
export interface Step {
  rows: number;
  cols: number;
  /**
   * rows × cols values. Owned by JavaScript: a copy made once, in bulk, when the step is first
   * asked for; it stays valid after the result is disposed.
   */
  data: Float32Array;
}

/** Why an option the core used differs from the one asked (e.g. cross-attention uses no mask). */
export interface OptionNote {
  /** The option's name, as in AnalyzeOptions. */
  option: string;
  /** What was used and why, a sentence: 'mask none (cross-attention uses no mask, since …)'. */
  note: string;
  /** The why alone, the same words for every note of one rule (to say it once for all of them). */
  because: string;
}

export interface AttentionResult {
  /** The options the core used: those asked, as its rules make them: cross-attention uses no mask, trained weights their heads (see notes). */
  readonly options: Required<AnalyzeOptions>;
  /** The options asked for, with their defaults filled in. */
  readonly asked: Required<AnalyzeOptions>;
  /** Why an option used differs from the one asked; cross-attention always says its mask is none. */
  readonly notes: OptionNote[];
  /** Problems that did not stop the analysis, e.g. a shard of rare words that failed to load. */
  readonly warnings: string[];
  /**
   * Analysed with `{ wait: false }` before all its words' files were in: resolves when they have
   * come (true: analyse again for their vectors; false: none could be fetched, `warnings` says
   * why); null when nothing was missing.
   */
  readonly pending: Promise<boolean> | null;
  readonly cross: boolean;
  readonly heads: number;
  readonly dK: number;
  /** The analyzed tokens (the first maxTokens when truncated). */
  readonly tokens: Token[];
  readonly totalTokens: number;
  readonly truncated: boolean;
  /** The token whose embedding was zeroed (options.maskedToken), or -1. */
  readonly maskedToken: number;
  /** Cross-attention only: the document's tokens. */
  readonly documentTokens?: Token[];
  readonly documentTotalTokens?: number;
  readonly documentTruncated?: boolean;
  /**
   * One step. 'scores', 'scaled' and 'weights' are per head (head defaults to 0; rows = queries,
   * cols = keys). 'query', 'key', 'value' and 'context' give the whole n × 100 matrix, or with a
   * head that head's n × d_k columns. Throws for an unknown step or head, or after dispose().
   */
  step(name: StepName | DocumentStepName | WeightName, head?: number): Step;
  /**
   * What query's answer is about, in word space: each head's weights over the keys' word
   * vectors (without the shared direction unless options.sharedDirection is 'kept'), without the
   * positional encoding (decode it with lens.nearestWords(v, k, result.options.sharedDirection)).
   */
  answerMeaning(query: number): Float32Array;
  /**
   * How concentrated query row's weights in a head are, computed by the core. Throws a
   * RangeError for a head, row or top that is not a whole number in range (NaN included).
   */
  focus(head: number, row: number, top?: number): Focus;
  /** What a head does over all its rows, computed by the core. Self-attention only. */
  headSummary(head?: number): HeadSummary;
  /**
   * Which keys the mask the core used hid from each query, as the core's table: data[i * cols + j]
   * is 1 when query i may not see key j (that weight is exactly 0). A JS-owned copy, made once.
   */
  maskTable(): { rows: number; cols: number; data: Uint8Array };
  /** Query i's row of maskTable(), computed by the core when first asked for. Throws a RangeError for a query out of range. */
  maskRow(i: number): Uint8Array;
  /** Whether query i may not see key j under the mask the core used (maskRow()). */
  masked(i: number, j: number): boolean;
  /** The arithmetic behind weight (i, j) of a head, computed by the core. */
  traceCell(head: number, i: number, j: number): CellTrace;
  /** Per-row spread, largest weight and entropy with and without ÷√d_k, at dK dimensions. */
  scalingStudy(dK: number, options?: { seed?: number; temperature?: number }): ScalingStudy;
  /**
   * Each word's influence on the last position through a small seeded recurrent network and
   * through one attention step, computed by the core. Self-attention only (throws for a
   * cross-attention result).
   */
  recurrentInfluence(options?: { seed?: number }): RecurrentInfluence;
  /**
   * The same as step() without a copy, for painting large steps at once: data is a Float32Array
   * onto wasm memory, valid only until the next call into the lens (which may grow memory and
   * detach it) or dispose(). Never keep it. (Head column slices of query/key/value/context are
   * copies, as from step().)
   */
  view(name: StepName | DocumentStepName | WeightName, head?: number): Step;
  /**
   * What is this text about? The topic query's answer (the query text's, in cross-attention), or
   * null when the lens has no topic model (CreateOptions.topic).
   */
  topic(): TopicAnswer | null;
  /** Frees the C++ memory behind the result. Steps already returned stay valid. */
  dispose(): void;
}

/**
 * "What is this about?": one learned query searches the words (key k_i = tanh(x_i·W_K + b_K) of
 * each word's GloVe vector x_i; score q·k_i/√d_k; weights = softmax), the words' vectors are
 * blended by the weights, and a linear classifier reads the blend.
 */
export interface TopicAnswer {
  /** The topic, or null when the model is not sure (best below threshold, or "none" more probable). */
  label: string | null;
  /** The most probable topic (never "none"), named or not. */
  best: string;
  /** The least probability of a named topic. */
  threshold: number;
  /** log Σ exp(score): how well the best words matched the query (it lowers "none" as it rises). */
  match: number;
  /** The classes: the topics, then "none". */
  labels: string[];
  /** Every class's probability (the topics and "none"); they sum to 1. */
  scores: Record<string, number>;
  /** Per token: the query's attention weight (exactly 0 for a word without a vector or hidden). */
  weights: number[];
  /** Per token: its score q·k/√d_k, or null for a token that took no part. */
  wordScores: (number | null)[];
  /** The blend Σ weight · GloVe vector (100 numbers) that the classifier reads. */
  answer: Float32Array;
}

/**
 * Why attention. The recurrent network is h_t = tanh(W_h h_{t−1} + W_x x_t) over the layer's
 * input X; the attention is this result's own last row of weights.
 */
export interface RecurrentInfluence {
  /** Hidden units of the recurrent network. */
  hidden: number;
  /** W_h's largest singular value (< 1): each step back shrinks an influence by at most this. */
  radius: number;
  /** ‖∂h_n/∂x_j‖_F per word j: how far the last state moves per unit change of word j's input. */
  recurrent: Float64Array;
  /** recurrent divided by its sum (sums to 1). */
  recurrentShare: Float64Array;
  /** The last query row's weights, mean over the heads, as shares (sums to 1). */
  attentionShare: Float64Array;
  /** ⌊n/2⌋: how many words the first half holds. */
  firstHalf: number;
  /** The first half's share of the recurrent influence. */
  recurrentFirstHalf: number;
  /** The first half's share of the attention. */
  attentionFirstHalf: number;
}

/** Where a row's largest weight falls, relative to its query word. */
export type HeadHabit = 'itself' | 'previous' | 'next' | 'first' | 'last' | 'elsewhere';

export interface HeadSummary {
  rows: number;
  /** The rows' mean effective number of keys, exp(entropy): 1 for one-hot rows, n for uniform ones. */
  meanEffective: number;
  /** The rows' mean largest weight. */
  meanMax: number;
  /** The most common habit. */
  main: HeadHabit;
  /** The share of the rows of each habit (summing to 1). */
  habits: Record<HeadHabit, number>;
}

/** The effective number of keys, exp(entropy), and the share of the weight on the `top` largest. */
export interface Focus {
  effective: number;
  topShare: number;
  top: number;
}
