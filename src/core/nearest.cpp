#include "core/nearest.h"

#include <algorithm>
#include <cmath>

#include "core/errors.h"
#include "core/kernels/kernels.h"

namespace al {

NearestWords::NearestWords(const EmbeddingAsset& vocabulary) : vocabulary_(vocabulary) {
  const std::size_t words = vocabulary.words.size(), dims = vocabulary.dims;
  if (dims > std::size_t(kernels::kMaxDotI8Length))
    throw OptionError("nearest-word search takes vectors of at most " + std::to_string(kernels::kMaxDotI8Length) +
                      " dimensions, the vocabulary has " + std::to_string(dims));
  stride_ = int((dims + 7) & ~std::size_t(7));
  padded_.assign(words * std::size_t(stride_), 0);
  inv_norm_.resize(words);
  for (std::size_t w = 0; w < words; ++w) {
    const std::int8_t* q = vocabulary.values.data() + w * dims;
    std::copy(q, q + dims, padded_.data() + w * std::size_t(stride_));
    double norm = 0;
    for (std::size_t i = 0; i < dims; ++i) norm += double(q[i]) * q[i];
    inv_norm_[w] = norm > 0 ? 1.0 / std::sqrt(norm) : 0.0;
  }
}

std::vector<Neighbor> NearestWords::query(const float* v, int dims, int k) const {
  if (dims != int(vocabulary_.dims))
    throw OptionError("the vector has " + std::to_string(dims) + " dimensions, the vocabulary " +
                      std::to_string(vocabulary_.dims));
  double norm = 0, largest = 0;
  for (int i = 0; i < dims; ++i) {
    norm += double(v[i]) * v[i];
    largest = std::max(largest, std::abs(double(v[i])));
  }
  const int words = int(vocabulary_.words.size());
  if (!(norm > 0) || !std::isfinite(norm) || k <= 0 || words == 0) return {};
  const int top = std::min(k, words);

  // 1. Every word's score r_w = (v · q_w) / |q_w| (q_w its int8 vector), approximately: v
  // rounded to x / scale with x in int16 (|v_i - x_i / scale| <= 0.5 / scale), the dot product
  // exact in int32. |r_w - approx_w| <= 0.5 / scale · |q_w|₁ / |q_w|₂ <= 0.5 · √dims / scale.
  const double scale = 32767.0 / largest;
  std::vector<std::int16_t> x(std::size_t(stride_), 0);
  for (int i = 0; i < dims; ++i) x[std::size_t(i)] = std::int16_t(std::lrint(double(v[i]) * scale));
  std::vector<std::int32_t> dot(std::size_t(words), 0);
  kernels::dot_i8_i16(words, stride_, padded_.data(), stride_, x.data(), dot.data());
  std::vector<double> approx(static_cast<std::size_t>(words));
  const double inv_scale = 1 / scale;
  for (std::size_t w = 0; w < approx.size(); ++w) approx[w] = double(dot[w]) * inv_norm_[w] * inv_scale;
  // a margin over the bound for the rounding of these doubles
  const double bound = 0.5 * std::sqrt(double(dims)) * inv_scale * (1 + 1e-9) + 1e-12 * std::sqrt(norm);

  // 2. The top-th best approximate score t: top words score >= t - bound, so the top-th best
  // exact score is >= t - bound, and a word among the exact top scores approx >= t - 2·bound.
  std::vector<double> best(approx.begin(), approx.begin() + top);
  std::make_heap(best.begin(), best.end(), std::greater<>());  // a min-heap of the top so far
  for (std::size_t w = std::size_t(top); w < approx.size(); ++w)
    if (approx[w] > best.front()) {
      std::pop_heap(best.begin(), best.end(), std::greater<>());
      best.back() = approx[w];
      std::push_heap(best.begin(), best.end(), std::greater<>());
    }
  const double threshold = best.front() - 2 * bound;

  // 3. The candidates, scored exactly (in double) and ranked
  struct Scored {
    double score;
    std::size_t word;
  };
  std::vector<Scored> candidates;
  const std::size_t n = std::size_t(dims);
  for (std::size_t w = 0; w < approx.size(); ++w) {
    if (approx[w] < threshold) continue;
    const std::int8_t* q = vocabulary_.values.data() + w * n;
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) s += double(v[i]) * q[i];
    candidates.push_back({s * inv_norm_[w], w});
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
