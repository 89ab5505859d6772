#include <cmath>

#include "asset_builder.h"
#include "compare.h"
#include "core/errors.h"
#include "core/explain.h"
#include "core/steps.h"

using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

// a store of 8-d words, all in the core file
const al::EmbeddingStore& store() {
  static const al::EmbeddingStore s = [] {
    std::vector<al::test::TestWord> words;
    const char* names[] = {"the", "king", "queen", "rules", "over", "seven", "kingdoms", "winter"};
    const al::Matrix v = al::test::random_matrix(8, 8, 77, -1, 1);
    for (int i = 0; i < 8; ++i) words.push_back({names[i], std::vector<float>(v.row(i), v.row(i) + 8)});
    al::EmbeddingStore st;
    st.add(al::parse_embedding_asset(al::test::build_asset(words, al::kCoreShardIndex, 4, 8), "core.bin"));
    al::test::add_no_shared(st);
    return st;
  }();
  return s;
}

al::Analysis run(const char* text, int heads, al::Mask mask = al::Mask::None, int masked = -1,
                 al::Similarity sim = al::Similarity::Dot) {
  al::PipelineOptions o;
  o.attention.heads = heads;
  o.attention.mask = mask;
  o.attention.similarity = sim;
  o.attention.temperature = 0.7f;
  o.masked_token = masked;
  return al::analyze(text, store(), al::prepare(al::random_weights(8, 5)), o);
}

}  // namespace

TEST_CASE("a cell's trace adds up to the forward's own score, scaled score and weight", "[explain]") {
  for (al::Mask mask : {al::Mask::None, al::Mask::Causal})
    for (int heads : {1, 2, 4}) {
      const al::Analysis a = run("the king rules over seven kingdoms", heads, mask);
      for (int h = 0; h < heads; ++h)
        for (int i = 0; i < 6; ++i)
          for (int j = 0; j < 6; ++j) {
            const al::CellTrace t = al::trace_cell(a, h, i, j);
            INFO("head " << h << " cell " << i << "," << j);
            REQUIRE(t.q.size() == std::size_t(8 / heads));
            double sum = 0;
            for (std::size_t c = 0; c < t.q.size(); ++c) sum += double(t.q[c]) * t.k[c];
            REQUIRE_THAT(t.dot, WithinAbs(sum, 1e-9));
            REQUIRE_THAT(double(t.score), WithinAbs(t.dot, 1e-5 * std::max(1.0, std::abs(t.dot))));
            REQUIRE_THAT(double(t.scaled), WithinAbs(t.score / t.divisor, 1e-5));
            REQUIRE(t.masked == (mask == al::Mask::Causal && j > i));
            REQUIRE_THAT(double(t.weight), WithinAbs(t.exp_value / t.row_sum, 1e-6));
            for (std::size_t c = 0; c < t.value.size(); ++c) REQUIRE(t.weighted_value[c] == t.weight * t.value[c]);
            REQUIRE(t.output.size() == 8);
          }
    }
}

TEST_CASE("with cosine similarity a trace shows the norms that divide the dot product", "[explain]") {
  const al::Analysis a = run("king queen winter", 1, al::Mask::None, -1, al::Similarity::Cosine);
  const al::CellTrace t = al::trace_cell(a, 0, 0, 2);
  REQUIRE(t.cosine);
  REQUIRE_THAT(double(t.score), WithinAbs(t.dot / (t.query_norm * t.key_norm), 1e-6));
}

TEST_CASE("context i is the weighted sum of the values, and a trace out of range is refused", "[explain]") {
  const al::Analysis a = run("the king rules", 2);
  std::vector<double> sum(4, 0.0);
  for (int j = 0; j < 3; ++j) {
    const al::CellTrace t = al::trace_cell(a, 1, 2, j);
    for (int c = 0; c < 4; ++c) sum[std::size_t(c)] += t.weighted_value[std::size_t(c)];
  }
  const al::CellTrace t = al::trace_cell(a, 1, 2, 0);
  for (int c = 0; c < 4; ++c) REQUIRE_THAT(sum[std::size_t(c)], WithinAbs(t.context[std::size_t(c)], 1e-5));
  REQUIRE_THROWS_AS(al::trace_cell(a, 2, 0, 0), al::OptionError);
  REQUIRE_THROWS_AS(al::trace_cell(a, 0, 3, 0), al::OptionError);
}

TEST_CASE("a masked token's embedding row is zero and only that row", "[explain]") {
  const al::Analysis a = run("the king rules over", 1, al::Mask::None, 1);
  REQUIRE(a.text.masked_token == 1);
  for (int c = 0; c < 8; ++c) REQUIRE(a.text.embeddings(1, c) == 0.0f);
  const al::Analysis b = run("the king rules over", 1);
  REQUIRE(b.text.embeddings(1, 0) != 0.0f);
  REQUIRE(a.text.embeddings(2, 3) == b.text.embeddings(2, 3));
}

TEST_CASE("without ÷√d_k the score spread grows like √d_k; with it, it does not", "[explain]") {
  const al::Matrix x = al::test::random_matrix(24, 100, 3, -1, 1);
  auto mean = [](const std::vector<float>& v) {
    double s = 0;
    for (float f : v) s += f;
    return s / double(v.size());
  };
  const al::ScalingStudy small = al::study_scaling(x, 4, 1, 1.0f, al::Mask::None);
  const al::ScalingStudy large = al::study_scaling(x, 256, 1, 1.0f, al::Mask::None);
  const double growth = mean(large.spread_raw) / mean(small.spread_raw);
  REQUIRE_THAT(growth, WithinRel(8.0, 0.35));  // √(256 / 4) = 8
  REQUIRE_THAT(mean(large.spread_scaled) / mean(small.spread_scaled), WithinRel(1.0, 0.35));
  REQUIRE(mean(large.max_raw) > mean(large.max_scaled));  // unscaled saturates
  REQUIRE(mean(large.entropy_raw) < mean(large.entropy_scaled));
  for (float e : large.entropy_scaled) REQUIRE(e <= std::log2(24.0f) + 1e-4f);
}

TEST_CASE("a row's focus is n effective keys when uniform, 1 when one-hot, with the top keys' share", "[explain]") {
  al::Matrix w(2, 8);
  for (int j = 0; j < 8; ++j) w(0, j) = 1.0f / 8;
  w(1, 3) = 1.0f;
  const al::RowFocus uniform = al::row_focus(w, 0, 5), one = al::row_focus(w, 1, 5);
  REQUIRE(std::abs(uniform.effective - 8) < 1e-5);
  REQUIRE(std::abs(uniform.top_share - 5.0 / 8) < 1e-6);
  REQUIRE(one.effective == 1.0);
  REQUIRE(one.top_share == 1.0);
  REQUIRE(al::row_focus(w, 0, 20).top == 8);  // at most every key
  REQUIRE_THROWS_AS(al::row_focus(w, 2, 5), al::OptionError);
}

TEST_CASE("the answer's meaning blends the keys' word vectors by each head's weights, without positions", "[explain]") {
  using al::test::TestWord;
  const std::vector<TestWord> core{{"wheat", {1, 0, 0, 0}}, {"corn", {0.9f, 0.1f, 0, 0}}, {"iron", {0, 0, 1, 0}}};
  al::EmbeddingStore store;
  for (const std::string& f : al::test::build_vocabulary(core, {}, 2, {0, 0, 0, 1}))
    store.add(al::parse_embedding_asset(f, "f"));
  al::test::add_no_shared(store);
  al::PipelineOptions o;
  o.attention.heads = 2;
  const al::Analysis a = al::analyze("wheat corn iron", store, al::prepare(al::identity_weights(4)), o);
  const std::vector<float> m = al::answer_meaning(a, 0);
  REQUIRE(m.size() == 4);
  for (int c = 0; c < 4; ++c) {
    const int h = c / 2;
    double want = 0;
    for (int j = 0; j < 3; ++j) want += double(a.attention.weights[std::size_t(h)](0, j)) * a.text.embeddings(j, c);
    REQUIRE(std::abs(m[std::size_t(c)] - want) < 1e-6);
  }
  REQUIRE_THROWS_AS(al::answer_meaning(a, 3), al::OptionError);
}

TEST_CASE("a head that looks at the word before is summarized as previous, with its spread", "[explain]") {
  // rows 1..4 put 0.7 on the word before and 0.1 on three others; row 0 has no word before: itself
  const int n = 5;
  al::Matrix w(n, n);
  for (int i = 0; i < n; ++i) {
    const int top = i == 0 ? 0 : i - 1;
    for (int j = 0; j < n; ++j) w(i, j) = j == top ? 0.6f : 0.1f;
  }
  const al::HeadSummary s = al::summarize_head(w);
  CHECK(s.rows == n);
  CHECK(s.main == al::HeadHabit::Previous);
  CHECK_THAT(s.habits[std::size_t(al::HeadHabit::Previous)], WithinAbs(0.8, 1e-12));
  CHECK_THAT(s.habits[std::size_t(al::HeadHabit::Itself)], WithinAbs(0.2, 1e-12));
  CHECK_THAT(s.mean_max, WithinAbs(0.6, 1e-6));
  const double effective = std::exp(-(0.6 * std::log(0.6) + 4 * 0.1 * std::log(0.1)));
  CHECK_THAT(s.mean_effective, WithinRel(effective, 1e-6));
  double total = 0;
  for (double h : s.habits) total += h;
  CHECK_THAT(total, WithinAbs(1.0, 1e-12));
  CHECK(std::string(al::to_string(s.main)) == "previous");
}

TEST_CASE("a head's habits count the first and last words, and refuse cross-attention's shape", "[explain]") {
  al::Matrix last(4, 4), uniform(3, 3);
  for (int i = 0; i < 4; ++i) last(i, 3) = 1.0f;  // every row on the last word
  const al::HeadSummary s = al::summarize_head(last);
  // rows 0 and 1: last; row 2: next (3 = 2 + 1); row 3: itself
  CHECK_THAT(s.habits[std::size_t(al::HeadHabit::Last)], WithinAbs(0.5, 1e-12));
  CHECK_THAT(s.habits[std::size_t(al::HeadHabit::Next)], WithinAbs(0.25, 1e-12));
  CHECK_THAT(s.habits[std::size_t(al::HeadHabit::Itself)], WithinAbs(0.25, 1e-12));
  CHECK(s.main == al::HeadHabit::Last);
  CHECK_THAT(s.mean_effective, WithinAbs(1.0, 1e-12));
  for (float& v : uniform.data) v = 1.0f / 3;
  CHECK_THAT(al::summarize_head(uniform).mean_effective, WithinRel(3.0, 1e-6));
  CHECK_THROWS_AS(al::summarize_head(al::Matrix(2, 3)), al::OptionError);
  CHECK(al::summarize_head(al::Matrix(0, 0)).rows == 0);
}

TEST_CASE("the scaling study softmaxes over the keys the mask lets a word see, as the layer does", "[explain]") {
  const al::Matrix x = al::test::random_matrix(6, 100, 3, -1, 1);
  const al::ScalingStudy none = al::study_scaling(x, 64, 1, 1.0f, al::Mask::None);
  const al::ScalingStudy self = al::study_scaling(x, 64, 1, 1.0f, al::Mask::Self);
  const al::ScalingStudy causal = al::study_scaling(x, 64, 1, 1.0f, al::Mask::Causal);
  REQUIRE(causal.max_raw[0] == 1.0f);  // the first word sees only itself
  REQUIRE(causal.entropy_raw[0] == 0.0f);
  REQUIRE(self.entropy_raw[0] > 0.0f);  // and under the self mask, everyone but itself
  for (std::size_t i = 0; i < 6; ++i) REQUIRE(self.entropy_scaled[i] <= std::log2(5.0f) + 1e-4f);
  REQUIRE(self.spread_raw != none.spread_raw);
  const al::ScalingStudy one =
      al::study_scaling(al::test::random_matrix(1, 100, 3, -1, 1), 64, 1, 1.0f, al::Mask::Self);
  REQUIRE(one.max_raw[0] == 0.0f);  // a lone word under the self mask sees nothing
  REQUIRE(one.spread_raw[0] == 0.0f);
}
