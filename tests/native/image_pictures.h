// Synthetic pictures for the image tests, made in memory (no files): flat regions, mild seeded
// noise, RGBA bytes as a canvas's ImageData holds them.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/attention.h"
#include "core/image/image.h"
#include "core/image/tokens.h"
#include "core/random.h"
#include "core/weights.h"

namespace al::test {

// Seeded Gaussian noise: the same sequence on every platform.
using Noise = SplitMix64;

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

// Identity weights of the image mode's width (48), prepared once: the picture's default weights.
inline const PreparedWeights& image_identity() {
  static const PreparedWeights w = prepare(identity_weights(image::kTokenDims));
  return w;
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
