// libFuzzer target: the embeddings-file reader (al::parse_embedding_asset) and the store on top
// of it (scripts/fuzz.sh runs it; docs/HARDENING.md).
// Input: one mode byte, then the file's bytes. With mode bit 0 set, the header's checksum is
// recomputed over the payload before parsing: FNV-1a cannot be guessed by mutation, so without
// this only the header checks would ever be reached.
// Invariants: the reader throws AssetError (nothing else) or returns an asset whose sizes agree
// with its header: dims and count as declared, count <= vocab_size, one rank and scale per word,
// count * dims values and their 2-bit refinements, and a file size equal to the header's
// layout (a core bucket's zero padding aside). A parsed core file or core bucket then
// goes into an EmbeddingStore, and every word is found (or its stand-in, for "a", "i", digits).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/bytes.h"
#include "core/embedding_store.h"
#include "core/errors.h"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_embedding_asset: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const bool fix_checksum = data[0] & 1;
  std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (fix_checksum && bytes.size() >= 40) {
    std::string fixed = bytes.substr(0, 32);
    al::append_u32_le(fixed, al::fnv1a(std::string_view(bytes).substr(40)));
    bytes.replace(0, 36, fixed);
  }

  al::EmbeddingAsset a;
  try {
    a = al::parse_embedding_asset(bytes, "fuzz.bin");
  } catch (const al::AssetError&) {
    return 0;  // refused with a message: fine (any other exception escapes and is reported)
  }

  const char* h = bytes.data();
  const std::uint32_t count = al::read_u32_le(h + 12), words_bytes = al::read_u32_le(h + 28);
  if (a.dims != al::read_u32_le(h + 8) || a.dims == 0 || a.dims > 4096) fail("dims disagree with the header");
  if (a.words.size() != count) fail("word count disagrees with the header");
  if (a.ranks.size() != count || a.scales.size() != count) fail("ranks or scales are not one per word");
  if (a.values.size() != std::size_t(count) * a.dims) fail("values are not count * dims");
  if (a.refine.size() != (a.values.size() + 3) / 4) fail("the refinement is not a quarter byte a value");
  if (count > a.vocab_size) fail("more words than the vocabulary");
  if (a.shard_count == 0 || (a.is_shard() && a.shard_index >= a.shard_count)) fail("shard index out of range");
  if (a.is_core_bucket() && a.bucket() >= al::kCoreBuckets) fail("core bucket out of range");
  const std::size_t padded = (std::size_t(words_bytes) + 3) & ~std::size_t(3);
  const std::size_t layout = 40 + padded + 8 * std::size_t(count) + a.values.size() + a.refine.size();
  // only a core bucket or a shard may be longer: zeros up to al::kMinFileBytes
  const bool zero_padded =
      !a.is_core() && bytes.size() <= al::kMinFileBytes && bytes.find_first_not_of('\0', layout) == std::string::npos;
  if (bytes.size() != layout && !(bytes.size() > layout && zero_padded))
    fail("file size disagrees with the header's layout");
  std::size_t word_bytes = count > 0 ? count - 1 : 0;  // the '\n' separators
  for (const std::string& w : a.words) word_bytes += w.size();
  if (count > 0 && word_bytes != words_bytes) fail("words do not fill the words section");

  std::vector<float> v(a.dims);
  for (std::size_t row = 0; row < a.words.size(); ++row) a.dequantize(row, v.data());

  if (a.is_core() || a.is_core_bucket()) {
    const std::vector<std::string> words = a.words;
    al::EmbeddingStore store;
    store.add(std::move(a));
    const std::unordered_set<std::string> listed(words.begin(), words.end());
    for (const std::string& w : words) {
      // a word with a stand-in ("a" -> "an") is looked up as its stand-in, by design: found as a
      // stand-in when the file lists that word too, else as the stand-in itself is (in a shard)
      const char* stand_in = al::stand_in_for(w);
      const al::LookupStatus got = store.lookup(w, v.data()).status;
      if (!stand_in && got != al::LookupStatus::Known) fail("a word of the file is not found");
      if (stand_in && listed.count(stand_in) && got != al::LookupStatus::StandIn)
        fail("a word whose stand-in the file lists is not found as a stand-in");
      if (stand_in && !listed.count(stand_in) && got != store.lookup(stand_in, v.data()).status)
        fail("a word whose stand-in is not in the file is not looked up as its stand-in");
    }
    store.missing_shards(words);
    store.missing_buckets(words);
  }
  return 0;
}
