// Little-endian reads and writes for the asset formats (independent of the host's byte order).
#pragma once
#include <cstdint>
#include <cstring>
#include <string>

namespace al {

inline std::uint32_t read_u32_le(const char* p) {
  const auto* b = reinterpret_cast<const unsigned char*>(p);
  return std::uint32_t(b[0]) | std::uint32_t(b[1]) << 8 | std::uint32_t(b[2]) << 16 | std::uint32_t(b[3]) << 24;
}

inline float read_f32_le(const char* p) {
  const std::uint32_t bits = read_u32_le(p);
  float v;
  std::memcpy(&v, &bits, 4);
  return v;
}

inline void append_u32_le(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(char((v >> (8 * i)) & 0xff));
}

inline void append_f32_le(std::string& out, float v) {
  std::uint32_t bits;
  std::memcpy(&bits, &v, 4);
  append_u32_le(out, bits);
}

}  // namespace al
