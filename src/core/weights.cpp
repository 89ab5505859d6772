#include "core/weights.h"

#include <cmath>
#include <cstring>

#include "core/bytes.h"
#include "core/errors.h"
#include "core/random.h"

namespace al {
namespace {

constexpr std::uint32_t kWeightsVersion = 1;

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
  return {d_model, identity(d_model), identity(d_model), identity(d_model), identity(d_model), "identity"};
}

AttentionWeights random_weights(int d_model, std::uint64_t seed) {
  SplitMix64 rng(seed);
  AttentionWeights w{d_model, {}, {}, {}, {}, "random"};
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
  if (read_u32_le(bytes.data() + 4) != kWeightsVersion) return fail("unsupported version");
  const std::uint32_t d = read_u32_le(bytes.data() + 8);
  if (d == 0 || d > 4096) return fail("implausible d_model " + std::to_string(d));
  const std::size_t expected = 12 + 4ull * 4 * d * d;
  if (bytes.size() != expected)
    return fail(std::to_string(bytes.size()) + " bytes, expected " + std::to_string(expected) + " for d_model " +
                std::to_string(d));
  AttentionWeights w{int(d), Matrix(d, d), Matrix(d, d), Matrix(d, d), Matrix(d, d), "trained"};
  const char* p = bytes.data() + 12;
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
