#include "image_denoisers.h"

#include <cmath>

#include "core/image/blend.h"
#include "core/kernels/kernels.h"

namespace bench {

using al::Matrix;
using al::image::Image;
using al::image::PatchGrid;

namespace {

// Non-local means' own kernel for comparison: weights ∝ exp(−|x_i − x_j|² / (T·m)) on the full
// patches, m the mean squared distance between patches.
Matrix nlm_weights(const Matrix& pixels, float temperature) {
  const int n = pixels.rows, k = pixels.cols;
  Matrix gram(n, n);
  al::kernels::gemm_nt(n, n, k, pixels.data.data(), k, pixels.data.data(), k, gram.data.data(), n);
  Matrix w(n, n);
  double mean = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) mean += gram(i, i) + gram(j, j) - 2.0 * gram(i, j);
  mean /= double(n) * n;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) w(i, j) = float(-(gram(i, i) + gram(j, j) - 2.0 * gram(i, j)) / (temperature * mean));
    al::kernels::softmax(w.row(i), w.row(i), n);
  }
  return w;
}

Image box_blur(const Image& in, int radius) {
  Image out(in.width, in.height);
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < in.width; ++x)
      for (int c = 0; c < 3; ++c) {
        double s = 0;
        int count = 0;
        for (int dy = -radius; dy <= radius; ++dy)
          for (int dx = -radius; dx <= radius; ++dx) {
            const int yy = y + dy, xx = x + dx;
            if (yy < 0 || xx < 0 || yy >= in.height || xx >= in.width) continue;
            s += in.at(yy, xx, c), ++count;
          }
        out.at(y, x, c) = float(s / count);
      }
  return out;
}

}  // namespace

std::vector<Matrix> attention_weights(const Matrix& tokens, float temperature, al::Similarity similarity, int heads) {
  al::AttentionOptions o;
  o.temperature = temperature;
  o.similarity = similarity;
  o.heads = heads;
  return al::attention_forward(tokens, tokens, al::identity_weights(tokens.cols), o).weights;
}

std::vector<float> temperature_grid() {
  std::vector<float> t;
  for (int k = -24; k <= 8; ++k) t.push_back(float(std::pow(2.0, k / 2.0)));
  return t;
}

std::vector<Method> methods(const std::vector<Candidate>& cands) {
  std::vector<Method> m;
  m.push_back({"noisy input", [](const Image& noisy, const PatchGrid&, float) { return noisy; }, {0}});
  m.push_back({"box blur (best of 3×3, 5×5, 7×7)",
               [](const Image& noisy, const PatchGrid&, float r) { return box_blur(noisy, int(r)); },
               {1, 2, 3}});
  m.push_back({"NLM kernel on full patches",
               [](const Image& noisy, const PatchGrid& g, float t) {
                 const Matrix pixels = al::image::patch_pixels(noisy, g);
                 return al::image::from_patches(al::image::blend_patches(nlm_weights(pixels, t), pixels), g);
               },
               temperature_grid()});
  for (const auto& c : cands)
    for (al::Similarity sim : {al::Similarity::Dot, al::Similarity::Cosine})
      m.push_back({c.name + (sim == al::Similarity::Dot ? " dot" : " cosine"),
                   [c, sim](const Image& noisy, const PatchGrid& g, float t) {
                     const Matrix w = attention_weights(c.tokens(noisy, g), t, sim)[0];
                     return al::image::from_patches(al::image::blend_patches(w, al::image::patch_pixels(noisy, g)), g);
                   },
                   temperature_grid()});
  return m;
}

}  // namespace bench
