// Training the topic query: the gradient against central finite differences, the corpus
// reader and the split, and a trainer on a synthetic vocabulary whose topics are known.
#include <cmath>
#include <string>
#include <vector>

#include "asset_builder.h"
#include "compare.h"
#include "core/errors.h"
#include "core/random.h"
#include "core/topic/corpus.h"
#include "core/topic/trainer.h"

using al::topic::Layout;
using al::topic::Sample;
using Catch::Matchers::WithinAbs;

namespace {

std::vector<double> random_values(std::size_t n, std::uint64_t seed, double scale) {
  al::SplitMix64 rng(seed);
  std::vector<double> v(n);
  for (double& x : v) x = scale * (2 * rng.uniform_double() - 1);
  return v;
}

}  // namespace

namespace {

using al::topic::Attention;

// The analytic gradient and central differences of the loss, norm-wise relative error of the
// parameters [from, to).
struct GradientCheck {
  std::vector<double> analytic, numeric;
  double error(std::size_t from, std::size_t to) const {
    double diff = 0, norm = 0;
    for (std::size_t i = from; i < to; ++i) {
      diff += (analytic[i] - numeric[i]) * (analytic[i] - numeric[i]);
      norm += numeric[i] * numeric[i];
    }
    return std::sqrt(diff) / std::max(std::sqrt(norm), 1e-12);
  }
};

GradientCheck check(const Layout& L, const std::vector<double>& theta, const std::vector<double>& x, int n, int label,
                    Attention attention) {
  GradientCheck g{std::vector<double>(L.size(), 0.0), std::vector<double>(L.size(), 0.0)};
  al::topic::loss_and_gradient(L, theta.data(), x.data(), n, label, g.analytic.data(), 1.0, attention);
  std::vector<double> t = theta;
  const double h = 1e-5;
  for (std::size_t i = 0; i < t.size(); ++i) {
    t[i] = theta[i] + h;
    const double up = al::topic::loss_and_gradient(L, t.data(), x.data(), n, label, nullptr, 1.0, attention);
    t[i] = theta[i] - h;
    const double down = al::topic::loss_and_gradient(L, t.data(), x.data(), n, label, nullptr, 1.0, attention);
    t[i] = theta[i];
    g.numeric[i] = (up - down) / (2 * h);
  }
  return g;
}

}  // namespace

TEST_CASE("the topic loss's gradient agrees with central finite differences", "[topic][train]") {
  const Layout L{6, 3, 4};
  for (int n : {1, 2, 5})
    for (int label : {0, L.classes - 1}) {  // a topic, and "none" (the match term's class)
      const std::vector<double> theta = random_values(L.size(), std::uint64_t(n + 10 * label), 0.8);
      const std::vector<double> x = random_values(std::size_t(n) * L.d, std::uint64_t(n) * 7, 1.5);
      INFO("n " << n << ", label " << label);
      const GradientCheck learned = check(L, theta, x, n, label, Attention::Learned);
      CHECK(learned.error(0, L.size()) < 1e-6);
      // the baseline: the same classifier on the mean; its query and β get no gradient
      const GradientCheck uniform = check(L, theta, x, n, label, Attention::Uniform);
      CHECK(uniform.error(L.wc(), L.match()) < 1e-6);
      for (std::size_t i = 0; i < L.wc(); ++i) CHECK(uniform.analytic[i] == 0.0);
      CHECK(uniform.analytic[L.match()] == 0.0);
      // frozen: the query learns only through the match term, i.e. as Learned does when the
      // classifier's map W_C is zero (then the blend carries no gradient back)
      std::vector<double> no_map = theta;
      std::fill(no_map.begin() + std::ptrdiff_t(L.wc()), no_map.begin() + std::ptrdiff_t(L.bc()), 0.0);
      std::vector<double> frozen(L.size(), 0.0), plain(L.size(), 0.0);
      al::topic::loss_and_gradient(L, no_map.data(), x.data(), n, label, frozen.data(), 1.0, Attention::Frozen);
      al::topic::loss_and_gradient(L, no_map.data(), x.data(), n, label, plain.data(), 1.0, Attention::Learned);
      for (std::size_t i = 0; i < L.size(); ++i) CHECK_THAT(frozen[i], WithinAbs(plain[i], 1e-15));
      const GradientCheck f = check(L, theta, x, n, label, Attention::Frozen);
      CHECK(f.error(L.wc(), L.size()) < 1e-6);  // the classifier's part is the true gradient
    }
}

TEST_CASE("the topic corpus reader takes four tab-separated fields and names a bad line", "[topic]") {
  const auto s = al::topic::parse_samples("1n\tlaw\twords\tjudge, justice\r\n\n2n\tnone\texample\tthe dog ran\n");
  REQUIRE(s.size() == 2);
  CHECK(s[0].synset == "1n");
  CHECK(s[0].label == "law");
  CHECK(s[0].kind == "words");
  CHECK(s[0].text == "judge, justice");
  CHECK(s[1].text == "the dog ran");
  CHECK_THROWS_WITH(al::topic::parse_samples("1n\tlaw\twords\tok\n2n\tlaw only\n"), Catch::Contains("line 2"));
  CHECK_THROWS_AS(al::topic::parse_samples("1n\t\twords\ttext\n"), al::AssetError);
  const std::vector<Sample> mixed{
      {"1", "none", "w", "a"}, {"2", "law", "w", "b"}, {"3", "music", "w", "c"}, {"4", "law", "w", "d"}};
  CHECK(al::topic::labels_of(mixed) == std::vector<std::string>{"law", "music", "none"});
}

TEST_CASE("the held-out split is a fixed share of the synsets", "[topic]") {
  int held = 0;
  for (int i = 0; i < 20000; ++i) held += al::topic::held_out(std::to_string(i) + "n", 0.1);
  CHECK(held > 1800);
  CHECK(held < 2200);
  CHECK(al::topic::held_out("08441203n", 0.1) == al::topic::held_out("08441203n", 0.1));
  CHECK_FALSE(al::topic::held_out("08441203n", 0.0));
}

namespace {

// A vocabulary of three topics whose words point along their own axes, everyday words along
// a fourth, and distractor words far from all of them (large norms: "rare" words).
struct Synthetic {
  al::EmbeddingStore store;
  std::vector<Sample> samples;
  std::vector<std::string> distractors;
};

Synthetic synthetic() {
  const int d = 8;
  al::SplitMix64 rng(3);
  std::vector<al::test::TestWord> words;
  auto word = [&](const std::string& w, int axis, float scale) {
    std::vector<float> v(static_cast<std::size_t>(d));
    for (float& x : v) x = rng.uniform(-0.3f, 0.3f);
    v[std::size_t(axis)] += scale;
    words.push_back({w, v});
  };
  const std::vector<std::string> topics{"alpha", "beta", "gamma"};
  for (int t = 0; t < 3; ++t)
    for (int k = 0; k < 12; ++k) word(topics[std::size_t(t)] + std::to_string(k), t, 1.0f);
  for (int k = 0; k < 12; ++k) word("plain" + std::to_string(k), 3, 1.0f);
  Synthetic s;
  for (int k = 0; k < 40; ++k) {
    word("rare" + std::to_string(k), 4 + k % 4, 3.0f);
    s.distractors.push_back("rare" + std::to_string(k));
  }
  s.store.add(al::parse_embedding_asset(
      al::test::build_asset(words, al::kCoreShardIndex, 1, std::uint32_t(words.size())), "core.bin"));
  al::test::add_no_shared(s.store);
  // a sample: one topic word among everyday ones; "none": everyday words only
  for (int i = 0; i < 600; ++i) {
    const int t = i % 4;
    std::string text;
    for (int k = 0; k < 3; ++k) text += "plain" + std::to_string(rng.below(12)) + " ";
    if (t < 3) text += topics[std::size_t(t)] + std::to_string(rng.below(12));
    s.samples.push_back({std::to_string(i) + "n", t < 3 ? topics[std::size_t(t)] : "none", "example", text});
  }
  return s;
}

}  // namespace

TEST_CASE("the topic trainer learns known topics, attends to the topic word, and repeats itself", "[topic][train]") {
  const Synthetic s = synthetic();
  al::topic::TopicTrainOptions o;
  o.d_k = 4;
  o.steps = 400;
  o.batch_size = 16;
  o.held_out_fraction = 0.2;
  al::topic::TopicTrainer a(s.store, s.samples, s.distractors, o), b(s.store, s.samples, s.distractors, o);
  REQUIRE(a.labels() == std::vector<std::string>{"alpha", "beta", "gamma", "none"});
  const al::topic::Evaluation before = a.evaluate();
  for (int i = 0; i < o.steps; ++i) {
    a.step();
    b.step();
  }
  const al::topic::Evaluation e = a.evaluate();
  INFO("held-out accuracy " << e.plain.accuracy << " (before " << before.plain.accuracy << "), with distractors "
                            << e.distracted.accuracy << ", prior " << e.prior.accuracy);
  CHECK(e.plain.accuracy > 0.95);
  CHECK(e.distracted.accuracy > 0.9);
  CHECK(e.prior.accuracy < 0.4);
  CHECK(al::topic::serialize_topic_model(a.model()) == al::topic::serialize_topic_model(b.model()));

  // the query's largest weight is on the topic word, not on the rare distractor
  const al::topic::TopicModel m = a.model();
  al::Matrix x(3, 8);
  const char* sentence[] = {"plain1", "rare5", "beta3"};
  for (int i = 0; i < 3; ++i) s.store.lookup(sentence[i], x.row(i));
  const al::topic::TopicResult r = al::topic::about(x, {true, true, true}, m);
  INFO("weights " << r.weights[0] << " " << r.weights[1] << " " << r.weights[2]);
  CHECK(r.weights[2] > r.weights[1]);
  CHECK(r.weights[2] > r.weights[0]);
  CHECK(r.label == 1);

  o.uniform = true;  // the baseline trains too, its attention fixed
  al::topic::TopicTrainer mean(s.store, s.samples, s.distractors, o);
  for (int i = 0; i < o.steps; ++i) mean.step();
  const al::topic::TopicModel mm = mean.model();
  for (float q : mm.query) CHECK(q == 0.0f);
  CHECK(mean.evaluate().plain.accuracy > 0.5);
}

TEST_CASE("the topic trainer refuses options out of range and a corpus without topics", "[topic][train]") {
  const Synthetic s = synthetic();
  al::topic::TopicTrainOptions o;
  o.d_k = 0;
  CHECK_THROWS_AS(al::topic::TopicTrainer(s.store, s.samples, s.distractors, o), al::OptionError);
  o = {};
  o.none_share = 1.0;
  CHECK_THROWS_AS(al::topic::TopicTrainer(s.store, s.samples, s.distractors, o), al::OptionError);
  const std::vector<Sample> only_none{{"1n", "none", "w", "plain1 plain2"}};
  CHECK_THROWS_AS(al::topic::TopicTrainer(s.store, only_none, s.distractors, {}), al::OptionError);
}
