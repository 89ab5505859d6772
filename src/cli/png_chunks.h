// A PNG's chunks checked before libspng decodes it, so that the CLI accepts and refuses the
// pictures a browser does, and allocates nothing for a file that cannot hold its picture:
//   - every chunk's CRC is checked (libspng leaves the last IDAT's unchecked when the zlib
//     stream ends before it): a critical chunk's (IHDR, PLTE, IDAT, IEND) bad CRC refuses the file,
//     an ancillary chunk with a bad CRC is dropped, as libpng does;
//   - ancillary chunks other than tRNS (text, colour profiles, EXIF, ...) are dropped: they do not
//     change the pixels the image mode reads, and a large text chunk must not refuse a picture
//     (libspng's chunk and cache limits would);
//   - the declared size is checked against what the pixel data can hold: deflate compresses at
//     most 1032:1, so IDAT bytes × 1032 bound the decoded bytes.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace al::cli {

struct PngHeader {
  std::uint32_t width = 0, height = 0;
  int bit_depth = 0, color_type = 0;
  std::size_t idat_bytes = 0;  // the pixel data's compressed bytes, over every IDAT
};

// Keeps only the chunks libspng needs (critical ones and tRNS) in png, in place, after checking
// them as above. Throws std::runtime_error with the reason (a sentence without the file's name):
// not a PNG, cut short, a damaged chunk, no IHDR or IDAT, pixel data too short for its size.
PngHeader keep_needed_chunks(std::string& png);

// The least number of compressed bytes that can decode to `width × height` pixels of this depth
// and colour type (deflate's best ratio, 1032:1).
std::size_t least_idat_bytes(const PngHeader& h);

}  // namespace al::cli
