// The wasm module and embeddings for the page, shared by every <attention-lens> on it.
// Where its files are: the package's own (the element's ES module, in an app's bundle; see
// web/lib/locate.js), or beside the element's classic script (attention-lens.js, from a site
// or a CDN). Over http(s) the wasm module is the ES module build with its .wasm fetched (with
// progress); from file:// (the offline build, scripts/build-offline.mjs), where ES modules and
// fetch() are blocked, it is the single-file classic script, and the embeddings come as
// <script> twins (core.js, shard-NNN.js).
import { readBytes } from '../lib/assets.js';
import { createLensWith } from '../lib/lens.js';
import { loadModule, supportsSimd } from '../lib/loader.js';
import { filesAt, packagedFiles } from '../lib/locate.js';

let pageLens = null; // Promise<Lens>
const progressListeners = new Set();
let lastProgress = null;

// The folder the classic script was loaded from: wasm/, embeddings/ and weights/ sit beside it.
export const scriptBase = new URL('.', document.currentScript?.src ?? location.href).href;
// Where the element's files are (a place of web/lib/locate.js).
const files = packagedFiles() ?? filesAt(scriptBase);
// Opened from disk: no fetch(), no workers, no JSON; the offline build's <script> twins instead.
const offline = files.base?.protocol === 'file:';

// The URL of one of the element's files, by its path in dist/ ('attention-lens.css', …).
export function assetUrl(path) {
  return files.url(path).href;
}

function loadScript(src) {
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

// The bytes of a file (its path in dist/): fetch() with progress, or its .js twin from disk.
async function readAsset(path, onProgress) {
  const url = files.url(path);
  if (!offline) return readBytes(url, onProgress);
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

async function readJson(path) {
  return (await fetch(files.url(path))).json();
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
  if (!offline) return loadModule(files, { onProgress: report });
  const simd = supportsSimd();
  report({ phase: 'wasm', loaded: 0, total: 1 });
  await loadScript(assetUrl(`wasm/attention-lens-${simd ? 'simd' : 'baseline'}.single.js`));
  if (typeof globalThis.createAttentionLensModule !== 'function')
    throw new Error('the WebAssembly module did not load');
  return { module: await globalThis.createAttentionLensModule(), simd };
}

async function start() {
  const { module, simd } = await startModule();
  report({ phase: 'wasm', loaded: 1, total: 1 });
  const started = await createLensWith({
    module,
    simd,
    onProgress: report,
    readAsset: (name, progress) => readAsset(`embeddings/${name}`, progress),
  });
  report({ phase: 'ready', loaded: 1, total: 1 });
  return started;
}

// The page's lens, started by the first element that asks.
export function getLens() {
  pageLens ??= start();
  return pageLens;
}

// The trained preset the site offers, from weights/index.json (so that no request fails):
// { file, heads it was trained with }, or null when there is none, and offline (where JSON
// cannot be fetched). Its 160 kB are loaded only when chosen (loadTrainedWeights).
export async function trainedPreset() {
  if (offline) return null;
  try {
    const index = await readJson('weights/index.json');
    return index.trained ? { file: index.trained, heads: index.heads } : null;
  } catch {
    return null;
  }
}

const trainedLoads = new Map(); // lens -> Promise: each lens loads the preset once
export function loadTrainedWeights(lens, preset) {
  if (!trainedLoads.has(lens))
    trainedLoads.set(
      lens,
      readAsset(`weights/${preset.file}`).then((bytes) => lens.setTrainedWeights(bytes)),
    );
  return trainedLoads.get(lens);
}

// The trained image-layer preset, from the same weights/index.json ({ image: { file, heads,
// patch } }), or null; loaded only when chosen (loadTrainedImageWeights).
export async function trainedImagePreset() {
  if (offline) return null;
  try {
    const index = await readJson('weights/index.json');
    return index.image?.file ? index.image : null;
  } catch {
    return null;
  }
}

const trainedImageLoads = new Map(); // lens -> Promise: each lens loads the image preset once
export function loadTrainedImageWeights(lens, preset) {
  if (!trainedImageLoads.has(lens))
    trainedImageLoads.set(
      lens,
      readAsset(`weights/${preset.file}`).then((bytes) => lens.setTrainedImageWeights(bytes)),
    );
  return trainedImageLoads.get(lens);
}

// The built-in photos (images/index.json: [{ name, file, title, author, licence, source }]), or
// [] where there are none or offline (the page can still open your own pictures there).
export async function builtInPictures() {
  if (offline) return [];
  try {
    const index = await readJson('images/index.json');
    return index.images.map((p) => ({ ...p, url: assetUrl(`images/${p.file}`) }));
  } catch {
    return [];
  }
}

// The training worker (train/worker.js, built as train-worker.js), started with the files it
// needs (the message of its 'start'). A worker's script must come from the page's origin: from
// another one (the element's script on a CDN) a same-origin blob: module imports it, which the
// CDN allows by sending CORS headers, as it must for the wasm glue anyway.
export function startTrainingWorker() {
  const url = files.url('train-worker.js');
  if (url.origin === location.origin) return { worker: new Worker(url, { type: 'module' }), files: files.message };
  const blob = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
  const blobUrl = URL.createObjectURL(blob);
  const worker = new Worker(blobUrl, { type: 'module' });
  worker.addEventListener('message', () => URL.revokeObjectURL(blobUrl), { once: true }); // it has run
  return { worker, files: files.message };
}
