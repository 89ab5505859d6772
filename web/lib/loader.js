// Finds and starts the WebAssembly module: the SIMD build when the engine supports wasm SIMD
// (feature-detected, as squoosh does), the baseline build otherwise.
import { readBytes } from './assets.js';

// (module (func (result v128) i32.const 0 i32x4.splat)): valid only where SIMD128 is supported
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 17, 11,
]);

export function supportsSimd() {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

// Loads dist/wasm/<build>-{simd,baseline}.mjs with its .wasm from wasmDir (a URL); build is
// 'attention-lens', or 'attention-lens-train' (the same with the trainer, for training workers).
export async function loadModule(wasmDir, { simd = 'auto', onProgress, build = 'attention-lens' } = {}) {
  if (typeof WebAssembly !== 'object') throw new Error('attention-lens: this browser has no WebAssembly');
  const useSimd = simd === 'auto' ? supportsSimd() : Boolean(simd);
  if (useSimd && !supportsSimd()) throw new Error('attention-lens: this engine does not support WebAssembly SIMD');
  const name = `${build}-${useSimd ? 'simd' : 'baseline'}`;
  const [{ default: factory }, wasmBinary] = await Promise.all([
    import(new URL(`${name}.mjs`, wasmDir).href),
    readBytes(new URL(`${name}.wasm`, wasmDir), (loaded, total) => onProgress?.({ phase: 'wasm', loaded, total })),
  ]);
  const module = await factory({ wasmBinary });
  return { module, simd: useSimd };
}
