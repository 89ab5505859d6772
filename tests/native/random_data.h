// Seeded test inputs (no Catch2 here: the fuzz targets use them too).
#pragma once
#include <cstdint>
#include <vector>

#include "core/matrix.h"
#include "core/random.h"

namespace al::test {

// Uniform values in [lo, hi), seeded (core/random.h).
inline Matrix random_matrix(int rows, int cols, std::uint32_t seed, float lo = -1.0f, float hi = 1.0f) {
  Matrix m(rows, cols);
  SplitMix64 rng(seed);
  for (float& v : m.data) v = rng.uniform(lo, hi);
  return m;
}

// n seeded values in [-scale, scale): a test word's vector.
inline std::vector<float> random_vector(int n, std::uint32_t seed, float scale = 1.0f) {
  std::vector<float> v(static_cast<std::size_t>(n));
  SplitMix64 rng(seed);
  for (float& x : v) x = rng.uniform(-scale, scale);
  return v;
}

}  // namespace al::test
