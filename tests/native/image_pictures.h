// Synthetic pictures for the image tests, made in memory (no files): flat regions, mild seeded
// noise, RGBA bytes as a canvas's ImageData holds them.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/image/image.h"

namespace al::test {

// The tests' own seeded generator (splitmix64, Steele, Lea and Flood 2014) with Box–Muller
// Gaussians: the same sequence on every platform.
class Noise {
 public:
  explicit Noise(std::uint64_t seed) : state_(seed) {}
  double uniform() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return double((z ^ (z >> 31)) >> 11) * (1.0 / 9007199254740992.0);
  }
  double gaussian() {
    const double u1 = std::max(uniform(), 1e-300), u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }

 private:
  std::uint64_t state_;
};

struct Rgb {
  float r, g, b;
};

// A 224 × 224 view whose pixel (y, x) has colour(y, x) plus Gaussian noise of deviation sigma.
inline image::Image picture(const std::function<Rgb(int, int)>& colour, double sigma, std::uint64_t seed) {
  image::Image view(224, 224);
  Noise noise(seed);
  for (int y = 0; y < 224; ++y)
    for (int x = 0; x < 224; ++x) {
      const Rgb c = colour(y, x);
      view.at(y, x, 0) = float(c.r + sigma * noise.gaussian());
      view.at(y, x, 1) = float(c.g + sigma * noise.gaussian());
      view.at(y, x, 2) = float(c.b + sigma * noise.gaussian());
    }
  return view;
}

// RGBA8 bytes of a width × height picture, every pixel rgba(y, x).
inline std::vector<std::uint8_t> rgba_bytes(int width, int height,
                                            const std::function<std::array<std::uint8_t, 4>(int, int)>& rgba) {
  std::vector<std::uint8_t> bytes(std::size_t(width) * height * 4);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const auto p = rgba(y, x);
      std::copy(p.begin(), p.end(), bytes.begin() + (std::ptrdiff_t(y) * width + x) * 4);
    }
  return bytes;
}

}  // namespace al::test
