// The image objective (filter × V of a noisy picture against the clean one, blend_loss) and its
// gradients through the layer's backward, against central finite differences in double, on the
// token vectors and pixels of a real noisy picture; and the float loss against its plain-loop
// reference in double (core/image/reference.h).
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/image/patches.h"
#include "core/image/reference.h"
#include "core/image/tokens.h"
#include "core/reference.h"
#include "core/train/backward.h"
#include "core/train/image_objective.h"
#include "core/train/image_synthetic.h"
#include "random_data.h"

using al::AttentionOptions;
using al::Matrix;
using al::train::LayerMaps;
namespace ref = al::reference;

namespace {

// Xavier-sized weights in double, seeded: U(-1, 1) · √(3 / d) keeps the softmax off saturation.
LayerMaps<double> small_maps(int d, std::uint32_t seed) {
  const double s = std::sqrt(3.0 / d);
  auto m = [&](std::uint32_t k) {
    ref::DMatrix x = ref::to_double(al::test::random_matrix(d, d, seed + k));
    for (double& v : x.data) v *= s;
    return x;
  };
  return {m(0), m(1), m(2), m(3)};
}

// A noisy dead-leaves picture at patch 32 (49 patches): the layer's input, and the first
// `values` pixel values of every patch, noisy and clean (the loss is a sum over the values, and
// a few keep the double loops fast).
struct Example {
  ref::DMatrix x, noisy, clean;
};
Example example(bool positional, int values) {
  const al::image::PatchGrid g = al::image::patch_grid(32);
  al::SplitMix64 rng(17);
  const al::image::Image clean = al::train::dead_leaves(3), noise = al::train::noise_picture(0.3f, rng);
  Matrix features = al::image::patch_features(clean, g);
  const Matrix noise_features = al::image::patch_features(noise, g);
  for (std::size_t i = 0; i < features.data.size(); ++i) features.data[i] += noise_features.data[i];
  const al::train::ImageObjective objective(32, {positional, al::image::kGain});
  Matrix x;
  objective.input(al::image::tokens_of(features, g).tokens, x);
  const Matrix clean_pixels = al::image::patch_pixels(clean, g), noise_pixels = al::image::patch_pixels(noise, g);
  Example e{ref::to_double(x), ref::DMatrix(g.count, values), ref::DMatrix(g.count, values)};
  for (int t = 0; t < g.count; ++t)
    for (int v = 0; v < values; ++v) {
      e.clean(t, v) = clean_pixels(t, v);
      e.noisy(t, v) = clean_pixels(t, v) + noise_pixels(t, v);
    }
  return e;
}

// The reference forward (reference.h) with the maps being checked.
ref::Steps forward(const ref::DMatrix& x, const LayerMaps<double>& w, const AttentionOptions& o) {
  return ref::attention_forward(x, x, ref::Weights{w.wq, w.wk, w.wv, w.wo}, o);
}

double loss(const Example& e, const LayerMaps<double>& w, const AttentionOptions& o) {
  return al::image::reference::blend_loss(forward(e.x, w, o).weights, e.noisy, e.clean);
}

void check(bool positional, int heads, float temperature, al::Similarity similarity, al::Mask mask) {
  const Example e = example(positional, 24);
  AttentionOptions o;
  o.heads = heads;
  o.temperature = temperature;
  o.similarity = similarity;
  o.mask = mask;
  const int d = al::image::kTokenDims;
  LayerMaps<double> w = small_maps(d, 5);

  const ref::Steps s = forward(e.x, w, o);
  std::vector<ref::DMatrix> d_weights;
  al::image::reference::blend_loss(s.weights, e.noisy, e.clean, &d_weights);
  LayerMaps<double> grads = al::train::zero_maps<double>(d);
  al::train::accumulate_weight_gradients(e.x, e.x, s, d_weights, o, grads);

  const char* names[] = {"W_Q", "W_K"};
  ref::DMatrix* maps[] = {&w.wq, &w.wk};
  const ref::DMatrix* analytic[] = {&grads.wq, &grads.wk};
  const double h = 1e-5;
  al::SplitMix64 pick(99);
  for (int k = 0; k < 2; ++k) {
    double diff2 = 0, num2 = 0;
    for (int sample = 0; sample < 24; ++sample) {  // 24 entries of each map, chosen at random
      const std::size_t i = pick.below(maps[k]->data.size());
      const double saved = maps[k]->data[i];
      maps[k]->data[i] = saved + h;
      const double up = loss(e, w, o);
      maps[k]->data[i] = saved - h;
      const double down = loss(e, w, o);
      maps[k]->data[i] = saved;
      const double numeric = (up - down) / (2 * h);
      diff2 += (analytic[k]->data[i] - numeric) * (analytic[k]->data[i] - numeric);
      num2 += numeric * numeric;
    }
    const double rel = std::sqrt(diff2 / std::max(num2, 1e-300));
    INFO("positional " << positional << ", heads " << heads << ", T " << temperature << ", "
                       << al::to_string(similarity) << ", mask " << al::to_string(mask) << ", d" << names[k]
                       << ": |numeric| = " << std::sqrt(num2) << ", relative error " << rel);
    REQUIRE(num2 > 0);
    REQUIRE(rel <= 1e-5);
  }
  // the weights do not depend on W_V and W_O
  for (const ref::DMatrix* m : {&grads.wv, &grads.wo})
    for (double v : m->data) REQUIRE(v == 0.0);
}

}  // namespace

TEST_CASE("the blend loss is the mean squared error of the heads' mean weights times the noisy pixels",
          "[image-train]") {
  // two patches of two values, two heads
  ref::DMatrix p1(2, 2), p2(2, 2), noisy(2, 2), clean(2, 2);
  p1.data = {1, 0, 0.5, 0.5};
  p2.data = {0, 1, 0.5, 0.5};
  noisy.data = {1, 2, 3, 4};
  clean.data = {2, 2, 2, 2};
  // P̄ = [[0.5, 0.5], [0.5, 0.5]]: every blend is (2, 3), the error (0, 1) in each row
  std::vector<ref::DMatrix> d;
  REQUIRE_THAT(al::image::reference::blend_loss({p1, p2}, noisy, clean, &d), Catch::Matchers::WithinRel(0.5, 1e-12));
  // dL/dB = 2 (B − C) / 4 = (0, 0.5) per row; dL/dP̄ = dL/dB · Yᵀ = (1, 2) per row; each head half of it
  REQUIRE(d.size() == 2);
  REQUIRE(d[0].data == std::vector<double>{0.5, 1, 0.5, 1});
  REQUIRE(d[1].data == d[0].data);
}

TEST_CASE("the float blend loss and its gradients equal the double loops within float rounding", "[image-train]") {
  const Example e = example(false, 3072);  // every value of every patch
  const int n = e.x.rows;
  std::vector<Matrix> weights;
  std::vector<ref::DMatrix> weights_d;
  for (int h = 0; h < 3; ++h) {  // three rows-sum-to-1 matrices
    Matrix w = al::test::random_matrix(n, n, std::uint32_t(h + 3));
    for (int i = 0; i < n; ++i) {
      float sum = 0;
      for (int j = 0; j < n; ++j) sum += (w(i, j) = std::abs(w(i, j)));
      for (int j = 0; j < n; ++j) w(i, j) /= sum;
    }
    weights.push_back(w);
    weights_d.push_back(ref::to_double(w));
  }
  auto to_float = [](const ref::DMatrix& m) {
    Matrix f(m.rows, m.cols);
    for (std::size_t i = 0; i < m.data.size(); ++i) f.data[i] = float(m.data[i]);
    return f;
  };
  al::train::BlendWorkspace ws;
  std::vector<Matrix> d;
  std::vector<ref::DMatrix> d_ref;
  const double got = al::train::blend_loss(weights, to_float(e.noisy), to_float(e.clean), ws, &d, 0.25);
  const double want = al::image::reference::blend_loss(weights_d, e.noisy, e.clean, &d_ref, 0.25);
  REQUIRE_THAT(got, Catch::Matchers::WithinRel(want, 1e-5));
  REQUIRE(d.size() == 3);
  for (int h = 0; h < 3; ++h) {  // relative to the gradient's own size, which is far below 1
    double diff = 0, largest = 0;
    for (std::size_t i = 0; i < d_ref[std::size_t(h)].data.size(); ++i) {
      diff = std::max(diff, std::abs(d[std::size_t(h)].data[i] - d_ref[std::size_t(h)].data[i]));
      largest = std::max(largest, std::abs(d_ref[std::size_t(h)].data[i]));
    }
    INFO("head " << h << ": largest |dL/dP| " << largest << ", largest difference " << diff);
    REQUIRE(largest > 0);
    REQUIRE(diff <= 1e-4 * largest);
  }
}

TEST_CASE("the image objective's gradients of W_Q and W_K match central finite differences in double",
          "[image-train]") {
  using al::Mask;
  using al::Similarity;
  check(false, 4, 1.0f, Similarity::Dot, Mask::None);
  check(false, 4, 1.0f, Similarity::Dot, Mask::Self);
  check(true, 4, 1.0f, Similarity::Dot, Mask::Self);
  check(false, 1, 0.5f, Similarity::Dot, Mask::Self);
  check(false, 4, 0.2f, Similarity::Cosine, Mask::Self);
  check(true, 6, 0.5f, Similarity::Cosine, Mask::None);
  check(false, 1, 1.0f, Similarity::Cosine, Mask::Self);
}
