// createAttentionLens(): the wasm module plus the GloVe embeddings, ready to analyze text; and
// createLensWith(), a lens over a module already started (the page and the worker use it with
// their own loaders).
import { readBytes } from '#assets';
import { Lens } from './lens.js';
import { loadModule } from './loader.js';
import { filesAt, packagedFiles } from './locate.js';

// baseUrl: where the package's dist/ folder is served (wasm/ and embeddings/ below it); by
// default the package's own files, which bundlers copy into the app (web/lib/locate.js)
// trainer: load the build that can also train (lens.createTrainer), about 30 kB more
// topic: load the topic query's model (weights/topic.bin, 19 kB) for result.topic(): 'auto'
// (the default) where the files have it, true (fail without it) or false
// vocabulary: 'eager' (the default) loads the whole core vocabulary (2.3 MB) first, 'later' leaves
// it to lens.loadVocabulary(): analyses fetch their own words' small files (createLensWith)
export async function createAttentionLens({
  baseUrl,
  simd = 'auto',
  onProgress,
  trainer = false,
  topic = 'auto',
  vocabulary = 'eager',
} = {}) {
  const files = baseUrl == null ? packagedFiles() : filesAt(baseUrl);
  if (!files)
    throw new Error('attention-lens: this bundle has no files of its own: pass createAttentionLens({ baseUrl })');
  const { module, simd: usedSimd } = await loadModule(files, {
    simd,
    onProgress,
    build: trainer ? 'attention-lens-train' : 'attention-lens',
  });
  const topicBytes = topic ? readTopicModel(files, topic === true) : null;
  const lens = await createLensWith({
    module,
    simd: usedSimd,
    onProgress,
    vocabulary,
    readAsset: async (name, progress, options) =>
      readBytes(await files.resolve(`embeddings/${name}`), progress, options),
  });
  const bytes = await topicBytes;
  if (bytes) lens.setTopicModel(bytes);
  return lens;
}

// The topic model's bytes, or null where the files have none (unless required).
async function readTopicModel(files, required) {
  try {
    return await readBytes(files.url('weights/topic.bin'));
  } catch (e) {
    if (required) throw e;
    return null;
  }
}

// A lens over a started wasm module; readAsset(name, onProgress, { priority }) returns the bytes
// of an embeddings file ('core.bin', 'core-NNN.bin', 'shard-NNN.bin'). The page uses it with its
// own loaders. vocabulary: 'eager' loads the whole core vocabulary (core.bin, 2.3 MB: the
// nearest-word search needs it) before the lens is returned; 'later' leaves it to
// lens.loadVocabulary(), and each analysis fetches its own words' small files first.
export async function createLensWith({ module, simd, readAsset, onProgress, vocabulary = 'eager' }) {
  if (vocabulary !== 'eager' && vocabulary !== 'later')
    throw new TypeError(`vocabulary must be 'eager' or 'later', got ${JSON.stringify(vocabulary)}`);
  const lens = new Lens(module, readAsset, simd);
  if (vocabulary === 'eager')
    await lens.loadVocabulary((loaded, total) => onProgress?.({ phase: 'embeddings', loaded, total }));
  return lens;
}
