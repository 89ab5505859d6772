// Strict UTF-8 validation written apart from the decoder under test (src/core/unicode.cpp), for
// the tokenizer tests and fuzz target: the UTF-16 length of s, or -1 when the bytes are not
// valid UTF-8 (overlong, surrogate, past U+10FFFF, cut short).
#pragma once
#include <cstddef>
#include <string_view>

namespace al::test {

inline long utf16_length(std::string_view s) {
  long units = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    int len = 0;
    char32_t cp = 0, min = 0;
    if (b < 0x80)
      len = 1, cp = b;
    else if ((b & 0xE0) == 0xC0)
      len = 2, cp = b & 0x1F, min = 0x80;
    else if ((b & 0xF0) == 0xE0)
      len = 3, cp = b & 0x0F, min = 0x800;
    else if ((b & 0xF8) == 0xF0)
      len = 4, cp = b & 0x07, min = 0x10000;
    else
      return -1;
    if (i + std::size_t(len) > s.size()) return -1;
    for (int k = 1; k < len; ++k) {
      const auto c = static_cast<unsigned char>(s[i + std::size_t(k)]);
      if ((c & 0xC0) != 0x80) return -1;
      cp = (cp << 6) | (c & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return -1;
    units += cp >= 0x10000 ? 2 : 1;
    i += std::size_t(len);
  }
  return units;
}

}  // namespace al::test
