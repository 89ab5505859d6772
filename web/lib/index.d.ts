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
import type { AttentionResult } from './types/result.js';
import type { RgbaImage, ImageResult } from './types/image.js';
import type { Trainer, ImageTrainer } from './types/train.js';
export type * from './types/result.js';
export type * from './types/image.js';
export type * from './types/train.js';

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
export const STEP_NAMES: readonly StepName[];
export const IMAGE_STEP_NAMES: readonly ImageStepName[];
/** Fills in the defaults; throws a TypeError naming the first bad option. */
export function normalizeOptions(options?: AnalyzeOptions): Required<AnalyzeOptions>;
export function normalizeImageOptions(options?: ImageAnalyzeOptions): Required<ImageAnalyzeOptions>;
/** Whether this engine validates WebAssembly SIMD128. */
export function supportsSimd(): boolean;

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
  /**
   * Self-attention on text. Async: rare words' embeddings shards are fetched on demand. With
   * `{ wait: false }` a text whose files are not all in is analysed at once with those that are
   * (the other words as if unknown); `result.pending` resolves when they have come.
   */
  analyze(text: string, options?: AnalyzeOptions, how?: { wait?: boolean }): Promise<AttentionResult>;
  /** Cross-attention: queries from queryText, keys and values from documentText; no mask (result.notes says so). */
  crossAnalyze(
    queryText: string,
    documentText: string,
    options?: AnalyzeOptions,
    how?: { wait?: boolean },
  ): Promise<AttentionResult>;
  /** Loads the whole core vocabulary (once; at low fetch priority). Rejects when it cannot. */
  loadVocabulary(onProgress?: (loaded: number, total: number) => void): Promise<void>;
  /** Whether the whole core vocabulary is loaded (nearestWords needs it). */
  readonly vocabularyReady: boolean;
  /** The embeddings files fetched or being fetched so far, by name ('core-042.bin', …). */
  readonly loadedFiles: string[];
  /**
   * The k vocabulary words nearest to a 100-d vector by cosine, most similar first (needs the
   * vocabulary), in the word space of sharedDirection ('removed' by default: the vectors without
   * the shared direction; pass result.options.sharedDirection to decode an analysis' answer).
   */
  nearestWords(vector: Float32Array | number[], k?: number, sharedDirection?: 'removed' | 'kept'): Neighbor[];
  /**
   * The sinusoidal positional encoding of n positions (1 to 8,192) at the vectors' width, as the
   * core computes it: n × 100, row-major. Throws before any embeddings file is loaded.
   */
  positionalEncoding(n: number): { rows: number; cols: number; data: Float32Array };
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
   * 'eager' (the default): the whole core vocabulary (core.bin, 2.3 MB) loads before the lens is
   * returned. 'later': it loads only on lens.loadVocabulary(); until then each analysis fetches
   * its own words' small files (a few kB each) and nearestWords throws.
   */
  vocabulary?: 'eager' | 'later';
}

/** Loads the WebAssembly module and (unless vocabulary is 'later') the core GloVe embeddings (about 2.3 MB). */
export function createAttentionLens(options?: CreateOptions): Promise<AttentionLens>;
