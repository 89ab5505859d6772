#include "core/embedding_store.h"

#include <algorithm>

namespace al {

const char* to_string(LookupStatus status) {
  switch (status) {
    case LookupStatus::Known: return "known";
    case LookupStatus::NotInVocabulary: return "not-in-vocabulary";
    case LookupStatus::ShardNotLoaded: return "shard-not-loaded";
    case LookupStatus::StandIn: return "stand-in";
  }
  return "?";
}

const std::vector<StandIn>& stand_ins() {
  static const std::vector<StandIn> table = {
      {"i", "me"},   {"a", "an"},   {"0", "zero"}, {"1", "one"},   {"2", "two"},   {"3", "three"},
      {"4", "four"}, {"5", "five"}, {"6", "six"},  {"7", "seven"}, {"8", "eight"}, {"9", "nine"},
  };
  return table;
}

const char* stand_in_for(std::string_view lower_word) {
  for (const StandIn& s : stand_ins())
    if (lower_word == s.word) return s.stand_in;
  return nullptr;
}

const EmbeddingAsset& EmbeddingStore::core() const {
  if (!has_core()) throw AssetError("no embeddings loaded: load core.bin first");
  return files_[std::size_t(core_)];
}

bool EmbeddingStore::shard_loaded(std::uint32_t shard) const {
  return shard < shard_loaded_.size() && shard_loaded_[shard];
}

bool EmbeddingStore::bucket_loaded(std::uint32_t bucket) const {
  return bucket < bucket_loaded_.size() && bucket_loaded_[bucket];
}

const SharedDirection& EmbeddingStore::shared() const {
  if (!has_shared_)
    throw AssetError(std::string("the shared direction is not loaded: load ") + kSharedFileName + " first");
  return shared_;
}

void EmbeddingStore::check_build(std::uint32_t dims, std::uint32_t vocab_size, const std::string& what) const {
  const bool other_files = has_vectors() && (dims != layout_.dims || vocab_size != layout_.vocab_size);
  const bool other_shared = has_shared_ && (dims != shared_.dims || vocab_size != shared_.vocab_size);
  if (other_files || other_shared)
    throw AssetError(what +
                     " belongs to a different build of the embeddings than the files loaded before; rebuild them");
}

void EmbeddingStore::add_shared(SharedDirection shared) {
  if (has_shared_) throw AssetError("the shared direction is already loaded");
  check_build(shared.dims, shared.vocab_size, kSharedFileName);
  shared_ = std::move(shared);
  has_shared_ = true;
}

void EmbeddingStore::add(EmbeddingAsset asset) {
  const std::string what = asset.is_core()          ? std::string("core.bin")
                           : asset.is_core_bucket() ? "core bucket " + std::to_string(asset.bucket())
                                                    : "shard " + std::to_string(asset.shard_index);
  check_build(asset.dims, asset.vocab_size, what);
  if (!has_vectors()) {
    layout_ = {asset.dims, asset.shard_count, asset.vocab_size};
    shard_loaded_.assign(asset.shard_count, false);
    bucket_loaded_.assign(kCoreBuckets, false);
  } else if (asset.shard_count != layout_.shard_count) {
    throw AssetError(what +
                     " belongs to a different build of the embeddings than the files loaded before; rebuild them");
  }
  if (asset.is_core()) {
    if (has_core()) throw AssetError("the core embeddings file is already loaded");
    core_ = int(files_.size());
  } else if (asset.is_core_bucket()) {
    if (has_core() || bucket_loaded(asset.bucket())) return;  // its words are in already
    bucket_loaded_[asset.bucket()] = true;
  } else {
    if (shard_loaded(asset.shard_index)) return;
    shard_loaded_[asset.shard_index] = true;
  }
  const auto file = std::uint32_t(files_.size());
  // grow geometrically: a reserve of size + n on every file rehashed the whole index each time
  // (libc++ sizes buckets to the request), quadratic over the 1,500 shards or 1,024 core buckets
  const std::size_t needed = index_.size() + asset.words.size();
  if (double(needed) > double(index_.bucket_count()) * double(index_.max_load_factor()))
    index_.reserve(std::max(needed, 2 * index_.size()));
  // a core word's bucket may have come first: the core file's entry takes its place (the same vector)
  for (std::uint32_t row = 0; row < asset.words.size(); ++row) index_[asset.words[row]] = Entry{file, row};
  files_.push_back(std::move(asset));
}

std::uint32_t EmbeddingStore::shard_of(std::string_view lower_word) const {
  return shard_count() ? fnv1a(lower_word) % shard_count() : 0;
}

std::uint32_t EmbeddingStore::bucket_of(std::string_view lower_word) { return fnv1a(lower_word) % kCoreBuckets; }

bool EmbeddingStore::core_known(std::string_view lower_word) const {
  return has_core() || bucket_loaded(bucket_of(lower_word));
}

namespace {
std::vector<std::uint32_t> sorted_unique(std::vector<std::uint32_t> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}
}  // namespace

std::vector<std::uint32_t> EmbeddingStore::missing_buckets(const std::vector<std::string>& lower_words) const {
  std::vector<std::uint32_t> out;
  for (const std::string& word : lower_words) {
    const char* stand_in = stand_in_for(word);
    const std::string_view w = stand_in ? std::string_view(stand_in) : std::string_view(word);
    if (!index_.count(std::string(w)) && !core_known(w)) out.push_back(bucket_of(w));
  }
  return sorted_unique(std::move(out));
}

std::vector<std::uint32_t> EmbeddingStore::missing_shards(const std::vector<std::string>& lower_words) const {
  std::vector<std::uint32_t> out;
  if (!has_vectors()) return out;  // the shard count is not known yet
  for (const std::string& word : lower_words) {
    const char* stand_in = stand_in_for(word);
    const std::string w = stand_in ? std::string(stand_in) : word;  // a stand-in's file, not its own
    if (index_.count(w) || !core_known(w)) continue;
    const std::uint32_t s = shard_of(w);
    if (!shard_loaded(s)) out.push_back(s);
  }
  return sorted_unique(std::move(out));
}

Lookup EmbeddingStore::lookup(std::string_view lower_word, float* out) const {
  if (const char* stand_in = stand_in_for(lower_word)) {
    const Lookup l = lookup_own(stand_in, out);
    return l.status == LookupStatus::Known ? Lookup{LookupStatus::StandIn, l.rank} : l;
  }
  return lookup_own(lower_word, out);
}

Lookup EmbeddingStore::vector_of(std::string_view lower_word, float* out, bool remove) const {
  if (remove) shared();  // throws before it is in
  const Lookup l = lookup(lower_word, out);
  if (remove) remove_shared(l, out);
  return l;
}

void EmbeddingStore::remove_shared(const Lookup& l, float* row) const {
  if (l.status == LookupStatus::Known || l.status == LookupStatus::StandIn) shared().remove(row);
}

Lookup EmbeddingStore::lookup_own(std::string_view lower_word, float* out) const {
  const auto it = index_.find(std::string(lower_word));
  if (it != index_.end()) {
    const EmbeddingAsset& f = files_[it->second.file];
    f.dequantize(it->second.row, out);
    return {LookupStatus::Known, f.ranks[it->second.row]};
  }
  std::fill(out, out + dims(), 0.0f);
  const bool known = core_known(lower_word) && shard_loaded(shard_of(lower_word));
  return {known ? LookupStatus::NotInVocabulary : LookupStatus::ShardNotLoaded, 0};
}

}  // namespace al
