// The recurrent network's influence (core/recurrent.h): its Jacobians against central finite
// differences in double, the geometric fade its scaled W_h guarantees, and the shares that the
// "why attention" view shows beside attention's.
#include <cmath>
#include <string>

#include "asset_builder.h"
#include "compare.h"
#include "core/errors.h"
#include "core/recurrent.h"
#include "core/reference.h"

using al::DMatrix;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

// X = U(-1, 1) + positional encoding (n × d), as the pipeline builds its input.
DMatrix sentence(int n, int d, std::uint32_t seed) {
  DMatrix x = al::reference::to_double(al::test::random_matrix(n, d, seed));
  const DMatrix pe = al::reference::positional_encoding(n, d);
  for (std::size_t i = 0; i < x.data.size(); ++i) x.data[i] += pe.data[i];
  return x;
}

double frobenius(const DMatrix& m) {
  double s = 0;
  for (double v : m.data) s += v * v;
  return std::sqrt(s);
}

double sum(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return s;
}

// a store of 8-d words, all in the core file
const al::EmbeddingStore& store() {
  static const al::EmbeddingStore s = [] {
    std::vector<al::test::TestWord> words;
    const char* names[] = {"hi", "how", "are", "you", "i", "am", "fine", "today"};
    const al::Matrix v = al::test::random_matrix(8, 8, 91, -1, 1);
    for (int i = 0; i < 8; ++i) words.push_back({names[i], std::vector<float>(v.row(i), v.row(i) + 8)});
    al::EmbeddingStore st;
    st.add(al::parse_embedding_asset(al::test::build_asset(words, al::kCoreShardIndex, 4, 8), "core.bin"));
    al::test::add_no_shared(st);
    return st;
  }();
  return s;
}

al::Analysis run(const std::string& text, int heads, al::Mask mask = al::Mask::None) {
  al::PipelineOptions o;
  o.attention.heads = heads;
  o.attention.mask = mask;
  return al::analyze(text, store(), al::prepare(al::random_weights(8, 3)), o);
}

}  // namespace

TEST_CASE("the recurrent Jacobians equal central finite differences of the last state", "[recurrent]") {
  const int n = 7, d = 10;
  const al::RecurrentNet net = al::recurrent_net(d, 5);
  DMatrix x = sentence(n, d, 11);
  const std::vector<DMatrix> jac = al::recurrent_jacobians(x, net);
  REQUIRE(jac.size() == std::size_t(n));
  const double eps = 1e-5;
  double worst = 0;
  for (int j = 0; j < n; ++j)
    for (int c = 0; c < d; ++c) {
      const double keep = x(j, c);
      x(j, c) = keep + eps;
      const std::vector<double> up = al::recurrent_last_state(x, net);
      x(j, c) = keep - eps;
      const std::vector<double> down = al::recurrent_last_state(x, net);
      x(j, c) = keep;
      for (int r = 0; r < al::kRecurrentHidden; ++r)
        worst = std::max(worst,
                         std::abs((up[std::size_t(r)] - down[std::size_t(r)]) / (2 * eps) - jac[std::size_t(j)](r, c)));
    }
  INFO("largest difference from the finite differences: " << worst);
  REQUIRE(worst < 1e-8);
}

TEST_CASE("the influence norms are the Jacobians' Frobenius norms", "[recurrent]") {
  const al::RecurrentNet net = al::recurrent_net(100, 2);
  const DMatrix x = sentence(30, 100, 4);
  const std::vector<double> norms = al::recurrent_influence(x, net);
  const std::vector<DMatrix> jac = al::recurrent_jacobians(x, net);
  for (std::size_t j = 0; j < jac.size(); ++j) {
    INFO("word " << j);
    REQUIRE_THAT(norms[j], WithinRel(frobenius(jac[j]), 1e-9) || WithinAbs(0, 1e-300));
  }
}

TEST_CASE("W_h is the radius times an orthogonal matrix: every singular value is kRecurrentRadius < 1", "[recurrent]") {
  STATIC_REQUIRE(al::kRecurrentRadius < 1.0);
  const double r2 = al::kRecurrentRadius * al::kRecurrentRadius;
  for (std::uint64_t seed : {0u, 1u, 42u}) {
    const al::RecurrentNet net = al::recurrent_net(100, seed);
    REQUIRE(net.w_h.rows == al::kRecurrentHidden);
    REQUIRE(net.w_x.cols == 100);
    double worst = 0;  // W_hᵀ W_h = ρ² I
    for (int i = 0; i < al::kRecurrentHidden; ++i)
      for (int j = 0; j < al::kRecurrentHidden; ++j) {
        double dot = 0;
        for (int r = 0; r < al::kRecurrentHidden; ++r) dot += net.w_h(r, i) * net.w_h(r, j);
        worst = std::max(worst, std::abs(dot - (i == j ? r2 : 0.0)));
      }
    INFO("seed " << seed << ": largest entry of W_hᵀ W_h − ρ² I: " << worst);
    REQUIRE(worst < 1e-12);
    REQUIRE_THAT(al::spectral_norm(net.w_h), WithinRel(al::kRecurrentRadius, 1e-12));
    REQUIRE_THAT(al::reference::spectral_norm(net.w_h), WithinRel(al::kRecurrentRadius, 1e-12));
  }
}

TEST_CASE("the power iteration's spectral norm is the SVD's", "[recurrent]") {
  for (std::uint64_t seed : {0u, 1u, 42u}) {  // Gaussian H × d maps: σ₁ and σ₂ apart by a few percent
    const al::RecurrentNet net = al::recurrent_net(100, seed);
    INFO("seed " << seed);
    REQUIRE_THAT(al::spectral_norm(net.w_x), WithinRel(al::reference::spectral_norm(net.w_x), 1e-9));
  }
  DMatrix m(3, 2);  // σ = 5 and 1, by hand: rows (3, 0), (0, 1), (4, 0)
  m(0, 0) = 3;
  m(1, 1) = 1;
  m(2, 0) = 4;
  REQUIRE_THAT(al::spectral_norm(m), WithinRel(5.0, 1e-12));
  REQUIRE(al::spectral_norm(DMatrix(4, 4)) == 0);  // zero
  REQUIRE(al::spectral_norm(DMatrix(0, 3)) == 0);  // empty
}

TEST_CASE("an early word's influence fades geometrically with its distance from the end", "[recurrent]") {
  const int n = 40;
  const al::RecurrentNet net = al::recurrent_net(100, 7);
  const std::vector<double> norms = al::recurrent_influence(sentence(n, 100, 9), net);
  const double bound = std::sqrt(double(al::kRecurrentHidden)) * al::reference::spectral_norm(net.w_x);
  for (int j = 0; j < n; ++j) {
    INFO("word " << j << ": " << norms[std::size_t(j)]);
    REQUIRE(norms[std::size_t(j)] <= bound * std::pow(al::kRecurrentRadius, n - 1 - j) * (1 + 1e-12));
  }
  // each of the first 10 words has less influence than any of the last 10
  for (int j = 0; j < 10; ++j)
    for (int k = n - 10; k < n; ++k) REQUIRE(norms[std::size_t(j)] < norms[std::size_t(k)]);
  REQUIRE(norms[0] < 1e-3 * norms[n - 1]);
}

TEST_CASE("both influences are shares that sum to 1, and attention's is the last row's weights", "[recurrent]") {
  for (al::Mask mask : {al::Mask::None, al::Mask::Causal, al::Mask::Self})
    for (int heads : {1, 2, 4}) {
      const al::Analysis a = run("hi how are you today i am fine", heads, mask);
      const al::InfluenceStudy s = al::study_influence(a, 1);
      INFO("heads " << heads << " mask " << al::to_string(mask));
      REQUIRE(s.recurrent.size() == 8);
      REQUIRE_THAT(sum(s.recurrent_share), WithinAbs(1.0, 1e-12));
      REQUIRE_THAT(sum(s.attention_share), WithinAbs(1.0, 1e-6));
      for (int j = 0; j < 8; ++j) {
        double mean = 0;
        for (const al::Matrix& w : a.attention.weights) mean += w(7, j) / double(heads);
        REQUIRE_THAT(s.attention_share[std::size_t(j)], WithinAbs(mean, 1e-6));
        REQUIRE_THAT(s.recurrent_share[std::size_t(j)],
                     WithinRel(s.recurrent[std::size_t(j)] / sum(s.recurrent), 1e-12));
      }
      REQUIRE(s.first_half == 4);
      REQUIRE_THAT(s.recurrent_first_half,
                   WithinAbs(sum({s.recurrent_share.begin(), s.recurrent_share.begin() + 4}), 1e-15));
      REQUIRE_THAT(s.attention_first_half,
                   WithinAbs(sum({s.attention_share.begin(), s.attention_share.begin() + 4}), 1e-15));
      REQUIRE(s.recurrent_share[0] < s.recurrent_share[7]);
      REQUIRE_THAT(s.radius, WithinRel(al::kRecurrentRadius, 1e-12));
    }
}

TEST_CASE("one word holds all of both influences; no words give empty lists", "[recurrent]") {
  const al::InfluenceStudy one = al::study_influence(run("fine", 2), 3);
  REQUIRE(one.recurrent.size() == 1);
  REQUIRE(one.recurrent[0] > 0);
  REQUIRE(one.recurrent_share == std::vector<double>{1.0});
  REQUIRE(one.attention_share == std::vector<double>{1.0});
  REQUIRE(one.first_half == 0);
  REQUIRE(one.recurrent_first_half == 0);

  const al::InfluenceStudy none = al::study_influence(run("", 1), 3);
  REQUIRE(none.recurrent.empty());
  REQUIRE(none.recurrent_share.empty());
  REQUIRE(none.attention_share.empty());
  REQUIRE(none.radius > 0);

  const al::RecurrentNet net = al::recurrent_net(8, 3);
  REQUIRE(al::recurrent_last_state(DMatrix(0, 8), net) == std::vector<double>(al::kRecurrentHidden, 0.0));
  REQUIRE(al::recurrent_jacobians(DMatrix(0, 8), net).empty());
}

TEST_CASE("the seed fixes the network; cross-attention and a wrong input size are refused", "[recurrent]") {
  const al::Analysis a = run("hi how are you", 1);
  REQUIRE(al::study_influence(a, 5).recurrent == al::study_influence(a, 5).recurrent);
  REQUIRE(al::study_influence(a, 5).recurrent != al::study_influence(a, 6).recurrent);
  al::PipelineOptions o;
  o.attention.mask = al::kCrossAttentionMask;
  const al::Analysis cross =
      al::analyze_cross("i am fine", "hi how are you", store(), al::prepare(al::random_weights(8, 3)), o);
  REQUIRE_THROWS_AS(al::study_influence(cross, 1), al::OptionError);
  REQUIRE_THROWS_AS(al::recurrent_influence(DMatrix(3, 7), al::recurrent_net(8, 1)), al::OptionError);
  REQUIRE_THROWS_AS(al::recurrent_net(0, 1), al::OptionError);
}
