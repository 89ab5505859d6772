// Adam (Kingma & Ba 2015, Algorithm 1) over the attention layer's four maps:
//   m ← β1·m + (1 − β1)·g          v ← β2·v + (1 − β2)·g²          (per element)
//   m̂ = m / (1 − β1^t)             v̂ = v / (1 − β2^t)              (bias correction, t = 1, 2, …)
//   W ← W − lr · m̂ / (√v̂ + ε)
// with β1 = 0.9, β2 = 0.999, ε = 1e-8. The moments are kept in float, the corrections in double.
#pragma once
#include "core/train/backward.h"
#include "core/weights.h"

namespace al::train {

struct AdamOptions {
  float learning_rate = 0;                            // must be set: TrainOptions holds the training default
  double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;  // in double: 1 − 0.999f is 1.3e-5 off
};

class Adam {
 public:
  // Throws OptionError for a learning rate that is not a positive number.
  Adam(int d_model, AdamOptions options);
  // One update of w with the gradients g (each d_model × d_model).
  void step(AttentionWeights& w, const Gradients& g);
  int steps() const { return t_; }
  // Changes the learning rate for the next steps (a schedule); throws OptionError unless positive.
  void set_learning_rate(float learning_rate);
  const AdamOptions& options() const { return options_; }
  // The first and second moments, in the order W_Q, W_K, W_V, W_O (for tests).
  const Gradients& first_moment() const { return m_; }
  const Gradients& second_moment() const { return v_; }

 private:
  AdamOptions options_;
  int t_ = 0;
  Gradients m_, v_;
};

}  // namespace al::train
