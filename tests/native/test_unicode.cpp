#include "core/unicode.h"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

using al::CharClass;
using al::decode_next;
using al::to_lower;

namespace {

// Decodes all of `bytes`: code points (U+FFFD for invalid parts) and byte lengths.
struct Decoding {
  std::vector<char32_t> cps;
  std::vector<int> lens;
  int utf16 = 0;
};

Decoding decode_all(std::string_view bytes) {
  Decoding out;
  for (std::size_t pos = 0; pos < bytes.size();) {
    const al::Decoded d = decode_next(bytes, pos);
    out.cps.push_back(d.cp);
    out.lens.push_back(d.byte_len);
    out.utf16 += d.utf16_len;
    pos += d.byte_len;
  }
  return out;
}

using Cps = std::vector<char32_t>;
using Lens = std::vector<int>;
constexpr char32_t R = al::kReplacementChar;

}  // namespace

TEST_CASE("decoding well-formed UTF-8 of every length gives the code points and UTF-16 lengths") {
  const Decoding d = decode_all("A\xC3\xA9\xE6\x9D\xB1\xF0\x9F\x98\x80");  // A é 東 😀
  CHECK(d.cps == Cps{U'A', 0xE9, 0x6771, 0x1F600});
  CHECK(d.lens == Lens{1, 2, 3, 4});
  CHECK(d.utf16 == 5);
  CHECK(decode_next("\xF4\x8F\xBF\xBF", 0).cp == 0x10FFFF);
  CHECK(decode_next("\xF4\x8F\xBF\xBF", 0).valid);
}

TEST_CASE("decoding at or past the end consumes nothing") {
  CHECK(decode_next("ab", 2).byte_len == 0);
  CHECK(decode_next("", 0).byte_len == 0);
  CHECK_FALSE(decode_next("", 0).valid);
}

TEST_CASE("a lone continuation byte is one replacement character") {
  const Decoding d = decode_all(
      "a\x80\xBF"
      "b");
  CHECK(d.cps == Cps{U'a', R, R, U'b'});
  CHECK(d.lens == Lens{1, 1, 1, 1});
  CHECK_FALSE(decode_next("\x80", 0).valid);
}

TEST_CASE("a sequence truncated by the end of the text is one replacement character") {
  CHECK(decode_all("a\xE6\x9D").cps == Cps{U'a', R});
  CHECK(decode_all("a\xE6\x9D").lens == Lens{1, 2});
  CHECK(decode_all("\xF0\x9F\x98").lens == Lens{3});
}

TEST_CASE("a sequence interrupted by a non-continuation byte is replaced up to that byte") {
  const Decoding d = decode_all(
      "\xE6\x9D"
      "A\xC3"
      "B");
  CHECK(d.cps == Cps{R, U'A', R, U'B'});
  CHECK(d.lens == Lens{2, 1, 1, 1});
}

TEST_CASE("overlong encodings give one replacement per byte, as WHATWG decoders do") {
  CHECK(decode_all("\xC0\xAF").cps == Cps{R, R});         // '/' in 2 bytes
  CHECK(decode_all("\xE0\x80\xAF").cps == Cps{R, R, R});  // '/' in 3 bytes
  CHECK(decode_all("\xF0\x80\x80\xAF").cps == Cps{R, R, R, R});
  CHECK(decode_all("\xC1\xBF").cps == Cps{R, R});
}

TEST_CASE("code points past U+10FFFF and bytes F5..FF are replaced") {
  CHECK(decode_all("\xF4\x90\x80\x80").cps == Cps{R, R, R, R});
  CHECK(decode_all("\xF5\xFF\xFE").cps == Cps{R, R, R});
}

TEST_CASE("an encoded UTF-16 surrogate is one replacement of 3 bytes and 1 UTF-16 unit") {
  // What Embind's stringToUTF8 writes for a lone surrogate "\uD83D" in a JS string.
  const al::Decoded high = decode_next("\xED\xA0\xBD", 0);
  CHECK(high.cp == R);
  CHECK(high.byte_len == 3);
  CHECK(high.utf16_len == 1);
  CHECK_FALSE(high.valid);
  CHECK(decode_all("\xED\xBF\xBFx").cps == Cps{R, U'x'});  // low surrogate U+DFFF
  // The last code point before the surrogates is still fine.
  CHECK(decode_next("\xED\x9F\xBF", 0).cp == 0xD7FF);
  // A truncated surrogate falls back to one replacement per maximal subpart.
  CHECK(decode_all("\xED\xA0").cps == Cps{R, R});
}

TEST_CASE("random bytes always decode, each step consuming at least one byte") {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int round = 0; round < 2000; ++round) {
    std::string s;
    for (int i = 0; i < 16; ++i) s += static_cast<char>(byte(rng));
    std::size_t total = 0;
    for (int len : decode_all(s).lens) {
      REQUIRE(len >= 1);
      total += static_cast<std::size_t>(len);
    }
    REQUIRE(total == s.size());
  }
}

TEST_CASE("append_utf8 and decode_next round-trip every scalar value") {
  std::string s;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    s.clear();
    al::append_utf8(s, cp);
    const al::Decoded d = decode_next(s, 0);
    REQUIRE(d.valid);
    REQUIRE(d.cp == cp);
    REQUIRE(d.byte_len == s.size());
  }
}

TEST_CASE("append_utf8 writes U+FFFD for surrogates and values past U+10FFFF") {
  std::string s;
  al::append_utf8(s, 0xD800);
  al::append_utf8(s, 0x110000);
  CHECK(s == "\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST_CASE("character classes follow the Unicode properties the tokenizer relies on") {
  CHECK(al::char_class(U'a') == CharClass::Letter);
  CHECK(al::char_class(0x05D0) == CharClass::Letter);   // Hebrew alef
  CHECK(al::char_class(0x0627) == CharClass::Letter);   // Arabic alef
  CHECK(al::char_class(0x10400) == CharClass::Letter);  // Deseret (supplementary)
  CHECK(al::char_class(0x0301) == CharClass::Mark);     // combining acute
  CHECK(al::char_class(0xFE0F) == CharClass::Mark);     // variation selector 16
  CHECK(al::char_class(0x20E3) == CharClass::Mark);     // combining keycap
  CHECK(al::char_class(U'7') == CharClass::Digit);
  CHECK(al::char_class(0x0663) == CharClass::Digit);  // Arabic-Indic three
  CHECK(al::char_class(U' ') == CharClass::Space);
  CHECK(al::char_class(0x00A0) == CharClass::Space);  // no-break space
  CHECK(al::char_class(0x3000) == CharClass::Space);  // ideographic space
  CHECK(al::char_class(0x0085) == CharClass::Space);  // NEL: Cc but white space
  CHECK(al::char_class(0) == CharClass::Control);
  CHECK(al::char_class(0x7F) == CharClass::Control);
  CHECK(al::char_class(0x200D) == CharClass::Format);       // ZWJ
  CHECK(al::char_class(0xE0067) == CharClass::Format);      // tag 'g'
  CHECK(al::char_class(0x6771) == CharClass::Ideograph);    // 東
  CHECK(al::char_class(0x3042) == CharClass::Ideograph);    // あ
  CHECK(al::char_class(0x30FC) == CharClass::Ideograph);    // ー (script Common)
  CHECK(al::char_class(0x3001) == CharClass::Punctuation);  // 、
  CHECK(al::char_class(U'!') == CharClass::Punctuation);
  CHECK(al::char_class(U'+') == CharClass::Symbol);
  CHECK(al::char_class(0xFFFD) == CharClass::Symbol);
  CHECK(al::char_class(0x1F600) == CharClass::Pictographic);  // 😀
  CHECK(al::char_class(0x00A9) == CharClass::Pictographic);   // ©
  CHECK(al::char_class(0x1F1EB) == CharClass::RegionalIndicator);
  CHECK(al::char_class(0x1F3FD) == CharClass::EmojiModifier);
  CHECK(al::char_class(0xE000) == CharClass::Other);  // private use
  CHECK(al::char_class(0x10FFFF) == CharClass::Other);
  CHECK(al::char_class(0x110000) == CharClass::Other);
}

TEST_CASE("to_lower maps simple upper-case letters and leaves everything else") {
  CHECK(to_lower(U'A') == U'a');
  CHECK(to_lower(U'z') == U'z');
  CHECK(to_lower(U'1') == U'1');
  CHECK(to_lower(0xC9) == 0xE9);    // É -> é
  CHECK(to_lower(0x100) == 0x101);  // Ā -> ā (stride-2 run)
  CHECK(to_lower(0x101) == 0x101);
  CHECK(to_lower(0x178) == 0xFF);       // Ÿ -> ÿ
  CHECK(to_lower(0x3A3) == 0x3C3);      // Σ -> σ
  CHECK(to_lower(0x414) == 0x434);      // Д -> д
  CHECK(to_lower(0x10400) == 0x10428);  // Deseret
  CHECK(to_lower(0x130) == 0x130);      // İ lower-cases to two code points: unchanged
  CHECK(to_lower(0x05D0) == 0x05D0);    // Hebrew has no case
  CHECK(to_lower(0x10FFFF) == 0x10FFFF);
}
