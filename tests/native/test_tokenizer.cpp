#include "core/tokenizer.h"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

using al::Token;
using al::tokenize;
using namespace std::string_literals;

namespace {

std::vector<std::string> texts(const std::vector<Token>& tokens) {
  std::vector<std::string> out;
  for (const Token& t : tokens) out.push_back(t.text);
  return out;
}

std::string kinds(const std::vector<Token>& tokens) {
  std::string out;
  for (const Token& t : tokens) out += (out.empty() ? "" : " ") + std::string(al::to_string(t.kind));
  return out;
}

// UTF-16 of well-formed UTF-8, written independently of the code under test.
std::u16string to_utf16(const std::string& s) {
  std::u16string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const int len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    char32_t cp = len == 1 ? b : b & (0x7F >> len);
    for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    if (cp >= 0x10000) {
      out += static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
      out += static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      out += static_cast<char16_t>(cp);
    }
    i += static_cast<std::size_t>(len);
  }
  return out;
}

// Each token's byte range and UTF-16 range slice back to its text (valid input only).
void check_slices(const std::string& input, const std::vector<Token>& tokens) {
  const std::u16string input16 = to_utf16(input);
  for (const Token& t : tokens) {
    CHECK(input.substr(t.byte_start, t.byte_end - t.byte_start) == t.text);
    CHECK(input16.substr(t.u16_start, t.u16_end - t.u16_start) == to_utf16(t.text));
  }
}

}  // namespace

TEST_CASE("a Lannister always pays his debts, in seven tokens with exact offsets") {
  const auto tokens = tokenize("A Lannister always pays his debts.");
  REQUIRE(texts(tokens) == std::vector<std::string>{"A", "Lannister", "always", "pays", "his", "debts", "."});
  CHECK(kinds(tokens) == "word word word word word word punctuation");
  const std::vector<std::uint32_t> starts{0, 2, 12, 19, 24, 28, 33}, ends{1, 11, 18, 23, 27, 33, 34};
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    CHECK(tokens[i].byte_start == starts[i]);
    CHECK(tokens[i].byte_end == ends[i]);
    CHECK(tokens[i].u16_start == starts[i]);
    CHECK(tokens[i].u16_end == ends[i]);
  }
  CHECK(tokens[1].lower == "lannister");
}

TEST_CASE("empty and whitespace-only input give no tokens") {
  CHECK(tokenize("").empty());
  CHECK(tokenize(" \t\r\n\u00A0\u2028\u3000").empty());
}

TEST_CASE("kinds have stable names") {
  CHECK(std::string(al::to_string(al::TokenKind::Word)) == "word");
  CHECK(std::string(al::to_string(al::TokenKind::Number)) == "number");
  CHECK(std::string(al::to_string(al::TokenKind::Punctuation)) == "punctuation");
  CHECK(std::string(al::to_string(al::TokenKind::Symbol)) == "symbol");
  CHECK(std::string(al::to_string(al::TokenKind::Emoji)) == "emoji");
  CHECK(std::string(al::to_string(al::TokenKind::Ideograph)) == "ideograph");
}

TEST_CASE("English clitics split off as their own words, the Penn Treebank way") {
  const auto tokens = tokenize("Don't, can't. Lannister's we're I'VE they'll she\u2019d I'm");
  CHECK(texts(tokens) == std::vector<std::string>{"Do", "n't", ",", "ca", "n't", ".", "Lannister", "'s", "we", "'re",
                                                  "I", "'VE", "they", "'ll", "she", "\u2019d", "I", "'m"});
  CHECK(tokens[1].kind == al::TokenKind::Word);
  CHECK(tokens[1].byte_start == 2);
  CHECK(tokens[11].lower == "'ve");
}

TEST_CASE("an apostrophe between letters that is not a clitic stays inside the word") {
  CHECK(texts(tokenize("o'neill rock'n'roll")) == std::vector<std::string>{"o'neill", "rock'n'roll"});
  CHECK(texts(tokenize("O'Neill's")) == std::vector<std::string>{"O'Neill", "'s"});
  CHECK(texts(tokenize("James' 'tis")) == std::vector<std::string>{"James", "'", "'", "tis"});
}

TEST_CASE("internal hyphens join words and trailing or doubled ones do not") {
  CHECK(texts(tokenize("well-known state-of-the-art mid-1990s non\u2011breaking")) ==
        std::vector<std::string>{"well-known", "state-of-the-art", "mid-1990s", "non\u2011breaking"});
  CHECK(texts(tokenize("pre- -post a--b")) == std::vector<std::string>{"pre", "-", "-", "post", "a", "-", "-", "b"});
}

TEST_CASE("numbers keep their decimal point and thousands separators") {
  const auto tokens = tokenize("3.14 1,000,000 42. 7,x \u0661\u0662\u0663");
  CHECK(texts(tokens) == std::vector<std::string>{"3.14", "1,000,000", "42", ".", "7", ",", "x", "\u0661\u0662\u0663"});
  CHECK(kinds(tokens) == "number number number punctuation number punctuation word number");
}

TEST_CASE("a number with thousands of digits is one token") {
  const auto tokens = tokenize(std::string(5000, '9'));
  REQUIRE(tokens.size() == 1);
  CHECK(tokens[0].kind == al::TokenKind::Number);
  CHECK(tokens[0].byte_end == 5000);
}

TEST_CASE("accented Latin words stay whole, precomposed or decomposed") {
  const std::string input = "Zo\u00EB caf\u00E9 na\u00EFve Cafe\u0301";
  const auto tokens = tokenize(input);
  CHECK(texts(tokens) == std::vector<std::string>{"Zo\u00EB", "caf\u00E9", "na\u00EFve", "Cafe\u0301"});
  CHECK(tokens[0].lower == "zo\u00EB");
  CHECK(tokens[3].lower == "cafe\u0301");
  CHECK(tokens[3].u16_end - tokens[3].u16_start == 5);
  check_slices(input, tokens);
}

TEST_CASE("each Han, Hiragana or Katakana character is its own token") {
  const std::string input = "\u6771\u4EAC\u30BF\u30EF\u30FC\u3002abc\u6771 \u304C\u3099";
  const auto tokens = tokenize(input);  // 東京タワー。abc東 が + combining voiced mark
  CHECK(texts(tokens) == std::vector<std::string>{"\u6771", "\u4EAC", "\u30BF", "\u30EF", "\u30FC", "\u3002", "abc",
                                                  "\u6771", "\u304C\u3099"});
  CHECK(kinds(tokens) == "ideograph ideograph ideograph ideograph ideograph punctuation word ideograph ideograph");
  check_slices(input, tokens);
}

TEST_CASE("an Arabic sentence splits into words with their vowel marks") {
  const std::string input =
      "\u0645\u064E\u0631\u0652\u062D\u064E\u0628\u064B\u0627 "
      "\u0628\u0650\u0627\u0644\u0639\u064E\u0627\u0644\u064E\u0645\u060C "
      "\u0661\u0662";  // مَرْحَبًا بِالعَالَم، ١٢
  const auto tokens = tokenize(input);
  REQUIRE(tokens.size() == 4);
  CHECK(kinds(tokens) == "word word punctuation number");
  CHECK(tokens[0].text == "\u0645\u064E\u0631\u0652\u062D\u064E\u0628\u064B\u0627");
  CHECK(tokens[2].text == "\u060C");
  check_slices(input, tokens);
}

TEST_CASE("a Hebrew sentence with points and a right-to-left mark splits into words") {
  const std::string input = "\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD \u05E2\u05D5\u05DC\u05DD\u200F!";
  const auto tokens = tokenize(input);  // שָׁלוֹם עולם + RLM + !
  CHECK(texts(tokens) ==
        std::vector<std::string>{"\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD", "\u05E2\u05D5\u05DC\u05DD", "!"});
  check_slices(input, tokens);
}

TEST_CASE("emoji with skin tones, ZWJ families, flags and keycaps are single tokens") {
  const std::string family = "\U0001F469\u200D\U0001F469\u200D\U0001F467";
  const std::string thumbs = "\U0001F44D\U0001F3FD";
  const std::string scotland = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F";
  const std::string input = family + " " + thumbs + scotland + "\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EA" +
                            " 1\uFE0F\u20E3 #\uFE0F\u20E3 # 5 \u00A9\uFE0F";
  const auto tokens = tokenize(input);
  CHECK(texts(tokens) == std::vector<std::string>{family, thumbs, scotland, "\U0001F1EB\U0001F1F7",
                                                  "\U0001F1E9\U0001F1EA", "1\uFE0F\u20E3", "#\uFE0F\u20E3", "#", "5",
                                                  "\u00A9\uFE0F"});
  CHECK(kinds(tokens) == "emoji emoji emoji emoji emoji emoji emoji punctuation number emoji");
  CHECK(tokens[0].u16_end - tokens[0].u16_start == 8);
  check_slices(input, tokens);
}

TEST_CASE("a ZWJ outside an emoji or a word is dropped like other format characters") {
  CHECK(texts(tokenize("a\u200D b \U0001F600\u200D! \u200Dc")) ==
        std::vector<std::string>{"a", "b", "\U0001F600", "!", "c"});
}

TEST_CASE("ZWNJ, ZWJ and soft hyphens between letters stay inside the word") {
  CHECK(texts(tokenize("\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 ok")) ==  // Persian "I want"
        std::vector<std::string>{"\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645", "ok"});
  CHECK(texts(tokenize("\u0915\u094D\u200D\u0937")) == std::vector<std::string>{"\u0915\u094D\u200D\u0937"});
  CHECK(texts(tokenize("hyphen\u00ADation")) == std::vector<std::string>{"hyphen\u00ADation"});
}

TEST_CASE("a script tag splits into punctuation, symbols and words") {
  const auto tokens = tokenize("<script>alert(1)</script>");
  CHECK(texts(tokens) == std::vector<std::string>{"<", "script", ">", "alert", "(", "1", ")", "<", "/", "script", ">"});
  CHECK(kinds(tokens) == "symbol word symbol word punctuation number punctuation symbol punctuation word symbol");
}

TEST_CASE("NUL and control characters separate tokens and are dropped") {
  const auto tokens = tokenize("ab\0cd\x01\x1B[0m\x7F"s);
  CHECK(texts(tokens) == std::vector<std::string>{"ab", "cd", "[", "0m"});
  CHECK(tokens[1].byte_start == 3);
}

TEST_CASE("combining marks with no base become a symbol token") {
  const auto tokens = tokenize("\u0301\u0302 x \u0308");
  CHECK(texts(tokens) == std::vector<std::string>{"\u0301\u0302", "x", "\u0308"});
  CHECK(kinds(tokens) == "symbol word symbol");
}

TEST_CASE("invalid UTF-8 becomes replacement characters with offsets into the raw bytes") {
  const std::string r = "\uFFFD";
  const auto lone = tokenize(
      "ab\x80\xBF"
      "cd");
  CHECK(texts(lone) == std::vector<std::string>{"ab", r, r, "cd"});
  CHECK(lone[3].byte_start == 4);
  CHECK(lone[3].u16_start == 4);
  CHECK(texts(tokenize("caf\xC3")) == std::vector<std::string>{"caf", r});  // truncated at end
  CHECK(texts(tokenize("\xC0\xAF"
                       "x")) == std::vector<std::string>{r, r, "x"});  // overlong '/'
  const auto surrogate = tokenize("\xED\xA0\xBDok");                   // a lone surrogate, as Embind encodes it
  REQUIRE(texts(surrogate) == std::vector<std::string>{r, "ok"});
  CHECK(surrogate[1].byte_start == 3);
  CHECK(surrogate[1].u16_start == 1);
}

TEST_CASE("for generated strings, tokens are ordered, disjoint and slice back to their text") {
  // Pieces chosen to hit every rule and its edges, mixed at random.
  const std::vector<std::string> pieces{
      "a",          "Z",          "\u00E9",     "e\u0301", "7",      "-",          "'",          "\u2019",
      ".",          ",",          " ",          "\t",      "\n",     "s",          "t",          "n",
      "\u6771",     "\u30FC",     "\u05D0",     "\u0627",  "\u064E", "\u0663",     "!",          "#",
      "+",          "\uFE0F",     "\u20E3",     "\u200D",  "\u200F", "\U0001F469", "\U0001F3FD", "\U0001F1EB",
      "\U000E0067", "\U0001D400", "\U00010400", "\u0000"s, "\x01",   "\u00AD",     "\U0001F600"};
  std::mt19937 rng(12345);
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1), length(0, 40);
  for (int round = 0; round < 3000; ++round) {
    std::string input;
    for (std::size_t n = length(rng); n > 0; --n) input += pieces[pick(rng)];
    const auto tokens = tokenize(input);
    std::uint32_t byte_end = 0, u16_end = 0;
    for (const Token& t : tokens) {
      REQUIRE(t.byte_start >= byte_end);
      REQUIRE(t.byte_end > t.byte_start);
      REQUIRE(t.u16_start >= u16_end);
      REQUIRE(t.u16_end > t.u16_start);
      REQUIRE(input.substr(t.byte_start, t.byte_end - t.byte_start) == t.text);
      REQUIRE(to_utf16(input.substr(0, t.byte_start)).size() == t.u16_start);
      REQUIRE(to_utf16(input.substr(0, t.byte_end)).size() == t.u16_end);
      byte_end = t.byte_end;
      u16_end = t.u16_end;
    }
  }
}

TEST_CASE("random bytes give ordered tokens whose text is valid UTF-8") {
  std::mt19937 rng(99);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int round = 0; round < 3000; ++round) {
    std::string input;
    for (int i = 0; i < 24; ++i) input += static_cast<char>(byte(rng));
    std::uint32_t byte_end = 0, u16_end = 0;
    for (const Token& t : tokenize(input)) {
      REQUIRE(t.byte_start >= byte_end);
      REQUIRE(t.byte_end > t.byte_start);
      REQUIRE(t.u16_start >= u16_end);
      REQUIRE(t.u16_end > t.u16_start);
      REQUIRE(to_utf16(t.text).size() == t.u16_end - t.u16_start);  // one unit per U+FFFD
      byte_end = t.byte_end;
      u16_end = t.u16_end;
    }
  }
}

TEST_CASE("a megabyte of mixed text tokenizes in one pass") {
  const std::string chunk =
      "A Lannister always pays his debts, don't you know? 3.14 caf\u00E9 "
      "\u6771\u4EAC \U0001F44D\U0001F3FD \u0645\u0631\u062D\u0628\u0627\n";
  std::string input;
  while (input.size() < (1u << 20)) input += chunk;
  const auto tokens = tokenize(input);
  const std::size_t per_chunk = tokenize(chunk).size();
  CHECK(tokens.size() == per_chunk * (input.size() / chunk.size()));
  CHECK(tokens.back().byte_end == input.size() - 1);
}
