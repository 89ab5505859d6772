// Finds and starts the WebAssembly module: the SIMD build when the engine supports wasm SIMD
// (feature-detected, as squoosh does), the baseline build otherwise.
import { MISSING_HINT, readBytes } from '#assets';
import { filesAt } from './locate.js';

// (module (func (result v128) i32.const 0 i32x4.splat)): valid only where SIMD128 is supported
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 17, 11,
]);
const WASM_MAGIC = [0, 97, 115, 109]; // \0asm

export function supportsSimd() {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
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
// from place, a place of locate.js, or the URL of a folder that holds both files. build is
// 'attention-lens', or 'attention-lens-train' (the same with the trainer, for training workers).
export async function loadModule(place, { simd = 'auto', onProgress, build = 'attention-lens' } = {}) {
  if (typeof WebAssembly !== 'object') throw new Error('attention-lens: this browser has no WebAssembly');
  const useSimd = simd === 'auto' ? supportsSimd() : Boolean(simd);
  if (useSimd && !supportsSimd()) throw new Error('attention-lens: this engine does not support WebAssembly SIMD');
  const name = `${build}-${useSimd ? 'simd' : 'baseline'}`;
  const files = typeof place?.url === 'function' ? place : folder(place);
  const wasmUrl = files.url(`wasm/${name}.wasm`);
  const [glue, bytes] = await Promise.allSettled([
    files.importGlue(name),
    readBytes(wasmUrl, (loaded, total) => onProgress?.({ phase: 'wasm', loaded, total })),
  ]);
  // the binary's error first: it says what the server answered
  if (bytes.status === 'rejected') throw bytes.reason;
  if (glue.status === 'rejected')
    throw new Error(`attention-lens: could not load the module ${name}.mjs: ${glue.reason?.message}; ${MISSING_HINT}`);
  const wasmBinary = bytes.value;
  if (!WASM_MAGIC.every((b, i) => wasmBinary[i] === b))
    throw new Error(`attention-lens: ${wasmUrl.href} is not a WebAssembly file: ${MISSING_HINT}`);
  return { module: await glue.value.default({ wasmBinary }), simd: useSimd };
}
