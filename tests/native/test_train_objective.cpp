// The masked-word objective and the trainer, on a tiny synthetic vocabulary (no generated assets).
#include <cmath>
#include <string>

#include "asset_builder.h"
#include "compare.h"
#include "core/errors.h"
#include "core/positional.h"
#include "core/reference.h"
#include "core/train/trainer.h"

using al::Matrix;
using al::test::TestWord;
using al::train::Example;
using al::train::Objective;
using Catch::Matchers::WithinAbs;

namespace {

// Entries 0 and ±1 only: the int8 quantization keeps them exact.
const std::vector<TestWord> kWords = {
    {"cat", {1, 0, 0, 0}}, {"dog", {0, 1, 0, 0}}, {"sat", {1, 1, 0, 0}},
    {"mat", {0, 0, 1, 0}}, {"on", {0, 0, 0, 1}},  {"the", {0, 0, 1, 1}},
};

al::EmbeddingStore store_of(const std::vector<TestWord>& words) {
  al::EmbeddingStore store;
  store.add(al::parse_embedding_asset(al::test::build_asset(words, al::kCoreShardIndex, 1, std::uint32_t(words.size())),
                                      "core.bin"));
  al::test::add_no_shared(store);
  return store;
}

const std::vector<std::string> kSentence = {"the", "cat", "sat", "on", "the", "mat"};

}  // namespace

TEST_CASE("the input has the hidden row zero before the positional encoding is added", "[train]") {
  const al::EmbeddingStore store = store_of(kWords);
  const Objective plain(store, {false, 1.0f});
  const Matrix x = plain.input({kSentence, 1});
  REQUIRE(x.rows == 6);
  REQUIRE(std::vector<float>(x.row(1), x.row(1) + 4) == std::vector<float>(4, 0.0f));
  REQUIRE(std::vector<float>(x.row(2), x.row(2) + 4) == std::vector<float>{1, 1, 0, 0});  // "sat"
  REQUIRE(std::vector<float>(x.row(5), x.row(5) + 4) == std::vector<float>{0, 0, 1, 0});  // "mat"

  const Objective positional(store, {true, 0.5f});
  const Matrix xp = positional.input({kSentence, 1});
  const Matrix pe = al::positional_encoding(6, 4);
  for (int c = 0; c < 4; ++c) {
    REQUIRE(xp(1, c) == 0.5f * pe(1, c));
    REQUIRE(xp(2, c) == x(2, c) + 0.5f * pe(2, c));
  }
}

TEST_CASE("a sentence is usable with at least 4 known tokens and a core word to hide", "[train]") {
  const al::EmbeddingStore store = store_of(kWords);
  const Objective objective(store, {});
  const auto s = objective.usable("The cat sat on the mat.");
  REQUIRE(s);
  REQUIRE(s->words == std::vector<std::string>{"the", "cat", "sat", "on", "the", "mat", "."});
  REQUIRE(s->maskable == std::vector<int>{0, 1, 2, 3, 4, 5});  // not the full stop
  REQUIRE(objective.usable("the cat sat on zyx"));
  REQUIRE_FALSE(objective.usable("the cat sat zyx ."));  // 3 known tokens
  REQUIRE_FALSE(objective.usable(""));
  REQUIRE_THROWS_AS(objective.input({kSentence, 6}), al::OptionError);
  REQUIRE_THROWS_AS(objective.input({{"zyx", "cat", "sat", "on"}, 0}), al::OptionError);  // not a core word
}

TEST_CASE("loss and rank of an output against the tiny vocabulary are the hand-computed ones", "[train]") {
  const al::EmbeddingStore store = store_of(kWords);
  const Objective objective(store, {});
  REQUIRE(objective.vocabulary_size() == 6);
  const float o[4] = {1, 1, 0, 0};
  const auto hide = [](const std::string& w) { return Example{{w, "on", "the", "mat"}, 0}; };
  // cosines with o: cat 1/√2, dog 1/√2, sat 1, mat 0, on 0, the 0
  REQUIRE_THAT(objective.loss(o, hide("cat")), WithinAbs(1 - std::sqrt(0.5), 1e-7));
  REQUIRE(objective.rank(o, hide("cat")) == 2);  // only "sat" is closer; "dog" ties and does not count
  REQUIRE_THAT(objective.loss(o, hide("sat")), WithinAbs(0.0, 1e-7));
  REQUIRE(objective.rank(o, hide("sat")) == 1);
  REQUIRE_THAT(objective.loss(o, hide("mat")), WithinAbs(1.0, 1e-7));
  REQUIRE(objective.rank(o, hide("mat")) == 4);  // cat, dog, sat
  const float opposite[4] = {-1, -1, 0, 0};
  REQUIRE_THAT(objective.loss(opposite, hide("sat")), WithinAbs(2.0, 1e-7));
  REQUIRE(objective.rank(opposite, hide("sat")) == 6);
  const float zero[4] = {0, 0, 0, 0};
  float grad[4] = {9, 9, 9, 9};
  REQUIRE(objective.loss(zero, hide("cat"), grad) == 1.0);
  REQUIRE(std::vector<float>(grad, grad + 4) == std::vector<float>(4, 0.0f));
  REQUIRE(objective.rank(zero, hide("cat")) == 6);  // a zero output ranks last
}

TEST_CASE("the loss's gradient matches central differences", "[train]") {
  const al::EmbeddingStore store = store_of(kWords);
  const Objective objective(store, {});
  const Example e{kSentence, 2};              // "sat"
  float o[4] = {0.25f, -1.25f, 0.75f, 2.0f};  // multiples of 2^-10: o ± h is exact
  float grad[4];
  objective.loss(o, e, grad, 2.0);  // scaled by 2
  const float h = 1.0f / 1024;
  for (int i = 0; i < 4; ++i) {
    const float saved = o[i];
    o[i] = saved + h;
    const double up = objective.loss(o, e);
    o[i] = saved - h;
    const double down = objective.loss(o, e);
    o[i] = saved;
    REQUIRE_THAT(grad[i], WithinAbs(2.0 * (up - down) / (2.0 * h), 2e-6));
  }
}

TEST_CASE("the batch loss under identity weights is the hand-computed mean", "[train]") {
  // Without positions the hidden row is 0, so its query is 0: equal weights on both tokens.
  //   {cat*, sat}: output = (0 + sat) / 2 = (.5, .5, 0, 0); cos with cat = 1/√2
  //   {dog, mat*}: output = (dog + 0) / 2 = (0, .5, 0, 0);  cos with mat = 0
  const al::EmbeddingStore store = store_of(kWords);
  const Objective objective(store, {false, 1.0f});
  const std::vector<Example> batch = {{{"cat", "sat"}, 0}, {{"dog", "mat"}, 1}};
  const double loss = objective.batch_loss(al::prepare(al::identity_weights(4)), {}, batch);
  REQUIRE_THAT(loss, WithinAbs((1 - std::sqrt(0.5) + 1) / 2, 1e-6));
}

namespace {

// 8 one-hot words; each sentence is 4 words in cyclic order, so a hidden word follows from its neighbours.
al::EmbeddingStore cyclic_store() {
  std::vector<TestWord> words;
  for (int i = 0; i < 8; ++i) {
    std::vector<float> v(8, 0.0f);
    v[std::size_t(i)] = 1.0f;
    words.push_back({"w" + std::to_string(i), v});
  }
  return store_of(words);
}

std::vector<std::string> cyclic_corpus() {
  std::vector<std::string> out;
  for (int i = 0; i < 80; ++i) {
    std::string s;
    for (int k = 0; k < 4; ++k) s += (k ? " w" : "w") + std::to_string((i + k) % 8);
    out.push_back(s);
  }
  return out;
}

al::train::TrainOptions small_options() {
  al::train::TrainOptions o;
  o.attention.heads = 2;
  o.learning_rate = 0.02f;
  o.batch_size = 8;
  o.held_out_fraction = 0.25;
  o.seed = 42;
  return o;
}

}  // namespace

TEST_CASE("the trainer lowers the held-out loss on a learnable synthetic corpus", "[train]") {
  const al::EmbeddingStore store = cyclic_store();
  al::train::Trainer trainer(store, cyclic_corpus(), small_options());
  REQUIRE(trainer.usable_sentences() == 80);
  REQUIRE(trainer.held_out().size() == 20);
  REQUIRE(trainer.train_sentences() == 60);
  const al::train::Evaluation before = trainer.evaluate(trainer.weights(), 1000);
  REQUIRE(before.examples == 20);
  double first = 0, last = 0;
  for (int s = 0; s < 400; ++s) {
    const double loss = trainer.step();
    if (s < 20) first += loss / 20;
    if (s >= 380) last += loss / 20;
  }
  REQUIRE(trainer.steps() == 400);
  REQUIRE(trainer.epochs() == 400 * 8 / 60);
  const al::train::Evaluation after = trainer.evaluate(trainer.weights(), 1000);
  INFO("train loss " << first << " -> " << last << "; held-out loss " << before.mean_loss << " -> " << after.mean_loss
                     << ", top-1 " << before.top1 << " -> " << after.top1);
  REQUIRE(last < 0.5 * first);
  REQUIRE(after.mean_loss < 0.5 * before.mean_loss);
  REQUIRE(after.top1 > before.top1);
}

TEST_CASE("training is deterministic for a seed and differs for another seed", "[train]") {
  const al::EmbeddingStore store = cyclic_store();
  const std::vector<std::string> corpus = cyclic_corpus();
  al::train::Trainer a(store, corpus, small_options()), b(store, corpus, small_options());
  for (int s = 0; s < 5; ++s) REQUIRE(a.step() == b.step());
  REQUIRE(a.weights().wq.data == b.weights().wq.data);
  REQUIRE(a.weights().wo.data == b.weights().wo.data);
  REQUIRE(a.held_out()[3].masked == b.held_out()[3].masked);

  al::train::Trainer c(store, corpus, small_options());
  c.initialize(7);
  c.step();
  REQUIRE(c.weights().wq.data != a.weights().wq.data);
  a.initialize(42);  // back to the start: the same first step as a fresh trainer
  al::train::Trainer fresh(store, corpus, small_options());
  REQUIRE(a.step() == fresh.step());
  REQUIRE(a.weights().wk.data == fresh.weights().wk.data);
}

TEST_CASE("the trainer refuses options it cannot train with", "[train]") {
  const al::EmbeddingStore store = cyclic_store();
  auto options = small_options();
  options.attention.heads = 3;  // does not divide 8
  REQUIRE_THROWS_AS(al::train::Trainer(store, cyclic_corpus(), options), al::OptionError);
  options = small_options();
  options.batch_size = 0;
  REQUIRE_THROWS_AS(al::train::Trainer(store, cyclic_corpus(), options), al::OptionError);
  REQUIRE_THROWS_AS(al::train::Trainer(store, {"w1 w2"}, small_options()), al::OptionError);
}

TEST_CASE("a constant output is scored like any other: one-hot w0 ranks first exactly for the hidden w0s", "[train]") {
  const al::EmbeddingStore store = cyclic_store();
  const al::train::Trainer trainer(store, cyclic_corpus(), small_options());
  std::vector<float> w0(8, 0.0f);
  w0[0] = 1.0f;
  double hidden_w0 = 0;
  for (const Example& e : trainer.held_out()) hidden_w0 += e.words[std::size_t(e.masked)] == "w0";
  const al::train::Evaluation ev = trainer.evaluate_constant(w0, 1000);
  REQUIRE(hidden_w0 > 0);
  REQUIRE_THAT(ev.top1, WithinAbs(hidden_w0 / 20, 1e-12));
  REQUIRE(ev.top10 == 1.0);  // 8 words: every target is in the first 10
  // The mean target: one-hot words, each sentence's weight 1 spread over its 4 words.
  const std::vector<float> mean = trainer.mean_target();
  double sum = 0;
  for (float v : mean) {
    REQUIRE(v > 0.0f);
    sum += v;
  }
  REQUIRE_THAT(sum, WithinAbs(1.0, 1e-6));
}

TEST_CASE("with decay_steps the learning rate falls linearly, so late steps barely move the weights", "[train]") {
  const al::EmbeddingStore store = cyclic_store();
  auto decayed = small_options();
  decayed.decay_steps = 1;  // step 1 at the full rate, then 0.1% of it
  al::train::Trainer constant(store, cyclic_corpus(), small_options()), falling(store, cyclic_corpus(), decayed);
  constant.step();
  falling.step();
  REQUIRE(constant.weights().wq.data == falling.weights().wq.data);  // step 1: the same rate
  const auto moved = [](al::train::Trainer& t) {
    const std::vector<float> before = t.weights().wv.data;
    t.step();
    double max_step = 0;
    for (std::size_t i = 0; i < before.size(); ++i)
      max_step = std::max(max_step, double(std::abs(t.weights().wv.data[i] - before[i])));
    return max_step;
  };
  const double full = moved(constant), small = moved(falling);
  INFO("largest change in step 2: constant rate " << full << ", decayed " << small);
  REQUIRE(small <= 0.002 * full);
  REQUIRE(small > 0);
}

TEST_CASE("the training objective takes its inputs and its targets without the shared direction", "[shared][train]") {
  const float r = 1.0f / std::sqrt(2.0f);
  const std::vector<TestWord> words = {{"the", {1.5f, 1.0f, 0.5f, -0.5f}}, {"judge", {0.2f, -1.0f, 2.0f, 0.5f}}};
  al::EmbeddingStore store;
  store.add(al::parse_embedding_asset(al::test::build_asset(words, al::kCoreShardIndex, 1, 2), "core.bin"));
  store.add_shared(al::parse_shared_direction(
      al::test::build_shared({0.5f, -0.25f, 1.0f, 0.0f}, {{r, r, 0, 0}, {0, 0, r, -r}}, 2), "shared.bin"));
  const al::train::Objective objective(store, {});
  const al::train::Example e{{"the", "judge", "sent", "thief"}, 1};
  const al::Matrix x = objective.input(e);
  const al::Matrix pe = al::positional_encoding(4, 4);
  std::vector<float> the(4);
  store.lookup("the", the.data());
  const std::vector<double> want = al::reference::without_shared({the.begin(), the.end()}, store.shared());
  for (int c = 0; c < 4; ++c) {
    REQUIRE_THAT(x(0, c), WithinAbs(want[std::size_t(c)] + 0.1 * pe(0, c), 1e-6));
    REQUIRE_THAT(x(1, c), WithinAbs(0.1 * pe(1, c), 1e-6));  // the hidden word: its position only
    REQUIRE_THAT(x(2, c), WithinAbs(0.1 * pe(2, c), 1e-6));  // no vector: zero, not minus the mean
  }
  // the target: the hidden word's vector without the shared direction, unit length
  std::vector<float> judge(4);
  store.lookup("judge", judge.data());
  std::vector<double> t = al::reference::without_shared({judge.begin(), judge.end()}, store.shared());
  double n = 0;
  for (double v : t) n += v * v;
  const float* unit = objective.unit_vector(objective.vocabulary_index("judge"));
  for (int c = 0; c < 4; ++c) REQUIRE_THAT(unit[c], WithinAbs(t[std::size_t(c)] / std::sqrt(n), 1e-6));
}
