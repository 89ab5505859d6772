// Matrix product on packed panels, scalar: the explanation of the tiling that
// gemm_wasmsimd.cpp mirrors with vectors.
//   for each tile of kMr rows of A and each panel of 8 columns of B:
//     acc (kMr×8) = Σ_p A[rows][p] ⊗ B[p][panel]        (outer products, one p at a time)
//     store acc into C, clipped to the real rows and columns
#include "core/kernels/gemm_panels.h"

namespace al::kernels {
namespace {

using panels::kMr;
using panels::kNr;

// C tile (rows×cols, at most kMr×kNr) = A rows (rows×k) · one panel (k×kNr)
void microkernel(int rows, int cols, int k, const float* a, int lda, const float* w, float* c, int ldc) noexcept {
  float acc[kMr][kNr] = {};
  for (int p = 0; p < k; ++p) {
    for (int r = 0; r < rows; ++r) {
      const float ar = a[r * lda + p];  // A[r][p], broadcast across the panel's 8 columns
      for (int jj = 0; jj < kNr; ++jj) acc[r][jj] += ar * w[jj];
    }
    w += kNr;
  }
  for (int r = 0; r < rows; ++r)
    for (int jj = 0; jj < cols; ++jj) c[r * ldc + jj] = acc[r][jj];
}

}  // namespace

// C (m×n) = A (m×k) · B (packed): every kMr×kNr tile of C by the microkernel
void gemm_packed(int m, const float* a, int lda, const PackedB& b, float* c, int ldc) noexcept {
  panels::for_each_tile(m, b.n, [&](int i0, int rows, int j, int cols) {
    microkernel(rows, cols, b.k, a + std::size_t(i0) * lda, lda, panels::panel(b.data.data(), b.k, j),
                c + std::size_t(i0) * ldc + j * kNr, ldc);
  });
}

const char* gemm_impl() noexcept { return "scalar"; }

}  // namespace al::kernels
