// Types of the attention-lens JavaScript API (hand-written; checked by `tsc` in npm test).

/** The analysis options; every field is optional and defaults to DEFAULT_OPTIONS. */
export interface AnalyzeOptions {
  /** Attention heads: one of HEAD_COUNTS (the divisors of 100). d_k = 100 / heads. */
  heads?: 1 | 2 | 4 | 5 | 10 | 20 | 25 | 50 | 100;
  /** Add the sinusoidal positional encoding of "Attention Is All You Need". */
  positional?: boolean;
  /** X = embeddings + positionalWeight · PE, from 0 to 10. */
  positionalWeight?: number;
  /** Divide the scores by √d_k. */
  scale?: boolean;
  /** Divide the scores by the temperature too, from 1e-6 to 1e6. */
  temperature?: number;
  /** 'dot' (the paper's scaled dot product) or 'cosine' similarity of query and key. */
  similarity?: 'dot' | 'cosine';
  /** 'causal': a word attends only to itself and earlier words (self-attention only). */
  mask?: 'none' | 'causal';
  /** W_Q, W_K, W_V, W_O: identity, seeded Xavier-uniform random, or trained (see setTrainedWeights). */
  weights?: 'identity' | 'random' | 'trained';
  /** Seed of the random weights, a whole number from 0 to 2^32 - 1. */
  seed?: number;
  /** At most this many tokens are analyzed (1 to 8192); longer texts are cut and say so. */
  maxTokens?: number;
  /** "What if this word were hidden?": the token whose embedding is zeroed (-1: none). */
  maskedToken?: number;
}

export const DEFAULT_OPTIONS: Readonly<Required<AnalyzeOptions>>;
export const HEAD_COUNTS: readonly number[];
/** Fills in the defaults; throws a TypeError naming the first bad option. */
export function normalizeOptions(options?: AnalyzeOptions): Required<AnalyzeOptions>;
/** Whether this engine validates WebAssembly SIMD128. */
export function supportsSimd(): boolean;

export type StepName = 'embeddings' | 'positional' | 'input' | 'query' | 'key' | 'value' |
  'scores' | 'scaled' | 'weights' | 'context' | 'output';
/** Steps of the document side in cross-attention. */
export type DocumentStepName = 'documentEmbeddings' | 'documentPositional' | 'documentInput';
/** The layer's weight matrices W_Q, W_K, W_V, W_O (d_model × d_model), through step() and view(). */
export type WeightName = 'wq' | 'wk' | 'wv' | 'wo';

export interface CellTrace {
  q: Float32Array; k: Float32Array; products: Float32Array;
  dot: number; cosine: boolean; queryNorm: number; keyNorm: number;
  score: number; divisor: number; scaled: number;
  masked: boolean; rowMax: number; expValue: number; rowSum: number; weight: number;
  value: Float32Array; weightedValue: Float32Array; context: Float32Array;
  contextAll: Float32Array; output: Float32Array;
}

export interface ScalingStudy {
  spreadRaw: Float32Array; spreadScaled: Float32Array;
  maxRaw: Float32Array; maxScaled: Float32Array;
  entropyRaw: Float32Array; entropyScaled: Float32Array;
}
export const STEP_NAMES: readonly StepName[];

export interface Token {
  /** The token as typed: text.slice(start, end). */
  text: string;
  /** UTF-16 offsets into the analyzed text (JavaScript string indices). */
  start: number;
  end: number;
  kind: 'word' | 'number' | 'punctuation' | 'symbol' | 'emoji' | 'ideograph';
  /** Whether the word has a GloVe vector; unknown words get the zero vector. */
  known: boolean;
  status: 'known' | 'not-in-vocabulary' | 'shard-not-loaded';
  /** Frequency rank in the GloVe vocabulary (0 = "the"), or null when unknown. */
  rank: number | null;
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

export interface AttentionResult {
  readonly options: Required<AnalyzeOptions>;
  /** Problems that did not stop the analysis, e.g. a shard of rare words that failed to load. */
  readonly warnings: string[];
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
  /** The arithmetic behind weight (i, j) of a head, computed by the core. */
  traceCell(head: number, i: number, j: number): CellTrace;
  /** Per-row spread, largest weight and entropy with and without ÷√d_k, at dK dimensions. */
  scalingStudy(dK: number, options?: { seed?: number; temperature?: number }): ScalingStudy;
  /**
   * The same as step() without a copy, for painting large steps at once: data is a Float32Array
   * onto wasm memory, valid only until the next call into the lens (which may grow memory and
   * detach it) or dispose(). Never keep it. (Head column slices of query/key/value/context are
   * copies, as from step().)
   */
  view(name: StepName | DocumentStepName | WeightName, head?: number): Step;
  /** Frees the C++ memory behind the result. Steps already returned stay valid. */
  dispose(): void;
}

export interface Neighbor {
  word: string;
  /** Cosine similarity, from -1 to 1. */
  similarity: number;
  rank: number;
}

export interface LoadProgress {
  phase: 'wasm' | 'embeddings';
  loaded: number;
  /** Total bytes when the server says (0 when unknown). */
  total: number;
}

export interface MemoryStats {
  memoryBytes: number;
  heapTop: number;
  liveAnalyses: number;
  emvalHandles: number;
}

export interface AttentionLens {
  readonly info: { simd: boolean; kernels: string };
  /** Self-attention on text. Async: rare words' embeddings shards are fetched on demand. */
  analyze(text: string, options?: AnalyzeOptions): Promise<AttentionResult>;
  /** Cross-attention: queries from queryText, keys and values from documentText. */
  crossAnalyze(queryText: string, documentText: string, options?: AnalyzeOptions): Promise<AttentionResult>;
  /** The k vocabulary words nearest to a 100-d vector by cosine, most similar first. */
  nearestWords(vector: Float32Array | number[], k?: number): Neighbor[];
  /**
   * A trainer of the layer on a corpus (UTF-8, one sentence per line): masked-word prediction
   * (hide a word, make the output at its place point to its GloVe vector) with Adam, from seeded
   * random weights. Only words of the loaded embeddings count as known. The lens must outlive it.
   */
  createTrainer(corpus: Uint8Array, options?: { heads?: number; seed?: number; learningRate?: number; batch?: number }): Trainer;
  /** Loads trained weights ("ALWT" file) for options.weights = 'trained'. */
  setTrainedWeights(bytes: Uint8Array): void;
  /** Diagnostics: wasm memory, the heap's top, live results and Embind handles. */
  memoryStats(): MemoryStats;
  /** Frees the module's C++ state; the lens cannot be used afterwards. */
  dispose(): void;
}

export interface Trainer {
  /** Runs count mini-batches; returns their mean loss (1 − cosine). */
  steps(count?: number): number;
  readonly stepCount: number;
  readonly epochs: number;
  readonly trainSentences: number;
  readonly heldOutSentences: number;
  /** Held-out masked-word accuracy of the current weights. */
  evaluate(maxExamples?: number): { top1: number; top10: number; meanLoss: number; examples: number };
  /** The current weights as an "ALWT" file (for setTrainedWeights). */
  weightsFile(): Uint8Array;
  reset(seed: number): void;
  dispose(): void;
}

export interface CreateOptions {
  /** Where dist/ is served: wasm/ and embeddings/ live below it. Defaults to the package's dist/. */
  baseUrl?: string | URL;
  /** 'auto' picks the SIMD build when the engine supports it. */
  simd?: 'auto' | boolean;
  onProgress?: (progress: LoadProgress) => void;
  /** Load the build that can also train (lens.createTrainer); about 30 kB more. */
  trainer?: boolean;
}

/** Loads the WebAssembly module and the core GloVe embeddings (about 1.9 MB). */
export function createAttentionLens(options?: CreateOptions): Promise<AttentionLens>;
