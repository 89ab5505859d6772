// The wasm module and embeddings for the page, shared by every <attention-lens> on it.
// Over http(s) the wasm module is the ES module build with its .wasm fetched (with progress);
// from file://, where ES modules and fetch() are blocked, it is the single-file classic script,
// and the embeddings come as <script> twins (core.js, shard-NNN.js).
import { readBytes } from '../lib/assets.js';
import { createLensWith } from '../lib/lens.js';
import { loadModule, supportsSimd } from '../lib/loader.js';

const lenses = new Map(); // base URL -> Promise<Lens>
const progressListeners = new Set();
let lastProgress = null;

// The folder the bundle was loaded from: wasm/, embeddings/ and weights/ sit beside it.
export const scriptBase = new URL('.', document.currentScript?.src ?? location.href).href;

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

// The bytes of base + path: fetch() with progress, or the .js twin where fetch cannot go.
async function readAsset(base, path, onProgress) {
  const url = new URL(path, base);
  if (url.protocol !== 'file:') return readBytes(url, onProgress);
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

async function startModule(base) {
  if (new URL(base).protocol !== 'file:') return loadModule(new URL('wasm/', base), { onProgress: report });
  const simd = supportsSimd();
  report({ phase: 'wasm', loaded: 0, total: 1 });
  await loadScript(new URL(`wasm/attention-lens-${simd ? 'simd' : 'baseline'}.single.js`, base).href);
  if (typeof globalThis.createAttentionLensModule !== 'function')
    throw new Error('the WebAssembly module did not load');
  return { module: await globalThis.createAttentionLensModule(), simd };
}

async function start(base) {
  const { module, simd } = await startModule(base);
  report({ phase: 'wasm', loaded: 1, total: 1 });
  const lens = await createLensWith({
    module,
    simd,
    onProgress: report,
    readAsset: (name, progress) => readAsset(base, `embeddings/${name}`, progress),
  });
  report({ phase: 'ready', loaded: 1, total: 1 });
  return lens;
}

export function getLens(base = scriptBase) {
  if (!lenses.has(base)) lenses.set(base, start(base));
  return lenses.get(base);
}

// A JSON index the site may offer (weights/index.json, images/index.json), or null when there
// is none and from file:// (where JSON cannot be fetched): a missing one fails no request.
const indexes = new Map(); // url -> Promise<object | null>
function siteIndex(base, path) {
  const url = new URL(path, base).href;
  if (!indexes.has(url))
    indexes.set(
      url,
      new URL(base).protocol === 'file:'
        ? Promise.resolve(null)
        : fetch(url)
            .then((r) => (r.ok ? r.json() : null))
            .catch(() => null),
    );
  return indexes.get(url);
}

// The trained presets the site offers, from weights/index.json: the text layer's { file,
// heads it was trained with } and the image layer's { file, heads, patch }, or null. Their
// bytes are loaded only when chosen (loadPresetWeights).
export async function trainedPreset(base = scriptBase) {
  const index = await siteIndex(base, 'weights/index.json');
  return index?.trained ? { file: index.trained, heads: index.heads } : null;
}
export async function trainedImagePreset(base = scriptBase) {
  const index = await siteIndex(base, 'weights/index.json');
  return index?.image?.file ? index.image : null;
}

const presetLoads = new Map(); // lens + file -> Promise: each lens loads each preset once
function loadPresetWeights(lens, preset, set, base) {
  if (!presetLoads.has(lens)) presetLoads.set(lens, new Map());
  const loads = presetLoads.get(lens);
  if (!loads.has(preset.file)) loads.set(preset.file, readAsset(base, `weights/${preset.file}`).then(set));
  return loads.get(preset.file);
}
export const loadTrainedWeights = (lens, preset, base = scriptBase) =>
  loadPresetWeights(lens, preset, (bytes) => lens.setTrainedWeights(bytes), base);
export const loadTrainedImageWeights = (lens, preset, base = scriptBase) =>
  loadPresetWeights(lens, preset, (bytes) => lens.setTrainedImageWeights(bytes), base);

// The built-in photos (images/index.json: [{ name, file, title, author, licence, source }]), or
// [] where there are none or from file:// (the page can still open your own pictures there).
export async function builtInPictures(base = scriptBase) {
  const index = await siteIndex(base, 'images/index.json');
  return (index?.images ?? []).map((p) => ({ ...p, url: new URL(`images/${p.file}`, base).href }));
}
