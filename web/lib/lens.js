// A Lens: the wasm module's core session (the embeddings, the weights, the topic model) as JS
// sees it, fetching the embeddings files each text needs (word-files.js). Made by create-lens.js.
import { takeError } from './errors.js';
import { checkImage } from './image-check.js';
import { ImageResult } from './image-result.js';
import { ImageTrainer } from './image-trainer.js';
import {
  checkOption,
  DEFAULT_OPTIONS,
  findOption,
  normalizeImageOptions,
  normalizeImageTrainingOptions,
  normalizeOptions,
  normalizeTrainingOptions,
} from './options.js';
import { AttentionResult } from './result.js';
import { Trainer } from './trainer.js';
import { checkRoomForText, withBytes } from './with-bytes.js';
import { ROUNDS, WordFiles } from './word-files.js';

function checkText(name, text) {
  if (typeof text !== 'string') throw new TypeError(`attention-lens: ${name} must be a string, got ${typeof text}`);
}

export class Lens {
  #module;
  #lens;
  #files;
  #topicLabels = [];

  constructor(module, readAsset, simd) {
    this.#module = module;
    this.#lens = new module.Lens();
    this.#files = new WordFiles(readAsset, (bytes, name) => this.#lens && this.#addFile(bytes, name));
    this.info = { simd, kernels: module.kernelNames() };
  }

  #check() {
    if (!this.#lens) throw new Error('attention-lens: this lens was disposed');
    const error = takeError(this.#module);
    if (error) throw error;
  }

  // Copies bytes into wasm memory once, hands them to C++, frees them; a RangeError naming
  // `what` when wasm memory is full.
  #withBytes(bytes, what, use) {
    return withBytes(this.#module, bytes, use, what);
  }

  #addFile(bytes, name) {
    this.#withBytes(bytes, `the embeddings file ${name}`, (ptr, n) => this.#lens.addFile(ptr, n, name));
    this.#check();
  }

  // Fetches and adds the embeddings files that the texts' first maxTokens tokens need, in the
  // rounds the core gives (word-files.js); returns the warnings of shards that failed.
  async loadFiles(texts, maxTokens, onProgress) {
    const [text = '', document = ''] = texts.map((t) => t.toWellFormed());
    const warnings = [];
    for (let round = 0; round < ROUNDS; round++) {
      checkRoomForText(this.#module, [text, document]);
      const names = this.#lens.filesNeeded(text, document, maxTokens);
      this.#check();
      if (names.length === 0 || !(await this.#files.fetchRound(names, warnings, onProgress))) break;
    }
    return warnings;
  }

  // The core's analysis of texts (call(texts, waitForFiles) makes it): each round tokenizes once
  // and either analyses or names the files its words need, which are fetched before the next
  // (a keystroke whose words are in: one call). The last round analyses whatever came. With wait
  // false, a text whose files are not all in is analysed at once with those that are (the others'
  // words as if unknown), and pending is the promise of the next round's files: true when some
  // came, false when none did (a warning says why).
  async #analysed(texts, call, wait = true) {
    // lone surrogates become U+FFFD (same length, so offsets hold): Embind's UTF-8 encoder
    // would join a lone surrogate with the next code unit
    const wellFormed = texts.map((t) => t.toWellFormed());
    const warnings = [];
    for (let round = 0; ; round++) {
      this.#check();
      checkRoomForText(this.#module, texts);
      const handle = call(wellFormed, round < ROUNDS);
      this.#check();
      if (handle.analysed()) return { handle, warnings, pending: null };
      const names = handle.filesNeeded();
      handle.delete();
      if (!wait) {
        const pending = this.#files.fetchRound(names, warnings); // true: some came; false: none did
        const now = call(wellFormed, false);
        this.#check();
        return { handle: now, warnings, pending };
      }
      if (!(await this.#files.fetchRound(names, warnings))) round = ROUNDS - 1; // nothing new: analyse as it is
    }
  }

  // The whole core vocabulary, which the nearest-word search needs (word-files.js: once, at low
  // priority). Throws (the returned promise rejects) when it cannot be loaded.
  loadVocabulary(onProgress) {
    this.#check();
    return this.#files.vocabulary(onProgress);
  }

  // The embeddings files fetched (or being fetched) so far, by name.
  get loadedFiles() {
    return this.#files.names;
  }

  // Whether the whole core vocabulary is in (nearestWords needs it).
  get vocabularyReady() {
    return Boolean(this.#lens?.vocabularyReady());
  }

  // how: { wait } (default true): false analyses at once with the words whose files are in, and
  // result.pending resolves when the others' have come (analyse again then): true, or false when
  // none could be fetched.
  async analyze(text, options, { wait = true } = {}) {
    checkText('text', text);
    const o = normalizeOptions(options);
    const { handle, warnings, pending } = await this.#analysed(
      [text],
      ([t], w) => this.#module.analyze(this.#lens, t, o, w),
      wait,
    );
    return new AttentionResult(this.#module, handle, {
      text,
      options: o,
      warnings,
      pending,
      topicLabels: this.#topicLabels,
    });
  }

  async crossAnalyze(queryText, documentText, options, { wait = true } = {}) {
    checkText('queryText', queryText);
    checkText('documentText', documentText);
    // the core uses no mask in cross-attention (a mask is of one text): result.options and
    // result.notes say so
    const o = normalizeOptions(options);
    const { handle, warnings, pending } = await this.#analysed(
      [queryText, documentText],
      ([q, d], w) => this.#module.analyzeCross(this.#lens, q, d, o, w),
      wait,
    );
    return new AttentionResult(this.#module, handle, {
      text: queryText,
      documentText,
      options: o,
      warnings,
      pending,
      topicLabels: this.#topicLabels,
    });
  }

  // Attention among the patches of a picture: image = { width, height, data } with data the
  // RGBA bytes (width × height × 4, as in an ImageData). The core makes the 224 × 224 view
  // (centred square, area-averaged), so a browser should decode a large photo at a reduced
  // size first (createImageBitmap's resizeWidth) rather than pass 100s of MB.
  async analyzeImage(image, options) {
    const { width, height, data: bytes } = checkImage(image);
    const o = normalizeImageOptions(options);
    this.#check();
    const handle = this.#withBytes(bytes, 'the picture', (ptr, n) =>
      this.#module.analyzeImage(this.#lens, ptr, n, width, height, o),
    );
    this.#check();
    return new ImageResult(this.#module, handle, { options: o, size: { width, height } });
  }

  // Loads trained weights of the image layer ("ALWT", d_model 48) for image options.weights = 'trained'.
  setTrainedImageWeights(bytes) {
    this.#check();
    this.#withBytes(bytes, 'the trained image weights', (ptr, n) => this.#lens.setTrainedImageWeights(ptr, n));
    this.#check();
  }

  // The sinusoidal positional encoding of n positions at the vectors' width, computed by the core
  // (a figure of more positions than a text has: its waves show from about 50): { rows, cols, data }.
  positionalEncoding(n) {
    this.#check();
    if (!Number.isInteger(n)) throw new TypeError(`attention-lens: n must be a whole number, got ${n}`);
    const m = this.#lens.positionalEncoding(n);
    this.#check();
    return { rows: m.rows, cols: m.cols, data: new Float32Array(m.data) }; // copied before memory can grow
  }

  // The k vocabulary words nearest to vector by cosine: [{ word, similarity, rank }], in the word
  // space of sharedDirection ('removed': the vectors without the shared direction, as an analysis
  // takes them by default; pass result.options.sharedDirection to decode an analysis' answer).
  nearestWords(vector, k = 5, sharedDirection = DEFAULT_OPTIONS.sharedDirection) {
    this.#check();
    checkOption(findOption('sharedDirection'), sharedDirection);
    if (!(vector instanceof Float32Array) && !Array.isArray(vector))
      throw new TypeError('attention-lens: vector must be a Float32Array or an array of numbers');
    if (!Number.isInteger(k) || k < 1 || k > 1000)
      throw new RangeError(`attention-lens: k must be a whole number from 1 to 1000, got ${k}`);
    const floats = Float32Array.from(vector);
    const bytes = new Uint8Array(floats.buffer);
    const found = this.#withBytes(bytes, 'the vector', (ptr) => {
      const f = this.#lens.nearestWords(ptr, floats.length, k, sharedDirection === 'removed');
      // copy the views before anything else can grow wasm memory
      return f && { words: f.words, similarities: new Float32Array(f.similarities), ranks: new Int32Array(f.ranks) };
    });
    this.#check();
    return found.words.map((word, i) => ({ word, similarity: found.similarities[i], rank: found.ranks[i] }));
  }

  // Loads the topic query's model ("ALTP", src/core/topic/model.h) for result.topic().
  setTopicModel(bytes) {
    this.#check();
    this.#withBytes(bytes, 'the topic model', (ptr, n) => this.#lens.setTopicModel(ptr, n));
    this.#check();
    this.#topicLabels = this.#lens.topicLabels();
  }

  // The topic model's classes (the topics, then "none"), or [] without one.
  get topicLabels() {
    return this.#topicLabels.slice();
  }

  // Loads trained weights (the format of src/core/weights.h) for options.weights = 'trained'.
  setTrainedWeights(bytes) {
    this.#check();
    this.#withBytes(bytes, 'the trained weights', (ptr, n) => this.#lens.setTrainedWeights(ptr, n));
    this.#check();
  }

  // A trainer of the layer on corpus (UTF-8 bytes, one sentence per line): masked-word
  // prediction with Adam, from seeded random weights; options as TRAINING_DEFAULTS. The lens
  // must outlive it.
  createTrainer(corpus, options = {}) {
    this.#check();
    const M = this.#module;
    if (!M.createTrainer) throw new Error('attention-lens: this lens cannot train: create it with { trainer: true }');
    const o = normalizeTrainingOptions(options);
    const handle = this.#withBytes(corpus, 'the corpus', (ptr, n) => M.createTrainer(this.#lens, ptr, n, o));
    this.#check();
    return new Trainer(M, handle);
  }

  // A trainer of the image layer: learned non-local means (Gaussian noise of deviation
  // options.noise on every pixel value; the loss is filter × V's error against the clean pixels)
  // with Adam, from identity weights unless fromIdentity is false; options as
  // IMAGE_TRAINING_DEFAULTS (the similarity, mask and temperature are the picture mode's). It trains on options.synthetic seeded dead-leaves
  // pictures made in the core, plus the pictures given to its addPicture(); the held-out ones
  // (addPicture(image, { heldOut: true })) are only scored. Needs no embeddings.
  createImageTrainer(options = {}) {
    this.#check();
    const M = this.#module;
    if (!M.createImageTrainer)
      throw new Error('attention-lens: this lens cannot train: create it with { trainer: true }');
    const handle = M.createImageTrainer(normalizeImageTrainingOptions(options));
    this.#check();
    return new ImageTrainer(M, handle);
  }

  // Diagnostics: wasm memory size, the heap's top, live C++ results and Embind value handles.
  memoryStats() {
    const M = this.#module;
    return {
      memoryBytes: M.HEAPU8.length,
      heapTop: M.heapTop(),
      liveAnalyses: M.liveAnalyses(),
      emvalHandles: M.count_emval_handles(),
    };
  }

  dispose() {
    if (!this.#lens) return;
    this.#lens.delete();
    this.#lens = null;
  }
}
