// The topic query's training loss: the cross-entropy of a sample's label under the model of
// topic/model.h (keys k_i = tanh(x_i·W_K + b_K), scores s_i = q·k_i / √d_k, weights softmax(s),
// the blend h = Σ weight_i x_i, classes softmax(h·W_C + b_C) with the score of "none" raised by
// β · log Σ exp(s_i), the match), in double, with its gradient written out by hand: the backward
// pass through each line of the forward. The trainer: topic/trainer.h.
#pragma once
#include <cstddef>

namespace al::topic {

// The parameters in one vector, in the file's order: W_K (d × d_k), b_K, q, W_C (d × C), b_C, β.
struct Layout {
  int d = 0, d_k = 0, classes = 0;
  std::size_t wk() const { return 0; }
  std::size_t bk() const { return std::size_t(d) * d_k; }
  std::size_t q() const { return bk() + d_k; }
  std::size_t wc() const { return q() + d_k; }
  std::size_t bc() const { return wc() + std::size_t(d) * classes; }
  std::size_t match() const { return bc() + classes; }
  std::size_t size() const { return match() + 1; }
};

// How a sample's loss treats the query: Learned (its gradient reaches W_K, b_K and q), Frozen
// (used as it is, no gradient to it but through the match term) or Uniform (left out: every
// weight 1/n, β = 0; the baseline).
enum class Attention { Learned, Frozen, Uniform };

// -log p_label for one sample whose n word vectors are the rows x (n × d, row-major), and its
// gradient added to grad (scaled by scale; none when grad is null), the class probabilities
// written to probabilities (C numbers) when it is not null.
double loss_and_gradient(const Layout& layout, const double* theta, const double* x, int n, int label, double* grad,
                         double scale, Attention attention, double* probabilities = nullptr);

}  // namespace al::topic
