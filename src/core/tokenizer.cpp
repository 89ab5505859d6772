// Tokenizer rules, in the order the main loop applies them:
//   1. white space, control and format characters separate tokens and are dropped;
//   2. a run of letters, digits and marks is a word (or a number if it has no
//      letter), with internal hyphens, apostrophes, ZWNJ/ZWJ/soft hyphens and
//      digit separators joined,
//      and English clitics ('s, n't, ...) split off as words of their own;
//   3. a Han / Hiragana / Katakana character with its marks is one ideograph token;
//   4. anything else is one token per (simplified) extended grapheme cluster.
// Every step looks at most two code points ahead, so the whole pass is linear.
#include "core/tokenizer.h"

#include "core/unicode.h"

namespace al {
namespace {

constexpr char32_t kZwj = 0x200D;

// One decoded code point and where it sits in the input.
struct Char {
  char32_t cp = 0;
  CharClass cls = CharClass::Control;
  std::uint32_t byte = 0, byte_end = 0;  // [byte, byte_end) in UTF-8 bytes
  std::uint32_t u16 = 0, u16_end = 0;    // [u16, u16_end) in UTF-16 code units
};

// Decodes characters on demand; peeking ahead is just decoding one more.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  std::string_view text() const { return text_; }
  bool at_end(const Char& c) const { return c.byte >= text_.size(); }

  // The character at the given offsets. Past the end it is a zero-width
  // Control, which separates everything and joins nothing.
  Char at(std::uint32_t byte, std::uint32_t u16) const {
    Char c;
    c.byte = c.byte_end = byte;
    c.u16 = c.u16_end = u16;
    if (byte >= text_.size()) return c;
    const Decoded d = decode_next(text_, byte);
    c.cp = d.cp;
    c.cls = char_class(d.cp);
    c.byte_end = byte + d.byte_len;
    c.u16_end = u16 + d.utf16_len;
    return c;
  }
  Char next(const Char& c) const { return at(c.byte_end, c.u16_end); }

 private:
  std::string_view text_;
};

bool is_hyphen(char32_t cp) { return cp == U'-' || cp == 0x2010 || cp == 0x2011; }
bool is_apostrophe(char32_t cp) { return cp == U'\'' || cp == 0x2019; }
// Invisible characters that belong inside a word when between letters: ZWNJ (Persian
// "می‌خواهم"), ZWJ (Indic conjuncts) and the soft hyphen.
bool is_word_joiner(char32_t cp) { return cp == 0x200C || cp == 0x200D || cp == 0x00AD; }
bool is_tag(char32_t cp) { return cp >= 0xE0020 && cp <= 0xE007F; }
bool is_separator(CharClass cls) {
  return cls == CharClass::Space || cls == CharClass::Control || cls == CharClass::Format;
}

// '#', '*' or an ASCII digit followed by VS16 or the combining keycap: "1️⃣", "#️⃣".
bool starts_keycap(const Scanner& s, const Char& c) {
  if (c.cp != U'#' && c.cp != U'*' && !(c.cp >= U'0' && c.cp <= U'9')) return false;
  const char32_t after = s.next(c).cp;
  return after == 0xFE0F || after == 0x20E3;
}

bool is_word_char(const Scanner& s, const Char& c) {
  return c.cls == CharClass::Letter || (c.cls == CharClass::Digit && !starts_keycap(s, c));
}

// The token spanning [first, end): its text re-encoded, so invalid bytes become U+FFFD.
Token make_token(std::string_view text, TokenKind kind, const Char& first, const Char& end) {
  Token t;
  t.kind = kind;
  t.byte_start = first.byte;
  t.byte_end = end.byte;
  t.u16_start = first.u16;
  t.u16_end = end.u16;
  t.text.reserve(end.byte - first.byte);
  t.lower.reserve(end.byte - first.byte);
  for (std::size_t pos = first.byte; pos < end.byte;) {
    const Decoded d = decode_next(text, pos);
    append_utf8(t.text, d.cp);
    append_utf8(t.lower, to_lower(d.cp));
    pos += d.byte_len;
  }
  return t;
}

bool equals_ascii_nocase(std::string_view s, std::string_view lower_ascii) {
  if (s.size() != lower_ascii.size()) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = (s[i] >= 'A' && s[i] <= 'Z') ? static_cast<char>(s[i] + 32) : s[i];
    if (c != lower_ascii[i]) return false;
  }
  return true;
}

// Where the English clitic at the end of a word starts, if it has one (PTB
// style: "Lannister's" -> "Lannister" "'s", "don't" -> "do" "n't").
// `apostrophe` is the word's last joined apostrophe, `before` the character before it.
bool find_clitic(const Scanner& s, const Char& first, const Char& before, const Char& apostrophe, const Char& end,
                 Char& clitic) {
  const std::string_view rest = s.text().substr(apostrophe.byte_end, end.byte - apostrophe.byte_end);
  for (std::string_view suffix : {"s", "re", "ve", "ll", "d", "m"}) {
    if (equals_ascii_nocase(rest, suffix)) {
      clitic = apostrophe;
      return true;
    }
  }
  if (equals_ascii_nocase(rest, "t") && (before.cp == U'n' || before.cp == U'N') && before.byte > first.byte) {
    clitic = before;
    return true;
  }
  return false;
}

// Rule 2: a word or number starting at `first` (a word character). Appends
// one token, or two when a clitic is split off; returns the character after.
Char scan_word(const Scanner& s, const Char& first, std::vector<Token>& out) {
  bool has_letter = false;
  CharClass last_base = first.cls;  // Letter or Digit: the last non-mark character
  Char prev = first;                // the last character consumed
  Char apostrophe, before_apostrophe;
  bool joined_apostrophe = false;
  Char c = first;
  while (true) {
    if (is_word_char(s, c)) {
      has_letter = has_letter || c.cls == CharClass::Letter;
      last_base = c.cls;
    } else if (c.cls != CharClass::Mark) {  // marks extend the character before them
      // A joiner needs a word character after it; that it has one before it,
      // the run guarantees (every joiner is followed by a word character).
      const Char after = s.next(c);
      const bool joins = (is_hyphen(c.cp) && is_word_char(s, after)) ||
                         ((is_apostrophe(c.cp) || is_word_joiner(c.cp)) && last_base == CharClass::Letter &&
                          after.cls == CharClass::Letter) ||
                         ((c.cp == U'.' || c.cp == U',') && !has_letter && last_base == CharClass::Digit &&
                          is_word_char(s, after) && after.cls == CharClass::Digit);
      if (!joins) break;
      if (is_apostrophe(c.cp)) {
        apostrophe = c;
        before_apostrophe = prev;
        joined_apostrophe = true;
      }
    }
    prev = c;
    c = s.next(c);
  }

  Char clitic;
  if (joined_apostrophe && find_clitic(s, first, before_apostrophe, apostrophe, c, clitic)) {
    out.push_back(make_token(s.text(), TokenKind::Word, first, clitic));
    out.push_back(make_token(s.text(), TokenKind::Word, clitic, c));
  } else {
    out.push_back(make_token(s.text(), has_letter ? TokenKind::Word : TokenKind::Number, first, c));
  }
  return c;
}

// Consumes the combining marks after a character; returns the first non-mark.
Char skip_marks(const Scanner& s, Char c) {
  while (c.cls == CharClass::Mark) c = s.next(c);
  return c;
}

// Rule 4: one simplified extended grapheme cluster starting at `base`: the base,
// a second regional indicator (a flag), then marks (incl. variation selectors
// and the keycap), skin tones, tag characters, and ZWJ + pictographic.
Char scan_cluster(const Scanner& s, const Char& base, std::vector<Token>& out) {
  Char c = s.next(base);
  if (base.cls == CharClass::RegionalIndicator && c.cls == CharClass::RegionalIndicator) c = s.next(c);
  while (true) {
    if (c.cls == CharClass::Mark || c.cls == CharClass::EmojiModifier || is_tag(c.cp)) {
      c = s.next(c);
    } else if (c.cp == kZwj && base.cls == CharClass::Pictographic && s.next(c).cls == CharClass::Pictographic) {
      c = s.next(s.next(c));
    } else {
      break;
    }
  }

  TokenKind kind = TokenKind::Symbol;
  if (base.cls == CharClass::Pictographic || base.cls == CharClass::RegionalIndicator ||
      base.cls == CharClass::EmojiModifier || starts_keycap(s, base)) {
    kind = TokenKind::Emoji;
  } else if (base.cls == CharClass::Punctuation) {
    kind = TokenKind::Punctuation;
  }
  out.push_back(make_token(s.text(), kind, base, c));
  return c;
}

}  // namespace

const char* to_string(TokenKind kind) {
  switch (kind) {
    case TokenKind::Word: return "word";
    case TokenKind::Number: return "number";
    case TokenKind::Punctuation: return "punctuation";
    case TokenKind::Symbol: return "symbol";
    case TokenKind::Emoji: return "emoji";
    case TokenKind::Ideograph: return "ideograph";
  }
  return "unknown";
}

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> tokens;
  const Scanner s(text);
  Char c = s.at(0, 0);
  while (!s.at_end(c)) {
    if (is_separator(c.cls)) {
      c = s.next(c);  // rule 1 (a ZWJ inside an emoji is consumed by scan_cluster)
    } else if (is_word_char(s, c)) {
      c = scan_word(s, c, tokens);
    } else if (c.cls == CharClass::Ideograph) {
      const Char end = skip_marks(s, s.next(c));
      tokens.push_back(make_token(text, TokenKind::Ideograph, c, end));
      c = end;
    } else {
      c = scan_cluster(s, c, tokens);
    }
  }
  return tokens;
}

}  // namespace al
