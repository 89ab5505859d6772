// Scaled dot-product multi-head attention, one layer, keeping every intermediate.
//   Q = Xq·W_Q   K = Xkv·W_K   V = Xkv·W_V                      (Xkv = Xq for self-attention)
//   per head h (columns h·d_k .. (h+1)·d_k of Q, K, V):
//     scores  = Q_h·K_hᵀ                  (dot) or cos(q_i, k_j)   (cosine)
//     scaled  = scores / (√d_k · T)        (dot: √d_k when `scale` is on; T = temperature)
//             = scores · 10 / T            (cosine: ×10 when `scale` is on, see kCosineScale)
//     weights = softmax(scaled) per row    (masked keys get weight exactly 0: causal hides the
//                                           keys after the query, self the query's own key)
//     context[:, head h] = weights·V_h
//   output = context·W_O
#pragma once
#include <string_view>
#include <vector>

#include "core/kernels/kernels.h"
#include "core/matrix.h"
#include "core/weights.h"

namespace al {

enum class Similarity { Dot, Cosine };
enum class Mask { None, Causal, Self };

// Whether query i may not see key j under the mask: the mask rule, here only.
inline bool is_masked(Mask mask, int i, int j) {
  return (mask == Mask::Causal && j > i) || (mask == Mask::Self && j == i);
}

// weights[0..n) = softmax of row i's scaled scores over the keys is_masked lets query i see,
// masked keys exactly 0 (the fast path of is_masked: a prefix for causal, all but i for self;
// test_attention.cpp checks they agree). `scaled` is restored as it was.
void masked_softmax(float* scaled, float* weights, int n, int i, Mask mask);

// Cosine scores lie in [-1, 1]: divided by √d_k they would differ by at most 2/√d_k, and every
// weight would be close to 1/n (a flat filter). Cosine attention multiplies them by a scale
// instead: Swin Transformer V2 (Liu et al. 2022) learns it per head, starting at 10 (its
// τ = 0.1); with `scale` on, this layer uses that fixed 10.
constexpr float kCosineScale = 10.0f;

// The temperature's range: wide enough to show a softmax from one-hot to uniform.
constexpr float kMinTemperature = 1e-6f, kMaxTemperature = 1e6f;

struct AttentionOptions {
  int heads = 1;             // must divide d_model
  bool scale = true;         // dot: divide the scores by √d_k; cosine: multiply them by kCosineScale
  float temperature = 1.0f;  // divides the scores too; in [kMinTemperature, kMaxTemperature]
  Similarity similarity = Similarity::Dot;
  Mask mask = Mask::None;
};

// Throws OptionError with a sentence naming the option and its allowed values.
void validate(const AttentionOptions& options, int d_model);
// "dot" / "cosine" and "none" / "causal" / "self"; parsing anything else throws OptionError.
const char* to_string(Similarity similarity);
const char* to_string(Mask mask);
Similarity parse_similarity(std::string_view name);
Mask parse_mask(std::string_view name);

// scaled = scores / divisor: √d_k·T (dot, scaled), T / kCosineScale (cosine, scaled), or T.
float score_divisor(const AttentionOptions& options, int d_k);

// The Euclidean norm of each row's columns [col0, col0 + len): one head's slice of Q or K.
std::vector<float> row_norms(const Matrix& m, int col0, int len);

// Query rows the forward takes at a time, per head: their scores, scaled scores and weights are
// made and used (× V) while in cache. A multiple of the kernels' 4-row tiles.
constexpr int kForwardRowBlock = 16;

struct AttentionSteps {
  int heads = 1, d_k = 0;
  bool cosine = false;                          // the similarity these steps were made with
  Mask mask = Mask::None;                       // and the mask
  float divisor = 1.0f;                         // scaled = scores / divisor (score_divisor)
  Matrix query, key, value;                     // n_q×d, n_k×d, n_k×d (head h = columns h·d_k..)
  std::vector<Matrix> scores, scaled, weights;  // one n_q×n_k matrix per head
  Matrix context, output;                       // n_q×d
  kernels::PackedB packed_keys, packed_values;  // workspace: one head's K_hᵀ and V_h, packed
};

// The weights with each map packed once for the matrix kernels: prepare once, reuse for
// every forward with the same weights.
struct PreparedWeights {
  AttentionWeights weights;
  kernels::PackedB wq, wk, wv, wo;
};
PreparedWeights prepare(AttentionWeights w);

// xq: queries' inputs (n_q × d_model); xkv: keys' and values' inputs (n_k × d_model).
// A causal or self mask needs n_q == n_k (self-attention).
AttentionSteps attention_forward(const Matrix& xq, const Matrix& xkv, const PreparedWeights& w,
                                 const AttentionOptions& options);
AttentionSteps attention_forward(const Matrix& xq, const Matrix& xkv, const AttentionWeights& w,
                                 const AttentionOptions& options);
// The same, into `steps`: its buffers are reused, so repeated calls of one size do not allocate.
void attention_forward(const Matrix& xq, const Matrix& xkv, const PreparedWeights& w, const AttentionOptions& options,
                       AttentionSteps& steps);

}  // namespace al
