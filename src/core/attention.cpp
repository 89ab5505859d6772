#include "core/attention.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/errors.h"
#include "core/kernels/kernels.h"

namespace al {
namespace {

// out (rows × d) = X (rows × d) · W (d × d, packed)
void project(const Matrix& x, const kernels::PackedB& w, Matrix& out) {
  out.reshape(x.rows, w.n);
  kernels::gemm_packed(x.rows, x.data.data(), x.cols, w, out.data.data(), out.cols);
}

// One row of scores /= |q_i|·|k_j|; a zero vector is similar to nothing (cosine 0). Clamped to
// [-1, 1]: for tiny vectors the float dot product loses digits that the double norms keep.
void to_cosine(float* row, float query_norm, const std::vector<float>& key_norms) {
  for (std::size_t j = 0; j < key_norms.size(); ++j) {
    const float denom = query_norm * key_norms[j];
    row[j] = denom > 0.0f ? std::clamp(row[j] / denom, -1.0f, 1.0f) : 0.0f;
  }
}

}  // namespace

//   causal: the first i + 1 keys are visible, so the softmax runs on that prefix;
//   self:   every key but i; its scaled score is set aside as -inf (exp(-inf) = 0 exactly) and
//           put back; a row with no other key (n = 1) attends to nothing: weights 0.
void masked_softmax(float* scaled, float* weights, int n, int i, Mask mask) {
  if (mask == Mask::Self) {
    if (n == 1) {
      weights[0] = 0.0f;
      return;
    }
    const float own = scaled[i];
    scaled[i] = -INFINITY;
    kernels::softmax(scaled, weights, n);
    scaled[i] = own;
    return;
  }
  const int visible = mask == Mask::Causal ? i + 1 : n;
  kernels::softmax(scaled, weights, visible);
  std::fill(weights + visible, weights + n, 0.0f);
}

std::vector<float> row_norms(const Matrix& m, int col0, int len) {
  std::vector<float> norms(std::size_t(m.rows));
  for (int r = 0; r < m.rows; ++r) {
    double s = 0;
    for (int c = 0; c < len; ++c) s += double(m(r, col0 + c)) * m(r, col0 + c);
    norms[std::size_t(r)] = float(std::sqrt(s));
  }
  return norms;
}

const char* to_string(Similarity similarity) { return similarity == Similarity::Cosine ? "cosine" : "dot"; }
const char* to_string(Mask mask) { return mask == Mask::Causal ? "causal" : mask == Mask::Self ? "self" : "none"; }

Similarity parse_similarity(std::string_view name) {
  for (Similarity s : {Similarity::Dot, Similarity::Cosine})
    if (name == to_string(s)) return s;
  throw OptionError("similarity must be 'dot' or 'cosine', got '" + std::string(name) + "'");
}

Mask parse_mask(std::string_view name) {
  for (Mask m : {Mask::None, Mask::Causal, Mask::Self})
    if (name == to_string(m)) return m;
  throw OptionError("mask must be 'none', 'causal' or 'self', got '" + std::string(name) + "'");
}

float score_divisor(const AttentionOptions& o, int d_k) {
  if (!o.scale) return o.temperature;
  return o.similarity == Similarity::Cosine ? o.temperature / kCosineScale : std::sqrt(float(d_k)) * o.temperature;
}

void validate(const AttentionOptions& o, int d_model) {
  if (o.heads < 1 || o.heads > d_model || d_model % o.heads != 0) {
    std::string divisors;
    for (int h = 1; h <= d_model; ++h)
      if (d_model % h == 0) divisors += (divisors.empty() ? "" : ", ") + std::to_string(h);
    throw OptionError("heads must divide the model width " + std::to_string(d_model) + " (one of " + divisors +
                      "), got " + std::to_string(o.heads));
  }
  if (!(o.temperature >= kMinTemperature && o.temperature <= kMaxTemperature))
    throw OptionError("temperature must be a number from 1e-6 to 1e6, got " + std::to_string(o.temperature));
}

PreparedWeights prepare(AttentionWeights w) {
  PreparedWeights p;
  const int d = w.d_model;
  kernels::pack_b(d, d, w.wq.data.data(), d, p.wq);
  kernels::pack_b(d, d, w.wk.data.data(), d, p.wk);
  kernels::pack_b(d, d, w.wv.data.data(), d, p.wv);
  kernels::pack_b(d, d, w.wo.data.data(), d, p.wo);
  p.weights = std::move(w);
  return p;
}

AttentionSteps attention_forward(const Matrix& xq, const Matrix& xkv, const AttentionWeights& w,
                                 const AttentionOptions& o) {
  return attention_forward(xq, xkv, prepare(w), o);
}

AttentionSteps attention_forward(const Matrix& xq, const Matrix& xkv, const PreparedWeights& w,
                                 const AttentionOptions& o) {
  AttentionSteps s;
  attention_forward(xq, xkv, w, o, s);
  return s;
}

void attention_forward(const Matrix& xq, const Matrix& xkv, const PreparedWeights& w, const AttentionOptions& o,
                       AttentionSteps& s) {
  const int d = w.weights.d_model;
  validate(o, d);
  if (xq.cols != d || xkv.cols != d)
    throw OptionError("inputs have " + std::to_string(xq.cols) + " and " + std::to_string(xkv.cols) +
                      " columns, the weights expect d_model " + std::to_string(d));
  if (o.mask != Mask::None && xq.rows != xkv.rows)
    throw OptionError(std::string("a ") + to_string(o.mask) +
                      " mask applies to self-attention only (queries and keys from one text)");

  s.heads = o.heads;
  s.d_k = d / o.heads;
  const int nq = xq.rows, nk = xkv.rows, dk = s.d_k;
  project(xq, w.wq, s.query);   // Q (n_q × d) = Xq · W_Q
  project(xkv, w.wk, s.key);    // K (n_k × d) = Xkv · W_K
  project(xkv, w.wv, s.value);  // V (n_k × d) = Xkv · W_V
  s.context.reshape(nq, d);
  s.scores.resize(std::size_t(o.heads));
  s.scaled.resize(std::size_t(o.heads));
  s.weights.resize(std::size_t(o.heads));
  s.cosine = o.similarity == Similarity::Cosine;
  s.mask = o.mask;
  s.divisor = score_divisor(o, dk);
  const float alpha = 1.0f / s.divisor;

  if (nq == 0 || nk == 0) {  // nothing to attend with or to: empty matrices, zero context
    for (int h = 0; h < o.heads; ++h)
      for (std::vector<Matrix>* m : {&s.scores, &s.scaled, &s.weights}) (*m)[std::size_t(h)].reshape(nq, nk);
    std::fill(s.context.data.begin(), s.context.data.end(), 0.0f);
  }
  for (int h = 0; h < o.heads && nq > 0 && nk > 0; ++h) {
    const int c0 = h * dk;
    Matrix& scores = s.scores[std::size_t(h)];
    Matrix& scaled = s.scaled[std::size_t(h)];
    Matrix& weights = s.weights[std::size_t(h)];
    scores.reshape(nq, nk);
    scaled.reshape(nq, nk);
    weights.reshape(nq, nk);
    kernels::pack_bt(dk, nk, s.key.data.data() + c0, d, s.packed_keys);     // K_hᵀ (d_k × n_k)
    kernels::pack_b(nk, dk, s.value.data.data() + c0, d, s.packed_values);  // V_h (n_k × d_k)
    std::vector<float> query_norms, key_norms;
    if (o.similarity == Similarity::Cosine) {
      query_norms = row_norms(s.query, c0, dk);
      key_norms = row_norms(s.key, c0, dk);
    }
    // A block of query rows at a time, so that its scores, weights and the product with V
    // stay in cache (the n_q × n_k matrices are written once and not read back from memory).
    for (int i0 = 0; i0 < nq; i0 += kForwardRowBlock) {
      const int rows = std::min(kForwardRowBlock, nq - i0);
      if (o.similarity == Similarity::Dot) {
        // scores rows (rows × n_k) = Q_h rows (rows × d_k) · K_hᵀ (d_k × n_k), saturated (a score
        // that overflowed float saturates at ±FLT_MAX, and +inf − inf = NaN becomes 0, so every
        // step stays finite whatever the weights); scaled = scores / divisor, saturated too (a
        // tiny T can overflow it); and each row's largest scaled score, all from one pass
        float row_max[kForwardRowBlock];
        kernels::scores_packed(rows, s.query.row(i0) + c0, d, s.packed_keys, alpha, scores.row(i0), scaled.row(i0), nk,
                               row_max);
        for (int i = i0; i < i0 + rows; ++i) {
          if (o.mask == Mask::None)
            kernels::softmax_with_max(scaled.row(i), weights.row(i), nk, row_max[i - i0]);
          else
            masked_softmax(scaled.row(i), weights.row(i), nk, i, o.mask);
        }
      } else {
        // the same steps with the scores turned into cosines in between
        kernels::gemm_packed(rows, s.query.row(i0) + c0, d, s.packed_keys, scores.row(i0), nk);
        for (int i = i0; i < i0 + rows; ++i) {
          kernels::saturate(scores.row(i), nk);
          to_cosine(scores.row(i), query_norms[std::size_t(i)], key_norms);
          kernels::scale(scores.row(i), scaled.row(i), nk, alpha);
          masked_softmax(scaled.row(i), weights.row(i), nk, i, o.mask);
        }
      }
      // context rows, head h (rows × d_k) = weights rows (rows × n_k) · V_h (n_k × d_k)
      kernels::gemm_packed(rows, weights.row(i0), nk, s.packed_values, s.context.row(i0) + c0, d);
    }
  }
  project(s.context, w.wo, s.output);  // output (n_q × d) = context · W_O
}

}  // namespace al
