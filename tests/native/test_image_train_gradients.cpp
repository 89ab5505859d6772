// The image objective's gradients (restoration_loss through the layer's backward) against
// central finite differences in double, on the token vectors of a real noisy picture.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "compare.h"
#include "core/image/patches.h"
#include "core/image/tokens.h"
#include "core/train/backward.h"
#include "core/train/image_objective.h"
#include "core/train/image_synthetic.h"

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

double loss(const ref::DMatrix& x, const LayerMaps<double>& w, const AttentionOptions& o, const ref::DMatrix& target) {
  return al::train::restoration_loss(al::train::forward_double(x, x, w, o).output, target);
}

void check(bool positional, int heads, float temperature) {
  const al::image::PatchGrid g = al::image::patch_grid(32);  // 49 patches: fast in double
  al::SplitMix64 rng(17);
  const Matrix clean = al::image::patch_features(al::train::dead_leaves(3), g);
  const al::train::NoisyExample e =
      al::train::noisy_example(clean, al::image::patch_features(al::train::noise_picture(0.1f, rng), g));
  const al::train::ImageObjective objective(32, {positional, al::image::kGain});
  Matrix xf;
  objective.input(e.noisy.tokens, xf);
  const ref::DMatrix x = ref::to_double(xf), target = ref::to_double(e.target);
  AttentionOptions o;
  o.heads = heads;
  o.temperature = temperature;
  const int d = al::image::kTokenDims;
  LayerMaps<double> w = small_maps(d, 5);

  const ref::Steps s = al::train::forward_double(x, x, w, o);
  ref::DMatrix d_output(s.output.rows, s.output.cols);
  al::train::restoration_loss(s.output, target, &d_output);
  LayerMaps<double> grads = al::train::zero_maps<double>(d);
  al::train::accumulate_gradients(x, x, w, s, d_output, o, grads);

  const char* names[] = {"W_Q", "W_K", "W_V", "W_O"};
  ref::DMatrix* maps[] = {&w.wq, &w.wk, &w.wv, &w.wo};
  const ref::DMatrix* analytic[] = {&grads.wq, &grads.wk, &grads.wv, &grads.wo};
  const double h = 1e-5;
  al::SplitMix64 pick(99);
  for (int k = 0; k < 4; ++k) {
    double diff2 = 0, num2 = 0;
    for (int sample = 0; sample < 24; ++sample) {  // 24 entries of each map, chosen at random
      const std::size_t i = pick.below(maps[k]->data.size());
      const double saved = maps[k]->data[i];
      maps[k]->data[i] = saved + h;
      const double up = loss(x, w, o, target);
      maps[k]->data[i] = saved - h;
      const double down = loss(x, w, o, target);
      maps[k]->data[i] = saved;
      const double numeric = (up - down) / (2 * h);
      diff2 += (analytic[k]->data[i] - numeric) * (analytic[k]->data[i] - numeric);
      num2 += numeric * numeric;
    }
    const double rel = std::sqrt(diff2 / std::max(num2, 1e-300));
    INFO("positional " << positional << ", heads " << heads << ", T " << temperature << ", d" << names[k]
                       << ": |numeric| = " << std::sqrt(num2) << ", relative error " << rel);
    REQUIRE(num2 > 0);
    REQUIRE(rel <= 1e-5);
  }
}

}  // namespace

TEST_CASE("the restoration loss's gradient with respect to the output is 2 (output - target) / N", "[image-train]") {
  ref::DMatrix out(2, 3), target(2, 3), grad(2, 3);
  for (int i = 0; i < 6; ++i) out.data[std::size_t(i)] = i, target.data[std::size_t(i)] = 0.5 * i - 1;
  const double l = al::train::restoration_loss(out, target, &grad, 3.0);
  double expected = 0;
  for (int i = 0; i < 6; ++i) expected += (0.5 * i + 1) * (0.5 * i + 1) / 6;
  REQUIRE_THAT(l, Catch::Matchers::WithinRel(expected, 1e-12));
  for (int i = 0; i < 6; ++i)
    REQUIRE_THAT(grad.data[std::size_t(i)], Catch::Matchers::WithinRel(3.0 * 2 * (0.5 * i + 1) / 6, 1e-12));
}

TEST_CASE("the image objective's gradients of all four maps match central finite differences in double",
          "[image-train]") {
  check(false, 4, 1.0f);
  check(true, 4, 1.0f);
  check(false, 1, 0.5f);
  check(true, 6, 2.0f);
}
