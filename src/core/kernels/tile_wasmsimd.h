// The 4×8 register tile that gemm_wasmsimd.cpp and scores_wasmsimd.cpp share: gemm_scalar.cpp's
// microkernel loop with the panel's 8 columns in two f32x4 vectors and the tile in 8.
//   for p in 0..k-1:  acc[r] += A[r][p] (splat) · B[p][0..7]    (r = 0..3)
// Per step: 2 loads of B, 4 load-splats of A, 8 multiply-adds. Larger tiles do not pay: V8 keeps
// 15 vector registers, and 4×12 or 6×8 tiles spill (measured: 28 and 25 against 41 GFLOP/s).
#pragma once
#include "core/kernels/madd_wasmsimd.h"

namespace al::kernels::wasm {

struct Tile4x8 {
  v128_t c00, c01, c10, c11, c20, c21, c30, c31;  // row r, columns 0..3 and 4..7
};

// A rows a0..a3 (k values each; repeat a0 for missing rows) times one panel (k×8)
inline Tile4x8 tile_4x8(int k, const float* a0, const float* a1, const float* a2, const float* a3, const float* w) {
  Tile4x8 t;
  t.c00 = wasm_f32x4_splat(0.0f);
  t.c01 = t.c10 = t.c11 = t.c20 = t.c21 = t.c30 = t.c31 = t.c00;
  for (int p = 0; p < k; ++p) {
    const v128_t w0 = wasm_v128_load(w), w1 = wasm_v128_load(w + 4);  // B[p][0..3], B[p][4..7]
    w += 8;
    v128_t va = wasm_v128_load32_splat(a0 + p);  // A[0][p] in all four lanes
    t.c00 = madd(va, w0, t.c00);
    t.c01 = madd(va, w1, t.c01);
    va = wasm_v128_load32_splat(a1 + p);
    t.c10 = madd(va, w0, t.c10);
    t.c11 = madd(va, w1, t.c11);
    va = wasm_v128_load32_splat(a2 + p);
    t.c20 = madd(va, w0, t.c20);
    t.c21 = madd(va, w1, t.c21);
    va = wasm_v128_load32_splat(a3 + p);
    t.c30 = madd(va, w0, t.c30);
    t.c31 = madd(va, w1, t.c31);
  }
  return t;
}

// The same for a panel with at most 4 real columns (a last panel such as d_k = 25's 25th
// column): only its first vector, half the work. t.c01 .. t.c31 stay 0.
inline Tile4x8 tile_4x4(int k, const float* a0, const float* a1, const float* a2, const float* a3, const float* w) {
  Tile4x8 t;
  t.c00 = wasm_f32x4_splat(0.0f);
  t.c01 = t.c10 = t.c11 = t.c20 = t.c21 = t.c30 = t.c31 = t.c00;
  for (int p = 0; p < k; ++p) {
    const v128_t w0 = wasm_v128_load(w);  // B[p][0..3]
    w += 8;
    t.c00 = madd(wasm_v128_load32_splat(a0 + p), w0, t.c00);
    t.c10 = madd(wasm_v128_load32_splat(a1 + p), w0, t.c10);
    t.c20 = madd(wasm_v128_load32_splat(a2 + p), w0, t.c20);
    t.c30 = madd(wasm_v128_load32_splat(a3 + p), w0, t.c30);
  }
  return t;
}

}  // namespace al::kernels::wasm
