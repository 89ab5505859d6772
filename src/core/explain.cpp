#include "core/explain.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

#include "core/errors.h"
#include "core/kernels/kernels.h"
#include "core/random.h"

namespace al {
namespace {

std::vector<float> slice(const Matrix& m, int row, int col0, int len) {
  return std::vector<float>(m.row(row) + col0, m.row(row) + col0 + len);
}

}  // namespace

CellTrace trace_cell(const Analysis& a, int head, int i, int j) {
  const AttentionSteps& s = a.attention;
  const int nq = s.query.rows, nk = s.key.rows;
  if (head < 0 || head >= s.heads || i < 0 || i >= nq || j < 0 || j >= nk)
    throw OptionError("no cell (" + std::to_string(i) + ", " + std::to_string(j) + ") in head " + std::to_string(head));
  CellTrace t;
  t.head = head, t.i = i, t.j = j, t.d_k = s.d_k;
  const int c0 = head * s.d_k;
  t.q = slice(s.query, i, c0, s.d_k);
  t.k = slice(s.key, j, c0, s.d_k);
  for (int c = 0; c < s.d_k; ++c) {
    t.products.push_back(t.q[c] * t.k[c]);
    t.dot += double(t.q[c]) * t.k[c];
    t.query_norm += double(t.q[c]) * t.q[c];
    t.key_norm += double(t.k[c]) * t.k[c];
  }
  t.query_norm = std::sqrt(t.query_norm);
  t.key_norm = std::sqrt(t.key_norm);
  const Matrix& scores = s.scores[head];
  const Matrix& scaled = s.scaled[head];
  t.score = scores(i, j);
  t.scaled = scaled(i, j);
  t.weight = s.weights[head](i, j);
  t.cosine = s.cosine;
  t.divisor = s.divisor;
  t.masked = is_masked(s.mask, i, j);
  t.row_max = -INFINITY;  // over the keys query i may see
  for (int c = 0; c < nk; ++c)
    if (!is_masked(s.mask, i, c)) t.row_max = std::max(t.row_max, double(scaled(i, c)));
  for (int c = 0; c < nk; ++c)
    if (!is_masked(s.mask, i, c)) t.row_sum += std::exp(double(scaled(i, c)) - t.row_max);
  t.exp_value = t.masked ? 0.0 : std::exp(double(t.scaled) - t.row_max);
  t.value = slice(s.value, j, c0, s.d_k);
  for (float v : t.value) t.weighted_value.push_back(t.weight * v);
  t.context = slice(s.context, i, c0, s.d_k);
  t.context_all = slice(s.context, i, 0, s.context.cols);
  t.output = slice(s.output, i, 0, s.output.cols);
  return t;
}

std::vector<float> answer_meaning(const Analysis& a, int query) {
  const AttentionSteps& s = a.attention;
  const Matrix& e = a.keys().words();  // n_k × d: the keys' word vectors, as the layer took them
  if (query < 0 || query >= a.text.embeddings.rows)
    throw OptionError("no query " + std::to_string(query) + " in " + std::to_string(a.text.embeddings.rows) +
                      " tokens");
  std::vector<double> blend(std::size_t(e.cols), 0.0);
  for (int h = 0; h < s.heads; ++h)
    for (int j = 0; j < e.rows; ++j) {
      const double w = s.weights[std::size_t(h)](query, j);
      for (int c = h * s.d_k; c < (h + 1) * s.d_k; ++c) blend[std::size_t(c)] += w * e(j, c);
    }
  return std::vector<float>(blend.begin(), blend.end());
}

RowFocus row_focus(const Matrix& weights, int row, int top) {
  if (row < 0 || row >= weights.rows)
    throw OptionError("no row " + std::to_string(row) + " in " + std::to_string(weights.rows) + " rows of weights");
  RowFocus f;
  f.top = std::max(0, std::min(top, weights.cols));
  std::vector<float> w(weights.row(row), weights.row(row) + weights.cols);
  double entropy = 0;
  for (float v : w)
    if (v > 0) entropy -= double(v) * std::log(double(v));
  f.effective = std::exp(entropy);
  std::partial_sort(w.begin(), w.begin() + f.top, w.end(), std::greater<float>());
  for (int k = 0; k < f.top; ++k) f.top_share += w[std::size_t(k)];
  return f;
}

const char* to_string(HeadHabit habit) {
  static constexpr const char* kNames[kHeadHabitCount] = {"itself", "previous", "next", "first", "last", "elsewhere"};
  return kNames[int(habit)];
}

HeadSummary summarize_head(const Matrix& weights) {
  if (weights.rows != weights.cols)
    throw OptionError("a head's habits need self-attention weights (n × n), not " + std::to_string(weights.rows) +
                      " × " + std::to_string(weights.cols));
  const int n = weights.rows;
  HeadSummary s;
  s.rows = n;
  std::array<int, kHeadHabitCount> count{};
  for (int i = 0; i < n; ++i) {
    const float* w = weights.row(i);
    const int j = int(std::max_element(w, w + n) - w);
    const HeadHabit habit = j == i       ? HeadHabit::Itself
                            : j == i - 1 ? HeadHabit::Previous
                            : j == i + 1 ? HeadHabit::Next
                            : j == 0     ? HeadHabit::First
                            : j == n - 1 ? HeadHabit::Last
                                         : HeadHabit::Elsewhere;
    ++count[std::size_t(habit)];
    s.mean_max += w[j];
    s.mean_effective += row_focus(weights, i, 1).effective;
  }
  if (n == 0) return s;
  s.mean_max /= n;
  s.mean_effective /= n;
  for (int k = 0; k < kHeadHabitCount; ++k) s.habits[std::size_t(k)] = double(count[std::size_t(k)]) / n;
  s.main = HeadHabit(std::max_element(count.begin(), count.end()) - count.begin());
  return s;
}

ScalingStudy study_scaling(const Matrix& x, int d_k, std::uint64_t seed, float temperature, Mask mask) {
  const int n = x.rows, d = x.cols;
  if (d_k < 1 || d_k > 4096) throw OptionError("d_k must be from 1 to 4096, got " + std::to_string(d_k));
  AttentionOptions check;
  check.temperature = temperature;
  validate(check, 1);
  // two random maps (d × d_k), entries uniform in [-a, a] with a² / 3 = 1 / d
  const float a = std::sqrt(3.0f / float(std::max(d, 1)));
  Matrix wq(d, d_k), wk(d, d_k), q(n, d_k), k(n, d_k), scores(n, n);
  SplitMix64 rng(seed);
  for (float& v : wq.data) v = a * rng.uniform(-1.0f, 1.0f);
  for (float& v : wk.data) v = a * rng.uniform(-1.0f, 1.0f);
  kernels::gemm(n, d_k, d, x.data.data(), d, wq.data.data(), d_k, q.data.data(), d_k);  // Q (n × d_k) = X · W_q
  kernels::gemm(n, d_k, d, x.data.data(), d, wk.data.data(), d_k, k.data.data(), d_k);  // K (n × d_k) = X · W_k
  kernels::gemm_nt(n, n, d_k, q.data.data(), d_k, k.data.data(), d_k, scores.data.data(), n);  // Q·Kᵀ
  ScalingStudy st;
  st.d_k = d_k;
  const auto count = static_cast<std::size_t>(n);
  std::vector<float> row(count), weights(count);
  for (int i = 0; i < n; ++i) {
    for (const bool scaled : {false, true}) {
      const float divisor = (scaled ? std::sqrt(float(d_k)) : 1.0f) * temperature;
      double mean = 0, var = 0, entropy = 0;
      int visible = 0;
      for (int j = 0; j < n; ++j) {
        row[std::size_t(j)] = scores(i, j) / divisor;
        if (!is_masked(mask, i, j)) mean += row[std::size_t(j)], ++visible;
      }
      mean /= std::max(visible, 1);
      for (int j = 0; j < n; ++j)
        if (!is_masked(mask, i, j)) var += (row[std::size_t(j)] - mean) * (row[std::size_t(j)] - mean);
      masked_softmax(row.data(), weights.data(), n, i, mask);  // the layer's own softmax
      float largest = 0;
      for (int j = 0; j < n; ++j) {
        const double w = weights[std::size_t(j)];
        largest = std::max(largest, float(w));
        if (w > 0) entropy -= w * std::log2(w);
      }
      (scaled ? st.spread_scaled : st.spread_raw).push_back(float(std::sqrt(var / std::max(visible, 1))));
      (scaled ? st.max_scaled : st.max_raw).push_back(largest);
      (scaled ? st.entropy_scaled : st.entropy_raw).push_back(float(entropy));
    }
  }
  return st;
}

}  // namespace al
