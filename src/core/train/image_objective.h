// The image layer's training objective: learned non-local means, scored on what the page shows.
// Gaussian noise of deviation σ is added to every pixel value of a picture; the layer gets the
// noisy picture's token vectors (every patch a query, a key and a value, with the page's options:
// its similarity, mask and temperature); its attention weights, the mean of the heads, blend the
// noisy patches' pixels (the page's filter × V); and the loss is that blend's mean squared error
// against the clean pixels:
//   P̄ = (1/H) Σ_h P_h                       (n × n, the heads' mean weights, as the page blends)
//   B = P̄ · Y                               (n × p·p·3; Y the noisy pixels, patch by patch)
//   L = (1/N) Σ (B − C)²                     (C the clean pixels, N = n·p·p·3 values)
//   dL/dB = 2 (B − C) / N,   dL/dP_h = (1/H) · dL/dB · Yᵀ    (n × n)
// The gradient reaches W_Q and W_K through the softmax (backward.h, accumulate_weight_gradients);
// W_V and W_O do not change the weights, so they keep their starting values. With identity
// weights this is non-local means (Buades, Coll and Morel, 2005) on the patches; the answers to
// beat are identity's, the noisy input's (each patch as it is: the weights I) and the mean patch's
// (uniform weights). A batch's loss is the mean over its pictures.
// Features are linear in the pixels, so a noisy picture's features are the clean features plus
// the features of a picture of pure noise: training draws the noise (pixels and features) from a
// bank (image_trainer.h).
#pragma once
#include <cstddef>
#include <vector>

#include "core/attention.h"
#include "core/image/image.h"
#include "core/image/patches.h"
#include "core/image/tokens.h"
#include "core/matrix.h"
#include "core/random.h"
#include "core/train/options.h"

namespace al::train {

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

// Buffers blend_loss reuses from call to call.
struct BlendWorkspace {
  Matrix mean, blended, d_mean;  // P̄, B (then dL/dB), dL/dP̄
};

// The loss of one picture, L = (1/N) Σ (P̄·Y − C)², from the heads' weights (one n × n matrix
// each), the noisy pixels Y and the clean pixels C (n × p·p·3). When d_weights is not null,
// writes scale · dL/dP_h there (one n × n matrix per head, resized as needed). The products run
// on the kernels (kernels.h); image::reference::blend_loss (core/image/reference.h, the tests')
// is their plain-loop reference in double.
double blend_loss(const std::vector<Matrix>& weights, const Matrix& noisy, const Matrix& clean, BlendWorkspace& ws,
                  std::vector<Matrix>* d_weights = nullptr, double scale = 1.0);

// 10·log10(1 / mse): the peak signal-to-noise ratio of pixels in [0, 1], in dB (at most 100: an
// error below 1e-10 counts as 1e-10).
double psnr(double mse);

}  // namespace al::train
