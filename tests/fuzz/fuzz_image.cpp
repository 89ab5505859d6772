// libFuzzer target: the core's image entry, al::image::analyze_image, on RGBA bytes of any
// declared size with any image options (scripts/fuzz.sh runs it; docs/HARDENING.md).
// The input: 8 option bytes, then the pixels.
//   bytes 0-1  width, 2-3 height (little-endian; flag bit 7 makes them 16× larger, so that the
//              size limits and a length that does not match are reached)
//   byte  4    patch (32, 16, 8) and heads (the divisors of 48)
//   byte  5    flags: scale, positional, cosine, the self mask, random weights, huge sizes
//   byte  6    temperature (log-uniform in [1e-6, 1e6], or exactly at either end)
//   byte  7    blend head (-1, a head, or one past the last: refused) and the positional weight
// The invariants: only OptionError may be thrown (a size or length the core refuses, a blend
// head out of range); otherwise the view is 224 × 224 in [0, 1], every step is finite, every
// weights row sums to 1 within 1e-4 with weights in [0, 1], and self-masked weights are 0.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "core/errors.h"
#include "core/image/analyze_image.h"
#include "core/image/view.h"
#include "core/presets.h"

namespace {

constexpr int kHeads[] = {1, 2, 3, 4, 6, 8, 12, 16, 24, 48};
constexpr int kPatches[] = {32, 16, 8};

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_image: %s\n", what);
  std::abort();
}

void check_finite(const al::Matrix& m, const char* what) {
  for (float v : m.data)
    if (!std::isfinite(v)) {
      std::fprintf(stderr, "fuzz_image: step %s holds %g\n", what, double(v));
      std::abort();
    }
}

void check_weights(const al::Matrix& w, bool self_mask) {
  for (int i = 0; i < w.rows; ++i) {
    double sum = 0;
    for (int j = 0; j < w.cols; ++j) {
      const float v = w.data[std::size_t(i) * w.cols + j];
      if (!(v >= 0.0f && v <= 1.0f)) fail("a weight outside [0, 1]");
      if (self_mask && i == j && v != 0.0f) fail("a self-masked weight is not 0");
      sum += v;
    }
    if (w.cols > 0 && std::abs(sum - 1.0) > 1e-4) fail("a weights row does not sum to 1");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace image = al::image;
  static const al::PreparedWeights identity = al::prepare(al::identity_weights(image::kTokenDims));
  static const al::PreparedWeights random = al::prepare(al::random_weights(image::kTokenDims, 7));
  if (size < 8) return 0;
  const std::uint8_t flags = data[5];
  const int grow = flags & 128 ? 16 : 1;
  const int width = (data[0] | data[1] << 8) % 1024 * grow, height = (data[2] | data[3] << 8) % 1024 * grow;
  image::ImageOptions o;
  o.patch = kPatches[data[4] % 3];
  o.attention.heads = kHeads[(data[4] / 3) % 10];
  o.attention.scale = flags & 1;
  o.positional = flags & 2;
  o.attention.similarity = flags & 4 ? al::Similarity::Cosine : al::Similarity::Dot;
  o.attention.mask = flags & 8 ? al::Mask::Self : al::Mask::None;
  const double u = data[6] / 255.0;
  o.attention.temperature = std::clamp(float(std::pow(10.0, -6.0 + 12.0 * u)), 1e-6f, 1e6f);
  if (data[6] == 0) o.attention.temperature = 1e-6f;
  if (data[6] == 255) o.attention.temperature = 1e6f;
  o.blend_head = int(data[7] % (o.attention.heads + 2)) - 1;  // -1 … heads (one past: refused)
  o.positional_weight = float(data[7] >> 4);
  const al::PreparedWeights& w = flags & 16 ? random : identity;

  image::ImageAnalysis a;
  try {
    a = image::analyze_image(data + 8, size - 8, width, height, w, o);
  } catch (const al::OptionError&) {
    return 0;  // a size, a length or a blend head the core refuses, with a sentence
  }
  if (a.view.width != image::kViewSize || a.view.height != image::kViewSize) fail("the view is not 224 × 224");
  for (float v : a.view.rgb)
    if (!(v >= 0.0f && v <= 1.0f)) fail("a view value outside [0, 1]");
  for (const al::Matrix* m : {&a.pixels, &a.input, &a.blend_weights, &a.blended, &a.attention.output})
    check_finite(*m, "of the image pipeline");
  for (const al::Matrix& h : a.attention.weights) check_weights(h, o.attention.mask == al::Mask::Self);
  check_weights(a.blend_weights, o.attention.mask == al::Mask::Self);
  return 0;
}
