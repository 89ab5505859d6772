// a·b + c on four lanes, the one operation the SIMD128 and relaxed builds of the wasm kernels
// compute differently (wasm_kernels.h): SIMD128 has no fused multiply-add, so it is a mul then an
// add, each rounded, exactly as the scalar twins compute it; f32x4.relaxed_madd is one fused
// instruction where the CPU has FMA (rounded once) and a mul then an add where it has not.
#pragma once
#include <wasm_simd128.h>

namespace al::kernels::wasm {

inline v128_t madd(v128_t a, v128_t b, v128_t c) {
#ifdef AL_RELAXED_SIMD
  return (v128_t)__builtin_wasm_relaxed_madd_f32x4((__f32x4)a, (__f32x4)b, (__f32x4)c);
#else
  return wasm_f32x4_add(wasm_f32x4_mul(a, b), c);
#endif
}

// Stores lanes [0, count) of v at c, count <= 4, without a buffer on the stack (the relaxed
// module has no stack).
inline void store_lanes(float* c, v128_t v, int count) {
  if (count >= 4) {
    wasm_v128_store(c, v);
    return;
  }
  if (count > 0) c[0] = wasm_f32x4_extract_lane(v, 0);
  if (count > 1) c[1] = wasm_f32x4_extract_lane(v, 1);
  if (count > 2) c[2] = wasm_f32x4_extract_lane(v, 2);
}

// Stores columns [0, cols) of a tile row held in two vectors, cols <= 8.
inline void store_row(float* c, v128_t lo, v128_t hi, int cols) {
  store_lanes(c, lo, cols);
  if (cols > 4) store_lanes(c + 4, hi, cols - 4);
}

}  // namespace al::kernels::wasm
