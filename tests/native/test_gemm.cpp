#include <cfloat>
#include <cmath>
#include <limits>

#include "compare.h"
#include "core/kernels/kernels.h"

using al::Matrix;
using al::test::random_matrix;
namespace ref = al::reference;

namespace {

ref::DMatrix transpose(const ref::DMatrix& m) {
  ref::DMatrix t(m.cols, m.rows);
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.cols; ++c) t(c, r) = m(r, c);
  return t;
}

}  // namespace

TEST_CASE("gemm matches the double reference at sizes below, equal to and above 4 and 8", "[gemm]") {
  const int sizes[] = {1, 3, 4, 5, 7, 8, 9, 16, 17, 25, 100};
  for (int m : sizes)
    for (int n : sizes)
      for (int k : {1, 4, 5, 8, 9, 17, 100}) {
        const Matrix a = random_matrix(m, k, 1u + m), b = random_matrix(k, n, 2u + n);
        Matrix c(m, n);
        al::kernels::gemm(m, n, k, a.data.data(), k, b.data.data(), n, c.data.data(), n);
        INFO("m=" << m << " n=" << n << " k=" << k);
        REQUIRE_CLOSE(c, ref::matmul(ref::to_double(a), ref::to_double(b)), 1e-5);

        const Matrix bt = random_matrix(n, k, 3u + n);
        Matrix c2(m, n);
        al::kernels::gemm_nt(m, n, k, a.data.data(), k, bt.data.data(), k, c2.data.data(), n);
        REQUIRE_CLOSE(c2, ref::matmul(ref::to_double(a), transpose(ref::to_double(bt))), 1e-5);
      }
}

TEST_CASE("gemm reads and writes column slices through the leading dimensions", "[gemm]") {
  // one head's slice: columns 3..7 of a 6×12 matrix, times a 5×4 matrix, into columns 2..5 of 6×9
  const Matrix a = random_matrix(6, 12, 5), b = random_matrix(5, 4, 6);
  Matrix c = random_matrix(6, 9, 7);
  const Matrix before = c;
  al::kernels::gemm(6, 4, 5, a.data.data() + 3, 12, b.data.data(), 4, c.data.data() + 2, 9);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 9; ++j) {
      if (j < 2 || j >= 6) {
        REQUIRE(c(i, j) == before(i, j));  // outside the slice: untouched
        continue;
      }
      double want = 0;
      for (int p = 0; p < 5; ++p) want += double(a(i, 3 + p)) * b(p, j - 2);
      REQUIRE(std::abs(c(i, j) - want) <= 1e-5);
    }
}

TEST_CASE("gemm with an empty inner dimension writes zeros", "[gemm]") {
  Matrix c = random_matrix(3, 3, 9);
  al::kernels::gemm(3, 3, 0, nullptr, 0, nullptr, 3, c.data.data(), 3);
  for (float v : c.data) REQUIRE(v == 0.0f);
}

namespace {

// scores_packed on Q (m×k) and K (n×k) against the double reference: scores = Q·Kᵀ saturated,
// scaled = scores·alpha saturated, row_max the largest scaled value of each row. A score whose
// float products overflow has no one right value (±FLT_MAX, or 0 where inf − inf is NaN, and a
// fused multiply-add can turn one into the other): there, only finite is asked, and the
// reference takes the score found (its scaled score is still checked).
void check_scores(const Matrix& q, const Matrix& k, float alpha) {
  const int m = q.rows, n = k.rows, dk = q.cols;
  al::kernels::PackedB kt;
  al::kernels::pack_bt(dk, n, k.data.data(), dk, kt);
  Matrix scores(m, n), scaled(m, n);
  std::vector<float> row_max(std::size_t(m), NAN);
  al::kernels::scores_packed(m, q.data.data(), dk, kt, alpha, scores.data.data(), scaled.data.data(), n,
                             row_max.data());
  ref::DMatrix want = ref::matmul(ref::to_double(q), transpose(ref::to_double(k)));
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      REQUIRE(std::isfinite(scores(i, j)));
      bool overflows = false;
      for (int p = 0; p < dk; ++p) overflows |= std::abs(double(q(i, p)) * k(j, p)) > FLT_MAX;
      double& w = want(i, j);
      w = overflows ? scores(i, j) : std::clamp(w, -double(FLT_MAX), double(FLT_MAX));
    }
  ref::DMatrix want_scaled = want;
  for (double& v : want_scaled.data) v = std::clamp(v * alpha, -double(FLT_MAX), double(FLT_MAX));
  INFO("m=" << m << " n=" << n << " k=" << dk << " alpha=" << alpha);
  REQUIRE_CLOSE(scores, want, 1e-5);
  REQUIRE_CLOSE(scaled, want_scaled, 1e-5);
  for (int i = 0; i < m; ++i) {
    float max_val = -FLT_MAX;
    for (int j = 0; j < n; ++j) {
      REQUIRE(std::isfinite(scaled(i, j)));
      max_val = std::max(max_val, scaled(i, j));
    }
    INFO("row " << i);
    REQUIRE(row_max[std::size_t(i)] == max_val);  // exactly the largest stored value
  }
}

}  // namespace

TEST_CASE("scores_packed gives saturated scores, scaled scores and row maxima at sizes around 4 and 8", "[gemm]") {
  for (int m : {1, 3, 4, 5, 8, 9, 16, 17})
    for (int n : {1, 3, 4, 5, 7, 8, 9, 12, 16, 17, 33})
      for (int k : {1, 4, 5, 25, 64})
        for (float alpha : {0.125f, 3.0f})
          check_scores(random_matrix(m, k, 7u + m, -2, 2), random_matrix(n, k, 11u + n, -2, 2), alpha);
}

TEST_CASE("scores_packed saturates scores that overflow or are NaN, and scaled scores that overflow", "[gemm]") {
  for (int m : {1, 3, 4, 5, 9})
    for (int n : {1, 4, 5, 8, 9, 17}) {
      Matrix q = random_matrix(m, 2, 3u + m), k = random_matrix(n, 2, 5u + n);
      q(m - 1, 0) = 1e30f, q(m - 1, 1) = 1e30f;  // the last query's scores: ±inf, or inf − inf = NaN
      k(n / 2, 0) = 1e30f, k(n / 2, 1) = -1e30f;
      k(0, 0) = 1e25f;
      check_scores(q, k, 1.0f);
      check_scores(random_matrix(m, 2, 1u + m, -1e19f, 1e19f), random_matrix(n, 2, 2u + n, -1e19f, 1e19f),
                   1e6f);  // scores of ~1e38 fit; times 1e6 they overflow
    }
}
