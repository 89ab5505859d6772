#include "image_candidates.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/image/tokens.h"
#include "core/random.h"

namespace bench {
namespace {

using al::Matrix;
using al::image::Image;
using al::image::PatchGrid;

// Every patch area-averaged to cells × cells × 3, channel-major (c, cy, cx).
Matrix cell_means(const Image& v, const PatchGrid& g, int cells) {
  const int step = g.patch / cells;
  Matrix m(g.count, cells * cells * 3);
  for (int t = 0; t < g.count; ++t)
    for (int cy = 0; cy < cells; ++cy)
      for (int cx = 0; cx < cells; ++cx)
        for (int c = 0; c < 3; ++c) {
          double s = 0;
          for (int y = 0; y < step; ++y)
            for (int x = 0; x < step; ++x)
              s += v.at(g.row(t) * g.patch + cy * step + y, g.col(t) * g.patch + cx * step + x, c);
          m(t, (c * cells + cy) * cells + cx) = float(s / (step * step));
        }
  return m;
}

// Subtracts each channel's mean over the picture (columns grouped by channel, `per` columns each).
void centre_channels(Matrix& m, int per) {
  for (int c = 0; c < 3; ++c) {
    double s = 0;
    for (int t = 0; t < m.rows; ++t)
      for (int j = c * per; j < (c + 1) * per; ++j) s += m(t, j);
    const float mean = float(s / (double(m.rows) * per));
    for (int t = 0; t < m.rows; ++t)
      for (int j = c * per; j < (c + 1) * per; ++j) m(t, j) -= mean;
  }
}

// Divides everything by one number: the root mean square of all values (floored).
void unit_rms(Matrix& m, double floor = 0.02) {
  double s = 0;
  for (float v : m.data) s += double(v) * v;
  const double rms = std::max(std::sqrt(s / double(m.data.size())), floor);
  for (float& v : m.data) v = float(v / rms);
}

// Every column to mean 0 and standard deviation 1 over the picture (floored).
void zscore_columns(Matrix& m, double floor = 1e-3) {
  for (int j = 0; j < m.cols; ++j) {
    double s = 0, s2 = 0;
    for (int t = 0; t < m.rows; ++t) s += m(t, j), s2 += double(m(t, j)) * m(t, j);
    const double mean = s / m.rows, sd = std::max(std::sqrt(std::max(s2 / m.rows - mean * mean, 0.0)), floor);
    for (int t = 0; t < m.rows; ++t) m(t, j) = float((m(t, j) - mean) / sd);
  }
}

Matrix lowres(const Image& v, const PatchGrid& g, int cells) {
  Matrix m = cell_means(v, g, cells);
  centre_channels(m, cells * cells);
  unit_rms(m);
  return m;
}

// Mean colour, colour spread, the colour of each quarter relative to the mean, and a histogram
// of gradient orientations (6 bins over 0..π, weighted by magnitude, of the luma).
Matrix colour_texture(const Image& v, const PatchGrid& g) {
  Matrix m(g.count, 24);
  const int p = g.patch, h = p / 2;
  for (int t = 0; t < g.count; ++t) {
    const int y0 = g.row(t) * p, x0 = g.col(t) * p;
    float* f = m.row(t);
    for (int c = 0; c < 3; ++c) {
      double s = 0, s2 = 0, q[4] = {0, 0, 0, 0};
      for (int y = 0; y < p; ++y)
        for (int x = 0; x < p; ++x) {
          const double val = v.at(y0 + y, x0 + x, c);
          s += val, s2 += val * val, q[(y / h) * 2 + x / h] += val;
        }
      const double mean = s / (p * p);
      f[c] = float(mean);
      f[3 + c] = float(std::sqrt(std::max(s2 / (p * p) - mean * mean, 0.0)));
      for (int k = 0; k < 4; ++k) f[6 + c * 4 + k] = float(q[k] / (h * h) - mean);
    }
    auto luma = [&](int y, int x) {
      y = std::clamp(y, 0, 223), x = std::clamp(x, 0, 223);
      return 0.299 * v.at(y, x, 0) + 0.587 * v.at(y, x, 1) + 0.114 * v.at(y, x, 2);
    };
    for (int y = 0; y < p; ++y)
      for (int x = 0; x < p; ++x) {
        const double gx = luma(y0 + y, x0 + x + 1) - luma(y0 + y, x0 + x - 1);
        const double gy = luma(y0 + y + 1, x0 + x) - luma(y0 + y - 1, x0 + x);
        double angle = std::atan2(gy, gx);
        if (angle < 0) angle += M_PI;
        const int bin = std::min(5, int(angle / M_PI * 6));
        f[18 + bin] += float(std::sqrt(gx * gx + gy * gy) / (p * p));
      }
  }
  zscore_columns(m);
  unit_rms(m, 1e-6);
  return m;
}

// A fixed Gaussian random projection of the whole patch (p·p·3 values, channel means removed)
// to 48 numbers: distances between full-resolution patches are kept up to a small factor
// (Johnson–Lindenstrauss).
Matrix random_projection(const Image& v, const PatchGrid& g) {
  const int d = 48, k = g.values();
  Matrix pixels = al::image::patch_pixels(v, g);
  double mean[3] = {0, 0, 0};
  for (int t = 0; t < pixels.rows; ++t)
    for (int j = 0; j < k; ++j) mean[j % 3] += pixels(t, j);
  for (double& m : mean) m /= double(pixels.rows) * k / 3;
  for (int t = 0; t < pixels.rows; ++t)
    for (int j = 0; j < k; ++j) pixels(t, j) -= float(mean[j % 3]);
  al::SplitMix64 rng(12345);
  auto next = [&] { return rng.uniform_double(); };
  Matrix r(k, d);
  for (int i = 0; i < k * d; i += 2) {  // Box–Muller pairs
    const double u1 = std::max(next(), 1e-300), u2 = next(), rad = std::sqrt(-2 * std::log(u1));
    r.data[std::size_t(i)] = float(rad * std::cos(2 * M_PI * u2));
    if (i + 1 < k * d) r.data[std::size_t(i) + 1] = float(rad * std::sin(2 * M_PI * u2));
  }
  Matrix out(g.count, d);
  for (int t = 0; t < g.count; ++t)
    for (int j = 0; j < k; ++j) {
      const float x = pixels(t, j);
      for (int c = 0; c < d; ++c) out(t, c) += x * r(j, c);
    }
  unit_rms(out);
  return out;
}

// Any vectors lifted onto a sphere: one more coordinate sqrt(R² − |x|²), R the largest norm, so
// every vector has length R and x̃_i·x̃_j = R² − |x̃_i − x̃_j|²/2: a dot product that ranks keys by
// distance (no pull towards long vectors), as non-local means' Gaussian kernel does.
Matrix lifted(const Matrix& m) {
  Matrix out(m.rows, m.cols + 1);
  double r2 = 0;
  for (int t = 0; t < m.rows; ++t) {
    double s = 0;
    for (int j = 0; j < m.cols; ++j) s += double(m(t, j)) * m(t, j);
    r2 = std::max(r2, s);
  }
  for (int t = 0; t < m.rows; ++t) {
    double s = 0;
    for (int j = 0; j < m.cols; ++j) s += double(out(t, j) = m(t, j)) * m(t, j);
    out(t, m.cols) = float(std::sqrt(std::max(r2 - s, 0.0)));
  }
  return out;
}

// Luma (0.299 R + 0.587 G + 0.114 B) in 4 × 4 cells and the two colour differences B − Y and
// R − Y in 2 × 2 cells (as JPEG keeps colour at lower resolution than brightness): 24 numbers,
// each centred on the picture's mean, all divided by one RMS.
Matrix luma_chroma(const Image& v, const PatchGrid& g) {
  const Matrix rgb4 = cell_means(v, g, 4);
  Matrix m(g.count, 24);
  for (int t = 0; t < g.count; ++t)
    for (int cy = 0; cy < 4; ++cy)
      for (int cx = 0; cx < 4; ++cx) {
        const float r = rgb4(t, cy * 4 + cx), gr = rgb4(t, 16 + cy * 4 + cx), b = rgb4(t, 32 + cy * 4 + cx);
        const float y = 0.299f * r + 0.587f * gr + 0.114f * b;
        m(t, cy * 4 + cx) = y;
        m(t, 16 + (cy / 2) * 2 + cx / 2) += (b - y) / 4;
        m(t, 20 + (cy / 2) * 2 + cx / 2) += (r - y) / 4;
      }
  for (int j = 0; j < 24; ++j) {  // centre each number on its mean over the picture
    double s = 0;
    for (int t = 0; t < g.count; ++t) s += m(t, j);
    for (int t = 0; t < g.count; ++t) m(t, j) -= float(s / g.count);
  }
  unit_rms(m);
  return m;
}

// Every number x written as a point on a circle, (cos a·x, sin a·x), as the positional
// encoding writes a position: each pair has length 1, so every vector, and every head's slice
// of whole pairs, has the same length, and a pair's dot product cos(a·(x_i − x_j)) depends on
// the difference only. a = π/6: values up to 6 RMS apart stay apart on the circle.
Matrix on_circles(const Matrix& m, float a = float(M_PI / 6)) {
  Matrix out(m.rows, 2 * m.cols);
  for (int t = 0; t < m.rows; ++t)
    for (int j = 0; j < m.cols; ++j) {
      out(t, 2 * j) = std::cos(a * m(t, j));
      out(t, 2 * j + 1) = std::sin(a * m(t, j));
    }
  return out;
}

// Every number x as the pair (1, a·x) scaled to length 1: the point at angle atan(a·x) on a circle.
// Like on_circles near the mean, but the angle stays within ±90°, so nothing wraps around.
Matrix on_half_circles(const Matrix& m, float a) {
  Matrix out(m.rows, 2 * m.cols);
  for (int t = 0; t < m.rows; ++t)
    for (int j = 0; j < m.cols; ++j) {
      const float u = a * m(t, j), inv = 1.0f / std::sqrt(1.0f + u * u);
      out(t, 2 * j) = inv;
      out(t, 2 * j + 1) = u * inv;
    }
  return out;
}

}  // namespace

std::vector<Candidate> candidates() {
  return {
      {"shipped",
       "al::image::patch_tokens, what the core ships: the Y/colour features in quarter order, each channel in its "
       "unit from neighbouring cells, at angle atan(0.3·z), pairs of length 6 (d 48)",
       [](const Image& v, const PatchGrid& g) { return al::image::patch_tokens(v, g).tokens; }},
      {"lowres2", "2×2×3 cell means, channel-centred, ÷ RMS (d 12)",
       [](const Image& v, const PatchGrid& g) { return lowres(v, g, 2); }},
      {"lowres4", "4×4×3 cell means, channel-centred, ÷ RMS (d 48)",
       [](const Image& v, const PatchGrid& g) { return lowres(v, g, 4); }},
      {"lowres4-fixed", "4×4×3 cell means, channel-centred, ÷ 0.25 (d 48)",
       [](const Image& v, const PatchGrid& g) {
         Matrix m = cell_means(v, g, 4);
         centre_channels(m, 16);
         for (float& x : m.data) x /= 0.25f;
         return m;
       }},
      {"lowres8", "8×8×3 cell means, channel-centred, ÷ RMS (d 192)",
       [](const Image& v, const PatchGrid& g) { return lowres(v, g, 8); }},
      {"lowres4-lifted", "lowres4 + sqrt(R² − |x|²) (d 49)",
       [](const Image& v, const PatchGrid& g) { return lifted(lowres(v, g, 4)); }},
      {"circle-yc", "luma 4×4 + chroma 2×2 ×2, centred, ÷ RMS, on circles (d 48)",
       [](const Image& v, const PatchGrid& g) { return on_circles(luma_chroma(v, g)); }},
      {"atan-yc-0.25", "the 24 Y/colour features as (1, a·z)/|·| with a = 0.25 (d 48)",
       [](const Image& v, const PatchGrid& g) { return on_half_circles(luma_chroma(v, g), 0.25f); }},
      {"atan-yc-0.5", "the same with a = 0.5 (d 48)",
       [](const Image& v, const PatchGrid& g) { return on_half_circles(luma_chroma(v, g), 0.5f); }},
      {"atan-yc-1", "the same with a = 1 (d 48)",
       [](const Image& v, const PatchGrid& g) { return on_half_circles(luma_chroma(v, g), 1.0f); }},
      {"circle-rgb2", "lowres2 on circles (d 24)",
       [](const Image& v, const PatchGrid& g) { return on_circles(lowres(v, g, 2)); }},
      {"circle-rgb4", "lowres4 on circles (d 96)",
       [](const Image& v, const PatchGrid& g) { return on_circles(lowres(v, g, 4)); }},
      {"yc-lifted", "luma 4×4 + chroma 2×2 ×2 + lift (d 25)",
       [](const Image& v, const PatchGrid& g) { return lifted(luma_chroma(v, g)); }},
      {"colour-texture", "mean, spread, quarters, 6-bin gradient histogram; z-scored (d 24)",
       [](const Image& v, const PatchGrid& g) { return colour_texture(v, g); }},
      {"random-proj", "Gaussian projection of the full patch, channel-centred, ÷ RMS (d 48)",
       [](const Image& v, const PatchGrid& g) { return random_projection(v, g); }},
  };
}

}  // namespace bench
