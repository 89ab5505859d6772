// Training the layer in JS's hands: a thin owner of the C++ trainer (lens.createTrainer()).
// Arrays returned are JS-owned copies.
import { takeError } from './errors.js';

export class Trainer {
  #module;
  #handle;

  constructor(module, handle) {
    this.#module = module;
    this.#handle = handle;
  }

  #check(value) {
    if (!this.#handle) throw new Error('attention-lens: this trainer was disposed');
    const error = takeError(this.#module);
    if (error) throw error;
    return value;
  }

  // Runs count mini-batches (forward, backward, Adam); returns their mean loss (1 − cosine).
  steps(count = 1) {
    return this.#check(this.#handle.steps(count));
  }
  get stepCount() {
    return this.#handle.stepCount();
  }
  get epochs() {
    return this.#handle.epochs();
  }
  get trainSentences() {
    return this.#handle.trainSentences();
  }
  get heldOutSentences() {
    return this.#handle.heldOutSentences();
  }
  // The number of words a hidden word is ranked among (the core vocabulary).
  get vocabularySize() {
    return this.#handle.vocabularySize();
  }
  // Held-out masked-word accuracy of the current weights: { top1, top10, meanLoss, examples }.
  evaluate(maxExamples = 500) {
    return this.#check(this.#handle.evaluate(maxExamples));
  }
  // The current weights in the "ALWT" format, for lens.setTrainedWeights() or a file.
  weightsFile() {
    return new Uint8Array(this.#check(this.#handle.weightsFile()));
  }
  // Random weights again, and a new split and order, for this seed.
  reset(seed) {
    this.#check(this.#handle.reset(seed));
  }
  dispose() {
    this.#handle?.delete();
    this.#handle = null;
  }
}
