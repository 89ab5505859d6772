// libFuzzer target: the CLI's PNG reader (al::cli::decode_png: the chunk checks of png_chunks.h,
// then libspng) on any bytes (scripts/fuzz.sh runs it; docs/HARDENING.md). Besides memory errors
// and undefined behaviour (ASan + UBSan), it checks what the reader promises:
//   - it throws only AssetError, whose sentence names the file;
//   - a picture it returns is within the image mode's limits and holds width · height · 4 bytes;
//   - a picture it returns has no more pixels than its bytes can hold at deflate's best ratio.
// The input: a mode byte, then the file. With mode bit 0 set, every chunk's CRC is recomputed
// (as far as the chunks are well-formed), so that mutations reach libspng past the CRC checks.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "cli/png.h"
#include "core/errors.h"
#include "core/image/view.h"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_png: %s\n", what);
  std::abort();
}

std::uint32_t be32(const std::string& s, std::size_t at) {
  const auto u = [&](std::size_t i) { return std::uint32_t(static_cast<unsigned char>(s[at + i])); };
  return u(0) << 24 | u(1) << 16 | u(2) << 8 | u(3);
}

// Writes the right CRC after every whole chunk (zlib's crc32, computed here bit by bit).
void fix_crcs(std::string& png) {
  for (std::size_t at = 8; at + 12 <= png.size();) {
    const std::uint32_t length = be32(png, at);
    if (length > png.size() - at - 12) return;
    std::uint32_t c = 0xFFFFFFFFu;
    for (std::size_t i = at + 4; i < at + 8 + length; ++i) {
      c ^= static_cast<unsigned char>(png[i]);
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    }
    c ^= 0xFFFFFFFFu;
    for (int k = 0; k < 4; ++k) png[at + 8 + length + std::size_t(k)] = char(c >> (24 - 8 * k));
    at += std::size_t(length) + 12;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] & 1) fix_crcs(bytes);
  al::cli::RgbaPicture p;
  try {
    p = al::cli::decode_png(bytes, "fuzz.png");
  } catch (const al::AssetError& e) {
    if (std::string(e.what()).find("'fuzz.png'") == std::string::npos) fail("a refusal does not name the file");
    return 0;
  }
  if (!al::image::size_problem(std::uint64_t(p.width), std::uint64_t(p.height)).empty())
    fail("a picture outside the image mode's limits was accepted");
  if (p.rgba.size() != std::size_t(p.width) * std::size_t(p.height) * 4) fail("the pixels are not width · height · 4");
  if (std::size_t(p.width) * std::size_t(p.height) > size * 1032 * 8) fail("more pixels than the data can hold");
  return 0;
}
