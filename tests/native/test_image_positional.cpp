#include <catch2/catch.hpp>
#include <cmath>

#include "compare.h"
#include "core/errors.h"
#include "core/image/positional_2d.h"
#include "core/image/reference.h"

using al::Matrix;
using al::image::positional_encoding_2d;
using Catch::Matchers::WithinAbs;

TEST_CASE("the 2-D positional encoding matches its formula in double", "[image][positional]") {
  for (int side : {1, 2, 7, 14, 28})
    for (int d : {2, 3, 4, 8, 9, 48, 100}) {
      INFO("grid " << side << " × " << side << ", d=" << d);
      REQUIRE_CLOSE(positional_encoding_2d(side, side, d), al::image::reference::positional_encoding_2d(side, side, d),
                    1e-6);
    }
  REQUIRE_CLOSE(positional_encoding_2d(3, 5, 12), al::image::reference::positional_encoding_2d(3, 5, 12), 1e-6);
}

TEST_CASE("the first half of the dimensions encodes the row, the second half the column", "[image][positional]") {
  const int side = 14, d = 48;
  const Matrix pe = positional_encoding_2d(side, side, d);
  int different = 0;
  for (int t = 0; t < side * side; ++t)
    for (int j = 0; j < d; ++j) {
      const int same_row = (t / side) * side, same_col = t % side;  // column 0 of its row; row 0 of its column
      different += pe(t, j) != (j < d / 2 ? pe(same_row, j) : pe(same_col, j));
    }
  REQUIRE(different == 0);
  // patch (2, 5): row half sin/cos of 2, column half sin/cos of 5 at the fastest frequency
  REQUIRE_THAT(pe(2 * side + 5, 0), WithinAbs(std::sin(2.0), 1e-7));
  REQUIRE_THAT(pe(2 * side + 5, 1), WithinAbs(std::cos(2.0), 1e-7));
  REQUIRE_THAT(pe(2 * side + 5, 24), WithinAbs(std::sin(5.0), 1e-7));
  REQUIRE_THAT(pe(2 * side + 5, 25), WithinAbs(std::cos(5.0), 1e-7));
}

TEST_CASE("neighbouring patches' encodings are more alike than distant ones'", "[image][positional]") {
  const int side = 14;
  const Matrix pe = positional_encoding_2d(side, side, 48);
  auto dot = [&](int a, int b) {
    double s = 0;
    for (int j = 0; j < 48; ++j) s += double(pe(a, j)) * pe(b, j);
    return s;
  };
  const int centre = 7 * side + 7;
  REQUIRE(dot(centre, centre) > dot(centre, centre + 1));
  REQUIRE(dot(centre, centre + 1) > dot(centre, centre + 4));
  REQUIRE(dot(centre, centre + side) > dot(centre, centre + 4 * side));
  REQUIRE_THAT(dot(centre, centre), WithinAbs(24.0, 1e-4));  // 24 sin/cos pairs of length 1
}

TEST_CASE("a 2-D positional encoding needs at least 2 dimensions", "[image][positional]") {
  REQUIRE_THROWS_AS(positional_encoding_2d(7, 7, 1), al::OptionError);
}
