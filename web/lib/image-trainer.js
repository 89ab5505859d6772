// Training the image layer in JS's hands: a thin owner of the C++ image trainer
// (lens.createImageTrainer()): restoring noisy patches, from identity weights by default.
// Objects and arrays returned are JS-owned copies.
import { checkImage } from './image-check.js';

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
    const error = this.#module.takeError();
    if (error) throw new Error(`attention-lens: ${error}`);
    return value;
  }

  // A picture ({ width, height, data }: RGBA bytes as in ImageData) to train on (its view, and
  // with augment mirrored views and crops), or with { heldOut: true } one to score on only.
  addPicture(image, { heldOut = false } = {}) {
    this.#check();
    const { width, height, data } = checkImage(image);
    const M = this.#module;
    const ptr = M._malloc(Math.max(data.length, 1));
    try {
      M.HEAPU8.set(data, ptr); // HEAPU8 is re-read: malloc may have grown memory
      this.#live().addPicture(ptr, data.length, width, height, heldOut);
    } finally {
      M._free(ptr);
    }
    this.#check();
  }
  // Runs count mini-batches (forward, backward, Adam); returns their mean loss (the mean squared
  // error in token space against the clean patches).
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
  // Held-out scores of the current weights: { pictures, loss, psnr, pixelMse, filterTimesVPsnr }
  // over every held-out picture's noisy copies (the same copies for every seed).
  evaluate() {
    return this.#check(this.#live().evaluate());
  }
  // The same scores for what training should beat: { identity, random, noisyInput, meanPatch, clean }.
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
