#include "core/train/image_objective.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/analyze.h"
#include "core/errors.h"
#include "core/image/blend.h"
#include "core/image/positional_2d.h"
#include "core/image/view.h"
#include "core/kernels/kernels.h"
#include "core/positional.h"

namespace al::train {
namespace {

// The shapes blend_loss needs: H ≥ 1 heads of n × n weights, noisy and clean pixels n × m.
void check_blend(const std::vector<Matrix>& weights, const Matrix& noisy, const Matrix& clean) {
  if (weights.empty()) throw OptionError("the blend loss needs the weights of at least one head");
  const int n = noisy.rows;
  for (const Matrix& w : weights)
    if (w.rows != n || w.cols != n)
      throw OptionError("the weights are " + std::to_string(w.rows) + " × " + std::to_string(w.cols) + " for " +
                        std::to_string(n) + " patches");
  if (clean.rows != n || clean.cols != noisy.cols) throw OptionError("the clean and the noisy pixels differ in shape");
}

}  // namespace

image::Image noise_picture(float sigma, SplitMix64& rng) {
  image::Image n(image::kViewSize, image::kViewSize);
  for (float& v : n.rgb) v = float(sigma * rng.gaussian());
  return n;
}

ImageObjective::ImageObjective(int patch, const InputOptions& input)
    : grid_(image::patch_grid(patch)), weight_(input.positional ? input.positional_weight : 0.0f) {
  check_positional_weight(input.positional_weight);
  pe_ = image::positional_encoding_2d(grid_.side, grid_.side, image::kTokenDims);
}

void ImageObjective::input(const Matrix& tokens, Matrix& x) const {
  if (tokens.rows != grid_.count || tokens.cols != image::kTokenDims)
    throw OptionError("expected the token vectors of " + std::to_string(grid_.count) + " patches, got " +
                      std::to_string(tokens.rows) + " × " + std::to_string(tokens.cols));
  x = tokens;
  if (weight_ != 0.0f) add_positional(x, pe_, weight_);
}

double blend_loss(const std::vector<Matrix>& weights, const Matrix& noisy, const Matrix& clean, BlendWorkspace& ws,
                  std::vector<Matrix>* d_weights, double scale) {
  check_blend(weights, noisy, clean);
  const int n = noisy.rows, m = noisy.cols;
  const double values = double(n) * m;
  image::blend_weights(weights, -1, ws.mean);  // P̄, as the page blends
  // B (n × m) = P̄ (n × n) · Y (n × m)
  ws.blended.reshape(n, m);
  kernels::gemm(n, m, n, ws.mean.data.data(), n, noisy.data.data(), m, ws.blended.data.data(), m);
  // the loss, and dL/dB = scale · 2 (B − C) / N in B's place
  double sum = 0;
  for (std::size_t i = 0; i < ws.blended.data.size(); ++i) {
    const double diff = double(ws.blended.data[i]) - double(clean.data[i]);
    sum += diff * diff;
    ws.blended.data[i] = float(scale * 2.0 * diff / values);
  }
  if (d_weights) {
    // dL/dP̄ (n × n) = dL/dB (n × m) · Yᵀ (m × n); each head's share of the mean is 1/H of it
    ws.d_mean.reshape(n, n);
    kernels::gemm_nt(n, n, m, ws.blended.data.data(), m, noisy.data.data(), m, ws.d_mean.data.data(), n);
    const float share = 1.0f / float(weights.size());
    d_weights->resize(weights.size());
    for (Matrix& d : *d_weights) {
      d.reshape(n, n);
      for (std::size_t i = 0; i < d.data.size(); ++i) d.data[i] = share * ws.d_mean.data[i];
    }
  }
  return sum / values;
}

double psnr(double mse) { return 10.0 * std::log10(1.0 / std::max(mse, 1e-10)); }

}  // namespace al::train
