// The packed layout shared by the scalar and SIMD gemm kernels: B (k×n) cut into panels of
// kNr = 8 columns; panel j holds, for each p in 0..k-1, the 8 values B[p][8j .. 8j+7]
// contiguously (zero-padded past n). A microkernel then streams one panel from start to end
// while it accumulates a kMr×8 tile of C in registers.
#pragma once
#include <cstddef>

#include "core/kernels/kernels.h"

namespace al::kernels::panels {

constexpr int kNr = 8;  // columns per panel: two f32x4 vectors
constexpr int kMr = 4;  // rows of C per microkernel call

inline int panel_count(int n) { return (n + kNr - 1) / kNr; }
inline const float* panel(const float* packed, int k, int j) { return packed + std::size_t(j) * k * kNr; }

// Calls tile(i0, rows, j, cols) for every tile of an m×n product: rows i0 .. i0+rows-1 (at most
// kMr) against panel j, whose real columns are 8j .. 8j+cols-1 (at most kNr). Row tiles outer,
// so a tile's rows of A stay in L1 while the panels stream past them.
template <class Tile>
inline void for_each_tile(int m, int n, Tile&& tile) {
  for (int i0 = 0; i0 < m; i0 += kMr) {
    const int rows = m - i0 < kMr ? m - i0 : kMr;
    for (int j = 0; j < panel_count(n); ++j) tile(i0, rows, j, n - j * kNr < kNr ? n - j * kNr : kNr);
  }
}

// B[p][col] = src[p * row_stride + col * col_stride]: one routine for B (pack_b) and Btᵀ (pack_bt).
void pack(int k, int n, const float* src, int row_stride, int col_stride, PackedB& out) noexcept;

// The scratch PackedB that gemm() and gemm_nt() pack their right-hand side into. It grows to
// the largest size used and is reused, so repeated products do not allocate.
PackedB& scratch() noexcept;

}  // namespace al::kernels::panels
