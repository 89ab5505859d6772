// The image layer's training objective: restoring noisy patches, the classical task of non-local
// means (Buades, Coll and Morel, 2005) given to the layer the image mode runs. Gaussian noise of
// deviation σ is added to every pixel value of a picture; the layer gets the noisy picture's
// token vectors, every patch a query, a key and a value (the page's self-attention, no mask),
// and is trained so that its output at each patch is that patch's clean token vector:
//   - input X = tokens(noisy) (+ weight · PE_2d when the positional encoding is on);
//   - target = the clean picture's features put on the circles with the noisy picture's
//     standardisation (image::encode_features), so that output and target share one token
//     space and one decoding (the noisy picture's mean patch and scale, as the page would have);
//   - loss of one picture: the mean squared error over its n × 48 values,
//       L = (1/(n·48)) Σ (output − target)²,   dL/d(output) = 2 (output − target) / (n·48);
//     a batch's loss is the mean over its pictures.
// With identity weights the layer is non-local means on the token vectors (docs/IMAGES.md), and
// the trivial answers are there to beat: the noisy input itself (attention on the patch alone)
// and the mean patch (uniform attention).
// Features are linear in the pixels, so a noisy picture's features are the clean features plus
// the features of a picture of pure noise (noise_features): training draws those from a bank.
#pragma once
#include <cstddef>
#include <vector>

#include "core/image/image.h"
#include "core/image/patches.h"
#include "core/image/tokens.h"
#include "core/matrix.h"
#include "core/random.h"
#include "core/train/options.h"

namespace al::train {

// One noisy example: the layer's token vectors (noisy.tokens, n × 48, with the mean and scale
// that decode them) and what the layer should output (target, n × 48).
struct NoisyExample {
  image::PatchTokens noisy;
  Matrix target;
};

// The example of a picture, from its clean features (n × 24) and a noise picture's features.
NoisyExample noisy_example(const Matrix& clean_features, const Matrix& noise_features);

// A 224 × 224 picture of pure Gaussian noise of deviation sigma (values around 0, not clipped).
image::Image noise_picture(float sigma, SplitMix64& rng);

class ImageObjective {
 public:
  // Throws OptionError for a patch size other than 32, 16, 8 or a weight outside [0, 10].
  ImageObjective(int patch, const InputOptions& input);

  const image::PatchGrid& grid() const { return grid_; }
  // The layer's input (into x, reusing it): tokens (n × 48) + weight · PE_2d when positional.
  void input(const Matrix& tokens, Matrix& x) const;

 private:
  image::PatchGrid grid_;
  float weight_;  // 0 when the encoding is off
  Matrix pe_;     // n × 48
};

// The loss of one picture, L = (1/N) Σ (output − target)² over its N values. When grad is not
// null, writes scale · dL/d(output) = scale · 2 (output − target) / N there (sized as output).
// M: al::Matrix (float) or reference::DMatrix (double).
template <typename M>
double restoration_loss(const M& output, const M& target, M* grad = nullptr, double scale = 1.0) {
  const std::size_t n = output.data.size();
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double diff = double(output.data[i]) - double(target.data[i]);
    sum += diff * diff;
    if (grad) grad->data[i] = typename decltype(grad->data)::value_type(scale * 2.0 * diff / double(n));
  }
  return sum / double(n);
}

// Σ (a − b)² over n values, in double.
double squared_error(const float* a, const float* b, std::size_t n);
// 10·log10(1 / mse): the peak signal-to-noise ratio of pixels in [0, 1], in dB (at most 100: an
// error below 1e-10 counts as 1e-10).
double psnr(double mse);

}  // namespace al::train
