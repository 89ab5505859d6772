// libFuzzer target: al::tokenize on any bytes (scripts/fuzz.sh runs it; docs/HARDENING.md).
// Besides memory errors and undefined behaviour (ASan + UBSan), it checks what the tokenizer
// promises for every input:
//   - tokens are non-empty, ordered and disjoint, in bytes and in UTF-16 units, within the input;
//   - a token's text and lower-cased form are valid UTF-8, and its UTF-16 length is its text's
//     (each invalid byte sequence became one U+FFFD);
//   - on valid UTF-8, a token's text is the input's bytes at its byte offsets;
//   - whatever lies between tokens is white space, control or format characters only.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "core/tokenizer.h"
#include "core/unicode.h"

namespace {

[[noreturn]] void fail(const char* what, std::size_t token) {
  std::fprintf(stderr, "fuzz_tokenizer: token %zu: %s\n", token, what);
  std::abort();
}

// Strict UTF-8 validation written apart from the decoder under test; returns the number of
// UTF-16 units, or -1 when the bytes are not valid UTF-8 (overlong, surrogate, > U+10FFFF, cut).
long utf16_length(std::string_view s) {
  long units = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    int len = 0;
    char32_t cp = 0, min = 0;
    if (b < 0x80) len = 1, cp = b;
    else if ((b & 0xE0) == 0xC0) len = 2, cp = b & 0x1F, min = 0x80;
    else if ((b & 0xF0) == 0xE0) len = 3, cp = b & 0x0F, min = 0x800;
    else if ((b & 0xF8) == 0xF0) len = 4, cp = b & 0x07, min = 0x10000;
    else return -1;
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

bool is_separator(char32_t cp) {
  const al::CharClass c = al::char_class(cp);
  return c == al::CharClass::Space || c == al::CharClass::Control || c == al::CharClass::Format;
}

// Every character in [from, to) of the input is one the tokenizer drops.
bool only_separators(std::string_view text, std::size_t from, std::size_t to) {
  for (std::size_t pos = from; pos < to;) {
    const al::Decoded d = al::decode_next(text, pos);
    if (d.byte_len == 0 || !is_separator(d.cp)) return false;
    pos += d.byte_len;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const bool valid_input = utf16_length(text) >= 0;
  const auto tokens = al::tokenize(text);
  std::size_t byte_end = 0, u16_end = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const al::Token& t = tokens[i];
    if (t.byte_end <= t.byte_start || t.u16_end <= t.u16_start) fail("empty token", i);
    if (t.byte_start < byte_end || t.u16_start < u16_end) fail("overlaps the token before", i);
    if (t.byte_end > size) fail("ends past the input", i);
    const long units = utf16_length(t.text);
    if (units < 0 || utf16_length(t.lower) < 0) fail("text is not valid UTF-8", i);
    if (std::size_t(units) != t.u16_end - t.u16_start) fail("UTF-16 offsets disagree with the text", i);
    if (valid_input && text.substr(t.byte_start, t.byte_end - t.byte_start) != t.text)
      fail("text is not the input at its byte offsets", i);
    if (!only_separators(text, byte_end, t.byte_start)) fail("a non-separator was dropped before it", i);
    byte_end = t.byte_end;
    u16_end = t.u16_end;
  }
  if (!only_separators(text, byte_end, size)) fail("a non-separator was dropped at the end", tokens.size());
  return 0;
}
