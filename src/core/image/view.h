// The 224 × 224 view: the one picture the image mode works on, whatever was loaded.
//   RGBA8 bytes (as in a canvas's ImageData), any width × height
//   -> transparent pixels composited on white:  rgb = α·rgb + (1 − α)·1
//   -> the centred square of side min(width, height)  (the longer side is cropped evenly)
//   -> that square area-averaged to 224 × 224  (a box filter: each view pixel is the mean of
//      the source area it covers, so a large photo downscales without aliasing; a picture
//      smaller than 224 is enlarged, each source pixel becoming a block)
// Averaging is done on the 8-bit sRGB values as stored, as a browser's canvas does.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/image/image.h"

namespace al::image {

constexpr int kViewSize = 224;
constexpr int kMaxSide = 16384;                               // pixels, either side (a browser canvas's limit)
constexpr std::size_t kMaxPixels = std::size_t(1) << 26;      // width · height: 256 MiB of RGBA
constexpr std::size_t kMaxFileBytes = std::size_t(64) << 20;  // a picture file (the page and the CLI read)

// The sentence saying why a picture of this size is not taken (0 pixels, a side over kMaxSide,
// more than kMaxPixels in all), or "" when it is; for sizes as a file declares them, before any
// allocation. The JS API (web/lib/image-check.js) says the same.
std::string size_problem(std::uint64_t width, std::uint64_t height);

// Throws OptionError with a sentence when the size is 0, too large, or does not match the
// data: `length` must be width · height · 4.
void validate_rgba(std::size_t length, int width, int height);

// The 224 × 224 view of an RGBA8 picture, values in [0, 1].
Image make_view(const std::uint8_t* rgba, std::size_t length, int width, int height);

}  // namespace al::image
