#include "core/topic/loss.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace al::topic {
namespace {

// p = softmax(z) (n entries), the maximum subtracted first; returns log Σ exp(z_i).
double softmax(const double* z, int n, double* p) {
  double max = -INFINITY, sum = 0;
  for (int i = 0; i < n; ++i) max = std::max(max, z[i]);
  for (int i = 0; i < n; ++i) sum += p[i] = std::exp(z[i] - max);
  for (int i = 0; i < n; ++i) p[i] /= sum;
  return max + std::log(sum);
}

}  // namespace

double loss_and_gradient(const Layout& L, const double* theta, const double* x, int n, int label, double* grad,
                         double scale, Attention attention, double* probabilities) {
  const bool uniform = attention == Attention::Uniform;
  const int d = L.d, dk = L.d_k, C = L.classes;
  const double* wk = theta + L.wk();
  const double* bk = theta + L.bk();
  const double* q = theta + L.q();
  const double* wc = theta + L.wc();
  const double* bc = theta + L.bc();
  const double inv = 1.0 / std::sqrt(double(dk));
  const std::size_t N = static_cast<std::size_t>(n), D = static_cast<std::size_t>(d), DK = static_cast<std::size_t>(dk),
                    CC = static_cast<std::size_t>(C);
  // forward: k_i = tanh(x_i·W_K + b_K) (n × d_k), s_i = q·k_i / √d_k, a = softmax(s)
  std::vector<double> k(N * DK), s(N), a(N);
  for (int i = 0; i < n; ++i) {
    double* ki = k.data() + std::size_t(i) * dk;
    std::copy(bk, bk + dk, ki);
    for (int c = 0; c < d; ++c) {
      const double xc = x[std::size_t(i) * d + c];
      const double* w = wk + std::size_t(c) * dk;
      for (int j = 0; j < dk; ++j) ki[j] += xc * w[j];
    }
    double si = 0;
    for (int j = 0; j < dk; ++j) si += q[j] * (ki[j] = std::tanh(ki[j]));
    s[std::size_t(i)] = uniform ? 0.0 : si * inv;
  }
  const double match = softmax(s.data(), n, a.data());
  const double beta = uniform ? 0.0 : theta[L.match()];
  // h = Σ a_i x_i (d), z = h·W_C + b_C, z_none += β·match, p = softmax(z)
  std::vector<double> h(D, 0.0), z(bc, bc + C), p(CC);
  for (int i = 0; i < n; ++i)
    for (int c = 0; c < d; ++c) h[std::size_t(c)] += a[std::size_t(i)] * x[std::size_t(i) * d + c];
  for (int c = 0; c < d; ++c)
    for (int j = 0; j < C; ++j) z[std::size_t(j)] += h[std::size_t(c)] * wc[std::size_t(c) * C + j];
  z[CC - 1] += beta * match;
  softmax(z.data(), C, p.data());
  const double loss = -std::log(std::max(p[std::size_t(label)], 1e-300));
  if (probabilities) std::copy(p.begin(), p.end(), probabilities);
  if (!grad) return loss;

  // backward: dz = p − onehot(label)
  std::vector<double> dz(p);
  dz[std::size_t(label)] -= 1.0;
  for (double& v : dz) v *= scale;
  double* gwc = grad + L.wc();
  double* gbc = grad + L.bc();
  std::vector<double> dh(D, 0.0);
  for (int c = 0; c < d; ++c)
    for (int j = 0; j < C; ++j) {
      gwc[std::size_t(c) * C + j] += h[std::size_t(c)] * dz[std::size_t(j)];  // dW_C = hᵀ·dz
      dh[std::size_t(c)] += wc[std::size_t(c) * C + j] * dz[std::size_t(j)];  // dh = dz·W_Cᵀ
    }
  for (int j = 0; j < C; ++j) gbc[j] += dz[std::size_t(j)];
  if (uniform) return loss;
  // dβ = dz_none·match; d match / d s_i = a_i
  grad[L.match()] += dz[CC - 1] * match;
  const bool blend = attention == Attention::Learned;
  // da_i = dh·x_i (when the blend trains the query); softmax backward ds_i = a_i (da_i − Σ_j a_j da_j),
  // plus the match term's dz_none·β·a_i
  std::vector<double> da(N);
  double mean = 0;
  for (int i = 0; i < n; ++i) {
    double v = 0;
    if (blend)
      for (int c = 0; c < d; ++c) v += dh[std::size_t(c)] * x[std::size_t(i) * d + c];
    da[std::size_t(i)] = v;
    mean += a[std::size_t(i)] * v;
  }
  double* gwk = grad + L.wk();
  double* gbk = grad + L.bk();
  double* gq = grad + L.q();
  std::vector<double> du(DK);
  for (int i = 0; i < n; ++i) {
    const double ds = a[std::size_t(i)] * (da[std::size_t(i)] - mean + dz[CC - 1] * beta) * inv;
    const double* ki = k.data() + std::size_t(i) * dk;
    // dq += ds·k_i; du = ds·q ⊙ (1 − k_i²); dW_K += x_iᵀ·du, db_K += du
    for (int j = 0; j < dk; ++j) {
      gq[j] += ds * ki[j];
      du[std::size_t(j)] = ds * q[j] * (1.0 - ki[j] * ki[j]);
      gbk[j] += du[std::size_t(j)];
    }
    for (int c = 0; c < d; ++c) {
      const double xc = x[std::size_t(i) * d + c];
      double* g = gwk + std::size_t(c) * dk;
      for (int j = 0; j < dk; ++j) g[j] += xc * du[std::size_t(j)];
    }
  }
  return loss;
}

}  // namespace al::topic
