#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <vector>

#include "compare.h"
#include "core/kernels/kernels.h"

using al::Matrix;
using al::test::random_matrix;

namespace {

void check_softmax(int n, float lo, float hi, std::uint32_t seed) {
  const Matrix x = random_matrix(1, n, seed, lo, hi);
  std::vector<float> y(std::size_t(n), -1.0f);
  al::kernels::softmax(x.data.data(), y.data(), n);
  const std::vector<double> want = al::reference::softmax(std::vector<double>(x.data.begin(), x.data.end()));
  double sum = 0, max_err = 0;
  for (int i = 0; i < n; ++i) {
    REQUIRE(std::isfinite(y[std::size_t(i)]));
    REQUIRE(y[std::size_t(i)] >= 0.0f);
    sum += y[std::size_t(i)];
    max_err = std::max(max_err, std::abs(y[std::size_t(i)] - want[std::size_t(i)]));
  }
  INFO("n = " << n << ", inputs in [" << lo << ", " << hi << "), max error " << max_err);
  REQUIRE(max_err <= 2e-6);
  REQUIRE(std::abs(sum - 1.0) <= 1e-5);
}

}  // namespace

TEST_CASE("softmax matches the double reference at sizes around the SIMD widths 4 and 8", "[softmax]") {
  for (int n : {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 100, 1000}) check_softmax(n, -5.0f, 5.0f, std::uint32_t(n));
}

TEST_CASE("softmax stays finite where a naive exp overflows (inputs of 80 to 3e4)", "[softmax]") {
  // expf overflows above ~88.7: without subtracting the maximum these would be inf/inf = NaN
  for (int n : {1, 3, 4, 5, 8, 9, 17}) {
    check_softmax(n, 80.0f, 100.0f, 7u + std::uint32_t(n));
    check_softmax(n, 1000.0f, 30000.0f, 11u + std::uint32_t(n));
    check_softmax(n, -30000.0f, -1000.0f, 13u + std::uint32_t(n));  // naive exp underflows to 0/0
  }
}

TEST_CASE("softmax_with_max, given the row's maximum, equals softmax at sizes around 4 and 8", "[softmax]") {
  for (int n : {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 100, 1000}) {
    const Matrix x = random_matrix(1, n, 40u + std::uint32_t(n), -20.0f, 20.0f);
    const float max_val = *std::max_element(x.data.begin(), x.data.end());
    std::vector<float> y(static_cast<std::size_t>(n)), want(y.size());
    al::kernels::softmax_with_max(x.data.data(), y.data(), n, max_val);
    al::kernels::softmax(x.data.data(), want.data(), n);
    const std::vector<double> ref = al::reference::softmax(std::vector<double>(x.data.begin(), x.data.end()));
    double max_err = 0;
    for (int i = 0; i < n; ++i) max_err = std::max(max_err, std::abs(y[std::size_t(i)] - ref[std::size_t(i)]));
    INFO("n = " << n << ", max error against the double reference " << max_err);
    REQUIRE(max_err <= 2e-6);
    REQUIRE(y == want);
  }
}

TEST_CASE("exp of the softmax is exactly 1 at the maximum and exactly 0 far below it", "[softmax]") {
  for (int n : {1, 4, 5, 9}) {
    std::vector<float> x(std::size_t(n), -1e6f), y(x.size());
    x[std::size_t(n - 1)] = 2.0f;
    al::kernels::softmax_with_max(x.data(), y.data(), n, 2.0f);
    for (int i = 0; i < n; ++i) REQUIRE(y[std::size_t(i)] == (i == n - 1 ? 1.0f : 0.0f));
  }
}

TEST_CASE("softmax of equal inputs is uniform", "[softmax]") {
  for (int n : {1, 4, 7, 8, 9}) {
    const auto size = static_cast<std::size_t>(n);
    std::vector<float> x(size, 42.0f), y(size);
    al::kernels::softmax(x.data(), y.data(), n);
    for (float v : y) REQUIRE_THAT(v, Catch::Matchers::WithinRel(1.0f / float(n), 1e-6f));
  }
}

TEST_CASE("softmax works in place", "[softmax]") {
  std::vector<float> x = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f};
  const auto want = al::reference::softmax({1, 2, 3, 4, 5});
  al::kernels::softmax(x.data(), x.data(), 5);
  for (std::size_t i = 0; i < x.size(); ++i) REQUIRE(std::abs(x[i] - want[i]) <= 1e-7);
}

TEST_CASE("scale multiplies and saturates: ±inf becomes ±FLT_MAX and NaN becomes 0", "[softmax]") {
  const float inf = std::numeric_limits<float>::infinity();
  for (int n : {1, 3, 4, 5, 8, 9}) {
    std::vector<float> x(static_cast<std::size_t>(n)), y(x.size());
    for (int i = 0; i < n; ++i)
      x[std::size_t(i)] = i % 4 == 0 ? inf : i % 4 == 1 ? -inf : i % 4 == 2 ? std::nanf("") : 2.5f;
    al::kernels::scale(x.data(), y.data(), n, 2.0f);
    for (int i = 0; i < n; ++i) {
      const float want = i % 4 == 0 ? FLT_MAX : i % 4 == 1 ? -FLT_MAX : i % 4 == 2 ? 0.0f : 5.0f;
      INFO("n=" << n << " i=" << i);
      REQUIRE(y[std::size_t(i)] == want);
    }
  }
  std::vector<float> big = {3e38f, -3e38f, 1.0f, 0.0f, 1e-30f};
  al::kernels::scale(big.data(), big.data(), 5, 10.0f);  // in place, overflowing
  REQUIRE(big == std::vector<float>{FLT_MAX, -FLT_MAX, 10.0f, 0.0f, 1e-29f});
}
