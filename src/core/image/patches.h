// The view cut into square patches: the image mode's tokens, numbered row by row.
//   patch 32 px: 7 × 7 = 49 tokens;  16 px: 14 × 14 = 196;  8 px: 28 × 28 = 784
// A patch's pixels are one row of p·p·3 floats, in the order (y, x, channel).
#pragma once
#include "core/image/image.h"
#include "core/matrix.h"

namespace al::image {

// The patch sizes the view divides into (pixels), largest first.
constexpr int kPatchSizes[] = {32, 16, 8};

struct PatchGrid {
  int patch = 0;                                    // side of a patch in pixels
  int side = 0;                                     // patches per row and per column (224 / patch)
  int count = 0;                                    // side², the number of tokens
  int values() const { return patch * patch * 3; }  // floats per patch
  int row(int token) const { return token / side; }
  int col(int token) const { return token % side; }
};

// Throws OptionError naming the allowed sizes (32, 16, 8) for any other.
PatchGrid patch_grid(int patch);

// n × p·p·3: row t holds patch t's pixels. The view must be 224 × 224.
Matrix patch_pixels(const Image& view, const PatchGrid& grid);
// The inverse: patches (n × p·p·3, one row per patch) put back in place, a 224 × 224 picture.
Image from_patches(const Matrix& pixels, const PatchGrid& grid);

}  // namespace al::image
