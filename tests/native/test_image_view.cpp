#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/image/view.h"
#include "image_pictures.h"

using al::image::make_view;
using al::test::rgba_bytes;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;

namespace {

al::image::Image view_of(const std::vector<std::uint8_t>& bytes, int width, int height) {
  return make_view(bytes.data(), bytes.size(), width, height);
}

}  // namespace

TEST_CASE("the view of a constant picture is exactly that constant, at any size", "[image][view]") {
  for (auto [w, h] : {std::pair{1, 1}, std::pair{3, 5}, std::pair{224, 224}, std::pair{225, 224}, std::pair{1000, 300},
                      std::pair{300, 1000}, std::pair{97, 1201}, std::pair{1600, 1200}}) {
    INFO(w << " × " << h);
    const auto bytes = rgba_bytes(w, h, [](int, int) { return std::array<std::uint8_t, 4>{200, 17, 0, 255}; });
    const al::image::Image v = view_of(bytes, w, h);
    REQUIRE(v.width == 224);
    REQUIRE(v.height == 224);
    int different = 0;
    for (int y = 0; y < 224; ++y)
      for (int x = 0; x < 224; ++x)
        different += v.at(y, x, 0) != 200.0f / 255.0f || v.at(y, x, 1) != 17.0f / 255.0f || v.at(y, x, 2) != 0.0f;
    REQUIRE(different == 0);
  }
}

TEST_CASE("a 224 × 224 picture is its own view, pixel for pixel", "[image][view]") {
  const auto bytes = rgba_bytes(224, 224, [](int y, int x) {
    return std::array<std::uint8_t, 4>{std::uint8_t(x), std::uint8_t(y), std::uint8_t((x * 7 + y * 13) % 256), 255};
  });
  const al::image::Image v = view_of(bytes, 224, 224);
  int different = 0;
  for (int y = 0; y < 224; ++y)
    for (int x = 0; x < 224; ++x)
      for (int c = 0; c < 3; ++c)
        different += v.at(y, x, c) != float(bytes[(std::size_t(y) * 224 + x) * 4 + c]) / 255.0f;
  REQUIRE(different == 0);
}

TEST_CASE("transparent pixels are composited on white", "[image][view]") {
  SECTION("fully transparent pixels are white whatever their colour") {
    const auto bytes = rgba_bytes(50, 50, [](int, int) { return std::array<std::uint8_t, 4>{0, 0, 0, 0}; });
    const std::vector<float> rgb = view_of(bytes, 50, 50).rgb;
    REQUIRE(std::count(rgb.begin(), rgb.end(), 1.0f) == std::ptrdiff_t(rgb.size()));
  }
  SECTION("half transparency mixes the colour with white: α·c + (1 − α)") {
    const auto bytes = rgba_bytes(224, 224, [](int, int) { return std::array<std::uint8_t, 4>{0, 255, 100, 51}; });
    const al::image::Image v = view_of(bytes, 224, 224);
    const double alpha = 51.0 / 255.0;
    REQUIRE_THAT(v.at(10, 10, 0), WithinAbs(1.0 - alpha, 1e-6));
    REQUIRE_THAT(v.at(10, 10, 1), WithinAbs(1.0, 1e-6));
    REQUIRE_THAT(v.at(10, 10, 2), WithinAbs(alpha * 100.0 / 255.0 + 1.0 - alpha, 1e-6));
  }
}

TEST_CASE("downscaling averages areas: a fine checkerboard becomes flat grey", "[image][view]") {
  // 1-pixel black and white squares at twice the view's size: each view pixel covers 2 × 2
  const auto bytes = rgba_bytes(448, 448, [](int y, int x) {
    const std::uint8_t v = (x + y) % 2 ? 255 : 0;
    return std::array<std::uint8_t, 4>{v, v, v, 255};
  });
  const std::vector<float> rgb = view_of(bytes, 448, 448).rgb;
  REQUIRE(std::count(rgb.begin(), rgb.end(), 0.5f) == std::ptrdiff_t(rgb.size()));
}

TEST_CASE("the longer side is cropped evenly around the centre", "[image][view]") {
  // 400 × 200: the centred 200 × 200 square (x from 100 to 299) is blue, the rest red
  const auto bytes = rgba_bytes(400, 200, [](int, int x) {
    return x >= 100 && x < 300 ? std::array<std::uint8_t, 4>{0, 0, 255, 255}
                               : std::array<std::uint8_t, 4>{255, 0, 0, 255};
  });
  const al::image::Image v = view_of(bytes, 400, 200);
  int red = 0;
  for (int y = 0; y < 224; ++y)
    for (int x = 0; x < 224; ++x) red += v.at(y, x, 0) != 0.0f || v.at(y, x, 2) != 1.0f;
  REQUIRE(red == 0);
}

TEST_CASE("a picture smaller than the view is enlarged, each pixel to a block", "[image][view]") {
  // 2 × 2 picture: each source pixel becomes a 112 × 112 block of the view
  const auto bytes = rgba_bytes(2, 2, [](int y, int x) {
    const std::uint8_t v = std::uint8_t(60 * (y * 2 + x));
    return std::array<std::uint8_t, 4>{v, v, v, 255};
  });
  const al::image::Image v = view_of(bytes, 2, 2);
  REQUIRE(v.at(0, 0, 0) == 0.0f);
  REQUIRE(v.at(111, 223, 0) == 60.0f / 255.0f);
  REQUIRE(v.at(112, 0, 0) == 120.0f / 255.0f);
  REQUIRE(v.at(223, 223, 0) == 180.0f / 255.0f);
}

TEST_CASE("bad picture sizes are refused with a sentence saying what is wrong", "[image][view]") {
  const std::vector<std::uint8_t> four(4, 255);
  REQUIRE_THROWS_WITH(make_view(nullptr, 0, 0, 0), "the image is 0 × 0 pixels: it needs at least 1 × 1");
  REQUIRE_THROWS_AS(make_view(four.data(), 4, 0, 1), al::OptionError);
  REQUIRE_THROWS_AS(make_view(four.data(), 4, 1, -3), al::OptionError);
  REQUIRE_THROWS_WITH(make_view(four.data(), 4, 20000, 1), Contains("each side may be at most 16384 pixels"));
  REQUIRE_THROWS_WITH(make_view(four.data(), 4, 9000, 9000), Contains("at most 67108864 pixels in all"));
  REQUIRE_THROWS_WITH(make_view(four.data(), 4, 2, 2), "the pixel data has 4 bytes, but a 2 × 2 RGBA image has 16");
  REQUIRE_THROWS_WITH(make_view(four.data(), 3, 1, 1), Contains("has 3 bytes"));
  REQUIRE_NOTHROW(make_view(four.data(), 4, 1, 1));
}
