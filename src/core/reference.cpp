#include "core/reference.h"

#include <Eigen/Dense>
#include <cmath>

namespace al::reference {

Weights to_double(const AttentionWeights& w) {
  return {to_double(w.wq), to_double(w.wk), to_double(w.wv), to_double(w.wo)};
}

DMatrix matmul(const DMatrix& a, const DMatrix& b) {
  DMatrix c(a.rows, b.cols);
  for (int i = 0; i < a.rows; ++i)
    for (int j = 0; j < b.cols; ++j) {
      double sum = 0;
      for (int p = 0; p < a.cols; ++p) sum += a(i, p) * b(p, j);
      c(i, j) = sum;
    }
  return c;
}

std::vector<double> softmax(const std::vector<double>& x) {
  double max_val = x[0];
  for (double v : x) max_val = std::max(max_val, v);
  std::vector<double> y(x.size());
  double sum = 0;
  for (std::size_t i = 0; i < x.size(); ++i) sum += (y[i] = std::exp(x[i] - max_val));
  for (double& v : y) v /= sum;
  return y;
}

DMatrix positional_encoding(int n, int d) {
  DMatrix pe(n, d);
  for (int pos = 0; pos < n; ++pos)
    for (int j = 0; j < d; ++j) {
      const int i2 = j - j % 2;  // the even index 2i shared by the pair (2i, 2i+1)
      const double angle = pos / std::pow(10000.0, double(i2) / d);
      pe(pos, j) = j % 2 == 0 ? std::sin(angle) : std::cos(angle);
    }
  return pe;
}

std::vector<double> without_shared(const std::vector<double>& v, const SharedDirection& s) {
  std::vector<double> centred(v.size()), out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = centred[i] = v[i] - s.mean[i];
  for (int k = 0; k < s.count(); ++k) {
    double along = 0;
    for (std::size_t i = 0; i < v.size(); ++i) along += s.component(k)[i] * centred[i];
    for (std::size_t i = 0; i < v.size(); ++i) out[i] -= along * s.component(k)[i];
  }
  return out;
}

Steps attention_forward(const DMatrix& xq, const DMatrix& xkv, const Weights& w, const AttentionOptions& o) {
  const int d = w.wq.cols, dk = d / o.heads, nq = xq.rows, nk = xkv.rows;
  Steps s;
  s.query = matmul(xq, w.wq);
  s.key = matmul(xkv, w.wk);
  s.value = matmul(xkv, w.wv);
  s.context = DMatrix(nq, d);
  for (int h = 0; h < o.heads; ++h) {
    DMatrix scores(nq, nk), scaled(nq, nk), weights(nq, nk);
    for (int i = 0; i < nq; ++i) {
      for (int j = 0; j < nk; ++j) {
        double dot = 0, qq = 0, kk = 0;
        for (int c = h * dk; c < (h + 1) * dk; ++c) {
          dot += s.query(i, c) * s.key(j, c);
          qq += s.query(i, c) * s.query(i, c);
          kk += s.key(j, c) * s.key(j, c);
        }
        if (o.similarity == Similarity::Cosine) dot = qq > 0 && kk > 0 ? dot / std::sqrt(qq * kk) : 0.0;
        scores(i, j) = dot;
        // dot products ÷ √d_k; cosines × 10 (kCosineScale); then ÷ T
        const double scale = o.similarity == Similarity::Cosine ? 1.0 / 10.0 : std::sqrt(double(dk));
        scaled(i, j) = dot / ((o.scale ? scale : 1.0) * o.temperature);
      }
      // the softmax over the keys query i may see; the others keep weight 0
      std::vector<double> row;
      for (int j = 0; j < nk; ++j)
        if (!is_masked(o.mask, i, j)) row.push_back(scaled(i, j));
      if (!row.empty()) row = softmax(row);
      for (int j = 0, k = 0; j < nk; ++j)
        if (!is_masked(o.mask, i, j)) weights(i, j) = row[std::size_t(k++)];
    }
    for (int i = 0; i < nq; ++i)
      for (int c = h * dk; c < (h + 1) * dk; ++c) {
        double sum = 0;
        for (int j = 0; j < nk; ++j) sum += weights(i, j) * s.value(j, c);
        s.context(i, c) = sum;
      }
    s.scores.push_back(scores);
    s.scaled.push_back(scaled);
    s.weights.push_back(weights);
  }
  s.output = matmul(s.context, w.wo);
  return s;
}

Steps attention_forward(const Matrix& xq, const Matrix& xkv, const AttentionWeights& w, const AttentionOptions& o) {
  return attention_forward(to_double(xq), to_double(xkv), to_double(w), o);
}

double spectral_norm(const DMatrix& m) {
  if (m.rows == 0 || m.cols == 0) return 0;
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  return Eigen::JacobiSVD<Eigen::MatrixXd>(Eigen::Map<const RowMajor>(m.data.data(), m.rows, m.cols))
      .singularValues()(0);
}

}  // namespace al::reference
