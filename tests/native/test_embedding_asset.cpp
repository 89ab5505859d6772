#include <string>

#include "asset_builder.h"
#include "compare.h"
#include "core/embedding_store.h"

using al::test::build_asset;
using al::test::TestWord;
using Catch::Matchers::Contains;

namespace {

const std::vector<TestWord> kCore = {{"the", {0.5f, -1.0f, 0.25f, 0.0f}}, {"debts", {2.0f, 1.0f, -0.5f, 0.125f}}};

// Puts each rare word in the shard that fnv1a picks, as the build script does.
std::vector<std::string> shard_files(const std::vector<TestWord>& rare, std::uint32_t shards) {
  std::vector<std::vector<TestWord>> per(shards);
  for (const TestWord& w : rare) per[al::fnv1a(w.word) % shards].push_back(w);
  std::vector<std::string> out;
  for (std::uint32_t s = 0; s < shards; ++s) out.push_back(build_asset(per[s], s, shards, 5));
  return out;
}

}  // namespace

TEST_CASE("an embeddings file parses into words, ranks and int8 vectors within one step of the scale", "[embeddings]") {
  const al::EmbeddingAsset a = al::parse_embedding_asset(build_asset(kCore, al::kCoreShardIndex, 4, 5), "core.bin");
  REQUIRE(a.is_core());
  REQUIRE(a.words == std::vector<std::string>{"the", "debts"});
  REQUIRE(a.ranks == std::vector<std::uint32_t>{1000, 1001});
  float v[4];
  a.dequantize(1, v);
  for (int i = 0; i < 4; ++i) REQUIRE(std::abs(v[i] - kCore[1].vector[std::size_t(i)]) <= a.scales[1] / 2 + 1e-7f);
  REQUIRE(v[0] == 2.0f);  // the largest |x| is exact: it maps to ±127
}

TEST_CASE("a wrong, truncated or corrupted embeddings file is refused with a clear message", "[embeddings]") {
  const std::string good = build_asset(kCore, al::kCoreShardIndex, 4, 5);
  REQUIRE_THROWS_WITH(al::parse_embedding_asset(good.substr(0, 10), "core.bin"),
                      Contains("embeddings file 'core.bin'") && Contains("truncated") && Contains("header"));
  REQUIRE_THROWS_WITH(al::parse_embedding_asset(good.substr(0, good.size() - 1), "core.bin"),
                      Contains("truncated") && Contains("bytes"));
  REQUIRE_THROWS_WITH(al::parse_embedding_asset(good + "x", "core.bin"), Contains("trailing bytes"));
  std::string bad = good;
  bad[1] = 'X';
  REQUIRE_THROWS_WITH(al::parse_embedding_asset(bad, "core.bin"), Contains("wrong magic"));
  bad = good;
  bad[4] = 2;
  REQUIRE_THROWS_WITH(al::parse_embedding_asset(bad, "core.bin"), Contains("format version 2"));
  bad = good;
  bad[bad.size() - 3] ^= 0x10;  // one flipped bit in the vectors
  REQUIRE_THROWS_WITH(al::parse_embedding_asset(bad, "core.bin"), Contains("corrupted"));
  REQUIRE_THROWS_WITH(al::parse_embedding_asset("<!DOCTYPE html><html>404 Not Found</html>", "core.bin"),
                      Contains("wrong magic"));
}

TEST_CASE("the store finds core words at once and rare words after their shard is loaded", "[embeddings]") {
  al::EmbeddingStore store;
  store.add(al::parse_embedding_asset(build_asset(kCore, al::kCoreShardIndex, 4, 5), "core.bin"));
  const std::vector<TestWord> rare = {{"lannister", {1, 2, 3, 4}}, {"tyrion", {-1, 0, 0, 1}}};
  const std::vector<std::string> shards = shard_files(rare, 4);
  float v[4];
  REQUIRE(store.lookup("the", v).status == al::LookupStatus::Known);
  REQUIRE(store.lookup("lannister", v).status == al::LookupStatus::ShardNotLoaded);
  for (float x : v) REQUIRE(x == 0.0f);

  const std::uint32_t s = store.shard_of("lannister");
  REQUIRE(store.missing_shards({"the", "lannister", "lannister"}) == std::vector<std::uint32_t>{s});
  store.add(al::parse_embedding_asset(shards[s], "shard"));
  REQUIRE(store.missing_shards({"the", "lannister"}).empty());
  const al::Lookup l = store.lookup("lannister", v);
  REQUIRE(l.status == al::LookupStatus::Known);
  REQUIRE(v[3] == 4.0f);
  store.add(al::parse_embedding_asset(shards[s], "shard"));  // loading twice is harmless

  for (const std::string& f : shards) store.add(al::parse_embedding_asset(f, "shard"));
  REQUIRE(store.lookup("a", v).status == al::LookupStatus::NotInVocabulary);
  REQUIRE(store.loaded_words() == 4);
}

TEST_CASE("the store refuses shards before the core file and shards of another build", "[embeddings]") {
  al::EmbeddingStore store;
  const std::string shard = build_asset({{"x", {1, 1, 1, 1}}}, 0, 4, 5);
  REQUIRE_THROWS_WITH(store.add(al::parse_embedding_asset(shard, "s")), Contains("core"));
  store.add(al::parse_embedding_asset(build_asset(kCore, al::kCoreShardIndex, 4, 5), "core.bin"));
  REQUIRE_THROWS_WITH(store.add(al::parse_embedding_asset(build_asset({{"x", {1, 1, 1, 1}}}, 0, 8, 5), "s")),
                      Contains("different build"));
}
