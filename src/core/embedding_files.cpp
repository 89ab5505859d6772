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

std::string bucket_file_name(std::uint32_t bucket) {
  char name[32];
  std::snprintf(name, sizeof name, "core-%03u.bin", bucket);
  return name;
}

std::vector<std::string> files_needed(const EmbeddingStore& store, const std::vector<std::string_view>& texts,
                                      std::size_t max_tokens) {
  std::vector<std::vector<Token>> tokens;
  for (std::string_view text : texts) tokens.push_back(tokenize(text));
  return files_needed(store, tokens, max_tokens);
}

std::vector<std::string> files_needed(const EmbeddingStore& store, const std::vector<std::vector<Token>>& texts,
                                      std::size_t max_tokens) {
  std::vector<std::string> words;
  for (const std::vector<Token>& text : texts)
    for (std::size_t i = 0; i < text.size() && i < max_tokens; ++i) words.push_back(text[i].lower);
  std::vector<std::string> files;
  if (!store.has_shared()) files.push_back(kSharedFileName);
  for (std::uint32_t bucket : store.missing_buckets(words)) files.push_back(bucket_file_name(bucket));
  for (std::uint32_t shard : store.missing_shards(words)) files.push_back(shard_file_name(shard));
  return files;
}

void add_file(EmbeddingStore& store, std::string_view bytes, const std::string& name) {
  if (is_shared_direction(bytes))
    store.add_shared(parse_shared_direction(bytes, name));
  else
    store.add(parse_embedding_asset(bytes, name));
}

void load_needed(EmbeddingStore& store, const std::function<std::string(const std::string&)>& read,
                 const std::vector<std::string_view>& texts, std::size_t max_tokens) {
  if (!store.has_core()) store.add(parse_embedding_asset(read(kCoreFileName), kCoreFileName));
  if (!store.has_shared()) store.add_shared(parse_shared_direction(read(kSharedFileName), kSharedFileName));
  // with the core file in, one round: its shards (a mislabelled shard file must not make this
  // loop: what is still missing after it stays unknown)
  for (const std::string& name : files_needed(store, texts, max_tokens)) add_file(store, read(name), name);
}

}  // namespace al
