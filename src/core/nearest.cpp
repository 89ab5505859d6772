#include "core/nearest.h"

#include <algorithm>
#include <cmath>

#include "core/errors.h"
#include "core/kernels/kernels.h"

namespace al {
namespace {

template <class T>
double norm_of(const std::vector<T>& v) {
  double s = 0;
  for (T x : v) s += double(x) * double(x);
  return std::sqrt(s);
}

}  // namespace

NearestWords::NearestWords(const EmbeddingAsset& vocabulary, const SharedDirection& shared)
    : vocabulary_(vocabulary), shared_(shared) {
  const std::size_t words = vocabulary.words.size(), dims = vocabulary.dims;
  if (dims > std::size_t(kernels::kMaxDotI8Length))
    throw OptionError("nearest-word search takes vectors of at most " + std::to_string(kernels::kMaxDotI8Length) +
                      " dimensions, the vocabulary has " + std::to_string(dims));
  if (shared.dims != dims)
    throw OptionError("the shared direction has " + std::to_string(shared.dims) + " dimensions, the vocabulary " +
                      std::to_string(dims));
  stride_ = int((dims + 7) & ~std::size_t(7));
  padded_.assign(words * std::size_t(stride_), 0);
  l1_.resize(words);
  inv_norm_raw_.resize(words);
  inv_norm_removed_.resize(words);
  std::vector<float> w(dims);
  std::vector<double> p(dims);
  for (std::size_t r = 0; r < words; ++r) {
    const std::int8_t* q = vocabulary.values.data() + r * dims;
    std::copy(q, q + dims, padded_.data() + r * std::size_t(stride_));
    double l1 = 0;
    for (std::size_t i = 0; i < dims; ++i) l1 += std::abs(double(q[i]));
    l1_[r] = l1;
    vocabulary.dequantize(r, w.data());
    const double raw = norm_of(w);
    shared.remove(w.data(), p.data());
    const double removed = norm_of(p);
    inv_norm_raw_[r] = raw > 0 ? 1.0 / raw : 0.0;
    inv_norm_removed_[r] = removed > 0 ? 1.0 / removed : 0.0;
  }
}

std::vector<Neighbor> NearestWords::query(const float* v, int dims, int k, bool remove_shared) const {
  if (dims != int(vocabulary_.dims))
    throw OptionError("the vector has " + std::to_string(dims) + " dimensions, the vocabulary " +
                      std::to_string(vocabulary_.dims));
  const std::size_t n = std::size_t(dims);
  // ṽ: v without its parts along the components, and ṽ · μ (both 0-free in the raw space)
  std::vector<double> vt(v, v + n);
  double offset = 0;
  if (remove_shared) {
    for (int c = 0; c < shared_.count(); ++c) {
      const float* u = shared_.component(c);
      double along = 0;
      for (std::size_t i = 0; i < n; ++i) along += double(u[i]) * v[i];
      for (std::size_t i = 0; i < n; ++i) vt[i] -= along * u[i];
    }
    for (std::size_t i = 0; i < n; ++i) offset += vt[i] * shared_.mean[i];
  }
  double norm = 0, left = 0, largest = 0, l1 = 0;
  for (std::size_t i = 0; i < n; ++i) {
    norm += double(v[i]) * v[i];
    left += vt[i] * vt[i];
    largest = std::max(largest, std::abs(vt[i]));
    l1 += std::abs(vt[i]);
  }
  const int words = int(vocabulary_.words.size());
  if (!(norm > 0) || !std::isfinite(norm) || !std::isfinite(l1) || k <= 0 || words == 0) return {};
  // a vector along the shared direction (within float rounding) has nothing left to compare
  if (!(left > 1e-12 * norm)) return {};
  const int top = std::min(k, words);
  const std::vector<double>& inv_norm = remove_shared ? inv_norm_removed_ : inv_norm_raw_;

  // 1. Every word's score r_w = (ṽ · w − ṽ · μ) / |s_w| (s_w = w or P(w)), approximately: w ≈
  // scale_w · q_w (its int8 part; the refinement left out is within scale_w / 2 a value), ṽ
  // rounded to x / S with x in int16 (|ṽ_i − x_i / S| <= 0.5 / S), the dot product exact in int32:
  //   |r_w − approx_w| <= scale_w · (0.5 / S · |q_w|₁ + 0.5 · |ṽ|₁) / |s_w| = bound_w.
  const double S = 32767.0 / largest;
  std::vector<std::int16_t> x(std::size_t(stride_), 0);
  for (std::size_t i = 0; i < n; ++i) x[i] = std::int16_t(std::lrint(vt[i] * S));
  std::vector<std::int32_t> dot(std::size_t(words), 0);
  kernels::dot_i8_i16(words, stride_, padded_.data(), stride_, x.data(), dot.data());
  std::vector<double> approx(static_cast<std::size_t>(words)), bound(static_cast<std::size_t>(words));
  const double inv_S = 1 / S;
  for (std::size_t w = 0; w < approx.size(); ++w) {
    const double scale = vocabulary_.scales[w];
    approx[w] = (scale * double(dot[w]) * inv_S - offset) * inv_norm[w];
    // a margin over the bound for the rounding of these doubles
    bound[w] = scale * (0.5 * inv_S * l1_[w] + 0.5 * l1) * inv_norm[w] * (1 + 1e-9) + 1e-12 * std::sqrt(norm);
  }

  // 2. The top-th best lower bound t: top words score >= t, so a word among the exact top scores
  // has approx + bound >= t.
  std::vector<double> best(static_cast<std::size_t>(top));
  for (std::size_t w = 0; w < best.size(); ++w) best[w] = approx[w] - bound[w];
  std::make_heap(best.begin(), best.end(), std::greater<>());  // a min-heap of the top so far
  for (std::size_t w = std::size_t(top); w < approx.size(); ++w)
    if (approx[w] - bound[w] > best.front()) {
      std::pop_heap(best.begin(), best.end(), std::greater<>());
      best.back() = approx[w] - bound[w];
      std::push_heap(best.begin(), best.end(), std::greater<>());
    }
  const double threshold = best.front();

  // 3. The candidates, scored exactly (in double, on the full vectors) and ranked
  struct Scored {
    double score;
    std::size_t word;
  };
  std::vector<Scored> candidates;
  std::vector<float> full(n);
  for (std::size_t w = 0; w < approx.size(); ++w) {
    if (approx[w] + bound[w] < threshold) continue;
    vocabulary_.dequantize(w, full.data());
    double s = -offset;
    for (std::size_t i = 0; i < n; ++i) s += vt[i] * full[i];
    candidates.push_back({s * inv_norm[w], w});
  }
  const auto order = [](const Scored& a, const Scored& b) {
    return a.score > b.score || (a.score == b.score && a.word < b.word);
  };
  const std::size_t shown = std::min(std::size_t(top), candidates.size());
  std::partial_sort(candidates.begin(), candidates.begin() + std::ptrdiff_t(shown), candidates.end(), order);
  const double inv_v = 1.0 / std::sqrt(norm);
  std::vector<Neighbor> out;
  for (std::size_t i = 0; i < shown; ++i) {
    const std::size_t w = candidates[i].word;
    out.push_back(
        {vocabulary_.words[w], float(std::clamp(candidates[i].score * inv_v, -1.0, 1.0)), vocabulary_.ranks[w]});
  }
  return out;
}

}  // namespace al
