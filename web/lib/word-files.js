// The embeddings files a Lens has fetched and added to its core session: each fetched once (a
// failed one again next time), in the rounds the core names (its filesNeeded): the shared
// direction (shared.bin) and the words' core buckets (core-NNN.bin, unless core.bin is in), then
// the shards of the words they say are rare. Made and used by lens.js.
import { SCHEMA } from './generated/schema.js';

// Rounds of embeddings files a text's words may need: their core buckets, then the shards of
// the rare ones (a third in case a stand-in's file is asked after its word's)
export const ROUNDS = 3;
// Files no analysis goes without: a failed fetch of one throws (a rare word's shard only warns).
const { sharedFile } = SCHEMA.embeddings;
const required = (name) => name.startsWith('core-') || name === sharedFile;

export class WordFiles {
  #files = new Map(); // file name -> Promise<void>: each fetched once
  #readAsset;
  #add;

  // readAsset(name, onProgress, options) -> Promise<bytes>; add(bytes, name) hands them to the
  // core (or does nothing once the lens is disposed)
  constructor(readAsset, add) {
    this.#readAsset = readAsset;
    this.#add = add;
  }

  // Fetches one file once and adds it.
  fetch(name, onProgress, options) {
    if (!this.#files.has(name))
      this.#files.set(
        name,
        this.#readAsset(name, onProgress, options)
          .then((bytes) => this.#add(bytes, name))
          .catch((e) => {
            this.#files.delete(name);
            throw e;
          }),
      );
    return this.#files.get(name);
  }

  // Fetches one round's files; whether any came. The shared direction or a core bucket failing
  // throws (no word, or none of the text's common words, could be looked up); a shard failing
  // leaves its rare words unknown and adds a warning.
  async fetchRound(names, warnings, onProgress) {
    let failed = 0;
    await Promise.all(
      names.map((name) =>
        this.fetch(name, onProgress).catch((e) => {
          if (required(name)) throw e;
          failed++;
          warnings.push(`rare words were not looked up: ${e.message}`);
        }),
      ),
    );
    return failed < names.length;
  }

  // The whole core vocabulary (core.bin, 2.3 MB) and the shared direction (shared.bin, 2 kB, which
  // the first analysis has fetched already), fetched once, at low priority (the words of a text
  // come first, in their own small files).
  vocabulary(onProgress) {
    const files = [this.fetch(sharedFile), this.fetch('core.bin', onProgress, { priority: 'low' })];
    return Promise.all(files).then(() => {});
  }

  // The files fetched (or being fetched) so far, by name.
  get names() {
    return [...this.#files.keys()];
  }
}
