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

// Euclidean norm of each row's head slice [col0, col0 + len).
std::vector<float> slice_norms(const Matrix& m, int col0, int len) {
  std::vector<float> norms(m.rows);
  for (int r = 0; r < m.rows; ++r) {
    double s = 0;
    for (int c = 0; c < len; ++c) s += double(m(r, col0 + c)) * m(r, col0 + c);
    norms[r] = float(std::sqrt(s));
  }
  return norms;
}

// scores (n_q × n_k) /= |q_i|·|k_j|; a zero vector is similar to nothing (cosine 0).
void to_cosine(Matrix& scores, const std::vector<float>& qn, const std::vector<float>& kn) {
  for (int i = 0; i < scores.rows; ++i)
    for (int j = 0; j < scores.cols; ++j) {
      const float denom = qn[i] * kn[j];
      scores(i, j) = denom > 0.0f ? scores(i, j) / denom : 0.0f;
    }
}

}  // namespace

void validate(const AttentionOptions& o, int d_model) {
  if (o.heads < 1 || o.heads > d_model || d_model % o.heads != 0) {
    std::string divisors;
    for (int h = 1; h <= d_model; ++h)
      if (d_model % h == 0) divisors += (divisors.empty() ? "" : ", ") + std::to_string(h);
    throw OptionError("heads must divide the model width " + std::to_string(d_model) + " (one of " +
                      divisors + "), got " + std::to_string(o.heads));
  }
  if (!(o.temperature >= 1e-6f && o.temperature <= 1e6f))
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

void attention_forward(const Matrix& xq, const Matrix& xkv, const PreparedWeights& w,
                       const AttentionOptions& o, AttentionSteps& s) {
  const int d = w.weights.d_model;
  validate(o, d);
  if (xq.cols != d || xkv.cols != d)
    throw OptionError("inputs have " + std::to_string(xq.cols) + " and " + std::to_string(xkv.cols) +
                      " columns, the weights expect d_model " + std::to_string(d));
  if (o.mask == Mask::Causal && xq.rows != xkv.rows)
    throw OptionError("a causal mask applies to self-attention only (queries and keys from one text)");

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
  const float alpha = 1.0f / ((o.scale ? std::sqrt(float(dk)) : 1.0f) * o.temperature);

  for (int h = 0; h < o.heads; ++h) {
    const int c0 = h * dk;
    Matrix& scores = s.scores[std::size_t(h)];
    Matrix& scaled = s.scaled[std::size_t(h)];
    Matrix& weights = s.weights[std::size_t(h)];
    // scores (n_q × n_k) = Q_h (n_q × d_k) · K_hᵀ (d_k × n_k)
    scores.reshape(nq, nk);
    kernels::gemm_nt(nq, nk, dk, s.query.data.data() + c0, d, s.key.data.data() + c0, d,
                     scores.data.data(), nk);
    if (o.similarity == Similarity::Cosine)
      to_cosine(scores, slice_norms(s.query, c0, dk), slice_norms(s.key, c0, dk));

    // row by row, while the row is in cache:
    //   scaled  = scores / (√d_k · T)
    //   weights = softmax over the visible keys; masked keys get exactly 0
    scaled.reshape(nq, nk);
    weights.reshape(nq, nk);
    for (int i = 0; i < nq; ++i) {
      kernels::scale(scores.row(i), scaled.row(i), nk, alpha);
      const int visible = o.mask == Mask::Causal ? i + 1 : nk;
      if (visible > 0) kernels::softmax(scaled.row(i), weights.row(i), visible);
      std::fill(weights.row(i) + visible, weights.row(i) + nk, 0.0f);
    }
    // context[:, head h] (n_q × d_k) = weights (n_q × n_k) · V_h (n_k × d_k)
    kernels::gemm(nq, dk, nk, weights.data.data(), nk, s.value.data.data() + c0, d,
                  s.context.data.data() + c0, d);
  }
  project(s.context, w.wo, s.output);  // output (n_q × d) = context · W_O
}

}  // namespace al
