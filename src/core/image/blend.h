// Filter × V as pictures. With attention weights P (n_q × n_k) and the keys' patch pixels
// (n_k × p·p·3), each query's blend P[i, :] · pixels is itself a patch: the weighted mean of the
// key patches (every row of P sums to 1). Replacing every patch by its blend gives the
// attention-filtered picture; its difference from the view shows what attention changed.
#pragma once
#include <vector>

#include "core/image/image.h"
#include "core/image/patches.h"
#include "core/matrix.h"

namespace al::image {

// The weights the pixels are blended with: one head's (head >= 0), or with head = -1 the mean
// over the heads' weights, into `out` (each row still sums to 1, and a key masked in every head
// keeps weight exactly 0). The page's blend and the image layer's training both use it.
void blend_weights(const std::vector<Matrix>& heads, int head, Matrix& out);

// blended (n_q × p·p·3) = weights (n_q × n_k) · pixels (n_k × p·p·3), one gemm.
Matrix blend_patches(const Matrix& weights, const Matrix& pixels);

struct FilteredPicture {
  Image filtered;    // every patch replaced by its blend
  Image difference;  // filtered − original, per value, in [-1, 1]
};

// From the blends of every patch (n × p·p·3, as blend_patches gives for self-attention).
FilteredPicture filtered_picture(const Matrix& blended, const Image& view, const PatchGrid& grid);

}  // namespace al::image
