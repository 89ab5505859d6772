#include "core/embedding_store.h"

#include <algorithm>

namespace al {

const char* to_string(LookupStatus status) {
  switch (status) {
    case LookupStatus::Known: return "known";
    case LookupStatus::NotInVocabulary: return "not-in-vocabulary";
    case LookupStatus::ShardNotLoaded: return "shard-not-loaded";
  }
  return "?";
}

std::uint32_t EmbeddingStore::dims() const { return has_core() ? files_[0].dims : 0; }

const EmbeddingAsset& EmbeddingStore::core() const {
  if (!has_core()) throw AssetError("no embeddings loaded: load core.bin first");
  return files_[0];
}

bool EmbeddingStore::shard_loaded(std::uint32_t shard) const {
  return shard < shard_loaded_.size() && shard_loaded_[shard];
}

void EmbeddingStore::add(EmbeddingAsset asset) {
  if (!has_core() && !asset.is_core())
    throw AssetError("load the core embeddings file before shard " + std::to_string(asset.shard_index));
  if (has_core()) {
    const EmbeddingAsset& c = files_[0];
    if (asset.is_core()) throw AssetError("the core embeddings file is already loaded");
    if (asset.dims != c.dims || asset.shard_count != c.shard_count || asset.vocab_size != c.vocab_size)
      throw AssetError("shard " + std::to_string(asset.shard_index) +
                       " belongs to a different build of the embeddings than core.bin; rebuild them");
    if (shard_loaded(asset.shard_index)) return;
    shard_loaded_[asset.shard_index] = true;
  } else {
    shard_loaded_.assign(asset.shard_count, false);
  }
  const auto file = std::uint32_t(files_.size());
  index_.reserve(index_.size() + asset.words.size());
  for (std::uint32_t row = 0; row < asset.words.size(); ++row) index_.emplace(asset.words[row], Entry{file, row});
  files_.push_back(std::move(asset));
}

std::uint32_t EmbeddingStore::shard_of(std::string_view lower_word) const {
  return shard_count() ? fnv1a(lower_word) % shard_count() : 0;
}

std::vector<std::uint32_t> EmbeddingStore::missing_shards(const std::vector<std::string>& lower_words) const {
  std::vector<std::uint32_t> out;
  for (const std::string& w : lower_words) {
    if (index_.count(w)) continue;
    const std::uint32_t s = shard_of(w);
    if (!shard_loaded(s)) out.push_back(s);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

Lookup EmbeddingStore::lookup(std::string_view lower_word, float* out) const {
  const auto it = index_.find(std::string(lower_word));
  if (it != index_.end()) {
    const EmbeddingAsset& f = files_[it->second.file];
    f.dequantize(it->second.row, out);
    return {LookupStatus::Known, f.ranks[it->second.row]};
  }
  std::fill(out, out + dims(), 0.0f);
  const bool loaded = shard_loaded(shard_of(lower_word));
  return {loaded ? LookupStatus::NotInVocabulary : LookupStatus::ShardNotLoaded, 0};
}

}  // namespace al
