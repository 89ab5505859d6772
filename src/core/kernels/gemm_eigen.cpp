// Matrix products through Eigen: the native fast path (Eigen vectorizes with SSE/AVX and
// blocks for the caches itself). "Packing" here is a plain row-major copy of B.
#include <Eigen/Core>

#include "core/kernels/kernels.h"

namespace al::kernels {
namespace {

using RowMajor = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstView = Eigen::Map<const RowMajor, Eigen::Unaligned, Eigen::OuterStride<>>;
using View = Eigen::Map<RowMajor, Eigen::Unaligned, Eigen::OuterStride<>>;

ConstView view(const float* p, int rows, int cols, int ld) {
  return ConstView(p, rows, cols, Eigen::OuterStride<>(ld));
}
View view(float* p, int rows, int cols, int ld) { return View(p, rows, cols, Eigen::OuterStride<>(ld)); }

}  // namespace

void pack_b(int k, int n, const float* b, int ldb, PackedB& out) noexcept {
  out.k = k;
  out.n = n;
  out.data.resize(std::size_t(k) * n);
  view(out.data.data(), k, n, n) = view(b, k, n, ldb);
}

void pack_bt(int k, int n, const float* bt, int ldbt, PackedB& out) noexcept {
  out.k = k;
  out.n = n;
  out.data.resize(std::size_t(k) * n);
  view(out.data.data(), k, n, n) = view(bt, n, k, ldbt).transpose();
}

// C (m×n) = A (m×k) · B (k×n, packed)
void gemm_packed(int m, const float* a, int lda, const PackedB& b, float* c, int ldc) noexcept {
  gemm(m, b.n, b.k, a, lda, b.data.data(), b.n, c, ldc);
}

// C (m×n) = A (m×k) · B (k×n)
void gemm(int m, int n, int k, const float* a, int lda, const float* b, int ldb, float* c, int ldc) noexcept {
  if (m == 0 || n == 0) return;
  if (k == 0) {
    view(c, m, n, ldc).setZero();
    return;
  }
  view(c, m, n, ldc).noalias() = view(a, m, k, lda) * view(b, k, n, ldb);
}

// C (m×n) = A (m×k) · Bᵀ, B stored (n×k)
void gemm_nt(int m, int n, int k, const float* a, int lda, const float* b, int ldb, float* c, int ldc) noexcept {
  if (m == 0 || n == 0) return;
  if (k == 0) {
    view(c, m, n, ldc).setZero();
    return;
  }
  view(c, m, n, ldc).noalias() = view(a, m, k, lda) * view(b, n, k, ldb).transpose();
}

const char* gemm_impl() noexcept { return "eigen"; }

}  // namespace al::kernels
