// One embeddings asset file (core.bin, core-NNN.bin or shard-NNN.bin), validated and parsed.
// Layout (little-endian), written by scripts/build-embeddings.mjs:
//   header, 40 bytes: "ALEM", u32 version, dims, count, shard_index (0xFFFFFFFF = core,
//                     0x80000000 | b = core bucket b),
//                     shard_count, vocab_size, words_bytes, checksum (FNV-1a of the payload),
//                     quantization (2 = int8 and a 2-bit refinement, one float32 scale per row)
//   payload: words ('\n'-separated UTF-8, zero-padded to 4 bytes), u32 rank[count],
//            f32 scale[count], i8 values[count * dims], refinement[ceil(count * dims / 4)]
//            (value k's 2 bits at bits 2(k % 4) of byte k / 4: 0, 1, 2, 3 for d = 0, 1, -2, -1)
//   a value is (4 · int8 + d) · scale / 4: within scale / 8 of the source's.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.h"

namespace al {

constexpr std::uint32_t kCoreShardIndex = 0xFFFFFFFFu;
// Core buckets: the core file's words again, split by hash into kCoreBuckets small files
// (core-NNN.bin, bucket fnv1a(word) % kCoreBuckets, shard_index kCoreBucketFlag | bucket), so that
// a page can fetch the few words of its first sentence before the whole core file arrives.
constexpr std::uint32_t kCoreBucketFlag = 0x80000000u;
constexpr std::uint32_t kCoreBuckets = 512;
// A core bucket or a shard may end in zeros up to this size: bundlers inline a file under 4,096
// bytes as base64 in the code that names it (Vite's assetsInlineLimit), most buckets and some
// shards are smaller, and megabytes of them in an app's code would be fetched with it.
constexpr std::size_t kMinFileBytes = 4100;

struct EmbeddingAsset {
  std::uint32_t dims = 0;
  std::uint32_t shard_index = kCoreShardIndex;
  std::uint32_t shard_count = 0;
  std::uint32_t vocab_size = 0;
  std::vector<std::string> words;
  std::vector<std::uint32_t> ranks;  // frequency rank in the source list (0 = most frequent)
  std::vector<float> scales;         // one per word
  std::vector<std::int8_t> values;   // words.size() * dims: the int8 part (the nearest-word search's)
  std::vector<std::uint8_t> refine;  // the 2-bit refinements, 4 a byte

  bool is_core() const { return shard_index == kCoreShardIndex; }
  bool is_core_bucket() const { return !is_core() && (shard_index & kCoreBucketFlag) != 0; }
  bool is_shard() const { return !is_core() && !is_core_bucket(); }
  std::uint32_t bucket() const { return shard_index & ~kCoreBucketFlag; }  // of a core bucket
  // Writes word `row`'s vector (dims floats, int8 and refinement) to out.
  void dequantize(std::size_t row, float* out) const;
};

// Parses bytes; `name` is used in error messages. Throws AssetError.
EmbeddingAsset parse_embedding_asset(std::string_view bytes, const std::string& name);

// FNV-1a 32-bit hash of bytes: picks a word's shard (hash % shard_count) and checks payloads.
std::uint32_t fnv1a(std::string_view bytes);

}  // namespace al
