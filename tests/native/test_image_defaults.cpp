// The picture mode's default options (image::ImageOptions) on pictures they were not chosen on:
// textured regions on a plain background (image_textures.h: stripes, noise, discs, diagonals,
// dark on bright and bright on dark). A query patch inside the texture keeps at least 95% of its
// weight inside it, and no patch puts more than half of its weight on itself, at every patch
// size. (The four built-in photos are checked by tests/js/image.test.mjs, which can read them.)
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "core/image/analyze_image.h"
#include "image_pictures.h"
#include "image_textures.h"

using al::image::ImageAnalysis;
using al::image::ImageOptions;
using al::test::TexturedPicture;

namespace {

bool inside(const TexturedPicture& p, const al::image::PatchGrid& g, int t) {
  return p.region.contains(g.row(t) * g.patch, g.col(t) * g.patch);  // patches lie wholly in or out
}

struct Shares {
  double lowest_inside = 1;  // the least weight a query patch inside the region keeps inside it
  double largest_self = 0;   // the most weight any patch puts on itself
};
Shares shares(const TexturedPicture& p, const ImageAnalysis& r) {
  Shares s;
  const al::image::PatchGrid& g = r.grid;
  for (int i = 0; i < g.count; ++i) {
    s.largest_self = std::max(s.largest_self, double(r.blend_weights(i, i)));
    if (!inside(p, g, i)) continue;
    double share = 0;
    for (int j = 0; j < g.count; ++j)
      if (inside(p, g, j)) share += r.blend_weights(i, j);
    s.lowest_inside = std::min(s.lowest_inside, share);
  }
  return s;
}

}  // namespace

TEST_CASE("under the default options, a query patch inside a textured region keeps at least 95% of its weight there",
          "[image][defaults]") {
  ImageOptions o;
  int checked = 0;
  for (const TexturedPicture& p : al::test::textured_pictures())
    for (int patch : {32, 16, 8}) {
      o.patch = patch;
      const Shares s = shares(p, al::image::analyze_view(p.view, al::test::image_identity(), o));
      INFO(p.name << ", patch " << patch << ": lowest share inside the region " << s.lowest_inside);
      REQUIRE(s.lowest_inside >= 0.95);
      ++checked;
    }
  REQUIRE(checked == 24);
}

TEST_CASE("under the default options, no patch puts more than half of its weight on itself", "[image][defaults]") {
  std::vector<TexturedPicture> pictures = al::test::textured_pictures();
  pictures.push_back({"smooth colours, every patch unique", {0, 0, 0, 0}, al::test::smooth_colours(7)});
  for (const TexturedPicture& p : pictures)
    for (int patch : {32, 16, 8}) {
      ImageOptions o;
      o.patch = patch;
      const Shares s = shares(p, al::image::analyze_view(p.view, al::test::image_identity(), o));
      INFO(p.name << ", patch " << patch << ": largest weight on itself " << s.largest_self);
      REQUIRE(s.largest_self <= 0.5);
      if (p.region.x1 > 0 || patch == 8) continue;
      // what the defaults prevent: the plain dot product at T = 1 without the mask (the text
      // mode's defaults) lets these unique patches keep most of it (at patch 8 their 40-pixel
      // blotches span several patches, which then look alike)
      o.attention = al::AttentionOptions{};
      const Shares unmasked = shares(p, al::image::analyze_view(p.view, al::test::image_identity(), o));
      INFO("dot product, T = 1, no mask: " << unmasked.largest_self);
      REQUIRE(unmasked.largest_self > 0.5);
    }
}

TEST_CASE("the test pictures hold their texture where they say: the region differs from the background",
          "[image][defaults]") {
  for (const TexturedPicture& p : al::test::textured_pictures()) {
    double inside_sum = 0, outside_sum = 0, inside_square = 0;
    int inside_count = 0, outside_count = 0;
    for (int y = 0; y < 224; ++y)
      for (int x = 0; x < 224; ++x) {
        const double v = p.view.at(y, x, 1);
        if (p.region.contains(y, x))
          inside_sum += v, inside_square += v * v, ++inside_count;
        else
          outside_sum += v, ++outside_count;
      }
    const double mean = inside_sum / inside_count, spread = std::sqrt(inside_square / inside_count - mean * mean);
    INFO(p.name << ": inside mean " << mean << ", spread " << spread << "; outside mean "
                << outside_sum / outside_count);
    REQUIRE(spread > 0.05);  // textured, not flat
    REQUIRE(std::abs(mean - outside_sum / outside_count) > 0.2);
  }
}
