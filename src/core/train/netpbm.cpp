#include "core/train/netpbm.h"

#include <cctype>

#include "core/errors.h"
#include "core/image/view.h"

namespace al::train {

RgbaPicture parse_netpbm(std::string_view bytes, const std::string& name) {
  auto fail = [&](const std::string& why) -> RgbaPicture {
    throw AssetError("picture '" + name + "' is not usable: " + why);
  };
  if (bytes.size() < 2 || bytes[0] != 'P' || (bytes[1] != '5' && bytes[1] != '6'))
    return fail("not a binary Netpbm file (expected \"P5\" or \"P6\")");
  const int channels = bytes[1] == '6' ? 3 : 1;
  std::size_t at = 2;
  // width, height, maxval: decimal fields after whitespace and comments
  auto field = [&]() -> long {
    for (;;) {
      while (at < bytes.size() && std::isspace(static_cast<unsigned char>(bytes[at]))) ++at;
      if (at < bytes.size() && bytes[at] == '#')
        while (at < bytes.size() && bytes[at] != '\n') ++at;
      else
        break;
    }
    long v = 0;
    int digits = 0;
    for (; at < bytes.size() && std::isdigit(static_cast<unsigned char>(bytes[at])) && digits < 9; ++at, ++digits)
      v = v * 10 + (bytes[at] - '0');
    if (digits == 0) fail("a bad header (expected a number)");
    return v;
  };
  const long width = field(), height = field(), maxval = field();
  if (maxval != 255) return fail("maxval " + std::to_string(maxval) + " (only 255 is read)");
  if (width < 1 || height < 1 || width > image::kMaxSide || height > image::kMaxSide ||
      std::size_t(width) * std::size_t(height) > image::kMaxPixels)
    return fail("a size of " + std::to_string(width) + " × " + std::to_string(height));
  if (at >= bytes.size() || !std::isspace(static_cast<unsigned char>(bytes[at]))) return fail("a bad header");
  ++at;  // the one whitespace byte before the pixels
  const std::size_t pixels = std::size_t(width) * std::size_t(height);
  if (bytes.size() - at < pixels * channels)
    return fail("truncated: " + std::to_string(bytes.size() - at) + " pixel bytes, " +
                std::to_string(pixels * channels) + " needed");
  RgbaPicture p{int(width), int(height), std::vector<std::uint8_t>(pixels * 4, 255)};
  const auto* src = reinterpret_cast<const std::uint8_t*>(bytes.data() + at);
  for (std::size_t i = 0; i < pixels; ++i)
    for (int c = 0; c < 3; ++c) p.rgba[i * 4 + c] = src[i * channels + (channels == 3 ? c : 0)];
  return p;
}

}  // namespace al::train
