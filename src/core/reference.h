// The plain reference: the whole forward in double precision with plain loops, written to be
// read beside attention.cpp and the kernels (as llm.c keeps its reference beside the fast path).
// The tests hold every fast-path step against it. It is a library of its own (attention_reference
// in CMakeLists.txt) that only the tests link: no production code calls it.
#pragma once
#include <vector>

#include "core/attention.h"
#include "core/dmatrix.h"
#include "core/shared_direction.h"

namespace al::reference {

using al::DMatrix;
using al::to_double;
using Steps = al::DSteps;

// The layer's four maps in double (each d_model × d_model), so that a finite-difference check
// can perturb a weight by exactly h.
struct Weights {
  DMatrix wq, wk, wv, wo;
};
Weights to_double(const AttentionWeights& w);

DMatrix matmul(const DMatrix& a, const DMatrix& b);         // (m×k)·(k×n)
std::vector<double> softmax(const std::vector<double>& x);  // stable: subtracts the max
DMatrix positional_encoding(int n, int d);
// v without the shared direction: (v − μ) − Σ_k (u_k · (v − μ)) u_k, in double.
std::vector<double> without_shared(const std::vector<double>& v, const SharedDirection& shared);
// xq (n_q × d), xkv (n_k × d): as al::attention_forward (attention.h), every step in double.
Steps attention_forward(const DMatrix& xq, const DMatrix& xkv, const Weights& w, const AttentionOptions& options);
// The same on the float pipeline's inputs and weights, widened to double first.
Steps attention_forward(const Matrix& xq, const Matrix& xkv, const AttentionWeights& w,
                        const AttentionOptions& options);

// The largest singular value of m, from Eigen's SVD (JacobiSVD): al::spectral_norm's truth.
double spectral_norm(const DMatrix& m);

}  // namespace al::reference
