#include "core/train/adam.h"

#include <cmath>
#include <string>

#include "core/errors.h"

namespace al::train {

Adam::Adam(int d_model, AdamOptions options)
    : options_(options), m_(zero_maps<float>(d_model)), v_(zero_maps<float>(d_model)) {
  set_learning_rate(options.learning_rate);
}

void Adam::set_learning_rate(float learning_rate) {
  if (!(learning_rate > 0.0f && std::isfinite(learning_rate)))
    throw OptionError("learning rate must be a positive number, got " + std::to_string(learning_rate));
  options_.learning_rate = learning_rate;
}

void Adam::step(AttentionWeights& w, const Gradients& g) {
  Matrix* params[] = {&w.wq, &w.wk, &w.wv, &w.wo};
  const Matrix* grads[] = {&g.wq, &g.wk, &g.wv, &g.wo};
  Matrix* m[] = {&m_.wq, &m_.wk, &m_.wv, &m_.wo};
  Matrix* v[] = {&v_.wq, &v_.wk, &v_.wv, &v_.wo};
  for (int k = 0; k < 4; ++k)
    if (params[k]->data.size() != m[k]->data.size() || grads[k]->data.size() != m[k]->data.size())
      throw OptionError("Adam was set up for d_model " + std::to_string(m_.wq.rows) +
                        ", the weights or gradients have another size");
  ++t_;
  const float b1 = float(options_.beta1), b2 = float(options_.beta2);
  const float one_minus_b1 = float(1.0 - options_.beta1), one_minus_b2 = float(1.0 - options_.beta2);
  const float epsilon = float(options_.epsilon);
  // the bias corrections 1 − β^t, in double: β2^t approaches 1 slowly
  const double c1 = 1.0 - std::pow(options_.beta1, t_), c2 = 1.0 - std::pow(options_.beta2, t_);
  const float step_size = float(double(options_.learning_rate) / c1);  // lr · m̂ = (lr / c1) · m
  const float inv_c2 = float(1.0 / c2);
  for (int k = 0; k < 4; ++k) {
    float* p = params[k]->data.data();
    const float* gk = grads[k]->data.data();
    float* mk = m[k]->data.data();
    float* vk = v[k]->data.data();
    for (std::size_t i = 0; i < m[k]->data.size(); ++i) {
      mk[i] = b1 * mk[i] + one_minus_b1 * gk[i];
      vk[i] = b2 * vk[i] + one_minus_b2 * gk[i] * gk[i];
      p[i] -= step_size * mk[i] / (std::sqrt(vk[i] * inv_c2) + epsilon);
    }
  }
}

}  // namespace al::train
