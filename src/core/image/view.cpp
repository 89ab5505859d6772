#include "core/image/view.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/errors.h"

namespace al::image {
namespace {

// One source pixel's share of one view pixel along an axis.
struct Tap {
  int src, dst;
  std::uint32_t overlap;  // in units of 1/224 source pixel; a view pixel's overlaps sum to s
};

// Area averaging along one axis: view pixel i covers the source interval [i·s/224, (i+1)·s/224).
// Scaled by 224, source pixel k covers [k·224, (k+1)·224) and view pixel i covers
// [i·s, (i+1)·s): their overlaps are integers, so the whole resize is exact integer arithmetic
// (a constant picture stays exactly constant, a 224-pixel side is copied unchanged).
std::vector<Tap> area_taps(int s) {
  std::vector<Tap> taps;
  for (int i = 0; i < kViewSize; ++i) {
    const long long lo = (long long)i * s, hi = (long long)(i + 1) * s;
    for (long long k = lo / kViewSize; k * kViewSize < hi; ++k) {
      const long long overlap = std::min((k + 1) * kViewSize, hi) - std::max(k * kViewSize, lo);
      if (overlap > 0) taps.push_back({int(k), i, std::uint32_t(overlap)});
    }
  }
  std::sort(taps.begin(), taps.end(), [](const Tap& a, const Tap& b) { return a.src < b.src; });
  return taps;
}

std::string size_text(int width, int height) { return std::to_string(width) + " × " + std::to_string(height); }

}  // namespace

std::string size_problem(std::uint64_t width, std::uint64_t height) {
  const std::string size = "the image is " + std::to_string(width) + " × " + std::to_string(height) + " pixels: ";
  // width · height below cannot overflow: both sides are at most kMaxSide by then
  if (width < 1 || height < 1) return size + "it needs at least 1 × 1";
  if (width > std::uint64_t(kMaxSide) || height > std::uint64_t(kMaxSide))
    return size + "each side may be at most " + std::to_string(kMaxSide) + " pixels";
  if (width * height > kMaxPixels) return size + "at most " + std::to_string(kMaxPixels) + " pixels in all";
  return "";
}

void validate_rgba(std::size_t length, int width, int height) {
  if (width < 1 || height < 1)
    throw OptionError("the image is " + size_text(width, height) + " pixels: it needs at least 1 × 1");
  if (const std::string problem = size_problem(std::uint64_t(width), std::uint64_t(height)); !problem.empty())
    throw OptionError(problem);
  const std::size_t pixels = std::size_t(width) * std::size_t(height);
  if (length != pixels * 4)
    throw OptionError("the pixel data has " + std::to_string(length) + " bytes, but a " + size_text(width, height) +
                      " RGBA image has " + std::to_string(pixels * 4));
}

Image make_view(const std::uint8_t* rgba, std::size_t length, int width, int height) {
  validate_rgba(length, width, height);
  const int s = std::min(width, height);
  const int x0 = (width - s) / 2, y0 = (height - s) / 2;  // the centred square
  const std::vector<Tap> taps = area_taps(s);             // the same along both axes

  // Composited on white, in units of 1/255²: c = v·α + 255·(255 − α), in [0, 65025].
  // Per source row: row_sum (224 × 3) = Σ overlap · c  (≤ s · 65025 < 2^32)
  // Per view row:   sum (224 × 224 × 3) += overlap · row_sum  (≤ s² · 65025 < 2^64)
  std::vector<std::uint64_t> sum(std::size_t(kViewSize) * kViewSize * 3, 0);
  std::vector<std::uint32_t> row_sum(std::size_t(kViewSize) * 3);
  std::size_t ty = 0;
  for (int y = 0; y < s; ++y) {
    std::fill(row_sum.begin(), row_sum.end(), 0u);
    const std::uint8_t* row = rgba + (std::size_t(y0 + y) * width + x0) * 4;
    for (const Tap& t : taps) {
      const std::uint8_t* p = row + std::size_t(t.src) * 4;
      const std::uint32_t alpha = p[3], white = 255u * (255u - alpha);
      for (int c = 0; c < 3; ++c) row_sum[std::size_t(t.dst) * 3 + c] += t.overlap * (p[c] * alpha + white);
    }
    for (; ty < taps.size() && taps[ty].src == y; ++ty) {  // the view rows this source row falls in
      std::uint64_t* dst = sum.data() + std::size_t(taps[ty].dst) * kViewSize * 3;
      for (std::size_t i = 0; i < row_sum.size(); ++i) dst[i] += std::uint64_t(taps[ty].overlap) * row_sum[i];
    }
  }

  // Each view pixel's overlaps sum to s along each axis: divide by s² and by 255².
  Image view(kViewSize, kViewSize);
  const double norm = double(s) * double(s) * 65025.0;
  for (std::size_t i = 0; i < sum.size(); ++i) view.rgb[i] = float(double(sum[i]) / norm);
  return view;
}

}  // namespace al::image
