#include "core/embedding_files.h"

#include <cstdio>

#include "core/embedding_asset.h"
#include "core/tokenizer.h"

namespace al {

std::string shard_file_name(std::uint32_t shard) {
  char name[32];
  std::snprintf(name, sizeof name, "shard-%03u.bin", shard);
  return name;
}

std::vector<std::string> files_needed(const EmbeddingStore& store, const std::vector<std::string_view>& texts,
                                      std::size_t max_tokens) {
  if (!store.has_core()) return {kCoreFileName};
  std::vector<std::string> words;
  for (std::string_view text : texts) {
    std::size_t kept = 0;
    for (Token& t : tokenize(text)) {
      if (kept++ == max_tokens) break;
      words.push_back(std::move(t.lower));
    }
  }
  std::vector<std::string> files;
  for (std::uint32_t shard : store.missing_shards(words)) files.push_back(shard_file_name(shard));
  return files;
}

void load_needed(EmbeddingStore& store, const std::function<std::string(const std::string&)>& read,
                 const std::vector<std::string_view>& texts, std::size_t max_tokens) {
  // two rounds: the core file, then the shards it tells apart (a mislabelled shard file must
  // not make this loop: what is still missing after the second round stays unknown)
  for (int round = 0; round < 2; ++round)
    for (const std::string& name : files_needed(store, texts, max_tokens))
      store.add(parse_embedding_asset(read(name), name));
}

}  // namespace al
