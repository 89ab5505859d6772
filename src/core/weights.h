// The attention layer's four linear maps and where they come from.
// Row-vector convention, as in the paper: Q = X·W_Q with W_Q of shape (d_model × d_model).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "core/matrix.h"

namespace al {

struct AttentionWeights {
  int d_model = 0;
  Matrix wq, wk, wv, wo;  // each d_model × d_model
  std::string preset;     // "identity", "random", or "trained"
};

// W = I for all four maps: attention becomes pure embedding similarity.
AttentionWeights identity_weights(int d_model);

// Xavier/Glorot uniform, U(-a, a) with a = sqrt(6 / (fan_in + fan_out)), from a seeded
// generator that gives the same numbers on every platform ("at first the weights are random").
AttentionWeights random_weights(int d_model, std::uint64_t seed);

// Trained weights file: "ALWT", u32 version (1), u32 d_model, then W_Q, W_K, W_V, W_O as
// little-endian float32, row-major. Throws AssetError for a wrong or truncated file.
AttentionWeights parse_weights(std::string_view bytes, const std::string& name);
std::string serialize_weights(const AttentionWeights& w);

}  // namespace al
