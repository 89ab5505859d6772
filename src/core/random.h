// The one seeded generator of the C++ code: splitmix64 (Steele, Lea and Flood 2014, as in
// Java's SplittableRandom). Its output sequence is fixed by the seed on every platform and
// compiler, so seeded random weights, training runs and test inputs repeat bit for bit.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace al {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1) with 24 random bits: every value is exactly representable in float.
  float uniform() { return float(next() >> 40) * (1.0f / 16777216.0f); }
  // Uniform in [lo, hi).
  float uniform(float lo, float hi) { return lo + (hi - lo) * uniform(); }
  // Uniform in [0, 1) with 53 random bits.
  double uniform_double() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
  // A standard normal value (Box–Muller from two uniform_double() draws, the cosine branch).
  double gaussian() {
    const double u1 = std::max(uniform_double(), 1e-300), u2 = uniform_double();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }
  // An index in [0, n), n >= 1 (modulo bias below n / 2^64).
  std::size_t below(std::size_t n) { return std::size_t(next() % n); }

 private:
  std::uint64_t state_;
};

}  // namespace al
