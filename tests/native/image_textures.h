// Textured regions on a plain background: the pictures that check the image mode's default
// options (a query patch inside the texture keeps its weight inside it; no patch is its own
// best match by a landslide). They were written after those options' measurement was designed
// and none of them was used to choose the options: stripes, a blotchy noise texture, a lattice
// of small discs and diagonal stripes, each dark on a bright background and bright on a dark one.
// Made in memory (no files), seeded, so the same pictures come out under em++.
#pragma once
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/image/image.h"
#include "core/random.h"

namespace al::test {

enum class Texture { Stripes, Noise, Discs, Diagonals };
inline const char* to_string(Texture t) {
  switch (t) {
    case Texture::Stripes: return "stripes";
    case Texture::Noise: return "noise";
    case Texture::Discs: return "discs";
    case Texture::Diagonals: return "diagonals";
  }
  return "?";
}

// A rectangle of the 224 × 224 view, in pixels: [x0, x1) × [y0, y1). On the 32-pixel grid, so
// that every patch of 32, 16 or 8 pixels is wholly inside or wholly outside it.
struct Region {
  int x0, y0, x1, y1;
  bool contains(int y, int x) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

struct TexturedPicture {
  std::string name;
  Region region;
  image::Image view;
};

// The texture's pattern at a pixel, 0 or 1 (noise: a value in [0, 1]).
class Pattern {
 public:
  Pattern(Texture t, std::uint64_t seed) : texture_(t) {
    SplitMix64 rng(seed);
    for (float& v : lattice_) v = rng.uniform();
    phase_ = int(rng.below(7));
  }
  float at(int y, int x) const {
    switch (texture_) {
      case Texture::Stripes: return ((y + phase_) / 3) % 2 ? 1.0f : 0.0f;        // horizontal, 6 px period
      case Texture::Diagonals: return ((x + y + phase_) / 4) % 2 ? 1.0f : 0.0f;  // 8 px period along x
      case Texture::Discs: {  // discs of radius 3.5 on a 13-pixel lattice
        const int dy = (y + phase_) % 13 - 6, dx = (x + 2 * phase_) % 13 - 6;
        return dy * dy + dx * dx <= 12 ? 1.0f : 0.0f;
      }
      case Texture::Noise: {  // value noise: uniform values on a 5-pixel lattice, bilinear between
        const float fy = y / 5.0f, fx = x / 5.0f;
        const int iy = int(fy), ix = int(fx);
        const float wy = fy - iy, wx = fx - ix;
        const auto v = [&](int a, int b) { return lattice_[std::size_t((a % 64) * 64 + b % 64)]; };
        return (v(iy, ix) * (1 - wx) + v(iy, ix + 1) * wx) * (1 - wy) +
               (v(iy + 1, ix) * (1 - wx) + v(iy + 1, ix + 1) * wx) * wy;
      }
    }
    return 0.0f;
  }

 private:
  Texture texture_;
  float lattice_[64 * 64];
  int phase_ = 0;
};

// One textured picture: the texture between two greys inside the region (dark: 0.08 and 0.40 on
// a background of 0.85; bright: 0.60 and 0.92 on 0.12), a plain background, and mild Gaussian
// noise (σ = 0.02) everywhere.
inline TexturedPicture textured_picture(Texture t, bool dark_on_bright, Region region, std::uint64_t seed) {
  const Pattern pattern(t, seed);
  const float lo = dark_on_bright ? 0.08f : 0.60f, hi = dark_on_bright ? 0.40f : 0.92f;
  const float background = dark_on_bright ? 0.85f : 0.12f;
  TexturedPicture p{std::string(to_string(t)) + (dark_on_bright ? ", dark on bright" : ", bright on dark"), region,
                    image::Image(224, 224)};
  SplitMix64 noise(seed ^ 0x9e3779b97f4a7c15ull);
  for (int y = 0; y < 224; ++y)
    for (int x = 0; x < 224; ++x) {
      const float v = region.contains(y, x) ? lo + (hi - lo) * pattern.at(y, x) : background;
      for (int c = 0; c < 3; ++c) p.view.at(y, x, c) = float(v + 0.02 * noise.gaussian());
    }
  return p;
}

// The eight pictures: every texture in both polarities, in regions of different sizes and places.
inline std::vector<TexturedPicture> textured_pictures() {
  const Region regions[] = {{64, 64, 160, 160}, {32, 96, 160, 192}, {96, 32, 192, 128}, {32, 32, 128, 160}};
  std::vector<TexturedPicture> out;
  std::uint64_t seed = 101;
  for (Texture t : {Texture::Stripes, Texture::Noise, Texture::Discs, Texture::Diagonals})
    for (bool dark : {true, false})
      out.push_back(textured_picture(t, dark, regions[(out.size() / 2 + (dark ? 0 : 1)) % 4], seed++));
  return out;
}

// A picture whose every patch is unlike every other, as in a photo: smooth colour (value noise on
// a 40-pixel lattice, each channel its own) with mild noise (σ = 0.02). Without the self mask,
// identity weights put nearly all of a patch's weight on itself here.
inline image::Image smooth_colours(std::uint64_t seed) {
  const Pattern r(Texture::Noise, seed), g(Texture::Noise, seed + 1), b(Texture::Noise, seed + 2);
  image::Image view(224, 224);
  SplitMix64 noise(seed ^ 0x5bd1e995u);
  for (int y = 0; y < 224; ++y)
    for (int x = 0; x < 224; ++x) {
      const float c[3] = {r.at(y / 8, x / 8), g.at(y / 8, x / 8), b.at(y / 8, x / 8)};  // 5 · 8 = 40 px
      for (int k = 0; k < 3; ++k) view.at(y, x, k) = float(c[k] + 0.02 * noise.gaussian());
    }
  return view;
}

}  // namespace al::test
