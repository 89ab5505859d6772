#include "core/image/blend.h"

#include <string>

#include "core/errors.h"
#include "core/kernels/kernels.h"

namespace al::image {

void blend_weights(const std::vector<Matrix>& heads, int head, Matrix& out) {
  if (heads.empty() || head >= int(heads.size())) throw OptionError("no such head to blend with");
  out = heads[std::size_t(head >= 0 ? head : 0)];
  if (head >= 0 || heads.size() == 1) return;
  for (std::size_t h = 1; h < heads.size(); ++h)
    for (std::size_t i = 0; i < out.data.size(); ++i) out.data[i] += heads[h].data[i];
  const float inv = 1.0f / float(heads.size());
  for (float& v : out.data) v *= inv;
}

Matrix blend_patches(const Matrix& weights, const Matrix& pixels) {
  if (weights.cols != pixels.rows)
    throw OptionError("the weights have " + std::to_string(weights.cols) + " keys but there are " +
                      std::to_string(pixels.rows) + " patches");
  Matrix blended(weights.rows, pixels.cols);
  if (weights.rows == 0 || pixels.cols == 0) return blended;
  if (pixels.rows == 0) return blended;  // no keys: nothing to blend, zero patches
  // blended (n_q × v) = P (n_q × n_k) · pixels (n_k × v)
  kernels::gemm(weights.rows, pixels.cols, pixels.rows, weights.data.data(), weights.cols, pixels.data.data(),
                pixels.cols, blended.data.data(), blended.cols);
  return blended;
}

FilteredPicture filtered_picture(const Matrix& blended, const Image& view, const PatchGrid& grid) {
  FilteredPicture f;
  f.filtered = from_patches(blended, grid);
  if (view.width != f.filtered.width || view.height != f.filtered.height)
    throw OptionError("the view is not the 224 × 224 picture the patches were cut from");
  f.difference = Image(view.width, view.height);
  for (std::size_t i = 0; i < view.rgb.size(); ++i) f.difference.rgb[i] = f.filtered.rgb[i] - view.rgb[i];
  return f;
}

}  // namespace al::image
