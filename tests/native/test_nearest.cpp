// The nearest-word search against a brute force in double: the cosine of the query with every
// word's dequantized vector (int8 and refinement, as the pipeline looks it up), or with that
// vector without the shared direction, P(w) = (w − μ) − Σ_k (u_k · (w − μ)) u_k, computed here
// directly; ranked (ties: the earlier, more frequent word). The vocabularies are built to be hard
// for a coarse first pass: many words a hair apart in direction.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "asset_builder.h"
#include "compare.h"
#include "core/errors.h"
#include "core/nearest.h"
#include "core/shared_direction.h"

namespace {

using al::test::TestWord;

struct Expected {
  std::size_t word;
  double similarity;
};

// shared: the space without the shared direction, or nullptr for GloVe's own
std::vector<Expected> brute_force(const al::EmbeddingAsset& asset, const std::vector<float>& v, int k,
                                  const al::SharedDirection* shared) {
  std::vector<Expected> all;
  double vn = 0;
  for (float x : v) vn += double(x) * x;
  std::vector<float> full(asset.dims);
  for (std::size_t i = 0; i < asset.words.size(); ++i) {
    asset.dequantize(i, full.data());
    std::vector<double> w(full.begin(), full.end());
    if (shared) {
      for (std::size_t j = 0; j < w.size(); ++j) w[j] -= shared->mean[j];
      std::vector<double> p = w;
      for (int c = 0; c < shared->count(); ++c) {
        double along = 0;
        for (std::size_t j = 0; j < w.size(); ++j) along += shared->component(c)[j] * w[j];
        for (std::size_t j = 0; j < w.size(); ++j) p[j] -= along * shared->component(c)[j];
      }
      w = p;
    }
    double dot = 0, wn = 0;
    for (std::size_t j = 0; j < asset.dims; ++j) {
      dot += double(v[j]) * w[j];
      wn += w[j] * w[j];
    }
    all.push_back({i, wn > 0 ? dot / std::sqrt(vn * wn) : 0.0});
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const Expected& a, const Expected& b) { return a.similarity > b.similarity; });
  all.resize(std::min(all.size(), std::size_t(k)));
  return all;
}

// words: a few directions, each with many copies nudged by noise of the given size
al::EmbeddingAsset crowded_vocabulary(int dims, int directions, int copies, float noise, std::uint32_t seed) {
  std::vector<TestWord> words;
  for (int d = 0; d < directions; ++d) {
    const std::vector<float> base = al::test::random_vector(dims, seed + std::uint32_t(d));
    for (int c = 0; c < copies; ++c) {
      std::vector<float> v = base;
      const std::vector<float> nudge =
          al::test::random_vector(dims, seed * 7919u + std::uint32_t(d * copies + c), noise);
      for (int i = 0; i < dims; ++i) v[std::size_t(i)] += nudge[std::size_t(i)];
      words.push_back({"w" + std::to_string(d) + "_" + std::to_string(c), v});
    }
  }
  words.push_back({"zero", std::vector<float>(std::size_t(dims), 0.0f)});
  return al::parse_embedding_asset(al::test::build_asset(words, al::kCoreShardIndex, 4, 1000), "test core");
}

// A shared direction of `count` orthonormal components (Gram-Schmidt of seeded random vectors)
// and a mean as long as a word vector, as the build script's is.
al::SharedDirection random_shared(int dims, int count, std::uint32_t seed, std::uint32_t vocab_size) {
  std::vector<std::vector<float>> components;
  for (int c = 0; c < count; ++c) {
    std::vector<double> u(static_cast<std::size_t>(dims));
    const std::vector<float> r = al::test::random_vector(dims, seed + 31u * std::uint32_t(c));
    for (int i = 0; i < dims; ++i) u[std::size_t(i)] = r[std::size_t(i)];
    for (const auto& prev : components) {
      double along = 0;
      for (int i = 0; i < dims; ++i) along += prev[std::size_t(i)] * u[std::size_t(i)];
      for (int i = 0; i < dims; ++i) u[std::size_t(i)] -= along * prev[std::size_t(i)];
    }
    double n = 0;
    for (double x : u) n += x * x;
    std::vector<float> unit;
    for (double x : u) unit.push_back(float(x / std::sqrt(n)));
    components.push_back(unit);
  }
  return al::parse_shared_direction(
      al::test::build_shared(al::test::random_vector(dims, seed * 13u + 7u), components, vocab_size), "shared");
}

// got[i] must be a word whose exact similarity is the i-th best one (words of one direction
// quantized to the same vector tie exactly, and either may come first), all distinct
void check_query(const al::EmbeddingAsset& asset, const al::NearestWords& nearest, const std::vector<float>& v, int k,
                 const al::SharedDirection* shared) {
  const auto got = nearest.query(v.data(), int(v.size()), k, shared != nullptr);
  const auto all = brute_force(asset, v, int(asset.words.size()), shared);
  const auto want = brute_force(asset, v, k, shared);
  REQUIRE(got.size() == want.size());
  std::vector<std::string> seen;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const auto exact =
        std::find_if(all.begin(), all.end(), [&](const Expected& e) { return asset.words[e.word] == got[i].word; });
    REQUIRE(exact != all.end());
    INFO("k " << k << ", place " << i << ": got " << got[i].word << " (" << exact->similarity << "), want "
              << asset.words[want[i].word] << " (" << want[i].similarity << ")");
    REQUIRE(std::abs(exact->similarity - want[i].similarity) <= 1e-12);
    REQUIRE(std::abs(got[i].similarity - want[i].similarity) <= 1e-6);
    REQUIRE(std::find(seen.begin(), seen.end(), got[i].word) == seen.end());
    seen.push_back(got[i].word);
  }
}

}  // namespace

TEST_CASE("nearest words are the exact top k of a double brute force, among words a hair apart, in both spaces",
          "[nearest]") {
  for (int dims : {3, 8, 9, 100}) {
    const auto asset = crowded_vocabulary(dims, 5, 60, 0.002f, std::uint32_t(dims));
    const al::SharedDirection shared = random_shared(dims, std::min(dims - 1, 3), 40u + std::uint32_t(dims), 1000);
    const al::NearestWords nearest(asset, shared);
    for (const al::SharedDirection* space : {static_cast<const al::SharedDirection*>(nullptr), &shared})
      for (std::uint32_t q = 0; q < 12; ++q) {
        std::vector<float> v = al::test::random_vector(dims, 500u + q);
        if (q % 3 == 1) v = al::test::random_vector(dims, std::uint32_t(dims) + q % 5);  // along a crowded direction
        if (q % 3 == 2)
          for (float& x : v) x *= 1e-20f;  // tiny, yet not zero
        for (int k : {1, 5, 40}) check_query(asset, nearest, v, k, space);
      }
  }
}

TEST_CASE("without the shared direction, a word's own vector without it finds that word", "[nearest]") {
  const auto asset = crowded_vocabulary(100, 8, 4, 0.5f, 3);
  const al::SharedDirection shared = random_shared(100, 3, 9, 1000);
  const al::NearestWords nearest(asset, shared);
  std::vector<float> v(100);
  asset.dequantize(17, v.data());
  shared.remove(v.data());
  const auto got = nearest.query(v.data(), 100, 3, true);
  REQUIRE(got.size() == 3);
  REQUIRE(got[0].word == asset.words[17]);
  REQUIRE(got[0].similarity > 0.99999f);
  // the same vector read in GloVe's own space is another question, with another answer
  REQUIRE(nearest.query(v.data(), 100, 1, false).at(0).similarity < 0.999f);
}

TEST_CASE("a word's own vector finds that word; zero, empty or wrong-sized queries find nothing or throw",
          "[nearest]") {
  const auto asset = crowded_vocabulary(100, 8, 4, 0.5f, 3);
  const al::SharedDirection shared = random_shared(100, 2, 5, 1000);
  const al::NearestWords nearest(asset, shared);
  std::vector<float> v(100);
  asset.dequantize(17, v.data());
  const auto got = nearest.query(v.data(), 100, 3, false);
  REQUIRE(got.size() == 3);
  REQUIRE(got[0].word == asset.words[17]);
  REQUIRE(got[0].similarity > 0.99999f);  // the full vector, as the pipeline looks it up
  for (bool removed : {false, true}) {
    REQUIRE(nearest.query(std::vector<float>(100, 0.0f).data(), 100, 5, removed).empty());
    REQUIRE(nearest.query(v.data(), 100, 0, removed).empty());
  }
  // a vector wholly along the shared direction's components has nothing left to compare
  REQUIRE(nearest.query(shared.component(1), 100, 5, true).empty());
  REQUIRE_FALSE(nearest.query(shared.component(1), 100, 5, false).empty());
  v[3] = INFINITY;
  REQUIRE(nearest.query(v.data(), 100, 5, false).empty());
  REQUIRE(nearest.query(v.data(), 100, 5, true).empty());
  REQUIRE_THROWS_AS(nearest.query(v.data(), 99, 5, false), al::OptionError);
  // more than there are words: every word, ranked
  for (const al::SharedDirection* space : {static_cast<const al::SharedDirection*>(nullptr), &shared}) {
    check_query(asset, nearest, std::vector<float>(100, 1.0f), 1000, space);
    REQUIRE(nearest.query(std::vector<float>(100, 1.0f).data(), 100, 1000, space != nullptr).size() ==
            asset.words.size());
  }
}
