// Test helpers: seeded inputs (random_data.h) and an llm.c-style comparison of a float result against the
// double reference that reports the largest difference.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/matrix.h"
#include "core/reference.h"
#include "random_data.h"

namespace al::test {

// max |got - want| / max(1, max |want|): an error relative to the matrix's scale.
inline double scaled_max_error(const Matrix& got, const reference::DMatrix& want) {
  REQUIRE(got.rows == want.rows);
  REQUIRE(got.cols == want.cols);
  double max_diff = 0, max_ref = 1;
  for (std::size_t i = 0; i < got.data.size(); ++i) {
    max_diff = std::max(max_diff, std::abs(double(got.data[i]) - want.data[i]));
    max_ref = std::max(max_ref, std::abs(want.data[i]));
  }
  return max_diff / max_ref;
}

#define REQUIRE_CLOSE(got, want, tol)                                \
  do {                                                               \
    const double err_ = ::al::test::scaled_max_error((got), (want)); \
    INFO(#got << " vs reference: scaled max error " << err_);        \
    REQUIRE(err_ <= (tol));                                          \
  } while (0)

}  // namespace al::test
