// Training the image layer on restoring noisy patches: the objective's pieces, the trainer's
// determinism, and that a short run beats its starting point and the baselines on pictures it
// never saw. Synthetic pictures only (dead leaves, flat regions): no files, so it runs under em++.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/image/patches.h"
#include "core/image/tokens.h"
#include "core/train/image_objective.h"
#include "core/train/image_synthetic.h"
#include "core/train/image_trainer.h"
#include "core/train/netpbm.h"
#include "image_pictures.h"

using al::Matrix;
using al::train::ImageTrainer;
using al::train::ImageTrainOptions;

namespace {

// Patch 32 (49 patches), 24 synthetic pictures, few steps: a short run in a test.
ImageTrainOptions small_options() {
  ImageTrainOptions o;
  o.patch = 32;
  o.augment = false;
  o.synthetic = 24;
  o.decay_steps = 150;
  return o;
}

al::image::Image two_regions() {
  return al::test::picture(
      [](int, int x) {
        return x < 112 ? al::test::Rgb{0.9f, 0.5f, 0.1f} : al::test::Rgb{0.1f, 0.3f, 0.8f};
      },
      0.02, 4);
}

}  // namespace

TEST_CASE("tokens_of and encode_features make the same token vectors as patch_tokens", "[image-train]") {
  const al::image::PatchGrid g = al::image::patch_grid(16);
  const al::image::Image view = al::train::dead_leaves(11);
  const al::image::PatchTokens direct = al::image::patch_tokens(view, g);
  const Matrix features = al::image::patch_features(view, g);
  const al::image::PatchTokens split = al::image::tokens_of(features);
  REQUIRE(split.tokens.data == direct.tokens.data);
  REQUIRE(split.scale == direct.scale);
  REQUIRE(al::image::encode_features(features, direct).data == direct.tokens.data);
}

TEST_CASE("a noisy example's target is the clean features in the noisy picture's token space", "[image-train]") {
  const al::image::PatchGrid g = al::image::patch_grid(32);
  const Matrix clean = al::image::patch_features(al::train::dead_leaves(5), g);
  SECTION("without noise the input is the target") {
    const al::train::NoisyExample e = al::train::noisy_example(clean, Matrix(clean.rows, clean.cols));
    REQUIRE(e.noisy.tokens.data == e.target.data);
  }
  SECTION("with noise they differ, and the target decodes to the clean thumbnail") {
    al::SplitMix64 rng(3);
    const al::train::NoisyExample e =
        al::train::noisy_example(clean, al::image::patch_features(al::train::noise_picture(0.1f, rng), g));
    REQUIRE(e.noisy.tokens.data != e.target.data);
    const Matrix from_target = al::image::tokens_to_pixels(e.target, e.noisy, g);
    const Matrix from_clean = al::image::tokens_to_pixels(al::image::patch_tokens(al::train::dead_leaves(5), g).tokens,
                                                          al::image::patch_tokens(al::train::dead_leaves(5), g), g);
    double worst = 0;
    for (std::size_t i = 0; i < from_target.data.size(); ++i)
      worst = std::max(worst, double(std::abs(from_target.data[i] - from_clean.data[i])));
    INFO("largest pixel difference " << worst);
    REQUIRE(worst < 1e-4);
  }
}

TEST_CASE("the same seed trains the same weights, another seed others", "[image-train]") {
  auto run = [](std::uint64_t seed) {
    ImageTrainOptions o = small_options();
    o.seed = seed;
    o.synthetic = 4;
    ImageTrainer t(o);
    for (int s = 0; s < 5; ++s) t.step();
    return t.weights();
  };
  const al::AttentionWeights a = run(7), b = run(7), c = run(8);
  REQUIRE(a.wq.data == b.wq.data);
  REQUIRE(a.wo.data == b.wo.data);
  REQUIRE(a.wq.data != c.wq.data);
}

// Pictures never trained on: two dead-leaves pictures of other seeds and two flat regions.
void add_held_out(ImageTrainer& t) {
  t.add_view(al::train::dead_leaves(1u << 20), true);
  t.add_view(al::train::dead_leaves((1u << 20) + 1), true);
  t.add_view(two_regions(), true);
}

// (At patch 32 the thumbnail averages 64 pixels a cell and the noisy input is hard to beat; the
// preset, at patch 16, is measured against it by attention-train-image: docs/IMAGES.md.)
TEST_CASE("from identity weights, a short run beats identity, random and the mean patch on held-out pictures",
          "[image-train]") {
  ImageTrainOptions o = small_options();  // the preset's noise, rate and start, at patch 32
  ImageTrainer t(o);
  add_held_out(t);
  const al::train::ImageEvaluation before = t.evaluate(t.weights());
  const al::train::ImageBaselines base = t.baselines();
  REQUIRE(before.loss == base.identity.loss);  // where training starts
  for (int s = 0; s < 150; ++s) t.step();
  const al::train::ImageEvaluation after = t.evaluate(t.weights());
  INFO("held-out loss: trained " << after.loss << ", identity " << base.identity.loss << ", random " << base.random.loss
                                 << ", noisy input " << base.noisy.loss << ", mean patch " << base.mean_patch.loss);
  INFO("held-out PSNR: trained " << after.psnr << " dB, identity " << base.identity.psnr << " dB, random "
                                 << base.random.psnr << " dB");
  CHECK(after.pictures == 3 * al::train::kHeldOutDraws);
  CHECK(after.loss < base.identity.loss);
  CHECK(after.loss < base.random.loss);
  CHECK(after.loss < base.mean_patch.loss);
  CHECK(after.psnr > base.identity.psnr);
  CHECK(after.psnr > base.random.psnr);
  CHECK(base.clean.loss == 0);
}

TEST_CASE("from random weights, a short run lowers the held-out loss far below where it started", "[image-train]") {
  ImageTrainOptions o = small_options();
  o.from_identity = false;
  o.learning_rate = 0.01f;
  o.batch_size = 8;
  ImageTrainer t(o);
  add_held_out(t);
  const al::train::ImageEvaluation before = t.evaluate(t.weights());
  const al::train::ImageBaselines base = t.baselines();
  REQUIRE(before.loss == base.random.loss);
  for (int s = 0; s < 150; ++s) t.step();
  const al::train::ImageEvaluation after = t.evaluate(t.weights());
  INFO("held-out loss: trained " << after.loss << ", before " << before.loss << ", mean patch "
                                 << base.mean_patch.loss);
  CHECK(after.loss < 0.1 * before.loss);
  CHECK(after.loss < base.mean_patch.loss);
  CHECK(after.psnr > before.psnr);
}

TEST_CASE("image training refuses what it cannot train", "[image-train]") {
  ImageTrainOptions o = small_options();
  SECTION("a mask") {
    o.attention.mask = al::Mask::Causal;
    REQUIRE_THROWS_AS(ImageTrainer(o), al::OptionError);
  }
  SECTION("no noise, or too much") {
    o.noise = 0;
    REQUIRE_THROWS_AS(ImageTrainer(o), al::OptionError);
    o.noise = 0.6f;
    REQUIRE_THROWS_AS(ImageTrainer(o), al::OptionError);
  }
  SECTION("a patch size of the wrong kind") {
    o.patch = 12;
    REQUIRE_THROWS_AS(ImageTrainer(o), al::OptionError);
  }
  SECTION("no picture to train on") {
    o.synthetic = 0;
    ImageTrainer t(o);
    REQUIRE_THROWS_AS(t.step(), al::OptionError);
  }
}

TEST_CASE("a training picture gives its view, crops of half its side when large enough, all mirrored",
          "[image-train]") {
  const auto small = al::test::rgba_bytes(300, 200, [](int y, int x) {
    return std::array<std::uint8_t, 4>{std::uint8_t(x % 256), std::uint8_t(y % 256), 0, 255};
  });
  REQUIRE(al::train::picture_views(small.data(), small.size(), 300, 200, false).size() == 1);
  REQUIRE(al::train::picture_views(small.data(), small.size(), 300, 200, true).size() == 2);
  const auto large = al::test::rgba_bytes(500, 460, [](int, int x) {
    return std::array<std::uint8_t, 4>{std::uint8_t(x % 256), 0, 0, 255};
  });
  const auto views = al::train::picture_views(large.data(), large.size(), 500, 460, true);
  REQUIRE(views.size() == 20);
  REQUIRE(views[10].at(0, 0, 0) == views[0].at(0, 223, 0));  // the first view, mirrored
}

TEST_CASE("binary Netpbm pictures decode to opaque RGBA, and bad ones are refused by name", "[image-train]") {
  const std::string p6 = std::string("P6\n# a comment\n2 1\n255\n") + std::string("\x0a\x14\x1e\xff\x00\x80", 6);
  const al::train::RgbaPicture rgb = al::train::parse_netpbm(p6, "two.ppm");
  REQUIRE(rgb.width == 2);
  REQUIRE(rgb.height == 1);
  REQUIRE(rgb.rgba == std::vector<std::uint8_t>{10, 20, 30, 255, 255, 0, 128, 255});
  const al::train::RgbaPicture grey = al::train::parse_netpbm(std::string("P5 1 1 255\n") + '\x40', "one.pgm");
  REQUIRE(grey.rgba == std::vector<std::uint8_t>{64, 64, 64, 255});
  REQUIRE_THROWS_WITH(al::train::parse_netpbm("P3\n1 1\n255\n0 0 0", "ascii.ppm"),
                      Catch::Matchers::Contains("ascii.ppm"));
  REQUIRE_THROWS_AS(al::train::parse_netpbm("P6\n2 2\n255\n\x01\x02", "short.ppm"), al::AssetError);
  REQUIRE_THROWS_AS(al::train::parse_netpbm("P6\n1 1\n65535\n\x01\x02\x03\x04\x05\x06", "deep.ppm"), al::AssetError);
}
