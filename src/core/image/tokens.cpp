#include "core/image/tokens.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/errors.h"
#include "core/image/view.h"

namespace al::image {
namespace {

static_assert(kLumaCells == 2 * kChromaCells, "each colour cell holds 2 × 2 luma cells");

// A pair that no token makes (cos ≤ 0, possible after random weights) decodes as the angle
// ±1.5 rad: z = ±tan(1.5) / a.
constexpr float kMaxZ = 14.1014f / kSlope;  // tan(1.5) / a

// Bilinear weights at pixel y of a patch of side p, over `cells` cell centres: pixel centre
// y + ½ sits at cell coordinate (y + ½)·cells/p − ½, clamped to the outer centres.
struct Lerp {
  int i0;
  float w;  // weight of cell i0 + 1
};
Lerp lerp(int y, int p, int cells) {
  const float f = std::clamp((y + 0.5f) * cells / p - 0.5f, 0.0f, float(cells - 1));
  const int i0 = std::min(int(f), cells - 2);
  return {i0, f - i0};
}

// A cells × cells grid (row-major) read bilinearly at one pixel.
float sample(const float* grid, int cells, Lerp ly, Lerp lx) {
  const float top = grid[ly.i0 * cells + lx.i0] * (1 - lx.w) + grid[ly.i0 * cells + lx.i0 + 1] * lx.w;
  const float bottom = grid[(ly.i0 + 1) * cells + lx.i0] * (1 - lx.w) + grid[(ly.i0 + 1) * cells + lx.i0 + 1] * lx.w;
  return top * (1 - ly.w) + bottom * ly.w;
}

// The feature of a patch that holds cell (y, x) of a channel (cells × cells per patch).
int feature_at(int channel, int y, int x) {
  return channel == 0   ? luma_feature(y, x)
         : channel == 1 ? blue_feature(y * kChromaCells + x)
                        : red_feature(y * kChromaCells + x);
}

// A channel's unit over the picture: the root mean square difference of every two cells side by
// side (across patch borders too), ÷ √2 (for independent cells of deviation s, that is s),
// floored at kMinContrast.
float channel_unit(const Matrix& features, const PatchGrid& g, int channel) {
  const int cells = channel == 0 ? kLumaCells : kChromaCells, side = g.side * cells;
  const auto cell = [&](int cy, int cx) {
    return features((cy / cells) * g.side + cx / cells, feature_at(channel, cy % cells, cx % cells));
  };
  double square_sum = 0;
  long pairs = 0;
  for (int cy = 0; cy < side; ++cy)
    for (int cx = 0; cx < side; ++cx) {
      if (cx + 1 < side) {
        const double d = double(cell(cy, cx)) - cell(cy, cx + 1);
        square_sum += d * d, ++pairs;
      }
      if (cy + 1 < side) {
        const double d = double(cell(cy, cx)) - cell(cy + 1, cx);
        square_sum += d * d, ++pairs;
      }
    }
  return std::max(float(std::sqrt(square_sum / (2.0 * double(pairs)))), kMinContrast);
}

}  // namespace

Matrix patch_features(const Image& view, const PatchGrid& g) {
  if (view.width != kViewSize || view.height != kViewSize)
    throw OptionError("token vectors are made from the 224 × 224 view, got a " + std::to_string(view.width) + " × " +
                      std::to_string(view.height) + " picture");
  Matrix features(g.count, kFeatures);
  const int luma_step = g.patch / kLumaCells, chroma_step = g.patch / kChromaCells;  // pixels per cell side
  for (int t = 0; t < g.count; ++t) {
    // sums in double: a cell of a 32-pixel patch holds up to 256 pixels, and the units that
    // divide the features (tokens_of) can be as small as 2/255
    double f[kFeatures] = {};
    for (int y = 0; y < g.patch; ++y)
      for (int x = 0; x < g.patch; ++x) {
        const float r = view.at(g.row(t) * g.patch + y, g.col(t) * g.patch + x, 0);
        const float gr = view.at(g.row(t) * g.patch + y, g.col(t) * g.patch + x, 1);
        const float b = view.at(g.row(t) * g.patch + y, g.col(t) * g.patch + x, 2);
        const double luma = 0.299 * r + 0.587 * gr + 0.114 * b;
        f[luma_feature(y / luma_step, x / luma_step)] += luma;
        const int quarter = (y / chroma_step) * kChromaCells + x / chroma_step;
        f[blue_feature(quarter)] += b - luma;
        f[red_feature(quarter)] += r - luma;
      }
    // sums -> means over each cell's pixels
    for (int k = 0; k < kFeatures; ++k)
      features(t, k) = float(f[k] / (channel_of(k) == 0 ? luma_step * luma_step : chroma_step * chroma_step));
  }
  return features;
}

PatchTokens patch_tokens(const Image& view, const PatchGrid& g) { return tokens_of(patch_features(view, g), g); }

PatchTokens tokens_of(Matrix features, const PatchGrid& g) {
  const int n = features.rows;
  if (features.cols != kFeatures || n != g.count || n < 1)
    throw OptionError("token vectors are made from " + std::to_string(kFeatures) + " features of each of the " +
                      std::to_string(g.count) + " patches, got " + std::to_string(features.rows) + " × " +
                      std::to_string(features.cols));
  PatchTokens e;
  // the mean patch
  for (int k = 0; k < kFeatures; ++k) {
    double sum = 0;
    for (int t = 0; t < n; ++t) sum += features(t, k);
    e.mean[std::size_t(k)] = float(sum / n);
  }
  // each channel's unit, from neighbouring cells (the mean does not change a difference); a
  // colour difference's never finer than brightness's (tokens.h)
  const float luma_unit = channel_unit(features, g, 0);
  const float unit[3] = {luma_unit, std::max(channel_unit(features, g, 1), luma_unit),
                         std::max(channel_unit(features, g, 2), luma_unit)};
  for (int k = 0; k < kFeatures; ++k) e.scale[std::size_t(k)] = unit[channel_of(k)];
  e.tokens = encode_features(features, e);
  return e;
}

Matrix encode_features(const Matrix& features, const PatchTokens& e) {
  if (features.cols != kFeatures)
    throw OptionError("expected " + std::to_string(kFeatures) + " features per patch, got " +
                      std::to_string(features.cols));
  // each standardised feature z on a circle at angle atan(a·z): the pair (1, a·z) scaled to length g
  Matrix tokens(features.rows, kTokenDims);
  for (int t = 0; t < features.rows; ++t)
    for (int k = 0; k < kFeatures; ++k) {
      const float u = kSlope * (features(t, k) - e.mean[std::size_t(k)]) / e.scale[std::size_t(k)];
      const float length = kGain / std::sqrt(1.0f + u * u);
      tokens(t, 2 * k) = length;
      tokens(t, 2 * k + 1) = u * length;
    }
  return tokens;
}

Matrix tokens_to_pixels(const Matrix& tokens, const PatchTokens& e, const PatchGrid& g) {
  if (tokens.cols != kTokenDims)
    throw OptionError("token vectors have " + std::to_string(kTokenDims) + " values, got " +
                      std::to_string(tokens.cols));
  Matrix pixels(tokens.rows, g.values());
  float f[kFeatures], luma[kLumaCells * kLumaCells], blue[kChromaCells * kChromaCells],
      red[kChromaCells * kChromaCells];
  for (int t = 0; t < tokens.rows; ++t) {
    // angles back to features: z = tan(θ) / a = sin / (a·cos); a zero pair reads as the mean
    // patch's feature
    for (int k = 0; k < kFeatures; ++k) {
      const float c = tokens(t, 2 * k), s = tokens(t, 2 * k + 1);
      const float z = c > 0.0f ? s / (kSlope * c) : s == 0.0f ? 0.0f : std::copysign(kMaxZ, s);
      f[k] = z * e.scale[std::size_t(k)] + e.mean[std::size_t(k)];
    }
    for (int ly = 0; ly < kLumaCells; ++ly)
      for (int lx = 0; lx < kLumaCells; ++lx) luma[ly * kLumaCells + lx] = f[luma_feature(ly, lx)];
    for (int q = 0; q < kChromaCells * kChromaCells; ++q) blue[q] = f[blue_feature(q)], red[q] = f[red_feature(q)];
    float* out = pixels.row(t);
    for (int y = 0; y < g.patch; ++y) {
      const Lerp ly = lerp(y, g.patch, kLumaCells), cy = lerp(y, g.patch, kChromaCells);
      for (int x = 0; x < g.patch; ++x) {
        const Lerp lx = lerp(x, g.patch, kLumaCells), cx = lerp(x, g.patch, kChromaCells);
        const float y_ = sample(luma, kLumaCells, ly, lx);
        const float b = y_ + sample(blue, kChromaCells, cy, cx);
        const float r = y_ + sample(red, kChromaCells, cy, cx);
        out[(y * g.patch + x) * 3 + 0] = r;
        out[(y * g.patch + x) * 3 + 1] = (y_ - 0.299f * r - 0.114f * b) / 0.587f;
        out[(y * g.patch + x) * 3 + 2] = b;
      }
    }
  }
  return pixels;
}

}  // namespace al::image
