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
#include "utf8_check.h"

namespace {

[[noreturn]] void fail(const char* what, std::size_t token) {
  std::fprintf(stderr, "fuzz_tokenizer: token %zu: %s\n", token, what);
  std::abort();
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
  const bool valid_input = al::test::utf16_length(text) >= 0;
  const auto tokens = al::tokenize(text);
  std::size_t byte_end = 0, u16_end = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const al::Token& t = tokens[i];
    if (t.byte_end <= t.byte_start || t.u16_end <= t.u16_start) fail("empty token", i);
    if (t.byte_start < byte_end || t.u16_start < u16_end) fail("overlaps the token before", i);
    if (t.byte_end > size) fail("ends past the input", i);
    const long units = al::test::utf16_length(t.text);
    if (units < 0 || al::test::utf16_length(t.lower) < 0) fail("text is not valid UTF-8", i);
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
