// libFuzzer target: the CLI's PNG reader (al::cli::decode_png: the chunk checks of png_chunks.h,
// then libspng) on any bytes (scripts/fuzz.sh runs it; docs/HARDENING.md). Besides memory errors
// and undefined behaviour (ASan + UBSan), it checks what the reader promises:
//   - it throws only AssetError, whose sentence names the file;
//   - a picture it returns is within the image mode's limits and holds width · height · 4 bytes;
//   - nothing is allocated for pixels a file's data cannot hold: a refused file never decoded
//     more than deflate's best ratio allows (checked through the returned size when accepted).
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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
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
