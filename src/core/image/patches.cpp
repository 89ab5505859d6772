#include "core/image/patches.h"

#include <algorithm>
#include <iterator>
#include <string>

#include "core/errors.h"
#include "core/image/view.h"

namespace al::image {

PatchGrid patch_grid(int patch) {
  if (std::find(std::begin(kPatchSizes), std::end(kPatchSizes), patch) == std::end(kPatchSizes))
    throw OptionError(
        "patch size must be 32, 16 or 8 pixels (7 × 7, 14 × 14 or 28 × 28 patches of the 224 × 224 "
        "view), got " +
        std::to_string(patch));
  const int side = kViewSize / patch;
  return {patch, side, side * side};
}

Matrix patch_pixels(const Image& view, const PatchGrid& g) {
  if (view.width != kViewSize || view.height != kViewSize)
    throw OptionError("patches are cut from the 224 × 224 view, got a " + std::to_string(view.width) + " × " +
                      std::to_string(view.height) + " picture");
  Matrix pixels(g.count, g.values());
  const std::size_t line = std::size_t(g.patch) * 3;  // one pixel row of a patch
  for (int t = 0; t < g.count; ++t)
    for (int y = 0; y < g.patch; ++y) {
      const float* src = &view.rgb[(std::size_t(g.row(t) * g.patch + y) * kViewSize + g.col(t) * g.patch) * 3];
      std::copy(src, src + line, pixels.row(t) + y * line);
    }
  return pixels;
}

Image from_patches(const Matrix& pixels, const PatchGrid& g) {
  if (pixels.rows != g.count || pixels.cols != g.values())
    throw OptionError("expected " + std::to_string(g.count) + " patches of " + std::to_string(g.values()) +
                      " values, got " + std::to_string(pixels.rows) + " × " + std::to_string(pixels.cols));
  Image view(kViewSize, kViewSize);
  const std::size_t line = std::size_t(g.patch) * 3;
  for (int t = 0; t < g.count; ++t)
    for (int y = 0; y < g.patch; ++y) {
      const float* src = pixels.row(t) + y * line;
      std::copy(src, src + line, &view.rgb[(std::size_t(g.row(t) * g.patch + y) * kViewSize + g.col(t) * g.patch) * 3]);
    }
  return view;
}

}  // namespace al::image
