#include "core/train/image_objective.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/analyze.h"
#include "core/errors.h"
#include "core/image/positional_2d.h"
#include "core/image/view.h"

namespace al::train {

NoisyExample noisy_example(const Matrix& clean_features, const Matrix& noise_features) {
  if (clean_features.rows != noise_features.rows || clean_features.cols != noise_features.cols)
    throw OptionError("the clean and the noise features differ in shape");
  Matrix noisy = clean_features;
  for (std::size_t i = 0; i < noisy.data.size(); ++i) noisy.data[i] += noise_features.data[i];
  NoisyExample e;
  e.noisy = image::tokens_of(std::move(noisy));
  e.target = image::encode_features(clean_features, e.noisy);
  return e;
}

image::Image noise_picture(float sigma, SplitMix64& rng) {
  image::Image n(image::kViewSize, image::kViewSize);
  for (float& v : n.rgb) v = float(sigma * rng.gaussian());
  return n;
}

ImageObjective::ImageObjective(int patch, const InputOptions& input)
    : grid_(image::patch_grid(patch)), weight_(input.positional ? input.positional_weight : 0.0f) {
  if (!(input.positional_weight >= 0.0f && input.positional_weight <= kMaxPositionalWeight))
    throw OptionError("positional weight must be a number from 0 to 10, got " +
                      std::to_string(input.positional_weight));
  pe_ = image::positional_encoding_2d(grid_.side, grid_.side, image::kTokenDims);
}

void ImageObjective::input(const Matrix& tokens, Matrix& x) const {
  if (tokens.rows != grid_.count || tokens.cols != image::kTokenDims)
    throw OptionError("expected the token vectors of " + std::to_string(grid_.count) + " patches, got " +
                      std::to_string(tokens.rows) + " × " + std::to_string(tokens.cols));
  x = tokens;
  if (weight_ != 0.0f)
    for (std::size_t i = 0; i < x.data.size(); ++i) x.data[i] += weight_ * pe_.data[i];
}

double squared_error(const float* a, const float* b, std::size_t n) {
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double diff = double(a[i]) - double(b[i]);
    sum += diff * diff;
  }
  return sum;
}

double psnr(double mse) { return 10.0 * std::log10(1.0 / std::max(mse, 1e-10)); }

}  // namespace al::train
