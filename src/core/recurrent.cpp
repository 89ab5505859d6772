#include "core/recurrent.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <string>

#include "core/errors.h"
#include "core/random.h"

namespace al {
namespace {

using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

Eigen::Map<const RowMajor> map(const DMatrix& m) { return {m.data.data(), m.rows, m.cols}; }

void check_input(const DMatrix& x, const RecurrentNet& net) {
  if (x.cols != net.w_x.cols)
    throw OptionError("the recurrent network reads " + std::to_string(net.w_x.cols) + "-d inputs, got " +
                      std::to_string(x.cols));
}

// The states h_1..h_n: row t − 1 holds h_t.
RowMajor states(const DMatrix& x, const RecurrentNet& net) {
  check_input(x, net);
  const auto w_h = map(net.w_h), w_x = map(net.w_x), xs = map(x);
  RowMajor hs(x.rows, net.w_h.rows);
  Eigen::VectorXd h = Eigen::VectorXd::Zero(net.w_h.rows);
  for (int t = 0; t < x.rows; ++t) {
    h = (w_h * h + w_x * xs.row(t).transpose()).array().tanh();  // (H×H)·(H) + (H×d)·(d) -> (H)
    hs.row(t) = h.transpose();
  }
  return hs;
}

// Below this (entrywise), A_j only gets smaller going back: the earlier words' norms are left at
// 0, which spares the arithmetic on denormal numbers (a share that small is 0 next to the last
// word's, whose norm is of order 1).
constexpr double kNegligible = 1e-280;

// Backpropagation through time from h_n: calls visit(j, A_j) for j = n−1 down to 0, where
//   A_j = ∂h_n/∂(W_h h_{j−1} + W_x x_j) = G_j · D_j   (H × H), so that ∂h_n/∂x_j = A_j · W_x,
// with G_{n−1} = I (h_n itself) and G_{j−1} = A_j · W_h (one more step back).
template <class Visit>
void backprop(const DMatrix& x, const RecurrentNet& net, Visit visit) {
  const RowMajor hs = states(x, net);
  const auto w_h = map(net.w_h);
  const int hidden = net.w_h.rows;
  Eigen::MatrixXd g = Eigen::MatrixXd::Identity(hidden, hidden), a(hidden, hidden);
  for (int j = x.rows - 1; j >= 0; --j) {
    const Eigen::VectorXd slope = 1.0 - hs.row(j).array().square().transpose();  // tanh' = 1 − h²
    a.noalias() = g * slope.asDiagonal();
    if (a.cwiseAbs().maxCoeff() < kNegligible) return;
    visit(j, a);
    g.noalias() = a * w_h;
  }
}

std::vector<double> shares(const std::vector<double>& v) {
  double total = 0;
  for (double x : v) total += x;
  std::vector<double> out(v.size(), 0.0);
  if (total > 0)
    for (std::size_t j = 0; j < v.size(); ++j) out[j] = v[j] / total;
  return out;
}

}  // namespace

double spectral_norm(const DMatrix& m) {
  if (m.rows == 0 || m.cols == 0) return 0;
  const auto a = map(m);
  Eigen::VectorXd v = Eigen::VectorXd::Ones(m.cols).normalized(), w(m.cols);
  double lambda = 0;  // ‖MᵀM v‖ with ‖v‖ = 1 rises to σ_max²
  for (int it = 0; it < 10000; ++it) {
    w.noalias() = a.transpose() * (a * v);
    const double next = w.norm();
    if (next == 0) return 0;  // v in M's null space: M = 0 on the start vector's span
    v = w / next;
    const bool settled = next - lambda <= 1e-15 * next;
    lambda = next;
    if (settled) break;
  }
  return std::sqrt(lambda);
}

RecurrentNet recurrent_net(int dims, std::uint64_t seed) {
  if (dims < 1) throw OptionError("the recurrent network needs inputs of 1 or more dimensions");
  RecurrentNet net{DMatrix(kRecurrentHidden, kRecurrentHidden), DMatrix(kRecurrentHidden, dims)};
  SplitMix64 rng(seed);
  Eigen::MatrixXd gaussian(kRecurrentHidden, kRecurrentHidden);
  for (int c = 0; c < kRecurrentHidden; ++c)
    for (int r = 0; r < kRecurrentHidden; ++r) gaussian(r, c) = rng.gaussian();
  // Q of the QR factorization of a Gaussian matrix: a random orthogonal matrix
  const Eigen::MatrixXd q = Eigen::HouseholderQR<Eigen::MatrixXd>(gaussian).householderQ();
  Eigen::Map<RowMajor>(net.w_h.data.data(), kRecurrentHidden, kRecurrentHidden) = kRecurrentRadius * q;
  for (double& v : net.w_x.data) v = rng.gaussian() / std::sqrt(double(dims));  // variance 1/d
  return net;
}

std::vector<double> recurrent_last_state(const DMatrix& x, const RecurrentNet& net) {
  const RowMajor hs = states(x, net);
  std::vector<double> h(std::size_t(net.w_h.rows), 0.0);
  if (x.rows > 0)
    for (int c = 0; c < net.w_h.rows; ++c) h[std::size_t(c)] = hs(x.rows - 1, c);
  return h;
}

std::vector<DMatrix> recurrent_jacobians(const DMatrix& x, const RecurrentNet& net) {
  std::vector<DMatrix> out(std::size_t(x.rows), DMatrix(net.w_x.rows, net.w_x.cols));
  const auto w_x = map(net.w_x);
  backprop(x, net, [&](int j, const Eigen::MatrixXd& a) {
    Eigen::Map<RowMajor>(out[std::size_t(j)].data.data(), net.w_x.rows, net.w_x.cols).noalias() = a * w_x;
  });
  return out;
}

std::vector<double> recurrent_influence(const DMatrix& x, const RecurrentNet& net) {
  std::vector<double> out(std::size_t(x.rows), 0.0);
  const Eigen::MatrixXd gram = map(net.w_x) * map(net.w_x).transpose();  // G = W_x W_xᵀ (H × H)
  Eigen::MatrixXd ag(net.w_x.rows, net.w_x.rows);
  backprop(x, net, [&](int j, const Eigen::MatrixXd& a) {
    ag.noalias() = a * gram;  // ‖A W_x‖_F² = trace(A G Aᵀ) = Σ (A G) ∘ A
    out[std::size_t(j)] = std::sqrt(std::max(0.0, (ag.array() * a.array()).sum()));
  });
  return out;
}

InfluenceStudy study_influence(const Analysis& a, std::uint64_t seed) {
  if (a.cross)
    throw OptionError("the influence study needs self-attention: in cross-attention the keys are another text's");
  const Matrix& x = a.text.input;
  const int n = x.rows;
  const RecurrentNet net = recurrent_net(x.cols, seed);
  InfluenceStudy s;
  s.hidden = kRecurrentHidden;
  s.radius = spectral_norm(net.w_h);
  s.recurrent = recurrent_influence(to_double(x), net);
  s.recurrent_share = shares(s.recurrent);
  std::vector<double> attention(std::size_t(n), 0.0);
  if (n > 0)
    for (const Matrix& w : a.attention.weights)
      for (int j = 0; j < n; ++j) attention[std::size_t(j)] += double(w(n - 1, j)) / double(a.attention.heads);
  s.attention_share = shares(attention);
  s.first_half = n / 2;
  for (int j = 0; j < s.first_half; ++j) {
    s.recurrent_first_half += s.recurrent_share[std::size_t(j)];
    s.attention_first_half += s.attention_share[std::size_t(j)];
  }
  return s;
}

}  // namespace al
