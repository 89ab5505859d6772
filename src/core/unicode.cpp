#include "core/unicode.h"

#include <algorithm>
#include <array>
#include <iterator>

namespace al {
namespace {

struct ClassRange {
  char32_t first, last;
  CharClass cls;
};

struct LowerRun {
  char32_t first, last;
  std::int32_t delta;   // lower(cp) = cp + delta
  std::int32_t stride;  // 1: every code point in [first, last]; 2: every other one
};

#include "core/unicode_tables.inc"

// ASCII is most of most inputs: classify it with one lookup.
constexpr std::array<CharClass, 128> kAsciiClass = [] {
  std::array<CharClass, 128> table{};
  for (const ClassRange& r : kClassRanges) {
    if (r.first >= 128) break;
    for (char32_t cp = r.first; cp <= r.last && cp < 128; ++cp) table[cp] = r.cls;
  }
  return table;
}();

bool is_continuation(unsigned char b) { return (b & 0xC0) == 0x80; }

Decoded replacement(std::size_t byte_len) { return {kReplacementChar, static_cast<std::uint8_t>(byte_len), 1, false}; }

}  // namespace

Decoded decode_next(std::string_view text, std::size_t pos) {
  if (pos >= text.size()) return {kReplacementChar, 0, 0, false};
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[pos + i]); };
  const std::size_t avail = text.size() - pos;
  const unsigned char b0 = byte(0);
  if (b0 < 0x80) return {b0, 1, 1, true};

  // Sequence length and the allowed range of the second byte (WHATWG / Unicode
  // table 3-7); narrowing the second byte rules out overlongs, surrogates and
  // values past U+10FFFF.
  std::size_t len = 0;
  unsigned char lo = 0x80, hi = 0xBF;
  char32_t cp = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2, cp = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    len = 3, cp = b0 & 0x0F;
    if (b0 == 0xE0) lo = 0xA0;
    if (b0 == 0xED) hi = 0x9F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    len = 4, cp = b0 & 0x07;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;
  } else {
    return replacement(1);  // stray continuation byte, C0, C1, F5..FF
  }

  // An encoded surrogate ED A0..BF 80..BF: one replacement for all three bytes.
  if (b0 == 0xED && avail >= 3 && byte(1) >= 0xA0 && byte(1) <= 0xBF && is_continuation(byte(2))) return replacement(3);

  for (std::size_t i = 1; i < len; ++i) {
    if (i >= avail) return replacement(i);  // truncated at the end of the text
    const unsigned char b = byte(i);
    const bool ok = i == 1 ? (b >= lo && b <= hi) : is_continuation(b);
    if (!ok) return replacement(i);  // the maximal subpart ends before b
    cp = (cp << 6) | (b & 0x3F);
  }
  return {cp, static_cast<std::uint8_t>(len), static_cast<std::uint8_t>(cp >= 0x10000 ? 2 : 1), true};
}

CharClass char_class(char32_t cp) {
  if (cp < 128) return kAsciiClass[cp];
  // The last range starting at or before cp, if cp is inside it.
  const auto after = std::upper_bound(std::begin(kClassRanges), std::end(kClassRanges), cp,
                                      [](char32_t c, const ClassRange& r) { return c < r.first; });
  if (after == std::begin(kClassRanges)) return CharClass::Other;
  const ClassRange& r = *std::prev(after);
  return cp <= r.last ? r.cls : CharClass::Other;
}

char32_t to_lower(char32_t cp) {
  if (cp < 128) return (cp >= 'A' && cp <= 'Z') ? cp + 32 : cp;
  const auto after = std::upper_bound(std::begin(kLowerRuns), std::end(kLowerRuns), cp,
                                      [](char32_t c, const LowerRun& r) { return c < r.first; });
  if (after == std::begin(kLowerRuns)) return cp;
  const LowerRun& r = *std::prev(after);
  if (cp > r.last || (cp - r.first) % static_cast<char32_t>(r.stride) != 0) return cp;
  return static_cast<char32_t>(static_cast<std::int64_t>(cp) + r.delta);
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = kReplacementChar;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace al
