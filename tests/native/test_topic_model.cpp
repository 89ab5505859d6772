// The topic query's forward (core/topic/model.h) against a plain double reference, its edge
// cases (no word, a saturated softmax, the threshold) and its file format.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "compare.h"
#include "core/bytes.h"
#include "core/errors.h"
#include "core/random.h"
#include "core/topic/model.h"

using al::Matrix;
using al::test::random_matrix;
using al::topic::TopicModel;
using Catch::Matchers::WithinAbs;

namespace {

TopicModel random_model(int d, int d_k, int classes, std::uint32_t seed, float query_scale = 1.0f) {
  std::vector<std::string> labels;
  for (int c = 0; c + 1 < classes; ++c) labels.push_back("topic" + std::to_string(c));
  labels.emplace_back("none");
  TopicModel m = al::topic::empty_model(d, d_k, labels);
  al::SplitMix64 rng(seed);
  for (std::vector<float>* v : {&m.wk.data, &m.bk, &m.wc.data, &m.bc})
    for (float& f : *v) f = rng.uniform(-1.0f, 1.0f);
  for (float& f : m.query) f = query_scale * rng.uniform(-1.0f, 1.0f);
  return m;
}

// The model's formulas in double with plain loops, written out once more.
struct Reference {
  std::vector<double> weights, probabilities;
};
Reference reference(const Matrix& x, const std::vector<bool>& used, const TopicModel& m) {
  const int n = x.rows, C = m.classes();
  std::vector<double> s(std::size_t(n), -INFINITY);
  for (int i = 0; i < n; ++i) {
    if (!used[std::size_t(i)]) continue;
    double dot = 0;
    for (int j = 0; j < m.d_k; ++j) {
      double u = m.bk[std::size_t(j)];
      for (int c = 0; c < m.d; ++c) u += double(x(i, c)) * m.wk(c, j);
      dot += double(m.query[std::size_t(j)]) * std::tanh(u);
    }
    s[std::size_t(i)] = dot / std::sqrt(double(m.d_k));
  }
  double max = -INFINITY, sum = 0;
  for (double v : s) max = std::max(max, v);
  Reference r;
  r.weights.assign(std::size_t(n), 0.0);
  for (int i = 0; i < n; ++i)
    if (used[std::size_t(i)]) sum += r.weights[std::size_t(i)] = std::exp(s[std::size_t(i)] - max);
  for (double& w : r.weights) w /= sum;
  std::vector<double> z(static_cast<std::size_t>(C));
  for (int k = 0; k < C; ++k) {
    z[std::size_t(k)] = m.bc[std::size_t(k)];
    for (int c = 0; c < m.d; ++c) {
      double h = 0;
      for (int i = 0; i < n; ++i) h += r.weights[std::size_t(i)] * x(i, c);
      z[std::size_t(k)] += h * m.wc(c, k);
    }
  }
  max = -INFINITY;
  sum = 0;
  for (double v : z) max = std::max(max, v);
  for (double& v : z) sum += v = std::exp(v - max);
  for (double v : z) r.probabilities.push_back(v / sum);
  return r;
}

double max_error(const std::vector<float>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  double e = 0;
  for (std::size_t i = 0; i < got.size(); ++i) e = std::max(e, std::abs(double(got[i]) - want[i]));
  return e;
}

}  // namespace

TEST_CASE("the topic query's weights and probabilities agree with a double reference", "[topic]") {
  // key lengths around the kernels' widths; some words without a vector
  for (int d_k : {1, 3, 4, 5, 8, 9, 32}) {
    for (int n : {1, 2, 7, 17}) {
      const int d = 12, C = 5;
      const TopicModel m = random_model(d, d_k, C, std::uint32_t(100 * d_k + n));
      const Matrix x = random_matrix(n, d, std::uint32_t(7 * n + d_k), -2.0f, 2.0f);
      std::vector<bool> used(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) used[std::size_t(i)] = n == 1 || i % 3 != 1;
      const al::topic::TopicResult r = al::topic::about(x, used, m);
      const Reference want = reference(x, used, m);
      INFO("d_k " << d_k << ", n " << n);
      CHECK(max_error(r.weights, want.weights) < 2e-6);
      CHECK(max_error(r.probabilities, want.probabilities) < 2e-6);
      double total = 0;
      for (int i = 0; i < n; ++i) {
        if (!used[std::size_t(i)]) CHECK(r.weights[std::size_t(i)] == 0.0f);
        total += r.weights[std::size_t(i)];
      }
      CHECK_THAT(total, WithinAbs(1.0, 1e-6));
    }
  }
}

TEST_CASE("the topic query's softmax stays finite on scores that would overflow exp", "[topic]") {
  const TopicModel m = random_model(6, 4, 3, 9, 1e4f);  // scores of order 1e4
  const Matrix x = random_matrix(5, 6, 3, -3.0f, 3.0f);
  const al::topic::TopicResult r = al::topic::about(x, std::vector<bool>(5, true), m);
  const Reference want = reference(x, std::vector<bool>(5, true), m);
  double total = 0;
  for (float w : r.weights) {
    REQUIRE(std::isfinite(w));
    total += w;
  }
  CHECK_THAT(total, WithinAbs(1.0, 1e-6));
  // float scores of order 1e4 are rounded by ~1e-3: the weights follow within about that
  CHECK(max_error(r.weights, want.weights) < 2e-3);
  const auto top = std::max_element(r.weights.begin(), r.weights.end()) - r.weights.begin();
  CHECK(top == std::max_element(want.weights.begin(), want.weights.end()) - want.weights.begin());
}

TEST_CASE("a sentence without a word that has a vector gets no topic and uniform scores", "[topic]") {
  const TopicModel m = random_model(6, 4, 4, 1);
  const al::topic::TopicResult r = al::topic::about(random_matrix(3, 6, 2), {false, false, false}, m);
  CHECK(r.label == -1);
  for (float w : r.weights) CHECK(w == 0.0f);
  for (float p : r.probabilities) CHECK_THAT(p, WithinAbs(0.25, 1e-7));
  for (float a : r.answer) CHECK(a == 0.0f);
  const al::topic::TopicResult empty = al::topic::about(Matrix(0, 6), {}, m);
  CHECK(empty.label == -1);
  CHECK(empty.weights.empty());
}

TEST_CASE("the label is the best topic only when it reaches the threshold and beats none", "[topic]") {
  TopicModel m = random_model(4, 2, 3, 5);
  std::fill(m.wc.data.begin(), m.wc.data.end(), 0.0f);
  const Matrix x = random_matrix(2, 4, 8);
  const std::vector<bool> used{true, true};
  m.bc = {2.0f, 0.0f, 0.0f};  // p ≈ 0.79 for topic 0
  CHECK(al::topic::about(x, used, m).label == 0);
  m.threshold = 0.8f;
  CHECK(al::topic::about(x, used, m).label == -1);
  CHECK(al::topic::about(x, used, m).best == 0);
  m.threshold = 0.3f;
  m.bc = {1.0f, 0.0f, 1.5f};  // "none" is the most probable class
  CHECK(al::topic::about(x, used, m).label == -1);
}

TEST_CASE("a topic model survives its file format and a damaged file is refused", "[topic]") {
  TopicModel m = random_model(5, 3, 4, 11);
  m.threshold = 0.6f;
  const std::string bytes = al::topic::serialize_topic_model(m);
  const TopicModel back = al::topic::parse_topic_model(bytes, "t");
  CHECK(back.labels == m.labels);
  CHECK(back.threshold == m.threshold);
  CHECK(back.wk.data == m.wk.data);
  CHECK(back.query == m.query);
  CHECK(back.wc.data == m.wc.data);
  CHECK(back.bc == m.bc);
  using al::AssetError;
  CHECK_THROWS_AS(al::topic::parse_topic_model(bytes.substr(0, bytes.size() - 4), "t"), AssetError);
  CHECK_THROWS_AS(al::topic::parse_topic_model(bytes + "xxxx", "t"), AssetError);
  CHECK_THROWS_AS(al::topic::parse_topic_model("ALWT" + bytes.substr(4), "t"), AssetError);
  CHECK_THROWS_AS(al::topic::parse_topic_model(bytes.substr(0, 10), "t"), AssetError);
  std::string nan = bytes;
  const float bad = NAN;
  std::memcpy(&nan[nan.size() - 4], &bad, 4);
  CHECK_THROWS_WITH(al::topic::parse_topic_model(nan, "t"), Catch::Contains("outside"));
  std::string wrong_threshold = bytes;
  const float two = 2.0f;
  std::memcpy(&wrong_threshold[20], &two, 4);
  CHECK_THROWS_WITH(al::topic::parse_topic_model(wrong_threshold, "t"), Catch::Contains("threshold"));
  CHECK_THROWS_AS(al::topic::about(random_matrix(2, 6, 1), {true, true}, m), al::OptionError);  // width 6, not 5
}
