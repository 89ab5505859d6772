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
  const int sizes[] = {1, 3, 4, 5, 7, 8, 9, 16, 17, 100};
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
