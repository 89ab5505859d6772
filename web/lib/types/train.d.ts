// Types of the attention-lens JavaScript API: the trainers of the text and the image layer (hand-written; checked by `tsc` in npm test).

import type { RgbaImage } from './image.js';

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
