// Decoding a vector back to words: the core vocabulary's words closest to it by cosine
// similarity ("what the answer is about"), in the word space the pipeline used: GloVe's own
// vectors, or the vectors without the shared direction (shared_direction.h), so that an answer
// built from the vectors the layer took is read against the same vectors.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/embedding_asset.h"
#include "core/shared_direction.h"

namespace al {

struct Neighbor {
  std::string word;
  float similarity = 0;    // cosine, in [-1, 1]
  std::uint32_t rank = 0;  // the word's frequency rank
};

// A word's vector w is its dequantized one (the int8 value and its 2-bit refinement, as the
// pipeline looks it up); in the space without the shared direction it is P(w). For a query v,
//   v · P(w) = ṽ · w − ṽ · μ,   ṽ = v − Σ_k (u_k · v) u_k
// (P takes out the mean μ and the components u_k), so both spaces are searched the same way, on
// the vocabulary's int8 vectors: a first pass scores every word with ṽ rounded to int16 in exact
// integer dot products (kernels::dot_i8_i16); the rounding and the refinement the int8 part leaves
// out move a word's score by at most a bound known for that word, so only the words whose bound
// reaches the k-th best can be among the k most similar, and those few are scored again exactly,
// in double, on their full vectors. The result is the exact top k.
class NearestWords {
 public:
  // Indexes the words of one embeddings file (the core file: the most frequent words), in both
  // spaces. Both references must outlive the index. Throws OptionError for vectors longer than
  // kernels::kMaxDotI8Length or a shared direction of another width.
  NearestWords(const EmbeddingAsset& vocabulary, const SharedDirection& shared);
  // The k most similar words, most similar first (ties: the more frequent word first); none for
  // a zero or non-finite vector (or one that lies wholly along the shared direction). dims must
  // match; remove_shared picks the space.
  std::vector<Neighbor> query(const float* v, int dims, int k, bool remove_shared) const;

 private:
  const EmbeddingAsset& vocabulary_;
  const SharedDirection& shared_;
  int stride_ = 0;                   // dims rounded up to 8: whole SIMD groups, no leftover columns
  std::vector<std::int8_t> padded_;  // the int8 vectors, stride_ apart, zeros after dims
  std::vector<double> l1_;           // |q_w|₁ of each int8 vector
  // 1 / |w| and 1 / |P(w)| of each word's full vector; 0 for a zero vector
  std::vector<double> inv_norm_raw_, inv_norm_removed_;
};

}  // namespace al
