#include "core/shared_direction.h"

#include <cmath>
#include <cstring>

#include "core/bytes.h"
#include "core/embedding_asset.h"
#include "core/errors.h"

namespace al {
namespace {

constexpr std::size_t kHeaderBytes = 24;
constexpr std::uint32_t kVersion = 1;
constexpr std::uint32_t kMaxDims = 4096;
// float32 rounding of a unit vector built in double leaves its length within ~1e-7 of 1
constexpr double kUnitTolerance = 1e-4;

[[noreturn]] void fail(const std::string& name, const std::string& why) {
  throw AssetError("shared-direction file '" + name + "' is not usable: " + why);
}

}  // namespace

bool is_shared_direction(std::string_view bytes) { return bytes.size() >= 4 && bytes.substr(0, 4) == "ALSD"; }

void SharedDirection::remove(const float* v, double* out) const {
  std::vector<double> centred(dims);
  for (std::size_t i = 0; i < dims; ++i) out[i] = centred[i] = double(v[i]) - mean[i];
  for (int k = 0; k < count(); ++k) {
    const float* u = component(k);
    double along = 0;  // u_k · (v − μ)
    for (std::size_t i = 0; i < dims; ++i) along += double(u[i]) * centred[i];
    for (std::size_t i = 0; i < dims; ++i) out[i] -= along * u[i];
  }
}

void SharedDirection::remove(float* row) const {
  std::vector<double> out(dims);
  remove(row, out.data());
  for (std::size_t i = 0; i < dims; ++i) row[i] = float(out[i]);
}

SharedDirection parse_shared_direction(std::string_view bytes, const std::string& name) {
  if (bytes.size() < kHeaderBytes)
    fail(name, "truncated: " + std::to_string(bytes.size()) + " bytes is shorter than the " +
                   std::to_string(kHeaderBytes) + "-byte header");
  if (!is_shared_direction(bytes)) fail(name, "wrong magic (expected \"ALSD\")");
  const char* h = bytes.data();
  const std::uint32_t version = read_u32_le(h + 4);
  if (version != kVersion)
    fail(name, "format version " + std::to_string(version) + ", this build reads version " + std::to_string(kVersion) +
                   "; rebuild the assets (npm run build:embeddings)");
  SharedDirection s;
  s.dims = read_u32_le(h + 8);
  const std::uint32_t count = read_u32_le(h + 12);
  s.vocab_size = read_u32_le(h + 16);
  const std::uint32_t checksum = read_u32_le(h + 20);
  if (s.dims == 0 || s.dims > kMaxDims) fail(name, "implausible dimension " + std::to_string(s.dims));
  if (count > s.dims) fail(name, std::to_string(count) + " components of " + std::to_string(s.dims) + " dimensions");
  const std::uint64_t floats = std::uint64_t(s.dims) * (1 + count) + count;
  const std::uint64_t expected = kHeaderBytes + 4 * floats;
  if (bytes.size() != expected)
    fail(name, (bytes.size() < expected ? "truncated: " : "has trailing bytes: ") + std::to_string(bytes.size()) +
                   " bytes, the header describes " + std::to_string(expected));
  const std::string_view payload = bytes.substr(kHeaderBytes);
  if (fnv1a(payload) != checksum) fail(name, "corrupted: the payload checksum does not match");
  std::vector<float> all(floats);
  for (std::size_t i = 0; i < all.size(); ++i) {
    all[i] = read_f32_le(payload.data() + 4 * i);
    if (!std::isfinite(all[i])) fail(name, "corrupted: a value is not finite");
  }
  s.mean.assign(all.begin(), all.begin() + s.dims);
  s.components.assign(all.begin() + s.dims, all.begin() + std::ptrdiff_t(s.dims) * (1 + count));
  s.variance.assign(all.end() - count, all.end());
  // P is a projection only when the components are orthonormal: check it, not trust it
  for (std::uint32_t a = 0; a < count; ++a)
    for (std::uint32_t b = a; b < count; ++b) {
      double dot = 0;
      for (std::size_t i = 0; i < s.dims; ++i) dot += double(s.component(int(a))[i]) * s.component(int(b))[i];
      if (std::abs(dot - (a == b ? 1.0 : 0.0)) > kUnitTolerance)
        fail(name, "its components are not orthonormal (component " + std::to_string(a) + " · component " +
                       std::to_string(b) + " = " + std::to_string(dot) + ")");
    }
  return s;
}

}  // namespace al
