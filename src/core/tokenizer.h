// Tokenizer: UTF-8 text -> words, numbers, punctuation, symbols and emoji,
// each with its byte and UTF-16 offsets into the original text.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace al {

enum class TokenKind : std::uint8_t {
  Word,         // letters (and digits) possibly joined by internal hyphens/apostrophes
  Number,       // digits, possibly with internal '.' or ',' ("3.14", "1,000")
  Punctuation,  // one Unicode punctuation character (P*) with its combining marks
  Symbol,       // one symbol (S*) or other non-word character with its marks
  Emoji,        // one emoji grapheme cluster (ZWJ sequences, skin tones, flags)
  Ideograph,    // one CJK ideograph / kana: scripts written without spaces
};

constexpr int kTokenKindCount = 6;  // the enum's values are 0 .. kTokenKindCount - 1
static_assert(int(TokenKind::Ideograph) + 1 == kTokenKindCount, "kTokenKindCount follows the enum");
const char* to_string(TokenKind kind);

struct Token {
  std::string text;   // the token as typed (valid UTF-8; invalid input bytes become U+FFFD)
  std::string lower;  // lower-cased form used for vocabulary lookup
  TokenKind kind = TokenKind::Word;
  std::uint32_t byte_start = 0, byte_end = 0;  // [start, end) in the input's UTF-8 bytes
  std::uint32_t u16_start = 0, u16_end = 0;    // [start, end) in UTF-16 code units (JS string indices)
};

// Splits text into tokens. Never throws on any byte sequence; whitespace,
// control and format characters separate tokens and are dropped.
std::vector<Token> tokenize(std::string_view text);

}  // namespace al
