#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "compare.h"
#include "core/errors.h"
#include "core/image/analyze_image.h"
#include "core/image/reference.h"
#include "core/image/view.h"
#include "image_pictures.h"

using al::Matrix;
using al::image::ImageAnalysis;
using al::image::ImageOptions;
using al::test::picture;
using al::test::Rgb;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;

namespace {

// Two flat colours with mild noise: region A left of x = 96, region B right of it.
bool in_a(int x) { return x < 96; }
al::image::Image two_regions(Rgb a, Rgb b, std::uint64_t seed) {
  return picture([=](int, int x) { return in_a(x) ? a : b; }, 0.03, seed);
}

// The lowest share of weight that a query patch of region A (or B) keeps on its own region.
double lowest_own_share(const Matrix& w, const al::image::PatchGrid& g) {
  double lowest = 1;
  for (int i = 0; i < g.count; ++i) {
    const bool query_a = in_a(g.col(i) * g.patch + g.patch - 1);  // the whole patch in A
    const bool query_b = !in_a(g.col(i) * g.patch);
    if (!query_a && !query_b) continue;
    double share = 0;
    for (int j = 0; j < g.count; ++j)
      if (in_a(g.col(j) * g.patch + g.patch / 2) == query_a) share += w(i, j);
    lowest = std::min(lowest, share);
  }
  return lowest;
}

}  // namespace

TEST_CASE("on two flat colours with mild noise, a patch puts at least 95% of its weight on its own region",
          "[image][attention]") {
  ImageOptions o;
  o.positional = false;
  for (auto [a, b] : {std::pair{Rgb{0.85f, 0.35f, 0.25f}, Rgb{0.25f, 0.45f, 0.8f}},
                      std::pair{Rgb{0.45f, 0.45f, 0.45f}, Rgb{0.55f, 0.55f, 0.55f}},  // two close greys
                      std::pair{Rgb{0.6f, 0.3f, 0.5f}, Rgb{0.3f, 0.6f, 0.5f}}})
    for (int patch : {32, 16, 8}) {
      o.patch = patch;
      const ImageAnalysis r =
          al::image::analyze_view(two_regions(a, b, std::uint64_t(patch)), al::test::image_identity(), o);
      const double share = lowest_own_share(r.attention.weights[0], r.grid);
      INFO("patch " << patch << ", colours " << a.r << "," << a.g << "," << a.b << " | " << b.r << "," << b.g << ","
                    << b.b << ": lowest share on its own region " << share);
      REQUIRE(share >= 0.95);
    }
}

TEST_CASE("with 4 heads, each seeing a quarter of every patch, each head still separates two colours",
          "[image][attention]") {
  ImageOptions o;
  o.positional = false;
  o.attention.heads = 4;
  const ImageAnalysis r = al::image::analyze_view(two_regions({0.85f, 0.35f, 0.25f}, {0.25f, 0.45f, 0.8f}, 5),
                                                  al::test::image_identity(), o);
  for (int h = 0; h < 4; ++h) {
    const double share = lowest_own_share(r.attention.weights[std::size_t(h)], r.grid);
    INFO("head " << h << ": lowest share on its own region " << share);
    REQUIRE(share >= 0.95);
  }
}

TEST_CASE("the 2-D positional encoding switches attention from look-alike patches to near ones", "[image][attention]") {
  // a checkerboard of 32-pixel squares: every patch has look-alikes all over the picture
  const al::image::Image view = picture(
      [](int y, int x) {
        return (y / 32 + x / 32) % 2 ? Rgb{0.9f, 0.6f, 0.2f} : Rgb{0.2f, 0.3f, 0.7f};
      },
      0.03, 14);
  auto mean_distance = [&](bool positional) {
    ImageOptions o;
    o.positional = positional;
    o.positional_weight = 10.0f;
    const ImageAnalysis r = al::image::analyze_view(view, al::test::image_identity(), o);
    double total = 0;
    for (int i = 0; i < r.grid.count; ++i)
      for (int j = 0; j < r.grid.count; ++j)
        total += r.blend_weights(i, j) * std::hypot(r.grid.row(i) - r.grid.row(j), r.grid.col(i) - r.grid.col(j));
    return total / r.grid.count;
  };
  const double far = mean_distance(false), near = mean_distance(true);
  INFO("mean distance to what a patch attends to, in patches: " << far << " without, " << near << " with");
  REQUIRE(far > 5.0);
  REQUIRE(near < far / 3);
}

TEST_CASE("the pixel blend (filter × V as an image) equals the hand computation in double", "[image][blend]") {
  SECTION("two queries, three one-pixel patches, written out") {
    Matrix w(2, 3), pixels(3, 3);
    w.data = {0.5f, 0.25f, 0.25f, 0.0f, 1.0f, 0.0f};
    pixels.data = {1, 0, 0, 0, 1, 0, 0, 0, 1};  // red, green, blue
    const Matrix blended = al::image::blend_patches(w, pixels);
    REQUIRE(blended.data == std::vector<float>{0.5f, 0.25f, 0.25f, 0.0f, 1.0f, 0.0f});
  }
  SECTION("every query of a photo-like picture, against the double loops") {
    const al::image::Image view = picture(
        [](int y, int x) {
          return Rgb{x / 224.0f, y / 224.0f, ((x / 20 + y / 30) % 3) / 3.0f};
        },
        0.05, 9);
    ImageOptions o;
    o.attention.heads = 4;
    for (int patch : {32, 16, 8}) {
      o.patch = patch;
      const ImageAnalysis r = al::image::analyze_view(view, al::prepare(al::random_weights(48, 3)), o);
      INFO("patch " << patch);
      REQUIRE_CLOSE(r.blended, al::image::reference::blend_patches(r.blend_weights, r.pixels), 1e-5);
      // the blend weights are the mean of the heads' weights
      for (int i = 0; i < r.grid.count; i += 7)
        for (int j = 0; j < r.grid.count; j += 5) {
          double mean = 0;
          for (const Matrix& h : r.attention.weights) mean += h(i, j) / 4.0;
          REQUIRE_THAT(r.blend_weights(i, j), WithinAbs(mean, 1e-7));
        }
      // the filtered picture is every patch replaced by its blend; the difference is filtered − view
      const int t = r.grid.count / 2, y = r.grid.row(t) * patch + 1, x = r.grid.col(t) * patch + 2;
      REQUIRE(r.picture.filtered.at(y, x, 1) == r.blended(t, (1 * patch + 2) * 3 + 1));
      REQUIRE(r.picture.difference.at(y, x, 1) == r.picture.filtered.at(y, x, 1) - view.at(y, x, 1));
    }
  }
}

TEST_CASE("every weights row sums to 1 and is non-negative, in every head and in the blend", "[image][attention]") {
  const al::image::Image view = picture(
      [](int y, int x) {
        return Rgb{(x % 50) / 50.0f, 0.5f, (y % 70) / 70.0f};
      },
      0.1, 11);
  for (int heads : {1, 3, 4})
    for (bool positional : {false, true}) {
      ImageOptions o;
      o.patch = 16;
      o.attention.heads = heads;
      o.positional = positional;
      o.positional_weight = 4.0f;
      const ImageAnalysis r = al::image::analyze_view(view, al::prepare(al::random_weights(48, 8)), o);
      std::vector<Matrix> all = r.attention.weights;
      all.push_back(r.blend_weights);
      double worst = 0;
      int negative = 0;
      for (const Matrix& w : all)
        for (int i = 0; i < w.rows; ++i) {
          double sum = 0;
          for (int j = 0; j < w.cols; ++j) negative += w(i, j) < 0.0f, sum += w(i, j);
          worst = std::max(worst, std::abs(sum - 1.0));
        }
      INFO("heads " << heads << ", positional " << positional << ": largest |row sum − 1| " << worst);
      REQUIRE(negative == 0);
      REQUIRE(worst <= 1e-5);
    }
}

TEST_CASE("a mask gives its keys a weight of exactly 0, and their pixels no share of the blend", "[image][attention]") {
  const al::image::Image view = picture([](int y, int x) { return Rgb{x / 224.0f, y / 224.0f, 0.4f}; }, 0.05, 12);
  ImageOptions o;
  o.patch = 32;
  o.attention.heads = 2;
  o.attention.mask = al::Mask::Causal;
  const ImageAnalysis r = al::image::analyze_view(view, al::test::image_identity(), o);
  int leaks = 0;
  for (const Matrix* w : {&r.attention.weights[0], &r.attention.weights[1], &r.blend_weights})
    for (int i = 0; i < 49; ++i)
      for (int j = i + 1; j < 49; ++j) leaks += (*w)(i, j) != 0.0f;
  REQUIRE(leaks == 0);
  // the first patch can only look at itself: its blend is its own pixels
  for (int v = 0; v < r.pixels.cols; ++v) REQUIRE_THAT(r.blended(0, v), WithinAbs(r.pixels(0, v), 1e-6));
}

TEST_CASE(
    "without the self mask, at a tiny temperature each patch attends to itself and the filtered picture is the view",
    "[image][attention]") {
  // noise makes every patch different from every other
  const al::image::Image view = picture([](int y, int x) { return Rgb{x / 224.0f, 0.5f, y / 224.0f}; }, 0.1, 13);
  ImageOptions o;
  o.patch = 16;
  o.positional = false;
  o.attention.mask = al::Mask::None;
  o.attention.temperature = 1e-4f;
  const ImageAnalysis r = al::image::analyze_view(view, al::test::image_identity(), o);
  float lowest_self = 1, largest_change = 0;
  for (int i = 0; i < r.grid.count; ++i) lowest_self = std::min(lowest_self, r.blend_weights(i, i));
  for (float d : r.picture.difference.rgb) largest_change = std::max(largest_change, std::abs(d));
  INFO("lowest weight on itself " << lowest_self << ", largest change " << largest_change);
  REQUIRE(lowest_self > 0.999f);
  REQUIRE(largest_change < 1e-2f);
}

TEST_CASE("the pipeline keeps every step with its shape, from RGBA bytes of any size", "[image][attention]") {
  const auto bytes = al::test::rgba_bytes(300, 200, [](int y, int x) {
    return std::array<std::uint8_t, 4>{std::uint8_t(x), std::uint8_t(y), 90, 255};
  });
  ImageOptions o;
  o.patch = 8;
  o.attention.heads = 6;
  o.positional = true;
  const ImageAnalysis r = al::image::analyze_image(bytes.data(), bytes.size(), 300, 200, al::test::image_identity(), o);
  REQUIRE(r.view.width == 224);
  REQUIRE(r.grid.count == 784);
  REQUIRE(r.pixels.rows == 784);
  REQUIRE(r.pixels.cols == 192);
  REQUIRE(r.embeddings.tokens.rows == 784);
  REQUIRE(r.embeddings.tokens.cols == 48);
  REQUIRE(r.positional.rows == 784);
  REQUIRE(r.attention.weights.size() == 6);
  REQUIRE(r.attention.weights[5].rows == 784);
  REQUIRE(r.attention.weights[5].cols == 784);
  REQUIRE(r.blended.rows == 784);
  REQUIRE(r.picture.filtered.width == 224);
  // X = embeddings + weight · PE, and the forward's value is X · I
  REQUIRE_CLOSE(r.attention.value, al::reference::to_double(r.input), 1e-6);
  REQUIRE(r.input(5, 7) == r.embeddings.tokens(5, 7) + o.positional_weight * r.positional(5, 7));
  REQUIRE(r.positional(5, 7) != 0.0f);
}

TEST_CASE("image options outside their values are refused with a clear message", "[image][attention]") {
  const al::image::Image view(224, 224);
  ImageOptions o;
  o.attention.heads = 5;
  REQUIRE_THROWS_WITH(al::image::analyze_view(view, al::test::image_identity(), o),
                      "heads must divide the model width 48 (one of 1, 2, 3, 4, 6, 8, 12, 16, 24, 48), got 5");
  o = ImageOptions{};
  o.patch = 10;
  REQUIRE_THROWS_WITH(al::image::analyze_view(view, al::test::image_identity(), o),
                      Contains("patch size must be 32, 16 or 8 pixels"));
  o = ImageOptions{};
  o.positional_weight = 11.0f;
  REQUIRE_THROWS_WITH(al::image::analyze_view(view, al::test::image_identity(), o),
                      Contains("positional weight must be a number from 0 to 10"));
  o = ImageOptions{};
  o.attention.heads = 2;
  o.blend_head = 2;
  REQUIRE_THROWS_WITH(al::image::analyze_view(view, al::test::image_identity(), o),
                      Contains("a head from 0 to 1, got 2"));
  REQUIRE_THROWS_WITH(al::image::analyze_view(view, al::prepare(al::identity_weights(100)), ImageOptions{}),
                      "the image mode's token vectors have 48 dimensions, but the weights are for d_model 100");
  const std::vector<std::uint8_t> bytes(10);
  REQUIRE_THROWS_WITH(
      al::image::analyze_image(bytes.data(), bytes.size(), 2, 2, al::test::image_identity(), ImageOptions{}),
      Contains("the pixel data has 10 bytes"));
}
