// A dense row-major float matrix: the one shape every pipeline step is stored in.
#pragma once
#include <cstddef>
#include <vector>

namespace al {

struct Matrix {
  int rows = 0, cols = 0;
  std::vector<float> data;  // rows * cols values, row-major

  Matrix() = default;
  Matrix(int r, int c) : rows(r), cols(c), data(static_cast<std::size_t>(r) * c, 0.0f) {}
  // Changes the shape, keeping the allocation when it is large enough. The values are left as
  // they were (new elements are 0): callers overwrite all of them.
  void reshape(int r, int c) {
    rows = r;
    cols = c;
    data.resize(static_cast<std::size_t>(r) * c);
  }
  float& operator()(int r, int c) { return data[static_cast<std::size_t>(r) * cols + c]; }
  float operator()(int r, int c) const { return data[static_cast<std::size_t>(r) * cols + c]; }
  float* row(int r) { return data.data() + static_cast<std::size_t>(r) * cols; }
  const float* row(int r) const { return data.data() + static_cast<std::size_t>(r) * cols; }
};

}  // namespace al
