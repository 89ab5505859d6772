// Decoding a vector back to words: the core vocabulary's words closest to it by cosine
// similarity ("what the answer is about").
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/embedding_asset.h"

namespace al {

struct Neighbor {
  std::string word;
  float similarity = 0;    // cosine, in [-1, 1]
  std::uint32_t rank = 0;  // the word's frequency rank
};

// The search runs on the vocabulary's own int8 vectors (a word's cosine with v does not depend
// on its scale): a first pass scores every word with v rounded to int16, in exact integer dot
// products (kernels::dot_i8_i16); the rounding moves a word's score by at most a bound known in
// advance, so only the words within twice that bound of the k-th best can be among the k most
// similar, and those few are scored again exactly, in double. The result is the exact top k.
class NearestWords {
 public:
  // Indexes the words of one embeddings file (the core file: the most frequent words).
  // Throws OptionError for vectors longer than kernels::kMaxDotI8Length.
  explicit NearestWords(const EmbeddingAsset& vocabulary);
  // The k most similar words, most similar first (ties: the more frequent word first); none for
  // a zero or non-finite vector. dims must match.
  std::vector<Neighbor> query(const float* v, int dims, int k) const;

 private:
  const EmbeddingAsset& vocabulary_;
  int stride_ = 0;                   // dims rounded up to 8: whole SIMD groups, no leftover columns
  std::vector<std::int8_t> padded_;  // the int8 vectors, stride_ apart, zeros after dims
  std::vector<double> inv_norm_;     // 1 / |int8 vector| per word; 0 for a zero vector
};

}  // namespace al
