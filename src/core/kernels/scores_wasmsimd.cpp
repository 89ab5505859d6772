// The scores of a block of queries with wasm SIMD: scores_scalar.cpp fused into the 4×8 tile of
// Q·Kᵀ (tile_wasmsimd.h), so each score is stored once, scaled and maxed while in registers,
// instead of being written by the product and read back by three passes.
//   per tile row:  scores = acc;  scaled = acc · alpha;  vmax = max(vmax, scaled)
// Saturation costs one add per vector on the fast path: chk sums every scaled value, and a sum
// holding any ±inf or NaN is not finite (NaN and inf are sticky; a finite sum that overflows only
// sends finite rows down the slow path needlessly). Since alpha > 0 is finite, a non-finite score
// always gives a non-finite scaled value. Rows whose chk is not finite are redone by the scalar
// steps (saturate.h), as scores_scalar.cpp does them, from the stored products.
// Compiled into the SIMD128 build and, as relaxed SIMD, into kernels-relaxed.wasm.
#include <cfloat>

#include "core/kernels/gemm_panels.h"
#include "core/kernels/saturate.h"
#include "core/kernels/tile_wasmsimd.h"
#include "core/kernels/wasm_kernels.h"

namespace al::kernels::wasm {
namespace {

using panels::kNr;

// One row of a full tile: its 8 scores and scaled scores stored, the running max and check.
inline void finish_row(v128_t s0, v128_t s1, v128_t valpha, float* scores, float* scaled, v128_t& vmax, v128_t& chk) {
  wasm_v128_store(scores, s0);
  wasm_v128_store(scores + 4, s1);
  const v128_t t0 = wasm_f32x4_mul(s0, valpha), t1 = wasm_f32x4_mul(s1, valpha);
  wasm_v128_store(scaled, t0);
  wasm_v128_store(scaled + 4, t1);
  vmax = wasm_f32x4_pmax(vmax, wasm_f32x4_pmax(t0, t1));
  chk = wasm_f32x4_add(chk, wasm_f32x4_add(t0, t1));
}

// The same for the last panel's cols < 8 real columns: the padding lanes (products with the
// zero padding) are kept out of the maximum.
inline void finish_partial_row(v128_t s0, v128_t s1, v128_t valpha, int cols, float* scores, float* scaled,
                               v128_t& vmax, v128_t& chk) {
  store_row(scores, s0, s1, cols);
  const v128_t t0 = wasm_f32x4_mul(s0, valpha), t1 = wasm_f32x4_mul(s1, valpha);
  store_row(scaled, t0, t1, cols);
  const v128_t lane = wasm_i32x4_make(0, 1, 2, 3), lowest = wasm_f32x4_splat(-FLT_MAX);
  const v128_t real0 = wasm_i32x4_lt(lane, wasm_i32x4_splat(cols));
  const v128_t real1 = wasm_i32x4_lt(lane, wasm_i32x4_splat(cols - 4));
  vmax = wasm_f32x4_pmax(
      vmax, wasm_f32x4_pmax(wasm_v128_bitselect(t0, lowest, real0), wasm_v128_bitselect(t1, lowest, real1)));
  chk = wasm_f32x4_add(chk, wasm_f32x4_add(t0, t1));
}

inline float horizontal_max(v128_t v) {
  v = wasm_f32x4_pmax(v, wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
  v = wasm_f32x4_pmax(v, wasm_i32x4_shuffle(v, v, 1, 0, 3, 2));
  return wasm_f32x4_extract_lane(v, 0);
}

inline bool all_finite(v128_t v) {
  return wasm_i32x4_all_true(wasm_f32x4_eq(wasm_f32x4_sub(v, v), wasm_f32x4_splat(0.0f)));
}

// The slow path of one row (scores_scalar.cpp's steps): returns the row's maximum.
float saturate_row(float* scores, float* scaled, int n, float alpha) {
  float max_val = -FLT_MAX;
  for (int j = 0; j < n; ++j) {
    scores[j] = saturate(scores[j]);
    scaled[j] = saturate(scores[j] * alpha);
    max_val = scaled[j] > max_val ? scaled[j] : max_val;
  }
  return max_val;
}

}  // namespace

void scores_f32(int m, const float* q, int ldq, int k, int n, const float* packed, float alpha, float* scores,
                float* scaled, int ldc, float* row_max) noexcept {
  const v128_t valpha = wasm_f32x4_splat(alpha);
  for (int i0 = 0; i0 < m; i0 += 4) {
    const int rows = m - i0 < 4 ? m - i0 : 4;
    // rows past the end read row 0 again (always valid memory); their results are not stored
    const float* a0 = q + i0 * ldq;
    const float* a1 = rows > 1 ? a0 + ldq : a0;
    const float* a2 = rows > 2 ? a1 + ldq : a0;
    const float* a3 = rows > 3 ? a2 + ldq : a0;
    float* s0 = scores + i0 * ldc;
    float* t0 = scaled + i0 * ldc;
    v128_t max0 = wasm_f32x4_splat(-FLT_MAX), max1 = max0, max2 = max0, max3 = max0;
    v128_t chk = wasm_f32x4_splat(0.0f);
    for (int j = 0; j < panels::panel_count(n); ++j) {
      const Tile4x8 t = tile_4x8(k, a0, a1, a2, a3, panels::panel(packed, k, j));
      const int c = j * kNr, cols = n - c < kNr ? n - c : kNr;
      if (cols == kNr) {
        finish_row(t.c00, t.c01, valpha, s0 + c, t0 + c, max0, chk);
        if (rows > 1) finish_row(t.c10, t.c11, valpha, s0 + ldc + c, t0 + ldc + c, max1, chk);
        if (rows > 2) finish_row(t.c20, t.c21, valpha, s0 + 2 * ldc + c, t0 + 2 * ldc + c, max2, chk);
        if (rows > 3) finish_row(t.c30, t.c31, valpha, s0 + 3 * ldc + c, t0 + 3 * ldc + c, max3, chk);
      } else {
        finish_partial_row(t.c00, t.c01, valpha, cols, s0 + c, t0 + c, max0, chk);
        if (rows > 1) finish_partial_row(t.c10, t.c11, valpha, cols, s0 + ldc + c, t0 + ldc + c, max1, chk);
        if (rows > 2) finish_partial_row(t.c20, t.c21, valpha, cols, s0 + 2 * ldc + c, t0 + 2 * ldc + c, max2, chk);
        if (rows > 3) finish_partial_row(t.c30, t.c31, valpha, cols, s0 + 3 * ldc + c, t0 + 3 * ldc + c, max3, chk);
      }
    }
    if (all_finite(chk)) {
      row_max[i0] = horizontal_max(max0);
      if (rows > 1) row_max[i0 + 1] = horizontal_max(max1);
      if (rows > 2) row_max[i0 + 2] = horizontal_max(max2);
      if (rows > 3) row_max[i0 + 3] = horizontal_max(max3);
    } else {
      for (int r = 0; r < rows; ++r) row_max[i0 + r] = saturate_row(s0 + r * ldc, t0 + r * ldc, n, alpha);
    }
  }
}

}  // namespace al::kernels::wasm
