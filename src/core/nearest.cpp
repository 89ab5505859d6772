#include "core/nearest.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/errors.h"

namespace al {

NearestWords::NearestWords(const EmbeddingAsset& vocabulary) : vocabulary_(vocabulary) {
  const int words = int(vocabulary.words.size()), dims = int(vocabulary.dims);
  std::vector<float> unit(std::size_t(words) * dims);
  for (int w = 0; w < words; ++w) {
    float* u = unit.data() + std::size_t(w) * dims;
    vocabulary.dequantize(std::size_t(w), u);
    double norm = 0;
    for (int i = 0; i < dims; ++i) norm += double(u[i]) * u[i];
    const float inv = norm > 0 ? float(1.0 / std::sqrt(norm)) : 0.0f;
    for (int i = 0; i < dims; ++i) u[i] *= inv;
  }
  kernels::pack_bt(dims, words, unit.data(), dims, unit_t_);
}

std::vector<Neighbor> NearestWords::query(const float* v, int dims, int k) const {
  if (dims != int(vocabulary_.dims))
    throw OptionError("the vector has " + std::to_string(dims) + " dimensions, the vocabulary " +
                      std::to_string(vocabulary_.dims));
  double norm = 0;
  for (int i = 0; i < dims; ++i) norm += double(v[i]) * v[i];
  if (!(norm > 0) || !std::isfinite(norm) || k <= 0) return {};
  // similarities (1 × words) = v (1 × dims) · unit vectorsᵀ (dims × words), then ÷ |v|
  std::vector<float> sim(std::size_t(unit_t_.n));
  kernels::gemm_packed(1, v, dims, unit_t_, sim.data(), unit_t_.n);
  const float inv = float(1.0 / std::sqrt(norm));
  std::vector<int> order(sim.size());
  std::iota(order.begin(), order.end(), 0);
  const int top = std::min<int>(k, int(order.size()));
  std::partial_sort(order.begin(), order.begin() + top, order.end(),
                    [&](int a, int b) { return sim[std::size_t(a)] > sim[std::size_t(b)]; });
  std::vector<Neighbor> out;
  for (int i = 0; i < top; ++i) {
    const auto w = std::size_t(order[std::size_t(i)]);
    out.push_back({vocabulary_.words[w], std::clamp(sim[w] * inv, -1.0f, 1.0f), vocabulary_.ranks[w]});
  }
  return out;
}

}  // namespace al
