#include "core/train/backward.h"

#include <cmath>
#include <string>

#include <Eigen/Core>

#include "core/errors.h"

namespace al::train {
namespace {

template <typename T>
using RowMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Eigen views onto the row-major storage (no copies).
template <typename M>
auto view(const M& m) {
  using T = typename decltype(m.data)::value_type;
  return Eigen::Map<const RowMatrix<T>>(m.data.data(), m.rows, m.cols);
}
template <typename M>
auto view(M& m) {
  using T = typename decltype(m.data)::value_type;
  return Eigen::Map<RowMatrix<T>>(m.data.data(), m.rows, m.cols);
}

template <typename M>
void require_shape(const M& m, int rows, int cols, const char* what) {
  if (m.rows != rows || m.cols != cols)
    throw OptionError(std::string(what) + " is " + std::to_string(m.rows) + "×" + std::to_string(m.cols) +
                      ", expected " + std::to_string(rows) + "×" + std::to_string(cols));
}

// α: the factor between scores and scaled scores, as the forward computes it (score_divisor).
template <typename T>
T score_factor(const AttentionOptions& o, int dk) {
  if (!o.scale) return T(1) / T(o.temperature);
  return o.similarity == Similarity::Cosine ? T(kCosineScale) / T(o.temperature)
                                            : T(1) / (std::sqrt(T(dk)) * T(o.temperature));
}

template <typename T>
using Column = Eigen::Array<T, Eigen::Dynamic, 1>;

// 1 / |row| for each row of m, and 0 for a zero row (whose cosines are 0 whatever it meets).
template <typename T>
Column<T> inverse_norms(const RowMatrix<T>& m) {
  const Column<T> norms = m.rowwise().norm().array();
  return (norms > T(0)).select(norms.inverse(), T(0));
}

// Through x̂ = x / |x|, row by row: dx_i = (dx̂_i − (x̂_i · dx̂_i) x̂_i) / |x_i|, in place.
template <typename T>
void through_normalisation(RowMatrix<T>& d, const RowMatrix<T>& unit, const Column<T>& inv_norms) {
  const Column<T> along = (d.array() * unit.array()).rowwise().sum();
  d = inv_norms.matrix().asDiagonal() * (d - along.matrix().asDiagonal() * unit);
}

// One head, from dL/dP (n_q × n_k) to dL/dQ_h and dL/dK_h: the softmax backward, then the scores'.
template <typename T>
struct HeadGradients {
  RowMatrix<T> dq, dk;
};
template <typename T, typename Weights>
HeadGradients<T> scores_backward(const Weights& p, const RowMatrix<T>& dp, T alpha, bool cosine, RowMatrix<T> qh,
                                 RowMatrix<T> kh) {
  // softmax backward per row: dA_ij = P_ij (dP_ij − Σ_k P_ik dP_ik); then dS = α · dA
  const Column<T> row_dot = (p.array() * dp.array()).rowwise().sum();
  const RowMatrix<T> ds = alpha * (p.array() * (dp.array().colwise() - row_dot)).matrix();
  // dot: dQ_h (n_q × d_k) = dS (n_q × n_k) · K_h (n_k × d_k);  dK_h (n_k × d_k) = dSᵀ · Q_h
  if (!cosine) return {ds * kh, ds.transpose() * qh};
  // cosine: the same products of the unit rows give dQ̂ and dK̂, then through the normalisation
  const Column<T> inv_q = inverse_norms(qh), inv_k = inverse_norms(kh);
  qh = inv_q.matrix().asDiagonal() * qh;
  kh = inv_k.matrix().asDiagonal() * kh;
  HeadGradients<T> g{ds * kh, ds.transpose() * qh};
  through_normalisation(g.dq, qh, inv_q);
  through_normalisation(g.dk, kh, inv_k);
  return g;
}

// The shapes of the forward's inputs and kept steps, for d_model d.
template <typename T, typename Steps>
void check_steps(const MatrixOf<T>& xq, const MatrixOf<T>& xkv, const Steps& s, const AttentionOptions& o, int d,
                 const LayerMaps<T>& g) {
  validate_for_training(o, d);
  const int nq = xq.rows, nk = xkv.rows;
  require_shape(xq, nq, d, "the queries' input");
  require_shape(xkv, nk, d, "the keys' input");
  require_shape(s.query, nq, d, "the kept queries");
  require_shape(s.key, nk, d, "the kept keys");
  require_shape(s.value, nk, d, "the kept values");
  require_shape(s.context, nq, d, "the kept context");
  if (int(s.weights.size()) != o.heads) throw OptionError("the kept steps have another number of heads");
  for (const auto& p : s.weights) require_shape(p, nq, nk, "the kept attention weights");
  for (const MatrixOf<T>* m : {&g.wq, &g.wk, &g.wv, &g.wo}) require_shape(*m, d, d, "a gradient");
}

// dW_Q and dW_K from dL/dP of every head (dp_of(h): n_q × n_k), added to g.
template <typename T, typename Steps, typename DP>
void add_query_key_gradients(const MatrixOf<T>& xq, const MatrixOf<T>& xkv, const Steps& s, const AttentionOptions& o,
                             DP dp_of, LayerMaps<T>& g) {
  const int d = s.query.cols, dk = d / o.heads;
  const auto query = view(s.query), key = view(s.key);
  const T alpha = score_factor<T>(o, dk);
  RowMatrix<T> dq(xq.rows, d), dk_all(xkv.rows, d);
  for (int h = 0; h < o.heads; ++h) {
    const int c0 = h * dk;
    const HeadGradients<T> hg =
        scores_backward<T>(view(s.weights[std::size_t(h)]), dp_of(h), alpha, o.similarity == Similarity::Cosine,
                           query.middleCols(c0, dk), key.middleCols(c0, dk));
    dq.middleCols(c0, dk) = hg.dq;
    dk_all.middleCols(c0, dk) = hg.dk;
  }
  view(g.wq).noalias() += view(xq).transpose() * dq;       // dW_Q (d × d) = Xqᵀ (d × n_q) · dQ
  view(g.wk).noalias() += view(xkv).transpose() * dk_all;  // dW_K (d × d) = Xkvᵀ (d × n_k) · dK
}

template <typename T, typename Weights, typename Steps>
void backward(const MatrixOf<T>& xq, const MatrixOf<T>& xkv, const Weights& w, const Steps& s,
              const MatrixOf<T>& d_output, const AttentionOptions& o, LayerMaps<T>& g) {
  const int d = w.wo.rows;
  check_steps(xq, xkv, s, o, d, g);
  const int dk = d / o.heads;
  require_shape(d_output, xq.rows, d, "dL/d(output)");
  const auto dout = view(d_output), value = view(s.value);
  view(g.wo).noalias() += view(s.context).transpose() * dout;  // dW_O (d × d) = Cᵀ (d × n_q) · dOut (n_q × d)
  const RowMatrix<T> dc = dout * view(w.wo).transpose();       // dC (n_q × d) = dOut · W_Oᵀ
  RowMatrix<T> dv(xkv.rows, d);
  for (int h = 0; h < o.heads; ++h)  // dV_h (n_k × d_k) = Pᵀ (n_k × n_q) · dC_h (n_q × d_k)
    dv.middleCols(h * dk, dk).noalias() = view(s.weights[std::size_t(h)]).transpose() * dc.middleCols(h * dk, dk);
  view(g.wv).noalias() += view(xkv).transpose() * dv;  // dW_V (d × d) = Xkvᵀ (d × n_k) · dV
  // dP (n_q × n_k) = dC_h (n_q × d_k) · V_hᵀ (d_k × n_k)
  add_query_key_gradients<T>(
      xq, xkv, s, o,
      [&](int h) { return RowMatrix<T>(dc.middleCols(h * dk, dk) * value.middleCols(h * dk, dk).transpose()); }, g);
}

template <typename T, typename Steps>
void weight_backward(const MatrixOf<T>& xq, const MatrixOf<T>& xkv, const Steps& s,
                     const std::vector<MatrixOf<T>>& d_weights, const AttentionOptions& o, LayerMaps<T>& g) {
  check_steps(xq, xkv, s, o, s.query.cols, g);
  if (int(d_weights.size()) != o.heads) throw OptionError("dL/d(weights) needs one matrix per head");
  for (const auto& m : d_weights) require_shape(m, xq.rows, xkv.rows, "dL/d(weights)");
  add_query_key_gradients<T>(
      xq, xkv, s, o, [&](int h) { return RowMatrix<T>(view(d_weights[std::size_t(h)])); }, g);
}

}  // namespace

template <typename T>
LayerMaps<T> zero_maps(int d_model) {
  return {MatrixOf<T>(d_model, d_model), MatrixOf<T>(d_model, d_model), MatrixOf<T>(d_model, d_model),
          MatrixOf<T>(d_model, d_model)};
}
template LayerMaps<float> zero_maps<float>(int);
template LayerMaps<double> zero_maps<double>(int);

void validate_for_training(const AttentionOptions& o, int d_model) { validate(o, d_model); }

void accumulate_gradients(const Matrix& xq, const Matrix& xkv, const AttentionWeights& w, const AttentionSteps& steps,
                          const Matrix& d_output, const AttentionOptions& o, Gradients& grads) {
  backward<float>(xq, xkv, w, steps, d_output, o, grads);
}

void accumulate_gradients(const DMatrix& xq, const DMatrix& xkv, const LayerMaps<double>& w, const DSteps& steps,
                          const DMatrix& d_output, const AttentionOptions& o, LayerMaps<double>& grads) {
  backward<double>(xq, xkv, w, steps, d_output, o, grads);
}

void accumulate_weight_gradients(const Matrix& xq, const Matrix& xkv, const AttentionSteps& steps,
                                 const std::vector<Matrix>& d_weights, const AttentionOptions& o, Gradients& grads) {
  weight_backward<float>(xq, xkv, steps, d_weights, o, grads);
}

void accumulate_weight_gradients(const DMatrix& xq, const DMatrix& xkv, const DSteps& steps,
                                 const std::vector<DMatrix>& d_weights, const AttentionOptions& o,
                                 LayerMaps<double>& grads) {
  weight_backward<double>(xq, xkv, steps, d_weights, o, grads);
}

}  // namespace al::train
