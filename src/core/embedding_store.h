// Word -> GloVe vector lookup over the eagerly loaded core file and whichever shards are loaded.
// Rare words live in shard (fnv1a(word) % shard_count); a caller loads those shards first
// (missing_shards) and then looks words up.
#pragma once
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/embedding_asset.h"

namespace al {

enum class LookupStatus : std::uint8_t {
  Known,            // the word has a GloVe vector
  NotInVocabulary,  // no vector in the source (e.g. "a", "i", numbers): the zero vector is used
  ShardNotLoaded,   // its shard was not loaded (e.g. a failed fetch): the zero vector is used
};
constexpr int kLookupStatusCount = 3;  // the enum's values are 0 .. kLookupStatusCount - 1
static_assert(int(LookupStatus::ShardNotLoaded) + 1 == kLookupStatusCount, "kLookupStatusCount follows the enum");
const char* to_string(LookupStatus status);

struct Lookup {
  LookupStatus status = LookupStatus::NotInVocabulary;
  std::uint32_t rank = 0;  // frequency rank in the source list when Known (0 = "the")
};

class EmbeddingStore {
 public:
  // Adds a parsed file. The core file must come first; shards must agree with it on
  // dims, shard count and vocabulary size. Throws AssetError otherwise. Re-adding a shard is a no-op.
  void add(EmbeddingAsset asset);

  bool has_core() const { return !files_.empty(); }
  std::uint32_t dims() const;
  std::uint32_t shard_count() const { return has_core() ? files_[0].shard_count : 0; }
  std::uint32_t vocab_size() const { return has_core() ? files_[0].vocab_size : 0; }
  bool shard_loaded(std::uint32_t shard) const;
  std::size_t loaded_words() const { return index_.size(); }

  // The shard a word not in the core file would be in.
  std::uint32_t shard_of(std::string_view lower_word) const;
  // Shards (sorted, unique) that must be loaded before these words can be looked up.
  std::vector<std::uint32_t> missing_shards(const std::vector<std::string>& lower_words) const;

  // Writes the word's dequantized vector (dims() floats) to out, or zeros when it has none.
  Lookup lookup(std::string_view lower_word, float* out) const;

  // The core file (the most frequent words), e.g. for nearest-word search. The reference stays
  // valid for the store's lifetime (adding shards does not move loaded files).
  const EmbeddingAsset& core() const;

 private:
  struct Entry {
    std::uint32_t file, row;
  };
  std::deque<EmbeddingAsset> files_;  // a deque: references survive push_back
  std::vector<bool> shard_loaded_;
  std::unordered_map<std::string, Entry> index_;
};

}  // namespace al
