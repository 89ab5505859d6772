// 2-D sinusoidal positional encoding for a grid of patches (as in DETR and MAE): the first
// half of the dimensions encodes the patch's row, the second half its column, each with the
// 1-D formula of core/positional.h over its half:
//   PE(t, j)          = PE_1d(row(t), j; d/2)            for j <  d/2
//   PE(t, d/2 + j)    = PE_1d(col(t), j; d − d/2)        for j <  d − d/2
//   PE_1d(pos, 2i; m) = sin(pos / 10000^(2i/m)),  PE_1d(pos, 2i+1; m) = cos(pos / 10000^(2i/m))
// Tokens are numbered row by row: t = row · cols + col. Two patches' encodings have a large dot
// product when they are near each other on the grid, in either direction.
#pragma once
#include "core/matrix.h"

namespace al::image {

// (rows · cols) × d; d >= 2.
Matrix positional_encoding_2d(int rows, int cols, int d);

}  // namespace al::image
