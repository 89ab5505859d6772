// Packing into panels, and the products that pack their right-hand side first: the same for
// the scalar and SIMD builds (each has its own gemm_packed, in gemm_scalar.cpp and
// dispatch_wasmsimd.cpp).
#include "core/kernels/gemm_panels.h"

namespace al::kernels {
namespace panels {

void pack(int k, int n, const float* src, int row_stride, int col_stride, PackedB& out) noexcept {
  out.k = k;
  out.n = n;
  out.data.resize(std::size_t(panel_count(n)) * k * kNr);
  float* dst = out.data.data();
  for (int j0 = 0; j0 < n; j0 += kNr) {
    const int cols = n - j0 < kNr ? n - j0 : kNr;
    for (int p = 0; p < k; ++p) {
      const float* row = src + std::size_t(p) * row_stride + std::size_t(j0) * col_stride;
      int jj = 0;
      for (; jj < cols; ++jj) dst[jj] = row[std::size_t(jj) * col_stride];
      for (; jj < kNr; ++jj) dst[jj] = 0.0f;  // padding: contributes nothing
      dst += kNr;
    }
  }
}

PackedB& scratch() noexcept {
  static PackedB s;
  return s;
}

}  // namespace panels

void pack_b(int k, int n, const float* b, int ldb, PackedB& out) noexcept { panels::pack(k, n, b, ldb, 1, out); }

void pack_bt(int k, int n, const float* bt, int ldbt, PackedB& out) noexcept { panels::pack(k, n, bt, 1, ldbt, out); }

void gemm(int m, int n, int k, const float* a, int lda, const float* b, int ldb, float* c, int ldc) noexcept {
  pack_b(k, n, b, ldb, panels::scratch());
  gemm_packed(m, a, lda, panels::scratch(), c, ldc);
}

void gemm_nt(int m, int n, int k, const float* a, int lda, const float* b, int ldb, float* c, int ldc) noexcept {
  pack_bt(k, n, b, ldb, panels::scratch());
  gemm_packed(m, a, lda, panels::scratch(), c, ldc);
}

}  // namespace al::kernels
