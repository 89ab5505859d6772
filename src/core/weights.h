// The attention layer's four linear maps and where they come from.
// Row-vector convention, as in the paper: Q = X·W_Q with W_Q of shape (d_model × d_model).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/matrix.h"

namespace al {

// The analysis options weights were trained with, as (schema name, value as text) pairs:
// {"heads", "4"}, {"patch", "16"}. An analysis with these weights uses them (Session), since
// weights learnt under one option mean little under another. Empty for identity and random
// weights and for files of version 1.
using TrainedWith = std::vector<std::pair<std::string, std::string>>;

struct AttentionWeights {
  int d_model = 0;
  Matrix wq, wk, wv, wo;  // each d_model × d_model
  std::string preset;     // "identity", "random", or "trained"
  TrainedWith trained_with;
};

// W = I for all four maps: attention becomes pure embedding similarity.
AttentionWeights identity_weights(int d_model);

// Xavier/Glorot uniform, U(-a, a) with a = sqrt(6 / (fan_in + fan_out)), from a seeded
// generator that gives the same numbers on every platform ("at first the weights are random").
AttentionWeights random_weights(int d_model, std::uint64_t seed);

// Trained weights file, little-endian: "ALWT", u32 version (2), u32 d_model, u32 n, then n bytes
// of the options trained with ("name=value\n" each, printable ASCII), zero-padded to a multiple
// of 4 bytes, then W_Q, W_K, W_V, W_O as float32, row-major. Version 1 has no n and no options.
// Throws AssetError for a wrong or truncated file.
AttentionWeights parse_weights(std::string_view bytes, const std::string& name);
std::string serialize_weights(const AttentionWeights& w);

}  // namespace al
