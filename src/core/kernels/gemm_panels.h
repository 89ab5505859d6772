// The packed layout shared by the scalar and SIMD gemm kernels: B (k×n) cut into panels of
// kNr = 8 columns; panel j holds, for each p in 0..k-1, the 8 values B[p][8j .. 8j+7]
// contiguously (zero-padded past n). The microkernel then streams one panel from start to
// end while it accumulates a kMr×8 tile of C in registers.
#pragma once
#include <cstddef>

#include "core/kernels/kernels.h"

namespace al::kernels::panels {

constexpr int kNr = 8;  // columns per panel: two f32x4 vectors
constexpr int kMr = 4;  // rows of C per microkernel call

inline int panel_count(int n) { return (n + kNr - 1) / kNr; }
inline const float* panel(const PackedB& b, int j) { return b.data.data() + std::size_t(j) * b.k * kNr; }

// C tile (rows×cols, at most kMr×kNr) = A rows (rows×k, lda apart) · one panel (k×kNr).
// The one routine each instruction set implements (gemm_scalar.cpp, gemm_wasmsimd.cpp);
// gemm_packed() walks the tiles and calls it.
void microkernel(int rows, int cols, int k, const float* a, int lda, const float* w, float* c, int ldc) noexcept;

// B[p][col] = src[p * row_stride + col * col_stride]: one routine for B (pack_b) and Btᵀ (pack_bt).
void pack(int k, int n, const float* src, int row_stride, int col_stride, PackedB& out) noexcept;

// The scratch PackedB that gemm() and gemm_nt() pack their right-hand side into. It grows to
// the largest size used and is reused, so repeated products do not allocate.
PackedB& scratch() noexcept;

}  // namespace al::kernels::panels
