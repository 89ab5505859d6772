// Reading the training pictures the build writes (scripts/build-images.mjs): binary Netpbm files,
// P6 (RGB) or P5 (grey), maxval 255, a header of whitespace-separated fields ("#" comments
// allowed) and one whitespace byte before the pixels. Decoded to RGBA8 (opaque), the layout
// image::make_view takes.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace al::train {

struct RgbaPicture {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // width · height · 4
};

// Throws AssetError naming the file (`name`) and what is wrong: another magic, a bad header, a
// maxval other than 255, a size over image::kMaxSide / kMaxPixels, too few pixel bytes.
RgbaPicture parse_netpbm(std::string_view bytes, const std::string& name);

}  // namespace al::train
