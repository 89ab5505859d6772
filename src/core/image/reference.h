// The image mode's plain references in double precision with plain loops, the tests' truth
// (as core/reference.h is for the attention forward).
#pragma once
#include "core/matrix.h"
#include "core/reference.h"

namespace al::image::reference {

using al::reference::DMatrix;

// The 2-D sinusoidal encoding written out from its formula (positional_2d.h).
DMatrix positional_encoding_2d(int rows, int cols, int d);

// blended (n_q × v) = weights (n_q × n_k) · pixels (n_k × v), summed in double.
DMatrix blend_patches(const Matrix& weights, const Matrix& pixels);

}  // namespace al::image::reference
