#include "cli/png_chunks.h"

#include <array>
#include <cstring>
#include <stdexcept>
#include <string_view>

namespace al::cli {
namespace {

constexpr std::string_view kSignature("\x89PNG\r\n\x1a\n", 8);
constexpr std::size_t kDeflateBestRatio = 1032;  // 258 bytes per 2-bit length/distance pair

std::uint32_t be32(const char* p) {
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  return std::uint32_t(u[0]) << 24 | std::uint32_t(u[1]) << 16 | std::uint32_t(u[2]) << 8 | u[3];
}

std::uint32_t crc32(const char* data, std::size_t n) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) c = table[(c ^ static_cast<unsigned char>(data[i])) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

int channels(int color_type) {
  switch (color_type) {
    case 0: return 1;  // grey
    case 2: return 3;  // RGB
    case 3: return 1;  // palette index
    case 4: return 2;  // grey + alpha
    case 6: return 4;  // RGBA
    default: return 0;
  }
}

}  // namespace

std::size_t least_idat_bytes(const PngHeader& h) {
  // every pixel's bits, without the rows' filter bytes: a lower bound for any interlacing
  const long double bits = (long double)h.width * h.height * channels(h.color_type) * h.bit_depth;
  return std::size_t(bits / 8 / kDeflateBestRatio);
}

PngHeader keep_needed_chunks(std::string& png) {
  if (png.size() < kSignature.size() || std::string_view(png).substr(0, kSignature.size()) != kSignature)
    throw std::runtime_error("it is not a PNG file (PNG, for example from a screenshot tool, is what --image reads)");
  PngHeader h;
  bool ihdr = false, iend = false;
  std::size_t in = kSignature.size(), out = in;
  while (in < png.size() && !iend) {
    if (png.size() - in < 12) throw std::runtime_error("it is cut short (a chunk's header is incomplete)");
    const std::uint32_t length = be32(&png[in]);
    const std::string type = png.substr(in + 4, 4);
    if (length > png.size() - in - 12)
      throw std::runtime_error("it is cut short (its " + type + " chunk needs " + std::to_string(length) +
                               " bytes, the file has " + std::to_string(png.size() - in - 12) + " left)");
    const std::size_t whole = std::size_t(length) + 12;
    const bool critical = (type[0] & 0x20) == 0;
    if (crc32(&png[in + 4], std::size_t(length) + 4) != be32(&png[in + 8 + length])) {
      if (critical) throw std::runtime_error("it is damaged (the checksum of its " + type + " chunk does not match)");
      in += whole;  // dropped, as libpng drops an ancillary chunk with a bad checksum
      continue;
    }
    if (type == "IHDR") {
      if (length != 13 || ihdr) throw std::runtime_error("it is damaged (its IHDR chunk is malformed)");
      ihdr = true;
      h.width = be32(&png[in + 8]);
      h.height = be32(&png[in + 12]);
      h.bit_depth = static_cast<unsigned char>(png[in + 16]);
      h.color_type = static_cast<unsigned char>(png[in + 17]);
    } else if (!ihdr) {
      throw std::runtime_error("it is damaged (its first chunk is " + type + ", not IHDR)");
    }
    if (type == "IDAT") h.idat_bytes += length;
    iend = type == "IEND";
    if (critical || type == "tRNS") {
      if (out != in) std::memmove(&png[out], &png[in], whole);
      out += whole;
    }
    in += whole;
  }
  png.resize(out);  // whatever follows IEND is ignored, as browsers do
  if (!ihdr) throw std::runtime_error("it is cut short (it has no IHDR chunk)");
  if (h.idat_bytes == 0) throw std::runtime_error("it has no pixel data (no IDAT chunk)");
  if (h.idat_bytes < least_idat_bytes(h))
    throw std::runtime_error("its pixel data (" + std::to_string(h.idat_bytes) +
                             " compressed bytes) is too short for " + std::to_string(h.width) + " × " +
                             std::to_string(h.height) + " pixels (at least " + std::to_string(least_idat_bytes(h)) +
                             "): the file is damaged");
  return h;
}

}  // namespace al::cli
