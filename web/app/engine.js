// The wasm module and embeddings for the page, shared by every <attention-lens> on it.
// Where its files are: the package's own (the element's ES module, in an app's bundle; see
// web/lib/locate.js), or beside the element's classic script (attention-lens.js, from a site
// or a CDN). Over http(s) the wasm module is the ES module build with its .wasm fetched (with
// progress); from file:// (the offline build, scripts/build-offline.mjs), where ES modules and
// fetch() are blocked, it is the single-file classic script, and the embeddings come as
// <script> twins (core.js, shard-NNN.js).
import { INDEXES } from '../../dist/indexes.js';
import { readBytes } from '../lib/assets.js';
import { createLensWith } from '../lib/create-lens.js';
import { loadModule, supportsSimd } from '../lib/loader.js';
import { filesAt, packagedFiles } from '../lib/locate.js';
import { BASE_URL_META } from './base-url.js';
import { prefetchWords, takeEarly, takePrefetched } from './prefetch.js';

let pageLens = null; // Promise<Lens>
const progressListeners = new Set();
let lastProgress = null;

// The folder the classic script was loaded from: wasm/, embeddings/ and weights/ sit beside it.
// In Node (a framework rendering pages on the server imports the element) there is none:
// nothing here runs until a browser asks for the lens.
const here = globalThis.document?.currentScript?.src ?? globalThis.location?.href;
export const scriptBase = here ? new URL('.', here).href : null;
// Where the element's files are (a place of web/lib/locate.js), chosen once for the page, when
// first needed: a base URL set for the page (<meta name="attention-lens-base-url" content="…">,
// or the base-url attribute of the first element connected), else the package's own files, else
// the classic script's folder.
let chosen = null; // { files, base: the base URL set, or null }
let baseSet = null;

// The base URL an element asks for (its base-url attribute): the page's files unless they are
// already located (one module and one vocabulary per page), where a different one is warned of.
export function useBaseUrl(base) {
  if (!base) return;
  if (!chosen) baseSet = base;
  else if (new URL(base, location.href).href !== chosen.base?.href)
    console.warn(
      `<attention-lens base-url="${base}">: the page's files are already loaded from ${chosen.base?.href ?? "the package's own files"}; one place serves every element of a page`,
    );
}

function place() {
  if (!chosen) {
    const base = baseSet ?? globalThis.document?.querySelector(BASE_URL_META)?.content;
    const files = base ? filesAt(base) : (packagedFiles() ?? filesAt(scriptBase ?? '.'));
    chosen = { files, base: base ? files.base : null };
  }
  return chosen.files;
}
// Opened from disk: no fetch(), no workers, no JSON; the offline build's <script> twins instead.
const isOffline = () => place().base?.protocol === 'file:';

// The URL of one of the element's files, by its path in dist/ ('attention-lens.css', …).
export function assetUrl(path) {
  return place().url(path).href;
}

export function loadScript(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.onload = () => {
      s.remove();
      resolve();
    };
    s.onerror = () => {
      s.remove();
      reject(new Error(`could not load ${src}`));
    };
    document.head.append(s);
  });
}

function decodeBase64(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// The bytes of a file (its path in dist/): prefetched (prefetch.js), fetch() with progress, or
// its .js twin from disk.
async function readAsset(path, onProgress, options) {
  const early = takePrefetched(path);
  if (early) {
    const bytes = await early.catch(() => null);
    if (bytes) {
      onProgress?.(bytes.length, bytes.length);
      return bytes;
    }
  }
  const url = await place().resolve(path);
  if (!isOffline()) return readBytes(url, onProgress, options);
  const name = path.split('/').pop();
  await loadScript(url.href.replace(/\.bin$/, '.js'));
  const registry = globalThis.__attentionLensAssets ?? {};
  const text = registry[name];
  delete registry[name];
  if (typeof text !== 'string') throw new Error(`${name}.js did not register its bytes`);
  const bytes = decodeBase64(text);
  onProgress?.(bytes.length, bytes.length);
  return bytes;
}

// Each file the page reads, read once: the bytes stay for its training worker, which asks the
// page for them (startTrainingWorker) instead of downloading them again, up to KEEP_BYTES in all
// (the vocabulary, 2.3 MB, and the words' files of what was typed; past that, a file is read
// again when asked again).
const KEEP_BYTES = 8 << 20;
const pageFiles = new Map(); // path -> Promise<Uint8Array>, read or being read
let keptBytes = 0;
export function pageFile(path, onProgress, options) {
  const have = pageFiles.get(path);
  if (have) {
    if (onProgress)
      have.then(
        (b) => onProgress(b.length, b.length),
        () => {},
      );
    return have;
  }
  const read = readAsset(path, onProgress, options);
  pageFiles.set(path, read);
  read.then(
    (bytes) => {
      if (keptBytes + bytes.length <= KEEP_BYTES) keptBytes += bytes.length;
      else pageFiles.delete(path);
    },
    () => pageFiles.delete(path), // asked again, it is read again (and says what failed)
  );
  return read;
}

function report(progress) {
  lastProgress = progress;
  for (const fn of progressListeners) fn(progress);
}

// Progress of the shared load: fn({ phase, loaded, total }); called at once with the latest.
export function onLoadProgress(fn) {
  progressListeners.add(fn);
  if (lastProgress) fn(lastProgress);
  return () => progressListeners.delete(fn);
}

async function startModule() {
  if (!isOffline())
    return loadModule({ ...place(), read: (path) => pageFile(path), early: takeEarly }, { onProgress: report });
  const simd = supportsSimd();
  report({ phase: 'wasm', loaded: 0, total: 1 });
  await loadScript(assetUrl(`wasm/attention-lens-${simd ? 'simd' : 'baseline'}.single.js`));
  if (typeof globalThis.createAttentionLensModule !== 'function')
    throw new Error('the WebAssembly module did not load');
  return { module: await globalThis.createAttentionLensModule(), simd };
}

// The topic query's model (19 kB), or null where the site has none (the page then says so).
async function readTopicModel() {
  try {
    return await pageFile('weights/topic.bin');
  } catch {
    return null;
  }
}

async function start() {
  const { module, simd } = await startModule();
  report({ phase: 'wasm', loaded: 1, total: 1 });
  // each analysis fetches its own words first; the whole vocabulary follows (loadVocabulary)
  const started = await createLensWith({
    module,
    simd,
    onProgress: report,
    vocabulary: 'later',
    readAsset: (name, progress, options) => pageFile(`embeddings/${name}`, progress, options),
  });
  report({ phase: 'ready', loaded: 1, total: 1 });
  return started;
}

// The topic query's model for the page's lens, fetched once the module is in (it is not needed
// for the first attention, and would take the module's bandwidth): resolves to true when it is
// set, false where the site has none.
let topicModel = null;
export function loadTopicModel(lens) {
  topicModel ??= readTopicModel().then((bytes) => {
    if (bytes) lens.setTopicModel(bytes);
    return Boolean(bytes);
  });
  return topicModel;
}

// A file's bytes, its request sent now where its URL is known now (an element asks in its
// connectedCallback: a request made after an await waits until the element has built its views),
// else once the words' files' map has loaded.
function readNow(path) {
  const files = place();
  return files.known(path) ? readBytes(files.url(path)) : files.resolve(path).then(readBytes);
}

// The page's lens, started by the first element that asks. text: that element's sentence, whose
// words' files are fetched beside the module (never from disk: the offline twins load as scripts).
export function getLens(text = '') {
  pageLens ??= start(); // the module's requests first: the largest of the first screen
  if (!isOffline()) prefetchWords(text, readNow);
  return pageLens;
}

// The whole core vocabulary (for the nearest-word search), fetched once for the page after the
// first attention is on screen: fn({ loaded, total, ready, error }) hears its progress (at once
// with the latest).
let vocabulary = null; // { state, listeners }
export function loadVocabulary(lens, fn) {
  if (!vocabulary) {
    vocabulary = { state: { loaded: 0, total: 0, ready: lens.vocabularyReady, error: null }, listeners: new Set() };
    const tell = (patch) => {
      vocabulary.state = { ...vocabulary.state, ...patch };
      for (const f of vocabulary.listeners) f(vocabulary.state);
    };
    if (!vocabulary.state.ready)
      lens
        .loadVocabulary((loaded, total) => tell({ loaded, total }))
        .then(
          () => tell({ ready: true }),
          (e) => tell({ error: e.message }),
        );
  }
  vocabulary.listeners.add(fn);
  fn(vocabulary.state);
  return () => vocabulary.listeners.delete(fn);
}

// A JSON index the site offers (weights/index.json, images/index.json), bundled in at build time
// (dist/indexes.js: no bundler sees a JSON file), or null when there is none, and offline (where
// the files it names cannot be fetched).
async function siteIndex(path) {
  return isOffline() ? null : (INDEXES[path] ?? null);
}

// The trained presets the site offers, from weights/index.json: the text layer's { file } and
// the image layer's { file }, or null. Their bytes are loaded only when chosen
// (loadPresetWeights); the options they were trained with are in their header, and the core
// applies them (result.options, result.notes).
export async function trainedPreset() {
  const index = await siteIndex('weights/index.json');
  return index?.trained ? { file: index.trained } : null;
}
export async function trainedImagePreset() {
  const index = await siteIndex('weights/index.json');
  return index?.image?.file ? index.image : null;
}

const presetLoads = new Map(); // lens + file -> Promise: each lens loads each preset once
function loadPresetWeights(lens, preset, set) {
  if (!presetLoads.has(lens)) presetLoads.set(lens, new Map());
  const loads = presetLoads.get(lens);
  if (!loads.has(preset.file)) loads.set(preset.file, pageFile(`weights/${preset.file}`).then(set));
  return loads.get(preset.file);
}
export const loadTrainedWeights = (lens, preset) =>
  loadPresetWeights(lens, preset, (bytes) => lens.setTrainedWeights(bytes));
export const loadTrainedImageWeights = (lens, preset) =>
  loadPresetWeights(lens, preset, (bytes) => lens.setTrainedImageWeights(bytes));

// The built-in photos (images/index.json: [{ name, file, title, author, licence, source }], with
// path, the file's for pageFile), or
// [] where there are none or offline (the page can still open your own pictures there).
export async function builtInPictures() {
  const index = await siteIndex('images/index.json');
  return (index?.images ?? []).map((p) => ({ ...p, path: `images/${p.file}` }));
}

// The training worker (train/worker.js, built as train-worker.js), started with the files it
// needs (files: a promise of the message of its 'start'); what it asks for with { type: 'need',
// path } the page sends from what it has read (pageFile: one download for both) as { type:
// 'file', path, bytes } or { type: 'file', path, error }. A worker's script must come from the
// page's origin: from another one (the element's script on a CDN) a same-origin blob: module
// imports it, which the CDN allows by sending CORS headers, as it must for the wasm glue anyway.
export function startTrainingWorker() {
  const url = place().url('train-worker.js');
  let worker;
  if (url.origin === location.origin) worker = new Worker(url, { type: 'module' });
  else {
    const blob = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
    const blobUrl = URL.createObjectURL(blob);
    worker = new Worker(blobUrl, { type: 'module' });
    worker.addEventListener('message', () => URL.revokeObjectURL(blobUrl), { once: true }); // it has run
  }
  worker.addEventListener('message', ({ data }) => {
    if (data?.type !== 'need') return;
    const { path } = data;
    pageFile(path).then(
      (bytes) => worker.postMessage({ type: 'file', path, bytes }), // a copy: the page keeps its own
      (e) => worker.postMessage({ type: 'file', path, error: e.message }),
    );
  });
  return { worker, files: place().message() };
}
