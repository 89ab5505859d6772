// Reading a PNG file as RGBA8 bytes, for attention-lens --image (Debian's libspng, a small,
// fuzzed decoder, behind the chunk checks of png_chunks.h).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace al::cli {

struct RgbaPicture {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // width · height · 4 bytes
};

// Throws AssetError with a sentence naming the file: not a regular file, larger than
// image::kMaxFileBytes, not a PNG, damaged, or larger than the image mode takes
// (core/image/view.h's limits, checked before anything is decoded).
RgbaPicture read_png(const std::string& path);

// The same from the file's bytes (name is what the sentences call it).
RgbaPicture decode_png(std::string bytes, const std::string& name);

}  // namespace al::cli
