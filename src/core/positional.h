// Sinusoidal positional encoding, "Attention Is All You Need" (Vaswani et al. 2017), §3.5:
//   PE(pos, 2i)   = sin(pos / 10000^(2i/d))
//   PE(pos, 2i+1) = cos(pos / 10000^(2i/d))
// and the layer's input X = E + weight · PE, for text, pictures and both trainers.
#pragma once
#include "core/matrix.h"

namespace al {

// n positions (0..n-1) × d dimensions.
Matrix positional_encoding(int n, int d);

// The paper scales the embeddings by √d_model before adding PE (§3.4): X = √d_model · E + PE, so
// that the positions nudge the words and do not drown them (|PE| = √(d/2), as long as a GloVe
// vector). The pipeline keeps the word vectors at their own scale and divides PE instead:
// X = E + PE / √d_model, the paper's mix divided by √d_model, so that the scores QKᵀ stay at the
// word vectors' scale (× √d_model twice would multiply them by d_model and saturate the softmax).
// The text's default weight: 1 / √d_model for GloVe's d_model = 100 (test_positional checks it).
constexpr float kTextPositionalWeight = 0.1f;

// The positional encoding's weight is in [0, kMaxPositionalWeight].
constexpr float kMaxPositionalWeight = 10.0f;

// Throws OptionError naming the range unless weight is in [0, kMaxPositionalWeight].
void check_positional_weight(float weight);

// x += weight · pe, x holding the embeddings E (rows × d); pe has x's columns and at least its
// rows (a table for the longest input: its first rows are used).
void add_positional(Matrix& x, const Matrix& pe, float weight);

}  // namespace al
