// A hint for the first attention: the embeddings files of a sentence's words (and the shared
// direction, shared.bin, which every word's vector needs), asked for while the
// wasm module is still downloading (the core, which decides which files a text needs, runs only
// once it has arrived). Words are guessed as the tokenizer cuts them (letters and digits, with
// inner ' or -, lower-cased); a word's core bucket is fetched, and if the bucket does not hold it,
// its shard too. A wrong guess costs nothing but bytes: the core asks for what it needs anyway,
// and gets a prefetched file from here (take) instead of the network. A word the vectors lack that
// has a stand-in ("a" → "an") is fetched as its stand-in, as the core looks it up.
// (the schema's two parts it reads, exported on their own: the first script does not carry the rest)
import { EMBEDDING_FILES, STAND_INS as STAND_IN_PAIRS } from '../lib/generated/schema.js';

const { coreBuckets, bucketFile, shardFile, sharedFile } = EMBEDDING_FILES;
const MAX_WORDS = 64; // the first screen's sentence, not a long paste
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const encoder = new TextEncoder();
const STAND_INS = new Map(STAND_IN_PAIRS);

// FNV-1a 32 over the UTF-8 bytes (the core's fnv1a, src/core/embedding_asset.cpp)
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const b of encoder.encode(text)) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}
// 'core-000.bin' with 42 → 'core-042.bin' (the core's names, from the schema)
const named = (pattern, n) => pattern.replace(/\d+/, (zeros) => String(n).padStart(zeros.length, '0'));

// The words of an embeddings file and its shard count (docs/EMBEDDINGS.md: a 40-byte header,
// then the words, '\n'-separated).
function wordsOf(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 40) return null;
  const wordsBytes = view.getUint32(28, true);
  return {
    shardCount: view.getUint32(20, true),
    words: new Set(new TextDecoder().decode(bytes.subarray(40, 40 + wordsBytes)).split('\n')),
  };
}

// path in dist/ → Promise<bytes>: one map for the page, shared by its first script (boot.js, which
// asks for the words of the elements it sees parsed) and the element, bundled apart
const prefetched = (globalThis.__attentionLensPrefetched ??= new Map());
// paths already handed to the core (which keeps what it loaded): never fetched again here
const taken = (globalThis.__attentionLensTaken ??= new Set());

// Starts fetching a file's bytes (read(path)) unless it is on its way or was taken; its bytes,
// or null when taken.
export function prefetchFile(path, read) {
  if (!prefetched.has(path) && !taken.has(path)) {
    const p = read(path);
    p.catch(() => prefetched.delete(path)); // the core will ask again, and say what failed
    prefetched.set(path, p);
  }
  return prefetched.get(path) ?? Promise.resolve(null);
}

// The wasm binaries' responses, asked for by the page's first script (boot.js) and taken by the
// loader, which compiles them as they stream in. (Not <link rel=preload as=fetch>: WebKit never
// hands such a preload to fetch() and downloads the file a second time.)
const early = (globalThis.__attentionLensEarly ??= new Map());
export function fetchEarly(path, url) {
  if (!early.has(path)) early.set(path, fetch(url));
}
export function takeEarly(path) {
  const response = early.get(path) ?? null;
  early.delete(path);
  return response;
}

// Starts fetching the files of text's words; read(path) fetches one file's bytes.
export function prefetchWords(text, read) {
  const words = [
    ...new Set((text.toLowerCase().match(WORD) ?? []).slice(0, MAX_WORDS).map((w) => STAND_INS.get(w) ?? w)),
  ];
  const fetchOnce = (path) => prefetchFile(path, read);
  if (words.length) fetchOnce(`embeddings/${sharedFile}`); // every word's vector needs it
  for (const w of words) {
    const path = `embeddings/${named(bucketFile, fnv1a(w) % coreBuckets)}`;
    fetchOnce(path).then(
      (bytes) => {
        const file = bytes && wordsOf(bytes); // none: the core has the bucket, and asks for its shard itself
        if (file && !file.words.has(w)) fetchOnce(`embeddings/${named(shardFile, fnv1a(w) % file.shardCount)}`);
      },
      () => {},
    );
  }
}

// The prefetched bytes of path (once), or null.
export function takePrefetched(path) {
  const p = prefetched.get(path) ?? null;
  prefetched.delete(path);
  if (p) taken.add(path);
  return p;
}
