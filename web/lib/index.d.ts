// Types of the attention-lens JavaScript API (hand-written; checked by `tsc` in npm test).

import type {
  AnalyzeOptions,
  ImageAnalyzeOptions,
  ImageStepName,
  ImageTrainerOptions,
  DocumentStepName,
  LookupStatus,
  OptionSpec,
  StepName,
  TokenKind,
  TrainerOptions,
  WeightName,
} from './generated/schema.js';
export type {
  AnalyzeOptions,
  ImageAnalyzeOptions,
  ImageStepName,
  ImageTrainerOptions,
  DocumentStepName,
  LookupStatus,
  OptionSpec,
  StepName,
  TokenKind,
  TrainerOptions,
  WeightName,
};

/** The defaults of every option, from the core's options schema. */
export const DEFAULT_OPTIONS: Readonly<Required<AnalyzeOptions>>;
/** The defaults of lens.createTrainer()'s options. */
export const TRAINING_DEFAULTS: Readonly<Required<TrainerOptions>>;
/** The defaults of lens.createImageTrainer()'s options. */
export const IMAGE_TRAINING_DEFAULTS: Readonly<Required<ImageTrainerOptions>>;
/** The schema of every option: name, flag (attribute, CLI), type, default, range or values, help. */
export const OPTION_SPECS: readonly OptionSpec[];
export const HEAD_COUNTS: readonly number[];
/** The defaults of the image mode's options. */
export const DEFAULT_IMAGE_OPTIONS: Readonly<Required<ImageAnalyzeOptions>>;
export const IMAGE_OPTION_SPECS: readonly OptionSpec[];
/** The image mode's head counts: the divisors of its 48-number token vectors. */
export const IMAGE_HEAD_COUNTS: readonly number[];
/** Patch sizes in pixels of the 224 × 224 view: 32, 16, 8 (49, 196, 784 patches). */
export const PATCH_SIZES: readonly number[];
export const IMAGE_STEP_NAMES: readonly ImageStepName[];
/** Fills in the defaults; throws a TypeError naming the first bad option. */
export function normalizeOptions(options?: AnalyzeOptions): Required<AnalyzeOptions>;
export function normalizeImageOptions(options?: ImageAnalyzeOptions): Required<ImageAnalyzeOptions>;
/** Whether query i may not see key j under a mask ('none', 'causal', 'self'). */
export function isMasked(mask: string, i: number, j: number): boolean;
/** Whether this engine validates WebAssembly SIMD128. */
export function supportsSimd(): boolean;

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
export const STEP_NAMES: readonly StepName[];

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
  note: string;
}

export interface AttentionResult {
  /** The options the core used: those asked, as its rules make them (see notes). */
  readonly options: Required<AnalyzeOptions>;
  /** The options asked for, with their defaults filled in. */
  readonly asked: Required<AnalyzeOptions>;
  /** Why an option used differs from the one asked; cross-attention always says its mask is none. */
  readonly notes: OptionNote[];
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
  /**
   * What query's answer is about, in word space: each head's weights over the keys' GloVe
   * vectors, without the positional encoding (decode it with lens.nearestWords).
   */
  answerMeaning(query: number): Float32Array;
  /**
   * How concentrated query row's weights in a head are, computed by the core. Throws a
   * RangeError for a head, row or top that is not a whole number in range (NaN included).
   */
  focus(head: number, row: number, top?: number): Focus;
  /** What a head does over all its rows, computed by the core. Self-attention only. */
  headSummary(head?: number): HeadSummary;
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

/** A picture as ImageData holds it: RGBA bytes, width × height × 4. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export interface ImageResult {
  readonly options: Required<ImageAnalyzeOptions>;
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
  /** A token-space step (embeddings, positional, input, value, context, output) as each patch's pixels. */
  decode(name: 'embeddings' | 'positional' | 'input' | 'value' | 'context' | 'output'): Step;
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

/**
 * Every method that copies bytes or text into wasm memory (analyze, crossAnalyze, analyzeImage,
 * nearestWords, createTrainer, the set…() loaders, a trainer's addPicture and evaluate) throws a
 * RangeError ("wasm memory is full (… of at most 2048 MB): …") when the memory is at its limit;
 * nothing is written, and the lens works again once results are disposed.
 */
export interface AttentionLens {
  readonly info: { simd: boolean; kernels: string };
  /** Self-attention on text. Async: rare words' embeddings shards are fetched on demand. */
  analyze(text: string, options?: AnalyzeOptions): Promise<AttentionResult>;
  /** Cross-attention: queries from queryText, keys and values from documentText; no mask (result.notes says so). */
  crossAnalyze(queryText: string, documentText: string, options?: AnalyzeOptions): Promise<AttentionResult>;
  /** Loads the whole core vocabulary (once; at low fetch priority). Rejects when it cannot. */
  loadVocabulary(onProgress?: (loaded: number, total: number) => void): Promise<void>;
  /** Whether the whole core vocabulary is loaded (nearestWords needs it). */
  readonly vocabularyReady: boolean;
  /** The embeddings files fetched or being fetched so far, by name ('core-042.bin', …). */
  readonly loadedFiles: string[];
  /** The k vocabulary words nearest to a 100-d vector by cosine, most similar first (needs the vocabulary). */
  nearestWords(vector: Float32Array | number[], k?: number): Neighbor[];
  /**
   * A trainer of the layer on a corpus (UTF-8, one sentence per line): masked-word prediction
   * (hide a word, make the output at its place point to its GloVe vector) with Adam, from seeded
   * random weights. Only words of the loaded embeddings count as known. The lens must outlive it.
   */
  createTrainer(corpus: Uint8Array, options?: TrainerOptions): Trainer;
  /** Loads trained weights ("ALWT" file) for options.weights = 'trained'. */
  setTrainedWeights(bytes: Uint8Array): void;
  /** Loads the topic query's model ("ALTP" file) for result.topic(). */
  setTopicModel(bytes: Uint8Array): void;
  /** The topic model's classes (the topics, then "none"), or [] without one. */
  readonly topicLabels: string[];
  /**
   * Attention among the patches of a picture (RGBA bytes as in ImageData; decode large photos
   * at a reduced size first). Throws a TypeError for a malformed image, a size over the image
   * mode's limits (each side at most 16384 pixels, 2^26 pixels in all: checked before anything
   * is copied) or a bad option (one the core refuses too, e.g. blendHead, or 'trained' weights
   * with none loaded).
   */
  analyzeImage(image: RgbaImage, options?: ImageAnalyzeOptions): Promise<ImageResult>;
  /** Loads trained image-layer weights ("ALWT", d_model 48) for image options.weights = 'trained'. */
  setTrainedImageWeights(bytes: Uint8Array): void;
  /**
   * A trainer of the image layer as learned non-local means (filter × V of noisy pictures against
   * the clean ones), from identity weights by default.
   * It trains on options.synthetic seeded dead-leaves pictures and on the pictures given to
   * addPicture(); held-out pictures are only scored. Needs a lens created with { trainer: true }.
   */
  createImageTrainer(options?: ImageTrainerOptions): ImageTrainer;
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
  /** The number of words a hidden word is ranked among (the core vocabulary). */
  readonly vocabularySize: number;
  /** Held-out masked-word accuracy of the current weights. */
  evaluate(maxExamples?: number): { top1: number; top10: number; meanLoss: number; examples: number };
  /** The current weights as an "ALWT" file (for setTrainedWeights). */
  weightsFile(): Uint8Array;
  reset(seed: number): void;
  dispose(): void;
}

/**
 * Held-out scores of one predictor over the held-out pictures' noisy copies: its filter × V (the
 * mean of the heads' weights times the noisy pixels, as the page blends) against the clean pixels.
 */
export interface ImageEvaluation {
  /** Noisy pictures scored (held-out pictures × 2 noise draws; the same draws for every seed). */
  pictures: number;
  /** The objective: the mean squared error over every pixel value. */
  loss: number;
  /** The same as a peak signal-to-noise ratio, 10·log10(1 / loss), in dB. */
  psnr: number;
}

export interface ImageTrainer {
  /** A picture to train on, or with { heldOut: true } one that is only scored. */
  addPicture(image: RgbaImage, options?: { heldOut?: boolean }): void;
  /** Runs count mini-batches; returns their mean loss (filter × V's mean squared error). */
  steps(count?: number): number;
  readonly stepCount: number;
  readonly epochs: number;
  readonly trainingViews: number;
  readonly heldOutPictures: number;
  /** Held-out scores of the current weights, or of weights given as an "ALWT" file (e.g. the preset). */
  evaluate(weights?: Uint8Array): ImageEvaluation;
  /** The same scores for identity and random weights, the noisy input (weights I) and the mean patch (uniform). */
  baselines(): {
    identity: ImageEvaluation;
    random: ImageEvaluation;
    noisyInput: ImageEvaluation;
    meanPatch: ImageEvaluation;
  };
  /** The current weights as an "ALWT" file (for setTrainedImageWeights). */
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
  /** Load the build that can also train (lens.createTrainer, lens.createImageTrainer). */
  trainer?: boolean;
  /**
   * Load the topic query's model (weights/topic.bin, 19 kB) for result.topic(): 'auto' (the
   * default) where the files have it, true to fail without it, false not to load it.
   */
  topic?: 'auto' | boolean;
  /**
   * 'eager' (the default): the whole core vocabulary (core.bin, 1.9 MB) loads before the lens is
   * returned. 'later': it loads only on lens.loadVocabulary(); until then each analysis fetches
   * its own words' small files (a few kB each) and nearestWords throws.
   */
  vocabulary?: 'eager' | 'later';
}

/** Loads the WebAssembly module and (unless vocabulary is 'later') the core GloVe embeddings (about 1.9 MB). */
export function createAttentionLens(options?: CreateOptions): Promise<AttentionLens>;
