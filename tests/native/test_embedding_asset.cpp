#include <algorithm>
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

TEST_CASE("an embeddings file parses into words, ranks and vectors within an eighth of the row's scale",
          "[embeddings]") {
  const al::EmbeddingAsset a = al::parse_embedding_asset(build_asset(kCore, al::kCoreShardIndex, 4, 5), "core.bin");
  REQUIRE(a.is_core());
  REQUIRE(a.words == std::vector<std::string>{"the", "debts"});
  REQUIRE(a.ranks == std::vector<std::uint32_t>{1000, 1001});
  float v[4];
  a.dequantize(1, v);
  for (int i = 0; i < 4; ++i) REQUIRE(std::abs(v[i] - kCore[1].vector[std::size_t(i)]) <= a.scales[1] / 8 + 1e-7f);
  REQUIRE(v[0] == 2.0f);  // the largest |x| is exact: it maps to ±127
}

TEST_CASE("the 2-bit refinement puts a value four times closer than its int8 part alone", "[embeddings]") {
  // 0.3 / (1 / 127) = 38.1: int8 38 (off by 0.1 of a step), F = round(152.4) = 152 = 4 · 38 + 0;
  // 0.6: 76.2 -> F = 305 = 4 · 76 + 1; -0.45: -57.15 -> F = -229 = 4 · (-57) - 1
  const std::vector<TestWord> words = {{"w", {1.0f, 0.3f, 0.6f, -0.45f, 0.123f}}};
  const al::EmbeddingAsset a = al::parse_embedding_asset(build_asset(words, 0, 1, 1), "shard-000.bin");
  REQUIRE(a.values == std::vector<std::int8_t>{127, 38, 76, -57, 16});
  float v[5];
  a.dequantize(0, v);
  double refined = 0, int8_only = 0;
  for (int i = 0; i < 5; ++i) {
    const double x = words[0].vector[std::size_t(i)];
    refined = std::max(refined, std::abs(v[i] - x));
    int8_only = std::max(int8_only, std::abs(a.values[std::size_t(i)] * double(a.scales[0]) - x));
    REQUIRE(std::abs(v[i] - x) <= a.scales[0] / 8 + 1e-7);
  }
  REQUIRE(refined < int8_only / 2);
  // five values: the refinement's second byte holds one, and its other 6 bits must be zero
  std::string bad = build_asset(words, 0, 1, 1);
  bad.back() = char(bad.back() | 0x10);
  std::string checksum;
  al::append_u32_le(checksum, al::fnv1a(std::string_view(bad).substr(40)));
  bad.replace(32, 4, checksum);
  REQUIRE_THROWS_WITH(al::parse_embedding_asset(bad, "shard-000.bin"), Contains("bits past the last value"));
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
  bad[4] = 1;  // the format before the refinement
  REQUIRE_THROWS_WITH(al::parse_embedding_asset(bad, "core.bin"), Contains("format version 1"));
  bad = good;
  bad[bad.size() - 3] ^= 0x10;  // one flipped bit in the vectors
  REQUIRE_THROWS_WITH(al::parse_embedding_asset(bad, "core.bin"), Contains("corrupted"));
  REQUIRE_THROWS_WITH(al::parse_embedding_asset("<!DOCTYPE html><html>404 Not Found</html>", "core.bin"),
                      Contains("wrong magic"));
}

TEST_CASE("a core bucket or a shard may be zero-padded to kMinFileBytes, and not core.bin nor further",
          "[embeddings]") {
  const std::uint32_t bucket = al::kCoreBucketFlag | 7;
  const std::string padded = build_asset(kCore, bucket, 4, 5, al::kMinFileBytes);
  REQUIRE(padded.size() == al::kMinFileBytes);
  const al::EmbeddingAsset a = al::parse_embedding_asset(padded, "core-007.bin");
  CHECK(a.words == al::parse_embedding_asset(build_asset(kCore, bucket, 4, 5), "core-007.bin").words);
  REQUIRE_THROWS_WITH(
      al::parse_embedding_asset(build_asset(kCore, al::kCoreShardIndex, 4, 5, al::kMinFileBytes), "core.bin"),
      Contains("trailing bytes"));
  const al::EmbeddingAsset shard =
      al::parse_embedding_asset(build_asset(kCore, 2, 4, 5, al::kMinFileBytes), "shard-002.bin");
  CHECK(shard.words == a.words);
  REQUIRE_THROWS_WITH(al::parse_embedding_asset(build_asset(kCore, 2, 4, 5, al::kMinFileBytes + 4), "shard-002.bin"),
                      Contains("trailing bytes"));
  REQUIRE_THROWS_WITH(
      al::parse_embedding_asset(build_asset(kCore, bucket, 4, 5, al::kMinFileBytes + 4), "core-007.bin"),
      Contains("trailing bytes"));
  std::string bad = padded;
  bad.back() = 1;  // padding that is not zero, with a checksum that matches it
  std::string checksum;
  al::append_u32_le(checksum, al::fnv1a(std::string_view(bad).substr(40)));
  bad.replace(32, 4, checksum);
  REQUIRE_THROWS_WITH(al::parse_embedding_asset(bad, "core-007.bin"), Contains("trailing bytes"));
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

TEST_CASE("the store refuses files of another build, and a second core file", "[embeddings]") {
  al::EmbeddingStore store;
  store.add(al::parse_embedding_asset(build_asset({{"x", {1, 1, 1, 1}}}, 0, 4, 5), "s"));  // a shard may come first
  REQUIRE(store.has_vectors());
  REQUIRE_FALSE(store.has_core());
  store.add(al::parse_embedding_asset(build_asset(kCore, al::kCoreShardIndex, 4, 5), "core.bin"));
  REQUIRE_THROWS_WITH(store.add(al::parse_embedding_asset(build_asset({{"x", {1, 1, 1, 1}}}, 0, 8, 5), "s")),
                      Contains("different build"));
  REQUIRE_THROWS_WITH(store.add(al::parse_embedding_asset(build_asset(kCore, al::kCoreShardIndex, 4, 5), "core.bin")),
                      Contains("already loaded"));
  REQUIRE_THROWS_WITH(
      al::parse_embedding_asset(build_asset(kCore, al::kCoreBucketFlag | al::kCoreBuckets, 4, 5), "core-512.bin"),
      Contains("core bucket 512"));
}

TEST_CASE("a sentence's words come from its core buckets and shards, without the core file, and equal it",
          "[embeddings]") {
  const std::vector<TestWord> rare = {{"lannister", {1, 2, 3, 4}}, {"tyrion", {-1, 0, 0, 1}}};
  const std::vector<std::string> buckets = al::test::build_buckets(kCore, 4, 5), shards = shard_files(rare, 4);
  al::EmbeddingStore store;
  const std::vector<std::string> words = {"the", "lannister", "zzz"};
  // round 1: nothing is known, so only buckets can be asked for (the shard count is not known)
  std::vector<std::uint32_t> want_buckets;
  for (const std::string& w : words) want_buckets.push_back(al::EmbeddingStore::bucket_of(w));
  std::sort(want_buckets.begin(), want_buckets.end());
  want_buckets.erase(std::unique(want_buckets.begin(), want_buckets.end()), want_buckets.end());
  REQUIRE(store.missing_buckets(words) == want_buckets);
  REQUIRE(store.missing_shards(words).empty());
  float v[4];
  REQUIRE(store.lookup("the", v).status == al::LookupStatus::ShardNotLoaded);  // pending, not "unknown"
  for (std::uint32_t b : store.missing_buckets(words)) store.add(al::parse_embedding_asset(buckets[b], "bucket"));
  // round 2: the buckets say "lannister" and "zzz" are not core words: their shards
  REQUIRE(store.missing_buckets(words).empty());
  REQUIRE(store.lookup("the", v).status == al::LookupStatus::Known);
  REQUIRE(store.lookup("lannister", v).status == al::LookupStatus::ShardNotLoaded);
  for (std::uint32_t s : store.missing_shards(words)) store.add(al::parse_embedding_asset(shards[s], "shard"));
  REQUIRE(store.missing_shards(words).empty());
  REQUIRE(store.lookup("lannister", v).status == al::LookupStatus::Known);
  REQUIRE(store.lookup("zzz", v).status == al::LookupStatus::NotInVocabulary);
  REQUIRE_FALSE(store.has_core());
  REQUIRE_THROWS_WITH(store.core(), Contains("core.bin"));
  // the same vectors and ranks as from the core file; later, the core file itself comes in and
  // buckets become no-ops
  al::EmbeddingStore full;
  full.add(al::parse_embedding_asset(build_asset(kCore, al::kCoreShardIndex, 4, 5), "core.bin"));
  float w[4];
  for (const std::string& word : {"the"}) {  // the sentence's core word
    const al::Lookup a = store.lookup(word, v), b = full.lookup(word, w);
    REQUIRE(a.status == b.status);
    REQUIRE(a.rank == b.rank);
    for (int i = 0; i < 4; ++i) REQUIRE(v[i] == w[i]);
  }
  const std::size_t before = store.loaded_words();
  store.add(al::parse_embedding_asset(build_asset(kCore, al::kCoreShardIndex, 4, 5), "core.bin"));
  REQUIRE(store.has_core());
  REQUIRE(store.loaded_words() == before + kCore.size() - 1);  // "the" was in already
  for (const std::string& b : buckets) store.add(al::parse_embedding_asset(b, "bucket"));
  REQUIRE(store.loaded_words() == before + kCore.size() - 1);
  REQUIRE(store.missing_buckets({"banana"}).empty());  // with the core file, no bucket is needed
}

TEST_CASE("a word the vectors lack asks for its stand-in's bucket and gets its vector, flagged", "[embeddings]") {
  const std::vector<TestWord> core = {{"the", {0.5f, -1.0f, 0.25f, 0.0f}}, {"me", {1.0f, 0.5f, 0.0f, -0.25f}}};
  const std::vector<std::string> buckets = al::test::build_buckets(core, 4, 5);
  al::EmbeddingStore store;
  REQUIRE(store.missing_buckets({"i"}) == std::vector<std::uint32_t>{al::EmbeddingStore::bucket_of("me")});
  float v[4];
  REQUIRE(store.lookup("i", v).status == al::LookupStatus::ShardNotLoaded);  // pending: the stand-in's file
  for (std::uint32_t b : store.missing_buckets({"i"})) store.add(al::parse_embedding_asset(buckets[b], "bucket"));
  REQUIRE(store.missing_buckets({"i"}).empty());
  REQUIRE(store.missing_shards({"i"}).empty());  // "me" is a core word: no shard
  const al::Lookup l = store.lookup("i", v);
  REQUIRE(l.status == al::LookupStatus::StandIn);
  REQUIRE(l.rank == store.lookup("me", v).rank);
  REQUIRE(v[0] == 1.0f);
  REQUIRE_FALSE(store.contains("i"));
}
