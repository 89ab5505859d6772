// An RGB picture as floats: the shape the image mode's steps are stored in.
#pragma once
#include <cstddef>
#include <vector>

namespace al::image {

struct Image {
  int width = 0, height = 0;
  std::vector<float> rgb;  // width · height · 3 values, row-major, R G B per pixel, in [0, 1]

  Image() = default;
  Image(int w, int h) : width(w), height(h), rgb(std::size_t(w) * h * 3, 0.0f) {}
  float& at(int y, int x, int c) { return rgb[(std::size_t(y) * width + x) * 3 + c]; }
  float at(int y, int x, int c) const { return rgb[(std::size_t(y) * width + x) * 3 + c]; }
};

}  // namespace al::image
