// The plain reference: the whole forward in double precision with plain loops, written to be
// read beside attention.cpp and the kernels (as llm.c keeps its reference beside the fast path).
// The tests hold every fast-path step against it.
#pragma once
#include <vector>

#include "core/attention.h"

namespace al::reference {

struct DMatrix {
  int rows = 0, cols = 0;
  std::vector<double> data;
  DMatrix() = default;
  DMatrix(int r, int c) : rows(r), cols(c), data(std::size_t(r) * c, 0.0) {}
  double& operator()(int r, int c) { return data[std::size_t(r) * cols + c]; }
  double operator()(int r, int c) const { return data[std::size_t(r) * cols + c]; }
};

struct Steps {
  DMatrix query, key, value;
  std::vector<DMatrix> scores, scaled, weights;
  DMatrix context, output;
};

DMatrix to_double(const Matrix& m);
DMatrix matmul(const DMatrix& a, const DMatrix& b);         // (m×k)·(k×n)
std::vector<double> softmax(const std::vector<double>& x);  // stable: subtracts the max
DMatrix positional_encoding(int n, int d);
Steps attention_forward(const Matrix& xq, const Matrix& xkv, const AttentionWeights& w,
                        const AttentionOptions& options);

}  // namespace al::reference
