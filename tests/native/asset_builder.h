// Builds small embeddings files in the format of scripts/build-embeddings.mjs, for tests.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/bytes.h"
#include "core/embedding_asset.h"
#include "core/embedding_store.h"
#include "core/shared_direction.h"

namespace al::test {

struct TestWord {
  std::string word;
  std::vector<float> vector;
};

// min_bytes: zero padding up to that size (the build script's for core buckets)
inline std::string build_asset(const std::vector<TestWord>& words, std::uint32_t shard_index, std::uint32_t shard_count,
                               std::uint32_t vocab_size, std::size_t min_bytes = 0) {
  const std::uint32_t dims = words.empty() ? 4 : std::uint32_t(words[0].vector.size());
  std::string blob;
  for (std::size_t i = 0; i < words.size(); ++i) blob += (i ? "\n" : "") + words[i].word;
  const std::size_t words_bytes = blob.size();
  blob.resize((blob.size() + 3) & ~std::size_t(3), '\0');
  std::string payload = blob;
  for (std::size_t i = 0; i < words.size(); ++i) append_u32_le(payload, std::uint32_t(1000 + i));
  std::vector<float> scales;
  for (const TestWord& w : words) {
    float m = 0;
    for (float v : w.vector) m = std::max(m, std::abs(v));
    scales.push_back(m > 0 ? m / 127 : 1);
    append_f32_le(payload, scales.back());
  }
  // F = round(4v / scale) in two parts: the int8 q = floor((F + 2) / 4) and the 2-bit d = F - 4q
  std::string refine((words.size() * dims + 3) / 4, '\0');
  std::size_t k = 0;
  for (std::size_t i = 0; i < words.size(); ++i)
    for (float v : words[i].vector) {
      const long f = std::clamp(std::lround(4 * double(v) / scales[i]), -508L, 508L);
      const long q = long(std::floor(double(f + 2) / 4));
      payload.push_back(char(q));
      refine[k >> 2] = char(refine[k >> 2] | ((f - 4 * q) & 3) << (2 * (k & 3)));
      ++k;
    }
  payload += refine;
  if (payload.size() + 40 < min_bytes) payload.resize(min_bytes - 40, '\0');
  std::string out = "ALEM";
  for (std::uint32_t v : {2u, dims, std::uint32_t(words.size()), shard_index, shard_count, vocab_size,
                          std::uint32_t(words_bytes), fnv1a(payload), 2u})
    append_u32_le(out, v);
  return out + payload;
}

// A shared-direction file (src/core/shared_direction.h, as scripts/shared-direction.mjs writes
// it): the mean and orthonormal components; each component's variance share is made up.
inline std::string build_shared(const std::vector<float>& mean, const std::vector<std::vector<float>>& components,
                                std::uint32_t vocab_size) {
  std::string payload;
  for (float v : mean) append_f32_le(payload, v);
  for (const auto& u : components)
    for (float v : u) append_f32_le(payload, v);
  for (std::size_t k = 0; k < components.size(); ++k) append_f32_le(payload, 0.1f);
  std::string out = "ALSD";
  for (std::uint32_t v : {1u, std::uint32_t(mean.size()), std::uint32_t(components.size()), vocab_size, fnv1a(payload)})
    append_u32_le(out, v);
  return out + payload;
}

// The shared direction that changes nothing (a zero mean, no components: P(v) = v), for tests of
// what comes after it.
inline std::string build_no_shared(std::uint32_t dims, std::uint32_t vocab_size) {
  return build_shared(std::vector<float>(dims, 0.0f), {}, vocab_size);
}

// Adds build_no_shared to a store that has a file (of its width and vocabulary).
inline void add_no_shared(EmbeddingStore& store) {
  store.add_shared(parse_shared_direction(build_no_shared(store.dims(), store.vocab_size()), kSharedFileName));
}

// A vocabulary's files as the build script lays them out: {core file, shard 0, shard 1, …}.
// Core words go in the core file, rare words in shard fnv1a(word) % shards; a shard left empty
// gets a filler word ("filler<k>", with filler_vector), since a file needs one.
inline std::vector<std::string> build_vocabulary(const std::vector<TestWord>& core, std::vector<TestWord> rare,
                                                 std::uint32_t shards, const std::vector<float>& filler_vector) {
  std::vector<std::vector<TestWord>> per(shards);
  for (TestWord& w : rare) per[fnv1a(w.word) % shards].push_back(std::move(w));
  for (std::uint32_t i = 0; i < shards; ++i)
    for (int k = 0; per[i].empty(); ++k)
      if (const std::string w = "filler" + std::to_string(k); fnv1a(w) % shards == i)
        per[i].push_back({w, filler_vector});
  auto vocab = std::uint32_t(core.size());
  for (const auto& words : per) vocab += std::uint32_t(words.size());
  std::vector<std::string> files{build_asset(core, kCoreShardIndex, shards, vocab)};
  for (std::uint32_t i = 0; i < shards; ++i) files.push_back(build_asset(per[i], i, shards, vocab));
  return files;
}

// The core words' buckets, as scripts/build-embeddings.mjs writes them: one file per bucket
// (bucket fnv1a(word) % kCoreBuckets), files[b] is bucket b.
inline std::vector<std::string> build_buckets(const std::vector<TestWord>& core, std::uint32_t shards,
                                              std::uint32_t vocab_size) {
  std::vector<std::vector<TestWord>> per(kCoreBuckets);
  for (const TestWord& w : core) per[fnv1a(w.word) % kCoreBuckets].push_back(w);
  std::vector<std::string> files;
  for (std::uint32_t b = 0; b < kCoreBuckets; ++b)
    files.push_back(build_asset(per[b], kCoreBucketFlag | b, shards, vocab_size));
  return files;
}

}  // namespace al::test
