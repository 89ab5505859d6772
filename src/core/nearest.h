// Decoding a vector back to words: the core vocabulary's words closest to it by cosine
// similarity ("what the answer is about").
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/embedding_asset.h"
#include "core/kernels/kernels.h"

namespace al {

struct Neighbor {
  std::string word;
  float similarity = 0;    // cosine, in [-1, 1]
  std::uint32_t rank = 0;  // the word's frequency rank
};

class NearestWords {
 public:
  // Indexes the words of one embeddings file (the core file: the most frequent words).
  explicit NearestWords(const EmbeddingAsset& vocabulary);
  // The k most similar words, most similar first; none for a zero vector. dims must match.
  std::vector<Neighbor> query(const float* v, int dims, int k) const;

 private:
  const EmbeddingAsset& vocabulary_;
  kernels::PackedB unit_t_;  // (dims × words): each column a unit-length word vector
};

}  // namespace al
