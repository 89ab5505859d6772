#include "core/embedding_asset.h"

#include <cstring>

#include "core/bytes.h"

namespace al {
namespace {

constexpr std::size_t kHeaderBytes = 40;
constexpr std::uint32_t kFormatVersion = 2;
constexpr std::uint32_t kQuantInt8Refined = 2;
constexpr std::uint32_t kMaxDims = 4096;
constexpr std::uint32_t kMaxShards = 65536;

[[noreturn]] void fail(const std::string& name, const std::string& why) {
  throw AssetError("embeddings file '" + name + "' is not usable: " + why);
}

}  // namespace

std::uint32_t fnv1a(std::string_view bytes) {
  std::uint32_t h = 0x811c9dc5u;
  for (unsigned char c : bytes) h = (h ^ c) * 0x01000193u;
  return h;
}

void EmbeddingAsset::dequantize(std::size_t row, float* out) const {
  const std::int8_t* q = values.data() + row * dims;
  const float quarter = scales[row] * 0.25f;  // exact: a power of two
  for (std::size_t k = row * dims, i = 0; i < dims; ++i, ++k) {
    const int bits = (refine[k >> 2] >> (2 * (k & 3))) & 3;
    out[i] = float(4 * q[i] + (bits >= 2 ? bits - 4 : bits)) * quarter;
  }
}

EmbeddingAsset parse_embedding_asset(std::string_view bytes, const std::string& name) {
  if (bytes.size() < kHeaderBytes)
    fail(name, "truncated: " + std::to_string(bytes.size()) + " bytes is shorter than the " +
                   std::to_string(kHeaderBytes) + "-byte header");
  if (std::memcmp(bytes.data(), "ALEM", 4) != 0)
    fail(name, "wrong magic (expected \"ALEM\"): not an Attention Lens embeddings file");
  const char* h = bytes.data();
  const std::uint32_t version = read_u32_le(h + 4);
  if (version != kFormatVersion)
    fail(name, "format version " + std::to_string(version) + ", this build reads version " +
                   std::to_string(kFormatVersion) + "; rebuild the assets (npm run build:embeddings)");
  EmbeddingAsset a;
  a.dims = read_u32_le(h + 8);
  const std::uint32_t count = read_u32_le(h + 12);
  a.shard_index = read_u32_le(h + 16);
  a.shard_count = read_u32_le(h + 20);
  a.vocab_size = read_u32_le(h + 24);
  const std::uint32_t words_bytes = read_u32_le(h + 28);
  const std::uint32_t checksum = read_u32_le(h + 32);
  const std::uint32_t quant = read_u32_le(h + 36);
  if (a.dims == 0 || a.dims > kMaxDims) fail(name, "implausible dimension " + std::to_string(a.dims));
  if (quant != kQuantInt8Refined) fail(name, "unknown quantization scheme " + std::to_string(quant));
  if (a.shard_count == 0 || a.shard_count > kMaxShards || (a.is_shard() && a.shard_index >= a.shard_count))
    fail(name, "shard index " + std::to_string(a.shard_index) + " is outside 0.." + std::to_string(a.shard_count));
  if (a.is_core_bucket() && a.bucket() >= kCoreBuckets)
    fail(name, "core bucket " + std::to_string(a.bucket()) + " is outside 0.." + std::to_string(kCoreBuckets));
  if (count > a.vocab_size) fail(name, "holds more words than the vocabulary");

  const std::uint64_t words_padded = (std::uint64_t(words_bytes) + 3) & ~std::uint64_t(3);
  const std::uint64_t values = std::uint64_t(count) * a.dims, refine = (values + 3) / 4;
  const std::uint64_t expected = kHeaderBytes + words_padded + 8ull * count + values + refine;
  // a core bucket's or a shard's zero padding (kMinFileBytes); any other extra byte is refused
  const bool padded = !a.is_core() && bytes.size() > expected && bytes.size() <= kMinFileBytes &&
                      bytes.find_first_not_of('\0', expected) == std::string_view::npos;
  if (bytes.size() != expected && !padded)
    fail(name, (bytes.size() < expected ? "truncated: " : "has trailing bytes: ") + std::to_string(bytes.size()) +
                   " bytes, the header describes " + std::to_string(expected));
  const std::string_view payload = bytes.substr(kHeaderBytes);
  if (fnv1a(payload) != checksum) fail(name, "corrupted: the payload checksum does not match");

  const char* p = payload.data();
  std::string_view blob(p, words_bytes);
  a.words.reserve(count);
  for (std::size_t start = 0; count > 0;) {
    const std::size_t nl = blob.find('\n', start);
    a.words.emplace_back(blob.substr(start, nl == std::string_view::npos ? blob.npos : nl - start));
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  if (a.words.size() != count)
    fail(name, "lists " + std::to_string(a.words.size()) + " words, the header says " + std::to_string(count));
  p += words_padded;
  a.ranks.resize(count);
  a.scales.resize(count);
  a.values.resize(std::size_t(count) * a.dims);
  for (std::uint32_t i = 0; i < count; ++i) a.ranks[i] = read_u32_le(p + 4 * i);
  p += 4ull * count;
  for (std::uint32_t i = 0; i < count; ++i) {
    a.scales[i] = read_f32_le(p + 4 * i);
    if (!(a.scales[i] >= 0.0f && a.scales[i] < 1e30f))
      fail(name, "corrupted: word " + std::to_string(i) + " has an invalid scale");
  }
  p += 4ull * count;
  if (!a.values.empty()) std::memcpy(a.values.data(), p, a.values.size());
  p += a.values.size();
  a.refine.assign(p, p + refine);
  if (values % 4 != 0 && (a.refine.back() >> (2 * (values % 4))) != 0)
    fail(name, "corrupted: the refinement's last byte has bits past the last value");
  return a;
}

}  // namespace al
