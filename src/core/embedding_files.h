// Which embeddings files a text needs, and in what order: the core file first (it names the
// shard count), then the shards its rare words live in. The CLI, the trainer and the JS API
// (which fetches the files itself) all ask this module, so the order is decided once.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/embedding_store.h"

namespace al {

constexpr const char* kCoreFileName = "core.bin";
// "shard-007.bin": the file of shard 7 (the names scripts/build-embeddings.mjs writes).
std::string shard_file_name(std::uint32_t shard);

// The files to add before the first max_tokens tokens of each text can be looked up: the core
// file alone while it is not loaded, else the shards (ascending) that hold their rare words.
std::vector<std::string> files_needed(const EmbeddingStore& store, const std::vector<std::string_view>& texts,
                                      std::size_t max_tokens = SIZE_MAX);

// Reads (read(name) returns the file's bytes) and adds every file the texts need, in order.
// Throws AssetError for a file that cannot be read or parsed.
void load_needed(EmbeddingStore& store, const std::function<std::string(const std::string&)>& read,
                 const std::vector<std::string_view>& texts, std::size_t max_tokens = SIZE_MAX);

}  // namespace al
