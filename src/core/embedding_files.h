// Which embeddings files a text needs, and in what order. The CLI and the trainers read the core
// file first (from disk, it costs nothing), then the shards of the text's rare words. A page asks
// for the text's core buckets first (a few KB: its words' vectors, without the 2.3 MB core
// file), then the shards of the words the buckets say are rare; the core file follows in the
// background, for the nearest-word search. The CLI, the trainers and the JS API (which fetches
// the files itself) all ask this module, so the order is decided once.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/embedding_store.h"
#include "core/shared_direction.h"
#include "core/tokenizer.h"

namespace al {

constexpr const char* kCoreFileName = "core.bin";
// "shard-007.bin": the file of shard 7 (the names scripts/build-embeddings.mjs writes).
std::string shard_file_name(std::uint32_t shard);
// "core-042.bin": the file of core bucket 42.
std::string bucket_file_name(std::uint32_t bucket);

// The files to add before the first max_tokens tokens of each text can be looked up, one round
// at a time: the shared direction (kSharedFileName) until it is loaded, the core buckets of the words not told apart
// yet (ascending), and the shards (ascending) of the words known to be rare. Ask again after adding them: a word's
// bucket tells whether it needs a shard. Empty when every word is looked up. (The core file is never asked for: load it
// first, as the native tools do, or in the background, as a page does.)
std::vector<std::string> files_needed(const EmbeddingStore& store, const std::vector<std::string_view>& texts,
                                      std::size_t max_tokens = SIZE_MAX);
// The same for texts already tokenized.
std::vector<std::string> files_needed(const EmbeddingStore& store, const std::vector<std::vector<Token>>& texts,
                                      std::size_t max_tokens = SIZE_MAX);

// Adds one file of the embeddings to the store, whichever it is (by its magic): the shared
// direction, the core file, a core bucket or a shard. Throws AssetError.
void add_file(EmbeddingStore& store, std::string_view bytes, const std::string& name);

// Reads (read(name) returns the file's bytes) the core file and the shared direction, then every
// shard the texts need.
// Throws AssetError for a file that cannot be read or parsed.
void load_needed(EmbeddingStore& store, const std::function<std::string(const std::string&)>& read,
                 const std::vector<std::string_view>& texts, std::size_t max_tokens = SIZE_MAX);

}  // namespace al
