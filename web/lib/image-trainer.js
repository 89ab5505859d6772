// Training the image layer in JS's hands: a thin owner of the C++ image trainer
// (lens.createImageTrainer()): learned non-local means (filter × V of noisy pictures against the
// clean ones), from identity weights by default.
// Objects and arrays returned are JS-owned copies.
import { takeError } from './errors.js';
import { checkImage } from './image-check.js';
import { withBytes } from './with-bytes.js';

export class ImageTrainer {
  #module;
  #handle;

  constructor(module, handle) {
    this.#module = module;
    this.#handle = handle;
  }

  // the C++ trainer, or an Error once disposed
  #live() {
    if (!this.#handle) throw new Error('attention-lens: this image trainer was disposed');
    return this.#handle;
  }

  #check(value) {
    this.#live();
    const error = takeError(this.#module);
    if (error) throw error;
    return value;
  }

  // A picture ({ width, height, data }: RGBA bytes as in ImageData) to train on (its view, and
  // with augment mirrored views and crops), or with { heldOut: true } one to score on only.
  addPicture(image, { heldOut = false } = {}) {
    const { width, height, data } = checkImage(image);
    this.#withBytes(data, 'the picture', (ptr, n) => this.#live().addPicture(ptr, n, width, height, heldOut));
  }

  // use(ptr, length) with the bytes in wasm memory for the call; its result, checked
  #withBytes(bytes, what, use) {
    this.#check();
    return this.#check(withBytes(this.#module, bytes, use, what));
  }
  // Runs count mini-batches (forward, backward, Adam); returns their mean loss (filter × V's mean
  // squared error against the clean pixels).
  steps(count = 1) {
    return this.#check(this.#live().steps(count));
  }
  get stepCount() {
    return this.#live().stepCount();
  }
  get epochs() {
    return this.#live().epochs();
  }
  get trainingViews() {
    return this.#live().trainingViews();
  }
  get heldOutPictures() {
    return this.#live().heldOutPictures();
  }
  // Held-out scores of the current weights, or of weights given as an "ALWT" file (a Uint8Array:
  // the shipped preset, say): { pictures, loss, psnr }, filter × V's mean squared error and PSNR
  // over every held-out picture's noisy copies (the same copies for every seed), with this
  // trainer's options.
  evaluate(weights) {
    if (weights === undefined) return this.#check(this.#live().evaluate());
    if (!(weights instanceof Uint8Array)) throw new TypeError('attention-lens: weights must be a Uint8Array');
    return this.#withBytes(weights, 'the weights', (ptr, n) => this.#live().evaluateWeights(ptr, n));
  }
  // The same scores for what training should beat: { identity, random, noisyInput, meanPatch }.
  baselines() {
    return this.#check(this.#live().baselines());
  }
  // The current weights in the "ALWT" format, for lens.setTrainedImageWeights() or a file.
  weightsFile() {
    return new Uint8Array(this.#check(this.#live().weightsFile()));
  }
  // The starting weights again, a fresh Adam and a new example stream for this seed.
  reset(seed) {
    this.#check(this.#live().reset(seed));
  }
  dispose() {
    this.#handle?.delete();
    this.#handle = null;
  }
}
