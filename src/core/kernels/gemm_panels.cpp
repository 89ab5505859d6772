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

// C (m×n) = A (m×k) · B (packed): every kMr×kNr tile of C by the microkernel
void gemm_packed(int m, const float* a, int lda, const PackedB& b, float* c, int ldc) noexcept {
  using panels::kMr;
  using panels::kNr;
  for (int i0 = 0; i0 < m; i0 += kMr) {
    const int rows = m - i0 < kMr ? m - i0 : kMr;
    for (int j = 0; j < panels::panel_count(b.n); ++j) {
      const int cols = b.n - j * kNr < kNr ? b.n - j * kNr : kNr;
      panels::microkernel(rows, cols, b.k, a + std::size_t(i0) * lda, lda, panels::panel(b, j),
                          c + std::size_t(i0) * ldc + j * kNr, ldc);
    }
  }
}

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
