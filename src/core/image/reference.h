// The image mode's plain references in double precision with plain loops, the tests' truth
// (as core/reference.h is for the attention forward; both are in the attention_reference library).
#pragma once
#include <vector>

#include "core/dmatrix.h"
#include "core/image/image.h"
#include "core/matrix.h"

namespace al::image::reference {

using al::DMatrix;

// The token vectors of a 224 × 224 view cut into patches of `patch` pixels (n × 48), written
// out from tokens.h's description: the 24 thumbnail features, minus the mean patch, each channel
// (Y, B − Y, R − Y) divided by its unit (the RMS difference of cells side by side over the
// picture ÷ √2, at least 2/255; the colour differences' at least the luma's), each feature z
// the point g·(cos, sin)(atan(a·z)).
DMatrix patch_tokens(const Image& view, int patch);

// The 2-D sinusoidal encoding written out from its formula (positional_2d.h).
DMatrix positional_encoding_2d(int rows, int cols, int d);

// blended (n_q × v) = weights (n_q × n_k) · pixels (n_k × v), summed in double.
DMatrix blend_patches(const Matrix& weights, const Matrix& pixels);

// The image training objective (train/image_objective.h, blend_loss) with plain loops in double:
// L = (1/N) Σ (P̄·Y − C)² from the heads' weights P_h (n × n each), the noisy pixels Y and the
// clean pixels C (n × m); when d_weights is not null, writes scale · dL/dP_h there.
double blend_loss(const std::vector<DMatrix>& weights, const DMatrix& noisy, const DMatrix& clean,
                  std::vector<DMatrix>* d_weights = nullptr, double scale = 1.0);

}  // namespace al::image::reference
