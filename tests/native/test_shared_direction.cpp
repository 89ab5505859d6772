// The word space without the shared direction (src/core/shared_direction.h): the file, the map
// against its double reference, and every path of the pipeline taking its words through it (one
// text, cross-attention; the training objective's in test_train_objective.cpp).
#include <cmath>
#include <string>
#include <vector>

#include "asset_builder.h"
#include "compare.h"
#include "core/analyze.h"
#include "core/embedding_files.h"
#include "core/errors.h"
#include "core/options.h"
#include "core/positional.h"
#include "core/reference.h"
#include "core/shared_direction.h"
#include "core/train/options.h"
#include "random_data.h"

using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;

namespace {

constexpr int kDims = 6;

// a mean along every axis and two orthonormal components
std::string shared_file(std::uint32_t vocab_size) {
  const float r = 1.0f / std::sqrt(2.0f);
  return al::test::build_shared({0.5f, -0.25f, 1.0f, 0.0f, 0.75f, -1.0f}, {{r, r, 0, 0, 0, 0}, {0, 0, 0, 0, r, -r}},
                                vocab_size);
}

const std::vector<al::test::TestWord> kWords = {
    {"the", {1.5f, 1.0f, 0.5f, -0.5f, 1.0f, -1.5f}},   {"judge", {0.2f, -1.0f, 2.0f, 0.5f, 0.1f, 0.3f}},
    {"thief", {0.4f, -0.8f, 1.5f, 1.0f, -0.2f, 0.1f}}, {"prison", {-0.3f, 0.9f, 1.2f, 0.8f, 0.5f, 0.2f}},
    {"an", {1.0f, 0.7f, -0.3f, 0.2f, 0.9f, -0.6f}},
};

al::EmbeddingStore store_with_shared() {
  al::EmbeddingStore store;
  store.add(al::parse_embedding_asset(al::test::build_asset(kWords, al::kCoreShardIndex, 1, 5), "core.bin"));
  store.add_shared(al::parse_shared_direction(shared_file(5), "shared.bin"));
  return store;
}

std::vector<double> row_of(const al::Matrix& m, int i) { return {m.row(i), m.row(i) + m.cols}; }

}  // namespace

TEST_CASE("without the shared direction a vector is its reference's, and orthogonal to every component", "[shared]") {
  const al::SharedDirection s = al::parse_shared_direction(shared_file(5), "shared.bin");
  REQUIRE(s.count() == 2);
  for (std::uint32_t seed = 1; seed <= 20; ++seed) {
    std::vector<float> v = al::test::random_vector(kDims, seed, 3.0f);
    const std::vector<double> want = al::reference::without_shared({v.begin(), v.end()}, s);
    s.remove(v.data());
    for (int i = 0; i < kDims; ++i) REQUIRE_THAT(v[std::size_t(i)], WithinAbs(want[std::size_t(i)], 1e-6));
    for (int k = 0; k < s.count(); ++k) {
      double along = 0;
      for (int i = 0; i < kDims; ++i) along += double(s.component(k)[i]) * v[std::size_t(i)];
      REQUIRE_THAT(along, WithinAbs(0.0, 1e-6));
    }
  }
  std::vector<float> mean = s.mean;  // the mean itself is the origin of the new space
  s.remove(mean.data());
  for (float x : mean) REQUIRE_THAT(x, WithinAbs(0.0, 1e-7));
}

TEST_CASE("a shared-direction file that is cut, corrupted, of another build or not orthonormal is refused",
          "[shared]") {
  const std::string good = shared_file(5);
  REQUIRE_THROWS_WITH(al::parse_shared_direction(good.substr(0, 30), "s"), Contains("truncated"));
  REQUIRE_THROWS_WITH(al::parse_shared_direction(good + "x", "s"), Contains("trailing"));
  std::string flipped = good;
  flipped[40] ^= 1;
  REQUIRE_THROWS_WITH(al::parse_shared_direction(flipped, "s"), Contains("corrupted"));
  REQUIRE_THROWS_WITH(al::parse_shared_direction("ALEM" + good.substr(4), "s"), Contains("magic"));
  REQUIRE_THROWS_WITH(al::parse_shared_direction(al::test::build_shared({0, 0}, {{1, 1}}, 5), "s"),
                      Contains("orthonormal"));
  al::EmbeddingStore store = store_with_shared();
  REQUIRE_THROWS_WITH(store.add_shared(al::parse_shared_direction(shared_file(5), "s")), Contains("already"));
  al::EmbeddingStore other;
  other.add_shared(al::parse_shared_direction(shared_file(9), "shared.bin"));  // a vocabulary of 9 words
  REQUIRE_THROWS_WITH(
      other.add(al::parse_embedding_asset(al::test::build_asset(kWords, al::kCoreShardIndex, 1, 5), "core.bin")),
      Contains("different build"));
}

TEST_CASE("the pipeline takes every word with a vector without the shared direction, and leaves unknown words zero",
          "[shared]") {
  const al::EmbeddingStore store = store_with_shared();
  const al::PreparedWeights w = al::prepare(al::identity_weights(kDims));
  al::PipelineOptions o;
  o.attention.heads = 2;
  const al::Analysis a = al::analyze("The judge sent a thief to prison", store, w, o);
  const al::SharedDirection& s = store.shared();
  REQUIRE(a.text.shared_removed);
  for (int i = 0; i < int(a.text.tokens.size()); ++i) {
    const al::Lookup& l = a.text.lookups[std::size_t(i)];
    INFO("token " << a.text.tokens[std::size_t(i)].text);
    const bool has = l.status == al::LookupStatus::Known || l.status == al::LookupStatus::StandIn;  // "a" as "an"
    const std::vector<double> want =
        has ? al::reference::without_shared(row_of(a.text.embeddings, i), s) : std::vector<double>(kDims, 0.0);
    for (int c = 0; c < kDims; ++c) {
      REQUIRE_THAT(a.text.centered(i, c), WithinAbs(want[std::size_t(c)], 1e-6));
      // X = the word vectors + PE / √d_model (o's weight), exactly as add_positional adds them
      REQUIRE(a.text.input(i, c) == a.text.centered(i, c) + o.positional_weight * a.text.positional(i, c));
    }
  }
  REQUIRE(a.text.lookups[2].status == al::LookupStatus::ShardNotLoaded);  // "sent": no vector here, a zero row
  // kept: the layer takes GloVe's vectors as they are; the step without it is still there
  o.remove_shared = false;
  const al::Analysis kept = al::analyze("The judge sent a thief to prison", store, w, o);
  REQUIRE(kept.text.centered.data == a.text.centered.data);
  for (std::size_t k = 0; k < kept.text.input.data.size(); ++k)
    REQUIRE(kept.text.input.data[k] ==
            kept.text.embeddings.data[k] + o.positional_weight * kept.text.positional.data[k]);
  // cross-attention: the document's words too
  o.remove_shared = true;
  o.attention.mask = al::Mask::None;
  const al::Analysis cross = al::analyze_cross("the judge", "a thief in prison", store, w, o);
  for (int c = 0; c < kDims; ++c)
    REQUIRE_THAT(cross.document.input(3, c),
                 WithinAbs(al::reference::without_shared(row_of(cross.document.embeddings, 3), s)[std::size_t(c)] +
                               o.positional_weight * cross.document.positional(3, c),
                           1e-6));
}

TEST_CASE("an analysis needs the shared direction, and says which file to load", "[shared]") {
  al::EmbeddingStore store;
  store.add(al::parse_embedding_asset(al::test::build_asset(kWords, al::kCoreShardIndex, 1, 5), "core.bin"));
  REQUIRE(al::files_needed(store, {"the judge"}) == std::vector<std::string>{al::kSharedFileName});
  REQUIRE_THROWS_WITH(al::analyze("the judge", store, al::prepare(al::identity_weights(kDims)), {}),
                      Contains(al::kSharedFileName));
}

TEST_CASE("the default positional weight is 1 / sqrt(d_model): the paper's mix at the word vectors' scale",
          "[shared][positional]") {
  REQUIRE_THAT(double(al::PipelineOptions{}.positional_weight),
               WithinAbs(1 / std::sqrt(double(al::kWordVectorDims)), 1e-7));
  REQUIRE(al::train::InputOptions{}.positional_weight == al::PipelineOptions{}.positional_weight);
  REQUIRE(al::train::InputOptions{}.remove_shared);
}
