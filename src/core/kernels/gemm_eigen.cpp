// Matrix products through Eigen: the native fast path (Eigen vectorizes with SSE/AVX).
#include <Eigen/Core>

#include "core/kernels/kernels.h"

namespace al::kernels {
namespace {

using RowMajor = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstView = Eigen::Map<const RowMajor, Eigen::Unaligned, Eigen::OuterStride<>>;
using View = Eigen::Map<RowMajor, Eigen::Unaligned, Eigen::OuterStride<>>;

}  // namespace

// C (m×n) = A (m×k) · B (k×n)
void gemm(int m, int n, int k, const float* a, int lda, const float* b, int ldb, float* c, int ldc) {
  if (m == 0 || n == 0) return;
  View C(c, m, n, Eigen::OuterStride<>(ldc));
  if (k == 0) { C.setZero(); return; }
  C.noalias() = ConstView(a, m, k, Eigen::OuterStride<>(lda)) * ConstView(b, k, n, Eigen::OuterStride<>(ldb));
}

// C (m×n) = A (m×k) · Bᵀ, B stored (n×k)
void gemm_nt(int m, int n, int k, const float* a, int lda, const float* b, int ldb, float* c, int ldc) {
  if (m == 0 || n == 0) return;
  View C(c, m, n, Eigen::OuterStride<>(ldc));
  if (k == 0) { C.setZero(); return; }
  C.noalias() = ConstView(a, m, k, Eigen::OuterStride<>(lda)) *
                ConstView(b, n, k, Eigen::OuterStride<>(ldb)).transpose();
}

const char* gemm_impl() { return "eigen"; }

}  // namespace al::kernels
