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

// α: the factor between scores and scaled scores, as the forward computes it.
template <typename T>
T score_factor(const AttentionOptions& o, int dk) {
  return T(1) / ((o.scale ? std::sqrt(T(dk)) : T(1)) * T(o.temperature));
}

template <typename T, typename Weights, typename Steps>
void backward(const MatrixOf<T>& xq_in, const MatrixOf<T>& xkv_in, const Weights& w, const Steps& s,
              const MatrixOf<T>& d_output, const AttentionOptions& o, LayerMaps<T>& g) {
  const int d = w.wo.rows, nq = xq_in.rows, nk = xkv_in.rows;
  validate_for_training(o, d);
  const int dk = d / o.heads;
  require_shape(xq_in, nq, d, "the queries' input");
  require_shape(xkv_in, nk, d, "the keys' input");
  require_shape(s.query, nq, d, "the kept queries");
  require_shape(s.key, nk, d, "the kept keys");
  require_shape(s.value, nk, d, "the kept values");
  require_shape(s.context, nq, d, "the kept context");
  require_shape(d_output, nq, d, "dL/d(output)");
  if (int(s.weights.size()) != o.heads) throw OptionError("the kept steps have another number of heads");
  for (const auto& p : s.weights) require_shape(p, nq, nk, "the kept attention weights");
  for (const MatrixOf<T>* m : {&g.wq, &g.wk, &g.wv, &g.wo}) require_shape(*m, d, d, "a gradient");

  const auto xq = view(xq_in), xkv = view(xkv_in), dout = view(d_output);
  const auto query = view(s.query), key = view(s.key), value = view(s.value), context = view(s.context);
  const T alpha = score_factor<T>(o, dk);

  view(g.wo).noalias() += context.transpose() * dout;     // dW_O (d × d) = Cᵀ (d × n_q) · dOut (n_q × d)
  const RowMatrix<T> dc = dout * view(w.wo).transpose();  // dC (n_q × d) = dOut · W_Oᵀ
  RowMatrix<T> dq(nq, d), dk_all(nk, d), dv(nk, d);
  for (int h = 0; h < o.heads; ++h) {
    const int c0 = h * dk;
    const auto p = view(s.weights[std::size_t(h)]);  // P (n_q × n_k)
    const auto dc_h = dc.middleCols(c0, dk);
    // dP (n_q × n_k) = dC_h (n_q × d_k) · V_hᵀ (d_k × n_k)
    const RowMatrix<T> dp = dc_h * value.middleCols(c0, dk).transpose();
    // dV_h (n_k × d_k) = Pᵀ (n_k × n_q) · dC_h (n_q × d_k)
    dv.middleCols(c0, dk).noalias() = p.transpose() * dc_h;
    // softmax backward per row: dA_ij = P_ij (dP_ij − Σ_k P_ik dP_ik); then dS = α · dA
    const Eigen::Array<T, Eigen::Dynamic, 1> row_dot = (p.array() * dp.array()).rowwise().sum();
    const RowMatrix<T> ds = alpha * (p.array() * (dp.array().colwise() - row_dot)).matrix();
    // dQ_h (n_q × d_k) = dS (n_q × n_k) · K_h (n_k × d_k);  dK_h (n_k × d_k) = dSᵀ · Q_h
    dq.middleCols(c0, dk).noalias() = ds * key.middleCols(c0, dk);
    dk_all.middleCols(c0, dk).noalias() = ds.transpose() * query.middleCols(c0, dk);
  }
  view(g.wq).noalias() += xq.transpose() * dq;       // dW_Q (d × d) = Xqᵀ (d × n_q) · dQ
  view(g.wk).noalias() += xkv.transpose() * dk_all;  // dW_K (d × d) = Xkvᵀ (d × n_k) · dK
  view(g.wv).noalias() += xkv.transpose() * dv;      // dW_V (d × d) = Xkvᵀ (d × n_k) · dV
}

}  // namespace

template <typename T>
LayerMaps<T> zero_maps(int d_model) {
  return {MatrixOf<T>(d_model, d_model), MatrixOf<T>(d_model, d_model), MatrixOf<T>(d_model, d_model),
          MatrixOf<T>(d_model, d_model)};
}
template LayerMaps<float> zero_maps<float>(int);
template LayerMaps<double> zero_maps<double>(int);

void validate_for_training(const AttentionOptions& o, int d_model) {
  validate(o, d_model);
  if (o.similarity != Similarity::Dot)
    throw OptionError(
        "training supports dot-product similarity only; set similarity to dot "
        "(cosine scores are not differentiated here)");
}

void accumulate_gradients(const Matrix& xq, const Matrix& xkv, const AttentionWeights& w, const AttentionSteps& steps,
                          const Matrix& d_output, const AttentionOptions& o, Gradients& grads) {
  backward<float>(xq, xkv, w, steps, d_output, o, grads);
}

void accumulate_gradients(const reference::DMatrix& xq, const reference::DMatrix& xkv, const LayerMaps<double>& w,
                          const reference::Steps& steps, const reference::DMatrix& d_output, const AttentionOptions& o,
                          LayerMaps<double>& grads) {
  backward<double>(xq, xkv, w, steps, d_output, o, grads);
}

reference::Steps forward_double(const reference::DMatrix& xq, const reference::DMatrix& xkv, const LayerMaps<double>& w,
                                const AttentionOptions& o) {
  using reference::DMatrix;
  const int d = w.wo.rows, nq = xq.rows, nk = xkv.rows;
  validate_for_training(o, d);
  if (o.mask != Mask::None && nq != nk) throw OptionError("a causal or self mask applies to self-attention only");
  const int dk = d / o.heads;
  const double alpha = score_factor<double>(o, dk);
  reference::Steps s;
  s.query = DMatrix(nq, d);
  s.key = DMatrix(nk, d);
  s.value = DMatrix(nk, d);
  s.context = DMatrix(nq, d);
  s.output = DMatrix(nq, d);
  view(s.query) = view(xq) * view(w.wq);   // Q (n_q × d) = Xq · W_Q
  view(s.key) = view(xkv) * view(w.wk);    // K (n_k × d) = Xkv · W_K
  view(s.value) = view(xkv) * view(w.wv);  // V (n_k × d) = Xkv · W_V
  for (int h = 0; h < o.heads; ++h) {
    const int c0 = h * dk;
    DMatrix scores(nq, nk), scaled(nq, nk), weights(nq, nk);
    // scores (n_q × n_k) = Q_h · K_hᵀ;  scaled = α · scores
    view(scores) = view(s.query).middleCols(c0, dk) * view(s.key).middleCols(c0, dk).transpose();
    view(scaled) = alpha * view(scores);
    for (int i = 0; i < nq; ++i) {
      // softmax over the keys query i may see: subtract the max, exp and sum, normalize (the
      // masked keys keep weight 0, and so get no gradient)
      double max_val = -INFINITY, sum = 0;
      for (int j = 0; j < nk; ++j)
        if (!is_masked(o.mask, i, j)) max_val = std::max(max_val, scaled(i, j));
      for (int j = 0; j < nk; ++j)
        if (!is_masked(o.mask, i, j)) sum += (weights(i, j) = std::exp(scaled(i, j) - max_val));
      for (int j = 0; j < nk && sum > 0; ++j) weights(i, j) /= sum;
    }
    // context[:, head h] (n_q × d_k) = weights (n_q × n_k) · V_h (n_k × d_k)
    view(s.context).middleCols(c0, dk) = view(weights) * view(s.value).middleCols(c0, dk);
    s.scores.push_back(std::move(scores));
    s.scaled.push_back(std::move(scaled));
    s.weights.push_back(std::move(weights));
  }
  view(s.output) = view(s.context) * view(w.wo);  // output (n_q × d) = C · W_O
  return s;
}

}  // namespace al::train
