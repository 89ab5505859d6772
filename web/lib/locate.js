// Where the package's files are. A place answers url(path) for a path as laid out in dist/
// ('wasm/attention-lens-simd.wasm', 'embeddings/shard-042.bin', 'weights/trained.bin', …) and
// importGlue(name) for a build of the wasm module's ES module glue ('attention-lens-simd').
//
// - The package's own files (packagedFiles): dist/asset-urls.js, written by the page build,
//   names each file with a literal new URL('./…', import.meta.url) and each glue with a literal
//   import('./…'): the forms that bundlers follow, so an app built with Vite (or webpack) gets
//   the files copied into its output and the URLs rewritten, with no configuration. Node reads
//   the same URLs from disk.
// - Files under a base URL (filesAt): baseUrl + path, for createAttentionLens({ baseUrl }) and
//   for the element's classic script, which finds them beside itself.
// The element's classic script and the training worker are bundled without dist/asset-urls.js
// (FILES is null there; scripts/build-page.mjs).
// A place's url(path) answers at once for a path known(path) (a words' file is known once its
// map, dist/asset-urls-words-<map>.js, a chunk of its own in a bundle, is in: wordMapOf(path));
// resolve(path) waits for that map when it must (and rejects for a path the package lacks), and
// message() gives what a worker needs to make the same place (filesFrom).
import { FILES, GLUE, WORD_MAPS, wordMapOf } from '../../dist/asset-urls.js';

// import() of a URL known only at run time, which bundlers must leave alone
const importUrl = (href) => import(/* @vite-ignore */ /* webpackIgnore: true */ href);

function missing(what, where) {
  return new Error(`attention-lens: ${what} is not among ${where}`);
}

// The files under base (a URL or string, relative to the page).
export function filesAt(base) {
  const root = new URL(base, typeof location === 'object' ? location.href : undefined);
  if (!root.pathname.endsWith('/')) root.pathname += '/'; // a folder: 'x/dist' means 'x/dist/'
  const url = (path) => new URL(path, root);
  return {
    base: root,
    url,
    known: () => true,
    resolve: async (path) => url(path),
    importGlue: (name) => importUrl(new URL(`wasm/${name}.mjs`, root).href),
    // for a worker: filesFrom(await place.message()) is the same place there
    message: async () => ({ base: root.href }),
  };
}

// The package's own files, or null where they were left out of a bundle.
export function packagedFiles() {
  if (!FILES) return null;
  const words = {}; // the words' files of the maps loaded
  const loaded = new Set(); // the maps whose files are in words
  const loads = new Map(); // map -> its load, once asked for
  const loadMap = (map) => {
    if (!loads.has(map)) {
      const load = WORD_MAPS[map]().then(
        (m) => {
          Object.assign(words, m.FILES);
          loaded.add(map);
        },
        (e) => {
          loads.delete(map); // asked again by the next file
          throw new Error(`attention-lens: could not load the map of the words' files: ${e.message}`);
        },
      );
      loads.set(map, load);
    }
    return loads.get(map);
  };
  const loadAll = () => Promise.all(Object.keys(WORD_MAPS).map(loadMap));
  const url = (path) => {
    if (Object.hasOwn(FILES, path)) return new URL(FILES[path]);
    const map = wordMapOf(path); // null: not a words' file
    if (map !== null && !loaded.has(map)) throw new Error(`attention-lens: ${path} is asked for before its map loaded`);
    if (!Object.hasOwn(words, path)) throw missing(path, "the package's files");
    return new URL(words[path]);
  };
  const all = () => Object.fromEntries(Object.entries({ ...FILES, ...words }).map(([p, u]) => [p, String(u)]));
  return {
    base: null,
    url,
    known: (path) => Object.hasOwn(FILES, path) || Object.hasOwn(words, path),
    async resolve(path) {
      const map = wordMapOf(path);
      if (map !== null && !Object.hasOwn(WORD_MAPS, map)) throw missing(path, "the package's files");
      if (map !== null && !loaded.has(map)) await loadMap(map);
      return url(path);
    },
    importGlue(name) {
      if (!Object.hasOwn(GLUE, name)) throw missing(`the wasm build ${name}`, "the package's builds");
      return GLUE[name]();
    },
    // every file's URL (the training worker bundles its own glue: web/app/train/worker.js)
    async message() {
      await loadAll();
      return { files: all() };
    },
  };
}

// The place a page described with place.message() (for a worker, which cannot be sent functions);
// it has no importGlue of its own where it names each file (the worker brings its glue).
export function filesFrom(message) {
  if (message.base) return filesAt(message.base);
  const { files } = message;
  const url = (path) => {
    if (!Object.hasOwn(files, path)) throw missing(path, "the page's files");
    return new URL(files[path]);
  };
  return {
    base: null,
    url,
    known: (path) => Object.hasOwn(files, path),
    resolve: async (path) => url(path),
    message: async () => message,
  };
}
