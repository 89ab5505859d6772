// Matrix product on packed panels with wasm SIMD128: gemm_scalar.cpp with the panel's
// 8 columns held in two f32x4 vectors and a kMr×8 tile of C in kMr×2 vector registers.
// Baseline wasm SIMD has no fused multiply-add: each step is a mul and an add.
#include <wasm_simd128.h>

#include "core/kernels/gemm_panels.h"

namespace al::kernels {

using panels::kMr;
using panels::kNr;
static_assert(kMr == 4 && kNr == 8, "the microkernel below is written for 4×8 tiles");

// C tile (rows×cols, at most 4×8) = A rows (rows×k) · one panel (k×8).
void panels::microkernel(int rows, int cols, int k, const float* a, int lda, const float* w, float* c,
                         int ldc) noexcept {
  // Rows past the end read row 0 again (always valid memory); their results are not stored.
  const float* a0 = a;
  const float* a1 = rows > 1 ? a0 + lda : a0;
  const float* a2 = rows > 2 ? a1 + lda : a0;
  const float* a3 = rows > 3 ? a2 + lda : a0;
  v128_t acc00 = wasm_f32x4_splat(0.0f), acc01 = acc00, acc10 = acc00, acc11 = acc00;
  v128_t acc20 = acc00, acc21 = acc00, acc30 = acc00, acc31 = acc00;
  for (int p = 0; p < k; ++p) {
    const v128_t w0 = wasm_v128_load(w), w1 = wasm_v128_load(w + 4);  // B[p][0..3], B[p][4..7]
    w += kNr;
    const v128_t va0 = wasm_v128_load32_splat(a0 + p);  // A[r][p] in all four lanes
    const v128_t va1 = wasm_v128_load32_splat(a1 + p);
    const v128_t va2 = wasm_v128_load32_splat(a2 + p);
    const v128_t va3 = wasm_v128_load32_splat(a3 + p);
    acc00 = wasm_f32x4_add(acc00, wasm_f32x4_mul(va0, w0));
    acc01 = wasm_f32x4_add(acc01, wasm_f32x4_mul(va0, w1));
    acc10 = wasm_f32x4_add(acc10, wasm_f32x4_mul(va1, w0));
    acc11 = wasm_f32x4_add(acc11, wasm_f32x4_mul(va1, w1));
    acc20 = wasm_f32x4_add(acc20, wasm_f32x4_mul(va2, w0));
    acc21 = wasm_f32x4_add(acc21, wasm_f32x4_mul(va2, w1));
    acc30 = wasm_f32x4_add(acc30, wasm_f32x4_mul(va3, w0));
    acc31 = wasm_f32x4_add(acc31, wasm_f32x4_mul(va3, w1));
  }
  if (cols == kNr) {
    wasm_v128_store(c, acc00);
    wasm_v128_store(c + 4, acc01);
    if (rows > 1) wasm_v128_store(c + ldc, acc10), wasm_v128_store(c + ldc + 4, acc11);
    if (rows > 2) wasm_v128_store(c + 2 * ldc, acc20), wasm_v128_store(c + 2 * ldc + 4, acc21);
    if (rows > 3) wasm_v128_store(c + 3 * ldc, acc30), wasm_v128_store(c + 3 * ldc + 4, acc31);
    return;
  }
  // the last panel: store only the real columns
  alignas(16) float tile[kMr][kNr];
  wasm_v128_store(tile[0], acc00), wasm_v128_store(tile[0] + 4, acc01);
  wasm_v128_store(tile[1], acc10), wasm_v128_store(tile[1] + 4, acc11);
  wasm_v128_store(tile[2], acc20), wasm_v128_store(tile[2] + 4, acc21);
  wasm_v128_store(tile[3], acc30), wasm_v128_store(tile[3] + 4, acc31);
  for (int r = 0; r < rows; ++r)
    for (int jj = 0; jj < cols; ++jj) c[r * ldc + jj] = tile[r][jj];
}

const char* gemm_impl() noexcept { return "wasmsimd"; }

}  // namespace al::kernels
