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

// (module (func (param v128 v128 v128) (result v128) local.get 0 local.get 1 local.get 2
// f32x4.relaxed_madd)): valid only where relaxed SIMD is supported (Chromium; Node 20 with
// --experimental-wasm-relaxed-simd)
const RELAXED_SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 8, 1, 96, 3, 123, 123, 123, 1, 123, 3, 2, 1, 0, 10, 13, 1, 11, 0, 32, 0, 32, 1, 32, 2,
  253, 133, 2, 11,
]);

export function supportsRelaxedSimd() {
  try {
    return WebAssembly.validate(RELAXED_SIMD_PROBE);
  } catch {
    return false;
  }
}

// Swaps the SIMD build's hot kernels for kernels-relaxed.wasm (the same kernels with
// f32x4.relaxed_madd, on the module's memory): its functions go into the module's function table.
async function useRelaxedKernels(module, wasmDir) {
  const bytes = await readBytes(new URL('kernels-relaxed.wasm', wasmDir));
  const memory = Object.values(module.asm).find((e) => e instanceof WebAssembly.Memory);
  const { gemm, scores, softmax_with_max } = (await WebAssembly.instantiate(bytes, { env: { memory } })).instance
    .exports;
  const add = (f) => module.addFunction(f);
  module.useRelaxedKernels(add(gemm), add(scores), add(softmax_with_max));
}

// Loads dist/wasm/<build>-{simd,baseline}.mjs with its .wasm from wasmDir (a URL); build is
// 'attention-lens', or 'attention-lens-train' (the same with the trainer, for training workers).
// relaxed: the SIMD build's relaxed-SIMD kernels where supported ('auto'; if they fail to load
// the SIMD128 kernels stay), always (true: a failure throws), or never (false).
export async function loadModule(
  wasmDir,
  { simd = 'auto', relaxed = 'auto', onProgress, build = 'attention-lens' } = {},
) {
  if (typeof WebAssembly !== 'object') throw new Error('attention-lens: this browser has no WebAssembly');
  const useSimd = simd === 'auto' ? supportsSimd() : Boolean(simd);
  if (useSimd && !supportsSimd()) throw new Error('attention-lens: this engine does not support WebAssembly SIMD');
  const name = `${build}-${useSimd ? 'simd' : 'baseline'}`;
  const [{ default: factory }, wasmBinary] = await Promise.all([
    import(new URL(`${name}.mjs`, wasmDir).href),
    readBytes(new URL(`${name}.wasm`, wasmDir), (loaded, total) => onProgress?.({ phase: 'wasm', loaded, total })),
  ]);
  const module = await factory({ wasmBinary });
  if (useSimd && (relaxed === 'auto' ? supportsRelaxedSimd() : relaxed))
    await useRelaxedKernels(module, wasmDir).catch((e) => {
      if (relaxed === true) throw e;
    });
  return { module, simd: useSimd, kernels: module.gemmKernels() };
}
