// What the engine runs, probed with tiny modules (as squoosh does): its own file, so that the
// element's first script (web/app/boot.js) asks for the right build without the loader.

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
