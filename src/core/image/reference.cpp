#include "core/image/reference.h"

#include <cmath>

namespace al::image::reference {

DMatrix positional_encoding_2d(int rows, int cols, int d) {
  const int d_row = d / 2, d_col = d - d_row;
  DMatrix pe(rows * cols, d);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int j = 0; j < d; ++j) {
        // which half, the position it encodes, and the width of that half
        const bool row_half = j < d_row;
        const int k = row_half ? j : j - d_row, pos = row_half ? r : c, m = row_half ? d_row : d_col;
        const int i2 = k - k % 2;  // the even index 2i shared by the pair (2i, 2i+1)
        const double angle = pos / std::pow(10000.0, double(i2) / m);
        pe(r * cols + c, j) = k % 2 == 0 ? std::sin(angle) : std::cos(angle);
      }
  return pe;
}

DMatrix blend_patches(const Matrix& weights, const Matrix& pixels) {
  DMatrix out(weights.rows, pixels.cols);
  for (int i = 0; i < weights.rows; ++i)
    for (int j = 0; j < weights.cols; ++j)
      for (int v = 0; v < pixels.cols; ++v) out(i, v) += double(weights(i, j)) * pixels(j, v);
  return out;
}

double blend_loss(const std::vector<DMatrix>& weights, const DMatrix& noisy, const DMatrix& clean,
                  std::vector<DMatrix>* d_weights, double scale) {
  const int n = noisy.rows, m = noisy.cols, heads = int(weights.size());
  const double values = double(n) * m;
  DMatrix mean(n, n), d_blend(n, m);
  for (const DMatrix& w : weights)
    for (std::size_t i = 0; i < mean.data.size(); ++i) mean.data[i] += w.data[i] / heads;
  double sum = 0;
  for (int i = 0; i < n; ++i)
    for (int v = 0; v < m; ++v) {
      double b = 0;  // B_iv = Σ_j P̄_ij Y_jv
      for (int j = 0; j < n; ++j) b += mean(i, j) * noisy(j, v);
      sum += (b - clean(i, v)) * (b - clean(i, v));
      d_blend(i, v) = scale * 2.0 * (b - clean(i, v)) / values;
    }
  if (d_weights) {
    d_weights->assign(std::size_t(heads), DMatrix(n, n));
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        double d = 0;  // dL/dP̄_ij = Σ_v dL/dB_iv Y_jv
        for (int v = 0; v < m; ++v) d += d_blend(i, v) * noisy(j, v);
        for (DMatrix& dh : *d_weights) dh(i, j) = d / heads;
      }
  }
  return sum / values;
}

}  // namespace al::image::reference
