// Matrix product on packed panels with wasm SIMD128: gemm_scalar.cpp with each 4×8 tile of C in
// vector registers (tile_wasmsimd.h). Compiled into the SIMD128 build and, as relaxed SIMD,
// into kernels-relaxed.wasm (wasm_kernels.h).
#include "core/kernels/gemm_panels.h"
#include "core/kernels/tile_wasmsimd.h"
#include "core/kernels/wasm_kernels.h"

namespace al::kernels::wasm {

using panels::kNr;

void gemm_f32(int m, const float* a, int lda, int k, int n, const float* packed, float* c, int ldc) noexcept {
  panels::for_each_tile(m, n, [&](int i0, int rows, int j, int cols) {
    // rows past the end read row 0 again (always valid memory); their results are not stored
    const float* a0 = a + i0 * lda;
    const float* a1 = rows > 1 ? a0 + lda : a0;
    const float* a2 = rows > 2 ? a1 + lda : a0;
    const float* a3 = rows > 3 ? a2 + lda : a0;
    const float* w = panels::panel(packed, k, j);
    const Tile4x8 t = cols > 4 ? tile_4x8(k, a0, a1, a2, a3, w) : tile_4x4(k, a0, a1, a2, a3, w);
    float* c0 = c + i0 * ldc + j * kNr;
    if (cols == kNr) {
      wasm_v128_store(c0, t.c00), wasm_v128_store(c0 + 4, t.c01);
      if (rows > 1) wasm_v128_store(c0 + ldc, t.c10), wasm_v128_store(c0 + ldc + 4, t.c11);
      if (rows > 2) wasm_v128_store(c0 + 2 * ldc, t.c20), wasm_v128_store(c0 + 2 * ldc + 4, t.c21);
      if (rows > 3) wasm_v128_store(c0 + 3 * ldc, t.c30), wasm_v128_store(c0 + 3 * ldc + 4, t.c31);
      return;
    }
    // the last panel: only the real columns
    store_row(c0, t.c00, t.c01, cols);
    if (rows > 1) store_row(c0 + ldc, t.c10, t.c11, cols);
    if (rows > 2) store_row(c0 + 2 * ldc, t.c20, t.c21, cols);
    if (rows > 3) store_row(c0 + 3 * ldc, t.c30, t.c31, cols);
  });
}

}  // namespace al::kernels::wasm
