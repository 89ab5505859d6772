// A dense row-major double matrix (core/matrix.h's twin in double), and the forward's kept steps
// in it. The code that runs in double stores in it: the recurrent network (recurrent.h), the
// backward's double instantiation (train/backward.h) and the tests' plain reference
// (reference.h, a library of its own that only the tests link).
#pragma once
#include <cstddef>
#include <vector>

#include "core/matrix.h"

namespace al {

struct DMatrix {
  int rows = 0, cols = 0;
  std::vector<double> data;  // rows * cols values, row-major

  DMatrix() = default;
  DMatrix(int r, int c) : rows(r), cols(c), data(std::size_t(r) * c, 0.0) {}
  double& operator()(int r, int c) { return data[std::size_t(r) * cols + c]; }
  double operator()(int r, int c) const { return data[std::size_t(r) * cols + c]; }
};

// Every value widened to double.
inline DMatrix to_double(const Matrix& m) {
  DMatrix out(m.rows, m.cols);
  for (std::size_t i = 0; i < m.data.size(); ++i) out.data[i] = m.data[i];
  return out;
}

// The attention forward's intermediates in double (AttentionSteps' matrices, attention.h).
struct DSteps {
  DMatrix query, key, value;                     // n_q×d, n_k×d, n_k×d (head h = columns h·d_k..)
  std::vector<DMatrix> scores, scaled, weights;  // one n_q×n_k matrix per head
  DMatrix context, output;                       // n_q×d
};

}  // namespace al
