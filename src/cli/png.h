// Reading a PNG file as RGBA8 bytes, for attention-lens --image (Debian's libspng, a small,
// fuzzed decoder).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace al::cli {

struct RgbaPicture {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // width · height · 4 bytes
};

// Throws AssetError with a sentence naming the file: not a PNG, corrupt, or larger than the
// image mode takes (core/image/view.h's limits, checked before decoding).
RgbaPicture read_png(const std::string& path);

}  // namespace al::cli
