#include <algorithm>
#include <cmath>
#include <string>

#include "compare.h"
#include "core/attention.h"
#include "core/errors.h"

using al::AttentionOptions;
using al::Mask;
using al::Matrix;
using al::Similarity;
using al::test::random_matrix;
namespace ref = al::reference;

namespace {

void check_against_reference(int nq, int nk, int d, const AttentionOptions& o, const al::AttentionWeights& w,
                             std::uint32_t seed) {
  const Matrix xq = random_matrix(nq, d, seed, -2, 2);
  const Matrix xkv = nq == nk ? xq : random_matrix(nk, d, seed + 100, -2, 2);  // self- or cross-attention
  const al::AttentionSteps got = al::attention_forward(xq, xkv, w, o);
  const ref::Steps want = ref::attention_forward(xq, xkv, w, o);
  INFO("n_q=" << nq << " n_k=" << nk << " d=" << d << " heads=" << o.heads << " scale=" << o.scale
              << " T=" << o.temperature << " cosine=" << (o.similarity == Similarity::Cosine)
              << " mask=" << al::to_string(o.mask));
  REQUIRE(got.d_k == d / o.heads);
  REQUIRE_CLOSE(got.query, want.query, 1e-5);
  REQUIRE_CLOSE(got.key, want.key, 1e-5);
  REQUIRE_CLOSE(got.value, want.value, 1e-5);
  REQUIRE(got.weights.size() == std::size_t(o.heads));
  for (int h = 0; h < o.heads; ++h) {
    REQUIRE_CLOSE(got.scores[h], want.scores[h], 1e-5);
    REQUIRE_CLOSE(got.scaled[h], want.scaled[h], 1e-5);
    REQUIRE_CLOSE(got.weights[h], want.weights[h], 1e-5);
  }
  REQUIRE_CLOSE(got.context, want.context, 1e-5);
  REQUIRE_CLOSE(got.output, want.output, 1e-5);
}

}  // namespace

TEST_CASE("every step of the forward matches the double reference at sizes around 4 and 8", "[attention]") {
  for (int n : {1, 3, 4, 5, 7, 8, 9, 17})
    for (int d : {4, 8, 12, 20})
      for (int heads : {1, 2, 4}) {
        if (d % heads) continue;
        AttentionOptions o;
        o.heads = heads;
        check_against_reference(n, n, d, o, al::random_weights(d, std::uint64_t(n * 31 + d)), std::uint32_t(n + d));
      }
}

TEST_CASE("every option combination matches the reference", "[attention]") {
  for (bool scale : {true, false})
    for (float temperature : {0.25f, 1.0f, 3.0f})
      for (Similarity sim : {Similarity::Dot, Similarity::Cosine})
        for (Mask mask : {Mask::None, Mask::Causal, Mask::Self}) {
          AttentionOptions o;
          o.heads = 5;
          o.scale = scale;
          o.temperature = temperature;
          o.similarity = sim;
          o.mask = mask;
          check_against_reference(9, 9, 20, o, al::random_weights(20, 3), 5);
          check_against_reference(9, 9, 20, o, al::identity_weights(20), 6);
        }
}

TEST_CASE("cross-attention takes queries from one input and keys and values from another", "[attention]") {
  for (auto [nq, nk] : {std::pair{3, 8}, std::pair{8, 3}, std::pair{1, 17}, std::pair{9, 4}}) {
    AttentionOptions o;
    o.heads = 2;
    check_against_reference(nq, nk, 8, o, al::random_weights(8, 1), 9);
    const al::AttentionSteps s =
        al::attention_forward(random_matrix(nq, 8, 1), random_matrix(nk, 8, 2), al::identity_weights(8), o);
    REQUIRE(s.weights[0].rows == nq);
    REQUIRE(s.weights[0].cols == nk);
    REQUIRE(s.output.rows == nq);
  }
}

TEST_CASE("every weights row sums to 1 and is non-negative", "[attention]") {
  for (Mask mask : {Mask::None, Mask::Causal}) {
    AttentionOptions o;
    o.heads = 4;
    o.mask = mask;
    const al::AttentionSteps s = al::attention_forward(random_matrix(13, 16, 4, -3, 3), random_matrix(13, 16, 4, -3, 3),
                                                       al::random_weights(16, 8), o);
    for (const Matrix& w : s.weights)
      for (int i = 0; i < w.rows; ++i) {
        double sum = 0;
        for (int j = 0; j < w.cols; ++j) {
          REQUIRE(w(i, j) >= 0.0f);
          sum += w(i, j);
        }
        REQUIRE_THAT(sum, Catch::Matchers::WithinAbs(1.0, 1e-5));
      }
  }
}

TEST_CASE("the causal mask gives keys after the query a weight of exactly 0", "[attention]") {
  AttentionOptions o;
  o.mask = Mask::Causal;
  o.heads = 2;
  const Matrix x = random_matrix(9, 8, 12);
  const al::AttentionSteps s = al::attention_forward(x, x, al::identity_weights(8), o);
  for (const Matrix& w : s.weights)
    for (int i = 0; i < 9; ++i)
      for (int j = 0; j < 9; ++j) {
        if (j > i)
          REQUIRE(w(i, j) == 0.0f);
        else
          REQUIRE(w(i, j) > 0.0f);
      }
  REQUIRE(s.weights[0](0, 0) == 1.0f);  // the first word can only look at itself
}

TEST_CASE("identity weights give weights = softmax(X·Xᵀ / √d_k)", "[attention]") {
  const int n = 7, d = 12;
  const Matrix x = random_matrix(n, d, 21, -2, 2);
  const al::AttentionSteps s = al::attention_forward(x, x, al::identity_weights(d), AttentionOptions{});
  for (int i = 0; i < n; ++i) {
    std::vector<double> row(n);
    for (int j = 0; j < n; ++j) {
      double dot = 0;
      for (int c = 0; c < d; ++c) dot += double(x(i, c)) * x(j, c);
      row[std::size_t(j)] = dot / std::sqrt(double(d));
    }
    row = ref::softmax(row);
    for (int j = 0; j < n; ++j) REQUIRE_THAT(s.weights[0](i, j), Catch::Matchers::WithinAbs(row[std::size_t(j)], 1e-6));
  }
  REQUIRE_CLOSE(s.output, ref::to_double(s.context), 0);  // W_O = I: output is the context
}

TEST_CASE("cosine similarity of a zero vector is 0, and scores stay within [-1, 1]", "[attention]") {
  Matrix x = random_matrix(5, 8, 30, -4, 4);
  for (int c = 0; c < 8; ++c) x(2, c) = 0.0f;  // an unknown word's zero vector
  AttentionOptions o;
  o.similarity = Similarity::Cosine;
  const al::AttentionSteps s = al::attention_forward(x, x, al::identity_weights(8), o);
  for (int j = 0; j < 5; ++j) {
    REQUIRE(s.scores[0](2, j) == 0.0f);
    REQUIRE(s.scores[0](j, 2) == 0.0f);
  }
  for (float v : s.scores[0].data) REQUIRE(std::abs(v) <= 1.0f + 1e-6f);
  REQUIRE_THAT(s.scores[0](0, 0), Catch::Matchers::WithinAbs(1.0, 1e-6));
}

TEST_CASE("options outside their values are refused with a clear message", "[attention]") {
  const Matrix x = random_matrix(3, 100, 1);
  AttentionOptions o;
  o.heads = 3;
  REQUIRE_THROWS_WITH(al::attention_forward(x, x, al::identity_weights(100), o),
                      "heads must divide the model width 100 (one of 1, 2, 4, 5, 10, 20, 25, 50, 100), got 3");
  o.heads = 1;
  for (float t : {0.0f, -1.0f, 1e-7f, 2e6f, std::nanf("")}) {
    o.temperature = t;
    REQUIRE_THROWS_AS(al::attention_forward(x, x, al::identity_weights(100), o), al::OptionError);
  }
  o.temperature = 1.0f;
  o.mask = Mask::Causal;
  REQUIRE_THROWS_WITH(al::attention_forward(x, random_matrix(4, 100, 2), al::identity_weights(100), o),
                      Catch::Contains("self-attention only"));
}

TEST_CASE("extreme temperatures and huge scores give finite weights", "[attention]") {
  const Matrix x = random_matrix(6, 8, 40, -300, 300);  // scores up to ~10^5
  for (float t : {1e-6f, 1e-3f, 1.0f, 1e3f, 1e6f}) {
    AttentionOptions o;
    o.temperature = t;
    const al::AttentionSteps s = al::attention_forward(x, x, al::identity_weights(8), o);
    for (float v : s.weights[0].data) REQUIRE(std::isfinite(v));
    for (float v : s.output.data) REQUIRE(std::isfinite(v));
  }
}

TEST_CASE("an empty input gives empty steps", "[attention]") {
  const al::AttentionSteps s = al::attention_forward(Matrix(0, 8), Matrix(0, 8), al::identity_weights(8), {});
  REQUIRE(s.weights[0].rows == 0);
  REQUIRE(s.output.rows == 0);
}

TEST_CASE("a self mask gives each word's own key a weight of exactly 0 and the rest sum to 1", "[attention]") {
  for (int n : {2, 3, 4, 5, 8, 9}) {
    AttentionOptions o;
    o.mask = Mask::Self;
    const al::AttentionSteps s =
        al::attention_forward(random_matrix(n, 8, 3), random_matrix(n, 8, 3), al::identity_weights(8), o);
    for (int i = 0; i < n; ++i) {
      double sum = 0;
      for (int j = 0; j < n; ++j) sum += s.weights[0](i, j);
      REQUIRE(s.weights[0](i, i) == 0.0f);
      REQUIRE(std::abs(sum - 1) < 1e-6);
      REQUIRE(std::abs(s.scaled[0](i, i) - s.scores[0](i, i) / s.divisor) < 1e-5f);  // the score itself is kept
    }
  }
  // one word alone has nothing else to attend to: no weight at all, a zero context
  AttentionOptions o;
  o.mask = Mask::Self;
  const al::AttentionSteps one =
      al::attention_forward(random_matrix(1, 8, 1), random_matrix(1, 8, 1), al::identity_weights(8), o);
  REQUIRE(one.weights[0](0, 0) == 0.0f);
  for (float v : one.context.data) REQUIRE(v == 0.0f);
  REQUIRE_THROWS_AS(al::attention_forward(random_matrix(2, 8, 1), random_matrix(3, 8, 1), al::identity_weights(8), o),
                    al::OptionError);
}

TEST_CASE("scaled cosine scores are the cosines times 10, so a cosine filter is not flat", "[attention]") {
  AttentionOptions o;
  o.similarity = Similarity::Cosine;
  const Matrix x = random_matrix(12, 100, 4);
  const al::AttentionSteps s = al::attention_forward(x, x, al::identity_weights(100), o);
  REQUIRE(s.divisor == 1.0f / al::kCosineScale);
  double smallest_max = 1;
  for (int i = 0; i < 12; ++i) {
    float largest = 0;
    for (int j = 0; j < 12; ++j) largest = std::max(largest, s.weights[0](i, j));
    smallest_max = std::min(smallest_max, double(largest));
    REQUIRE(std::abs(s.scaled[0](i, i) - 10.0f * s.scores[0](i, i)) < 1e-4);
  }
  // a word's own cosine is 1 and the others' near 0: each row puts most of its weight on itself,
  // where ÷√d_k would have left every weight within a few percent of 1/12
  INFO("smallest largest weight of a row: " << smallest_max);
  REQUIRE(smallest_max > 0.5);
}

TEST_CASE("masked_softmax, the fast path, hides exactly the keys is_masked names, at n below, at and above 4 and 8",
          "[attention]") {
  for (al::Mask mask : {al::Mask::None, al::Mask::Causal, al::Mask::Self})
    for (int n : {1, 3, 4, 5, 8, 9, 17}) {
      const al::Matrix s = al::test::random_matrix(n, n, 7, -30, 30);
      for (int i = 0; i < n; ++i) {
        std::vector<float> row(s.row(i), s.row(i) + n), weights(std::size_t(n), -1.0f);
        al::masked_softmax(row.data(), weights.data(), n, i, mask);
        REQUIRE(std::equal(row.begin(), row.end(), s.row(i)));  // the scores are put back
        double max = -INFINITY, sum = 0;
        for (int j = 0; j < n; ++j)
          if (!al::is_masked(mask, i, j)) max = std::max(max, double(s(i, j)));
        for (int j = 0; j < n; ++j)
          if (!al::is_masked(mask, i, j)) sum += std::exp(double(s(i, j)) - max);
        for (int j = 0; j < n; ++j) {
          CAPTURE(al::to_string(mask), n, i, j);
          if (al::is_masked(mask, i, j))
            REQUIRE(weights[std::size_t(j)] == 0.0f);
          else
            REQUIRE(std::abs(weights[std::size_t(j)] - std::exp(double(s(i, j)) - max) / sum) < 1e-6);
        }
      }
    }
}
