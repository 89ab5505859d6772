#include "core/weights.h"

#include <cmath>
#include <cstring>
#include <optional>
#include <utility>

#include "core/bytes.h"
#include "core/errors.h"
#include "core/random.h"

namespace al {
namespace {

constexpr std::uint32_t kWeightsVersion = 2;
constexpr std::uint32_t kMaxOptionsBytes = 4096;

// "name=value\n" lines; nullopt for anything else
std::optional<TrainedWith> parse_trained_with(std::string_view text) {
  TrainedWith out;
  while (!text.empty()) {
    const std::size_t end = text.find('\n'), eq = text.find('=');
    if (end == std::string_view::npos || eq == 0 || eq >= end) return std::nullopt;
    for (char c : text.substr(0, end))
      if (c < 0x20 || c > 0x7e) return std::nullopt;
    out.emplace_back(std::string(text.substr(0, eq)), std::string(text.substr(eq + 1, end - eq - 1)));
    text.remove_prefix(end + 1);
  }
  return out;
}

Matrix identity(int d) {
  Matrix m(d, d);
  for (int i = 0; i < d; ++i) m(i, i) = 1.0f;
  return m;
}

Matrix xavier(int d, SplitMix64& rng) {
  const float limit = float(std::sqrt(6.0 / (d + d)));
  Matrix m(d, d);
  for (float& v : m.data) v = (2.0f * rng.uniform() - 1.0f) * limit;
  return m;
}

}  // namespace

AttentionWeights identity_weights(int d_model) {
  return {d_model, identity(d_model), identity(d_model), identity(d_model), identity(d_model), "identity", {}};
}

AttentionWeights random_weights(int d_model, std::uint64_t seed) {
  SplitMix64 rng(seed);
  AttentionWeights w{d_model, {}, {}, {}, {}, "random", {}};
  w.wq = xavier(d_model, rng);
  w.wk = xavier(d_model, rng);
  w.wv = xavier(d_model, rng);
  w.wo = xavier(d_model, rng);
  return w;
}

std::string serialize_weights(const AttentionWeights& w) {
  std::string out = "ALWT";
  append_u32_le(out, kWeightsVersion);
  append_u32_le(out, std::uint32_t(w.d_model));
  std::string options;
  for (const auto& [name, value] : w.trained_with) options += name + "=" + value + "\n";
  append_u32_le(out, std::uint32_t(options.size()));
  options.resize((options.size() + 3) & ~std::size_t(3), '\0');
  out += options;
  for (const Matrix* m : {&w.wq, &w.wk, &w.wv, &w.wo})
    for (float v : m->data) append_f32_le(out, v);
  return out;
}

AttentionWeights parse_weights(std::string_view bytes, const std::string& name) {
  auto fail = [&](const std::string& why) -> AttentionWeights {
    throw AssetError("weights file '" + name + "' is not usable: " + why);
  };
  if (bytes.size() < 12) return fail("truncated: shorter than the 12-byte header");
  if (std::memcmp(bytes.data(), "ALWT", 4) != 0) return fail("wrong magic (expected \"ALWT\")");
  const std::uint32_t version = read_u32_le(bytes.data() + 4);
  if (version != 1 && version != kWeightsVersion) return fail("unsupported version " + std::to_string(version));
  const std::uint32_t d = read_u32_le(bytes.data() + 8);
  if (d == 0 || d > 4096) return fail("implausible d_model " + std::to_string(d));
  std::size_t header = 12;
  TrainedWith trained_with;
  if (version == 2) {
    if (bytes.size() < 16) return fail("truncated: shorter than the 16-byte header");
    const std::uint32_t n = read_u32_le(bytes.data() + 12);
    if (n > kMaxOptionsBytes) return fail("implausible options length " + std::to_string(n));
    header = 16 + ((std::size_t(n) + 3) & ~std::size_t(3));
    if (bytes.size() < header) return fail("truncated in the options trained with");
    const auto parsed = parse_trained_with(bytes.substr(16, n));
    if (!parsed) return fail("the options trained with are not \"name=value\" lines");
    for (char c : bytes.substr(16 + n, header - 16 - n))
      if (c != 0) return fail("the options trained with are not zero-padded");
    trained_with = *parsed;
  }
  const std::size_t expected = header + 4ull * 4 * d * d;
  if (bytes.size() != expected)
    return fail(std::to_string(bytes.size()) + " bytes, expected " + std::to_string(expected) + " for d_model " +
                std::to_string(d));
  AttentionWeights w{int(d),       Matrix(d, d), Matrix(d, d),           Matrix(d, d),
                     Matrix(d, d), "trained",    std::move(trained_with)};
  const char* p = bytes.data() + header;
  for (Matrix* m : {&w.wq, &w.wk, &w.wv, &w.wo})
    for (float& v : m->data) {
      v = read_f32_le(p);
      // trained weights are O(1); a bound keeps every score of the forward finite in float
      if (!(std::abs(v) <= 1e4f)) return fail("contains a value outside [-1e4, 1e4]: " + std::to_string(v));
      p += 4;
    }
  return w;
}

}  // namespace al
