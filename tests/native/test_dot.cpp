// The int8 · int16 dot products against the same sums in double (exact: every partial sum is an
// integer below 2^53), at lengths below, equal to and above the SIMD width of 8 and row counts
// around the 4-row tile, and at the extremes the kernel's contract allows.
#include <cstdint>
#include <vector>

#include <catch2/catch.hpp>

#include "core/kernels/kernels.h"
#include "core/random.h"

namespace {

void check_dot(int rows, int k, int lda, std::uint64_t seed) {
  al::SplitMix64 rng(seed);
  std::vector<std::int8_t> a(std::size_t(rows) * std::size_t(lda));
  for (auto& v : a) v = std::int8_t(int(rng.below(256)) - 128);
  std::vector<std::int16_t> x(static_cast<std::size_t>(k));
  for (auto& v : x) v = std::int16_t(int(rng.below(65536)) - 32768);
  std::vector<std::int32_t> y(std::size_t(rows), 12345);
  al::kernels::dot_i8_i16(rows, k, a.data(), lda, x.data(), y.data());
  for (int r = 0; r < rows; ++r) {
    double want = 0;
    for (int i = 0; i < k; ++i)
      want += double(a[std::size_t(r) * std::size_t(lda) + std::size_t(i)]) * x[std::size_t(i)];
    INFO("rows " << rows << ", k " << k << ", lda " << lda << ", row " << r);
    REQUIRE(double(y[std::size_t(r)]) == want);
  }
}

}  // namespace

TEST_CASE("dot_i8_i16 equals the double sums at lengths around 8 and row counts around 4", "[dot]") {
  for (int rows : {1, 3, 4, 5, 8, 9})
    for (int k : {1, 3, 7, 8, 9, 15, 16, 17, 100, 511}) {
      check_dot(rows, k, k, std::uint64_t(rows * 1000 + k));
      check_dot(rows, k, k + 5, std::uint64_t(rows * 1000 + k + 7));  // rows further apart than k
    }
}

TEST_CASE("dot_i8_i16 stays exact at its contract's extremes (-128 · -32768, 511 times)", "[dot]") {
  const int k = al::kernels::kMaxDotI8Length, rows = 5;
  std::vector<std::int8_t> a(std::size_t(rows * k), std::int8_t(-128));
  std::vector<std::int16_t> x(std::size_t(k), std::int16_t(-32768));
  std::vector<std::int32_t> y(static_cast<std::size_t>(rows));
  al::kernels::dot_i8_i16(rows, k, a.data(), k, x.data(), y.data());
  for (std::int32_t v : y) REQUIRE(v == std::int32_t(511) * 128 * 32768);
  for (auto& v : x) v = 32767;
  al::kernels::dot_i8_i16(rows, k, a.data(), k, x.data(), y.data());
  for (std::int32_t v : y) REQUIRE(v == -std::int32_t(511) * 128 * 32767);
}
