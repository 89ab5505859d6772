#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "compare.h"
#include "core/errors.h"
#include "core/image/patches.h"
#include "core/image/tokens.h"
#include "image_pictures.h"

using al::Matrix;
using al::image::patch_grid;
using al::test::picture;
using al::test::Rgb;
using Catch::Matchers::WithinAbs;

TEST_CASE("patches of 32, 16 and 8 pixels cut the view into 49, 196 and 784 tokens", "[image][patches]") {
  REQUIRE(patch_grid(32).count == 49);
  REQUIRE(patch_grid(16).count == 196);
  REQUIRE(patch_grid(8).count == 784);
  REQUIRE(patch_grid(16).side == 14);
  REQUIRE(patch_grid(8).values() == 8 * 8 * 3);
  const al::image::PatchGrid g = patch_grid(16);
  REQUIRE(g.row(15) == 1);  // tokens are numbered row by row
  REQUIRE(g.col(15) == 1);
}

TEST_CASE("other patch sizes are refused with a sentence naming the allowed ones", "[image][patches]") {
  for (int bad : {0, -8, 4, 7, 12, 28, 64, 224})
    REQUIRE_THROWS_WITH(patch_grid(bad),
                        "patch size must be 32, 16 or 8 pixels (7 × 7, 14 × 14 or 28 × 28 patches of the "
                        "224 × 224 view), got " +
                            std::to_string(bad));
}

TEST_CASE("a patch's pixels are its rows of the view in order, and put back they give the view", "[image][patches]") {
  const al::image::Image view = picture([](int y, int x) { return Rgb{x / 224.0f, y / 224.0f, 0.5f}; }, 0.1, 3);
  for (int p : {32, 16, 8}) {
    const al::image::PatchGrid g = patch_grid(p);
    const Matrix pixels = al::image::patch_pixels(view, g);
    REQUIRE(pixels.rows == g.count);
    REQUIRE(pixels.cols == p * p * 3);
    const int t = g.side + 2;  // second row, third column
    REQUIRE(pixels(t, 0) == view.at(p, 2 * p, 0));
    REQUIRE(pixels(t, (3 * p + 5) * 3 + 1) == view.at(p + 3, 2 * p + 5, 1));
    REQUIRE(al::image::from_patches(pixels, g).rgb == view.rgb);
  }
  REQUIRE_THROWS_AS(al::image::patch_pixels(al::image::Image(100, 100), patch_grid(16)), al::OptionError);
}

TEST_CASE("every token vector is 24 pairs of length 6, so all tokens are equally long", "[image][tokens]") {
  const al::image::Image view = picture(
      [](int y, int x) {
        return Rgb{x < 100 ? 0.9f : 0.1f, y / 224.0f, 0.3f};
      },
      0.05, 4);
  for (int p : {32, 16, 8}) {
    const al::image::PatchTokens e = al::image::patch_tokens(view, patch_grid(p));
    REQUIRE(e.tokens.cols == 48);
    double worst = 0;
    for (int t = 0; t < e.tokens.rows; ++t)
      for (int k = 0; k < 24; ++k)
        worst = std::max(worst,
                         std::abs(double(std::hypot(e.tokens(t, 2 * k), e.tokens(t, 2 * k + 1))) - al::image::kGain));
    INFO("patch " << p << ": largest |pair length − 6| " << worst);
    REQUIRE(worst < 1e-5);
  }
}

TEST_CASE("a token's dot product is largest with itself: look-alikes score highest", "[image][tokens]") {
  const al::image::Image view = picture(
      [](int y, int x) {
        return Rgb{(x / 16) % 3 * 0.4f, (y / 16) % 2 * 0.8f, 0.5f};
      },
      0.05, 5);
  const al::image::PatchTokens e = al::image::patch_tokens(view, patch_grid(16));
  const double self = 24.0 * al::image::kGain * al::image::kGain;
  double largest = 0;
  for (int i = 0; i < e.tokens.rows; ++i)
    for (int j = 0; j < e.tokens.rows; ++j) {
      double dot = 0;
      for (int c = 0; c < 48; ++c) dot += double(e.tokens(i, c)) * e.tokens(j, c);
      largest = std::max(largest, dot);
    }
  INFO("largest dot product " << largest << ", a token with itself " << self);
  REQUIRE(largest <= self + 1e-3);
}

TEST_CASE("the features are the mean luma of 4 × 4 cells and colour differences of 2 × 2", "[image][tokens]") {
  // patch 0 of a 32-pixel grid: left half red, right half green, except a blue bottom-right
  // luma cell (8 px); colour cells are the patch's 16-pixel quarters
  const al::image::Image view = picture(
      [](int y, int x) {
        return y >= 24 && y < 32 && x >= 24 && x < 32 ? Rgb{0, 0, 1} : x < 16 ? Rgb{1, 0, 0} : Rgb{0, 1, 0};
      },
      0.0, 1);
  const Matrix f = al::image::patch_features(view, patch_grid(32));
  using al::image::blue_feature;
  using al::image::luma_feature;
  using al::image::red_feature;
  REQUIRE(luma_feature(0, 0) == 0);  // the top-left quarter's six: Y Y (B − Y) Y Y (R − Y)
  REQUIRE(luma_feature(0, 1) == 1);
  REQUIRE(blue_feature(0) == 2);
  REQUIRE(luma_feature(1, 0) == 3);
  REQUIRE(red_feature(0) == 5);
  REQUIRE(luma_feature(3, 3) == 23 - 1);
  REQUIRE_THAT(f(0, luma_feature(0, 0)), WithinAbs(0.299, 1e-6));  // red
  REQUIRE_THAT(f(0, luma_feature(0, 3)), WithinAbs(0.587, 1e-6));  // green
  REQUIRE_THAT(f(0, luma_feature(3, 3)), WithinAbs(0.114, 1e-6));  // blue
  REQUIRE_THAT(f(0, blue_feature(0)), WithinAbs(-0.299, 1e-6));    // top-left quarter: red
  REQUIRE_THAT(f(0, red_feature(0)), WithinAbs(1 - 0.299, 1e-6));
  REQUIRE_THAT(f(0, red_feature(1)), WithinAbs(-0.587, 1e-6));  // top-right quarter: green
  // bottom-right quarter: three green cells and one blue, averaged
  REQUIRE_THAT(f(0, blue_feature(3)), WithinAbs((3 * -0.587 + (1 - 0.114)) / 4, 1e-6));
}

TEST_CASE("token vectors decode back to the pixels of patches of one flat colour", "[image][tokens]") {
  // every 16-pixel patch flat, in one of six colours: its thumbnail is exact
  const al::image::Image view = picture(
      [](int y, int x) {
        const int k = (y / 16 * 5 + x / 16) % 6;
        return Rgb{0.1f + 0.15f * k, 0.8f - 0.1f * k, k % 2 ? 0.9f : 0.2f};
      },
      0.0, 1);
  const al::image::PatchGrid g = patch_grid(16);
  const al::image::PatchTokens e = al::image::patch_tokens(view, g);
  const Matrix decoded = al::image::tokens_to_pixels(e.tokens, e, g);
  REQUIRE_CLOSE(decoded, al::reference::to_double(al::image::patch_pixels(view, g)), 1e-5);
}

TEST_CASE("a bright patch on a dark picture, far from the mean, decodes bright: angles do not wrap round",
          "[image][tokens]") {
  // one white 16-pixel patch among 195 near-black ones: many RMS above the mean
  const al::image::Image view = picture(
      [](int y, int x) {
        return y < 16 && x >= 32 && x < 48 ? Rgb{1, 1, 1} : Rgb{0.05f, 0.05f, 0.1f};
      },
      0.0, 1);
  const al::image::PatchGrid g = patch_grid(16);
  const al::image::PatchTokens e = al::image::patch_tokens(view, g);
  const Matrix decoded = al::image::tokens_to_pixels(e.tokens, e, g);
  REQUIRE_CLOSE(decoded, al::reference::to_double(al::image::patch_pixels(view, g)), 1e-4);
  REQUIRE(e.tokens(2, 1) > 0.9f * al::image::kGain);  // the white patch's luma pair: near +90°
}

TEST_CASE("any vector decodes to finite pixels, even pairs no token makes (after random weights)", "[image][tokens]") {
  const al::image::Image view = picture([](int y, int x) { return Rgb{x / 224.0f, y / 224.0f, 0.5f}; }, 0.05, 2);
  const al::image::PatchGrid g = patch_grid(32);
  const al::image::PatchTokens e = al::image::patch_tokens(view, g);
  Matrix v = al::test::random_matrix(49, 48, 7, -5, 5);  // cos ≤ 0 in about half the pairs
  v(0, 0) = 0.0f, v(0, 1) = 0.0f;                        // and a zero pair
  const Matrix pixels = al::image::tokens_to_pixels(v, e, g);
  REQUIRE(std::all_of(pixels.data.begin(), pixels.data.end(), [](float x) { return std::isfinite(x); }));
}

TEST_CASE("a flat picture gives every patch the same token: the mean patch, angle 0", "[image][tokens]") {
  const al::image::Image view = picture([](int, int) { return Rgb{0.3f, 0.6f, 0.9f}; }, 0.0, 1);
  const al::image::PatchTokens e = al::image::patch_tokens(view, patch_grid(8));
  for (float unit : e.scale) REQUIRE(unit == al::image::kMinContrast);  // nothing to amplify
  Matrix angle_zero(e.tokens.rows, 48);
  for (int t = 0; t < e.tokens.rows; ++t)
    for (int k = 0; k < 24; ++k) angle_zero(t, 2 * k) = al::image::kGain;
  REQUIRE_CLOSE(e.tokens, al::reference::to_double(angle_zero), 1e-6);
}
