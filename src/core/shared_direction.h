// The direction every word vector shares, and the word space without it.
// GloVe's vectors do not spread around the origin: frequent words have long vectors that lean
// the same way, so under a dot product a function word ("the", "his", ".") is similar to
// everything, and an attention filter of identity weights puts its largest weights on them. The
// fix is "all-but-the-top" (Mu and Viswanath, ICLR 2018): subtract the vocabulary's mean and
// take out its top few principal components,
//   P(v) = (v − μ) − Σ_k (u_k · (v − μ)) u_k          (u_k orthonormal)
// μ and u_k are computed at build time from the source vectors, each word counted by how often it
// occurs (scripts/shared-direction.mjs), and shipped beside them as shared.bin:
//   header, 24 bytes: "ALSD", u32 version (1), dims, count (components), vocab_size,
//                     checksum (FNV-1a of the payload)
//   payload: f32 mean[dims], f32 components[count][dims], f32 variance[count] (each component's
//            share of the vocabulary's variance)
// The pipeline applies it to every word that has a vector (EmbeddingStore::vector_of), on every
// path: one text, cross-attention, training, the topic query and the nearest-word search.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace al {

constexpr const char* kSharedFileName = "shared.bin";

struct SharedDirection {
  std::uint32_t dims = 0, vocab_size = 0;
  std::vector<float> mean;        // dims
  std::vector<float> components;  // count() × dims, orthonormal rows, the largest variance first
  std::vector<float> variance;    // count(): each component's share of the variance

  int count() const { return int(variance.size()); }
  const float* component(int k) const { return components.data() + std::size_t(k) * dims; }
  // row ← P(row) (dims floats), computed in double and rounded once.
  void remove(float* row) const;
  // out ← P(v) in double (dims each), unrounded.
  void remove(const float* v, double* out) const;
};

// Parses bytes; `name` is used in error messages. Throws AssetError.
SharedDirection parse_shared_direction(std::string_view bytes, const std::string& name);
// Whether bytes begin as a shared-direction file does (its magic), for a loader given any file.
bool is_shared_direction(std::string_view bytes);

}  // namespace al
