// Finds and starts the WebAssembly module: the SIMD build when the engine supports wasm SIMD
// (feature-detected, as squoosh does), the baseline build otherwise.
import { MISSING_HINT, readBytes, readWasm } from '#assets';
import { compileFailure } from './failures.js';
import { supportsRelaxedSimd, supportsSimd } from './features.js';
import { filesAt } from './locate.js';

export { supportsRelaxedSimd, supportsSimd };

const WASM_MAGIC = [0, 97, 115, 109]; // \0asm
// Throws unless bytes start as a WebAssembly binary does (a server's page instead of the file).
function checkMagic(bytes, url) {
  if (!WASM_MAGIC.every((b, i) => bytes[i] === b))
    throw new Error(`attention-lens: ${url.href} is not a WebAssembly file: ${MISSING_HINT}`);
}

// Swaps the SIMD build's hot kernels for kernels-relaxed.wasm (the same kernels with
// f32x4.relaxed_madd, on the module's memory; bytes: its file, fetched beside the module's):
// the module names the exports to take, in its order (src/wasm/relaxed_kernels.cpp, from
// src/core/kernels/hot_kernels.def); they go into its function table.
async function useRelaxedKernels(module, bytesPromise) {
  const bytes = await bytesPromise;
  const memory = Object.values(module.asm).find((e) => e instanceof WebAssembly.Memory);
  const { exports } = (await WebAssembly.instantiate(bytes, { env: { memory } })).instance;
  let at = module._al_hot_kernel_names(),
    names = '';
  while (module.HEAPU8[at]) names += String.fromCharCode(module.HEAPU8[at++]); // ASCII, 0-terminated
  const indices = names.split(',').map((name) => {
    if (typeof exports[name] !== 'function') throw new Error(`attention-lens: kernels-relaxed.wasm has no ${name}`);
    return module.addFunction(exports[name]);
  });
  if (!module._al_use_relaxed_kernels(indices.length, ...indices))
    throw new Error('attention-lens: the module did not take the relaxed-SIMD kernels');
}

// A folder that holds <build>.mjs and <build>.wasm side by side (as CMake's build folders do),
// as a place of locate.js.
function folder(dir) {
  const place = filesAt(dir);
  return {
    url: (path) => place.url(path.replace(/^wasm\//, '')),
    importGlue: (name) => import(/* @vite-ignore */ /* webpackIgnore: true */ place.url(`${name}.mjs`).href),
  };
}

// Loads <build>-{simd,baseline}: its glue (place.importGlue) and its .wasm (place.url('wasm/…'))
// from place, a place of locate.js, or the URL of a folder that holds both files (a place's
// read(path), where it has one, gives a file's bytes: the page's own, already read; its
// early(path), a promise of a response asked for before, or null). build is
// 'attention-lens', or 'attention-lens-train' (the same with the trainer, for training workers).
// relaxed: the SIMD build's relaxed-SIMD kernels (wasm/kernels-relaxed.wasm) where supported
// ('auto'; if they fail to load the SIMD128 kernels stay), always (true: a failure throws), or
// never (false).
export async function loadModule(
  place,
  { simd = 'auto', relaxed = 'auto', onProgress, build = 'attention-lens' } = {},
) {
  if (typeof WebAssembly !== 'object') throw new Error('attention-lens: this browser has no WebAssembly');
  const useSimd = simd === 'auto' ? supportsSimd() : Boolean(simd);
  if (useSimd && !supportsSimd()) throw new Error('attention-lens: this engine does not support WebAssembly SIMD');
  const name = `${build}-${useSimd ? 'simd' : 'baseline'}`;
  const files = typeof place?.url === 'function' ? place : folder(place);
  const wasmUrl = files.url(`wasm/${name}.wasm`);
  // the binary compiles while it downloads (readWasm), beside the glue's import and the
  // relaxed-SIMD kernels' file
  const relaxedKernels =
    useSimd && (relaxed === 'auto' ? supportsRelaxedSimd() : relaxed)
      ? (files.read?.('wasm/kernels-relaxed.wasm') ?? readBytes(files.url('wasm/kernels-relaxed.wasm')))
      : null;
  relaxedKernels?.catch(() => {}); // handled where it is used
  const [glue, compiled] = await Promise.allSettled([
    files.importGlue(name),
    readWasm(
      wasmUrl,
      (loaded, total) => onProgress?.({ phase: 'wasm', loaded, total }),
      checkMagic,
      files.early?.(`wasm/${name}.wasm`),
    ),
  ]);
  // the binary's error first: it says what the server answered
  if (compiled.status === 'rejected') throw compileFailure(compiled.reason);
  if (glue.status === 'rejected')
    throw new Error(`attention-lens: could not load the module ${name}.mjs: ${glue.reason?.message}; ${MISSING_HINT}`);
  const wasmModule = compiled.value;
  const module = await glue.value.default({
    // Emscripten's hook: instantiate the module compiled above with the glue's imports
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance, wasmModule));
      return {};
    },
  });
  if (relaxedKernels)
    await useRelaxedKernels(module, relaxedKernels).catch((e) => {
      if (relaxed === true) throw e;
    });
  return { module, simd: useSimd, kernels: module.kernelNames() };
}
