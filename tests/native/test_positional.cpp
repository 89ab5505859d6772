#include <cmath>

#include "compare.h"
#include "core/positional.h"

using Catch::Matchers::WithinAbs;

TEST_CASE("positional encoding matches the paper's formula in double", "[positional]") {
  for (int n : {1, 3, 4, 5, 8, 9, 64})
    for (int d : {2, 4, 5, 8, 9, 100}) {
      INFO("n=" << n << " d=" << d);
      REQUIRE_CLOSE(al::positional_encoding(n, d), al::reference::positional_encoding(n, d), 1e-6);
    }
}

TEST_CASE("positional encoding at position 0 is sin 0 = 0 and cos 0 = 1 alternating", "[positional]") {
  const al::Matrix pe = al::positional_encoding(1, 100);
  for (int j = 0; j < 100; ++j) REQUIRE(pe(0, j) == (j % 2 == 0 ? 0.0f : 1.0f));
}

TEST_CASE("positional encoding spot values: PE(pos, 2i) = sin(pos / 10000^(2i/d))", "[positional]") {
  const al::Matrix pe = al::positional_encoding(50, 100);
  REQUIRE_THAT(pe(1, 0), WithinAbs(std::sin(1.0), 1e-7));  // fastest wave
  REQUIRE_THAT(pe(7, 1), WithinAbs(std::cos(7.0), 1e-7));
  REQUIRE_THAT(pe(10, 2), WithinAbs(std::sin(10 / std::pow(10000.0, 0.02)), 1e-7));
  REQUIRE_THAT(pe(49, 99), WithinAbs(std::cos(49 / std::pow(10000.0, 0.98)), 1e-7));  // slowest wave
}

TEST_CASE("each sin/cos pair of the positional encoding has unit length", "[positional]") {
  const al::Matrix pe = al::positional_encoding(30, 100);
  for (int pos = 0; pos < 30; ++pos)
    for (int i = 0; i < 100; i += 2)
      REQUIRE_THAT(double(pe(pos, i)) * pe(pos, i) + double(pe(pos, i + 1)) * pe(pos, i + 1), WithinAbs(1.0, 1e-6));
}
