#include "core/image/reference.h"

#include <algorithm>
#include <cmath>

namespace al::image::reference {

DMatrix patch_tokens(const Image& view, int patch) {
  const double gain = 6.0, slope = 0.3, least_unit = 2.0 / 255.0;
  const int side = 224 / patch, n = side * side;
  // 1. the features of every cell of the picture: luma on a (4·side)² grid, the colour
  //    differences on (2·side)² grids, each the mean of its pixels
  const int luma_side = 4 * side, chroma_side = 2 * side, luma_px = patch / 4, chroma_px = patch / 2;
  std::vector<double> luma(std::size_t(luma_side) * luma_side), blue(std::size_t(chroma_side) * chroma_side),
      red(blue.size());
  for (int y = 0; y < 224; ++y)
    for (int x = 0; x < 224; ++x) {
      const double r = view.at(y, x, 0), g = view.at(y, x, 1), b = view.at(y, x, 2);
      const double l = 0.299 * r + 0.587 * g + 0.114 * b;
      luma[std::size_t(y / luma_px) * luma_side + x / luma_px] += l / (luma_px * luma_px);
      blue[std::size_t(y / chroma_px) * chroma_side + x / chroma_px] += (b - l) / (chroma_px * chroma_px);
      red[std::size_t(y / chroma_px) * chroma_side + x / chroma_px] += (r - l) / (chroma_px * chroma_px);
    }
  // 2. each channel's unit: neighbouring cells, side by side and one above the other
  const auto unit = [&](const std::vector<double>& cells, int m) {
    double sum = 0, pairs = 0;
    for (int y = 0; y < m; ++y)
      for (int x = 0; x < m; ++x) {
        if (x + 1 < m) sum += std::pow(cells[std::size_t(y) * m + x] - cells[std::size_t(y) * m + x + 1], 2), ++pairs;
        if (y + 1 < m) sum += std::pow(cells[std::size_t(y) * m + x] - cells[std::size_t(y + 1) * m + x], 2), ++pairs;
      }
    return std::max(std::sqrt(sum / (2 * pairs)), least_unit);
  };
  // the colour differences' units are at least the luma's
  const double luma_unit = unit(luma, luma_side), blue_unit = std::max(unit(blue, chroma_side), luma_unit),
               red_unit = std::max(unit(red, chroma_side), luma_unit);
  // the features in the token's order: per quarter of the patch, Y Y (B − Y) Y Y (R − Y)
  DMatrix features(n, 24), units(1, 24);
  for (int t = 0; t < n; ++t) {
    const int py = t / side, px = t % side;
    for (int q = 0; q < 4; ++q) {
      const int qy = q / 2, qx = q % 2;  // the quarter's row and column in the patch
      for (int k = 0; k < 4; ++k) {      // its 2 × 2 luma cells
        const int ly = 4 * py + 2 * qy + k / 2, lx = 4 * px + 2 * qx + k % 2;
        features(t, q * 6 + (k / 2) * 3 + k % 2) = luma[std::size_t(ly) * luma_side + lx];
        units(0, q * 6 + (k / 2) * 3 + k % 2) = luma_unit;
      }
      const std::size_t c = std::size_t(2 * py + qy) * chroma_side + 2 * px + qx;
      features(t, q * 6 + 2) = blue[c], units(0, q * 6 + 2) = blue_unit;
      features(t, q * 6 + 5) = red[c], units(0, q * 6 + 5) = red_unit;
    }
  }
  // 3. minus the mean patch, ÷ the unit, on the circle
  DMatrix tokens(n, 48);
  for (int k = 0; k < 24; ++k) {
    double mean = 0;
    for (int t = 0; t < n; ++t) mean += features(t, k) / n;
    for (int t = 0; t < n; ++t) {
      const double angle = std::atan(slope * (features(t, k) - mean) / units(0, k));
      tokens(t, 2 * k) = gain * std::cos(angle);
      tokens(t, 2 * k + 1) = gain * std::sin(angle);
    }
  }
  return tokens;
}

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
