// Bad input: whatever a user types or pastes goes through the tokenizer and
// the whole pipeline (al::analyze) and gives a defined result: tokens that slice back to the
// text, finite numbers, weights rows that sum to 1 (the checks: bad_input_checks.h). The same
// tests run natively and in both wasm builds; tests/js/bad-input.test.mjs sends the same texts
// through the JS API.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "asset_builder.h"
#include "bad_input_checks.h"
#include "core/analyze.h"
#include "core/bytes.h"
#include "core/embedding_store.h"
#include "core/errors.h"
#include "core/random.h"
#include "core/tokenizer.h"
#include "core/unicode.h"

using Catch::Matchers::WithinAbs;
using namespace std::string_literals;

using namespace al::test;

TEST_CASE("empty and whitespace-only texts give no tokens and empty attention matrices", "[bad-input]") {
  for (const std::string& text : {""s, " "s, " \t\r\n\v\f"s, "\u00a0\u2003\u3000\u2028\u2029\u0085"s}) {
    REQUIRE(analyze_every_way(text).empty());
    al::PipelineOptions o;
    o.attention.heads = 4;
    const al::Analysis a = al::analyze(text, store(), identity(), o);
    REQUIRE(a.text.total_tokens == 0);
    REQUIRE_FALSE(a.text.truncated);
    REQUIRE(a.attention.weights.size() == 4);
    REQUIRE(a.attention.weights[0].rows == 0);
    REQUIRE(a.attention.output.rows == 0);
  }
}

TEST_CASE("one word repeated 10,000 times gives 10,000 tokens, analyzed up to max_tokens", "[bad-input]") {
  std::string text;
  for (int i = 0; i < 10000; ++i) text += "debts ";
  REQUIRE(analyze_every_way(text, 48, false).size() == 10000);
  al::PipelineOptions o;
  o.max_tokens = 1024;  // the page's cap
  const al::Analysis a = al::analyze(text, store(), identity(), o);
  REQUIRE(a.text.total_tokens == 10000);
  REQUIRE(a.text.truncated);
  REQUIRE(a.attention.weights[0].rows == 1024);
  check_analysis(a, o);
  // the same word everywhere: without positions (or a mask) every score is equal, so weights are uniform
  o.positional = false;
  o.attention.mask = al::Mask::None;
  o.max_tokens = 100;
  const al::Analysis same = al::analyze(text, store(), identity(), o);
  for (float w : same.attention.weights[0].data) REQUIRE_THAT(w, WithinAbs(0.01, 1e-6));
}

TEST_CASE("a 1 MB paste is tokenized in full and its analysis is capped to max_tokens, and says so", "[bad-input]") {
  const std::string chunk =
      "A Lannister always pays his debts, don't you know? 3.14 caf\u00e9 \u6771\u4eac\u306f "
      "\U0001F44D\U0001F3FD \U0001F468\u200D\U0001F469\u200D\U0001F467 \u0627\u0644\u0633\u0644\u0627\u0645 "
      "\u05e9\u05dc\u05d5\u05dd <script>alert(1)</script> e\u0301 \x01\t"s +
      '\0' + "!?\n";
  std::string text;
  while (text.size() < (1u << 20)) text += chunk;
  const std::size_t total = analyze_every_way(text, 32, false).size();
  REQUIRE(total == al::tokenize(chunk).size() * (text.size() / chunk.size()));
  for (int heads : {1, 4}) {
    al::PipelineOptions o;
    o.max_tokens = 1024;  // the page's cap
    o.attention.heads = heads;
    const al::Analysis a = al::analyze(text, store(), identity(), o);
    REQUIRE(a.text.truncated);
    REQUIRE(a.text.total_tokens == total);
    REQUIRE(a.text.tokens.size() == 1024);
    REQUIRE(a.text.tokens.back().byte_end < text.size());
    check_analysis(a, o);
  }
}

TEST_CASE("emoji with skin tones and ZWJ sequences are one token each, with the zero vector", "[bad-input]") {
  const std::string text =
      "\U0001F44D\U0001F3FD \U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466 "
      "\U0001F3F3\uFE0F\u200D\U0001F308 \U0001F1EF\U0001F1F5 \U0001F469\U0001F3FF\u200D\U0001F4BB "
      "1\uFE0F\u20E3 \U0001F3FD";
  const auto tokens = analyze_every_way(text);
  REQUIRE(texts(tokens) ==
          std::vector<std::string>{"\U0001F44D\U0001F3FD", "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466",
                                   "\U0001F3F3\uFE0F\u200D\U0001F308", "\U0001F1EF\U0001F1F5",
                                   "\U0001F469\U0001F3FF\u200D\U0001F4BB", "1\uFE0F\u20E3", "\U0001F3FD"});
  REQUIRE(kinds(tokens) == "emoji emoji emoji emoji emoji emoji emoji");
  REQUIRE(tokens[1].u16_end - tokens[1].u16_start == 11);  // 4 surrogate pairs and 3 ZWJs
  const al::Analysis a = al::analyze(text, store(), identity(), {});
  for (const al::Lookup& l : a.text.lookups) REQUIRE(l.status == al::LookupStatus::NotInVocabulary);
  for (float v : a.text.embeddings.data) REQUIRE(v == 0.0f);
}

TEST_CASE("combining marks stay on their letter, and marks with no base are one symbol", "[bad-input]") {
  const std::string zalgo = "Z\u0351\u036b\u0343\u036aa\u0310\u0308\u0353l\u0363g\u0313\u0489o\u0334\u0335";
  const std::string text = "e\u0301te\u0301 " + zalgo + " \u0301\u0302\u0303 x \u20dd";
  const auto tokens = analyze_every_way(text);
  REQUIRE(texts(tokens) == std::vector<std::string>{"e\u0301te\u0301", zalgo, "\u0301\u0302\u0303", "x", "\u20dd"});
  REQUIRE(kinds(tokens) == "word word symbol word symbol");
}

TEST_CASE("Arabic and Hebrew words, with vowel points and direction marks, are tokens like any other", "[bad-input]") {
  const std::string arabic =
      "\u0627\u0644\u0633\u0651\u064e\u0644\u064e\u0627\u0645\u064f "
      "\u0639\u064e\u0644\u064e\u064a\u0652\u0643\u064f\u0645\u0652";
  const std::string hebrew =
      "\u200f\u05e9\u05b8\u05c1\u05dc\u05d5\u05b9\u05dd\u200f \u05e2\u05d5\u05b9\u05dc\u05b8\u05dd";
  REQUIRE(analyze_every_way(arabic).size() == 2);
  REQUIRE(analyze_every_way(hebrew).size() == 2);
  const auto mixed =
      analyze_every_way("the \u05e9\u05dc\u05d5\u05dd 123 \u0627\u0644\u0633\u0644\u0627\u0645 \u202eabc\u202c");
  REQUIRE(texts(mixed) == std::vector<std::string>{"the", "\u05e9\u05dc\u05d5\u05dd", "123",
                                                   "\u0627\u0644\u0633\u0644\u0627\u0645", "abc"});
  const al::Analysis a =
      al::analyze("\u05e9\u05dc\u05d5\u05dd \u0627\u0644\u0633\u0644\u0627\u0645", store(), identity(), {});
  REQUIRE(a.text.lookups[0].status == al::LookupStatus::Known);  // the core file
  REQUIRE(a.text.lookups[1].status == al::LookupStatus::Known);  // a shard
}

TEST_CASE("CJK text without spaces is one token per character; Hangul words stay whole", "[bad-input]") {
  const auto tokens = analyze_every_way("\u6771\u4eac\u306f\u65e5\u672c\u306e\u9996\u90fd\u3067\u3059\u3002");
  REQUIRE(tokens.size() == 11);
  REQUIRE(kinds(tokens) ==
          "ideograph ideograph ideograph ideograph ideograph ideograph ideograph ideograph "
          "ideograph ideograph punctuation");
  const al::Analysis a = al::analyze("\u6771\u4eac", store(), identity(), {});
  REQUIRE(a.text.lookups[0].status == al::LookupStatus::Known);
  REQUIRE(texts(analyze_every_way("\uc548\ub155\ud558\uc138\uc694 \uc138\uacc4")) ==
          std::vector<std::string>{"\uc548\ub155\ud558\uc138\uc694", "\uc138\uacc4"});
}

TEST_CASE("control characters and NUL separate tokens and are dropped", "[bad-input]") {
  const std::string text =
      "a\0b\x01"
      "c\x1b[31md\x7f"
      "e\u0085f\u200b\u2060g"s;
  const auto tokens = analyze_every_way(text);
  REQUIRE(texts(tokens) == std::vector<std::string>{"a", "b", "c", "[", "31md", "e", "f", "g"});
  REQUIRE(analyze_every_way("\0\0\0\x01\x02\x7f"s).empty());
}

TEST_CASE("lone UTF-16 surrogates, as Embind encodes them, become one U+FFFD each at JS string offsets",
          "[bad-input]") {
  // '\uD800abc' and 'x\uDFFFy' from JS arrive as the 3-byte encodings ED A0 80 and ED BF BF
  const auto lead = analyze_every_way(
      "\xED\xA0\x80"
      "abc");
  REQUIRE(texts(lead) == std::vector<std::string>{"\uFFFD", "abc"});
  REQUIRE(lead[0].u16_start == 0);
  REQUIRE(lead[0].u16_end == 1);
  REQUIRE(lead[1].u16_start == 1);
  REQUIRE(lead[1].u16_end == 4);
  const auto trail = analyze_every_way("x\xED\xBF\xBFy");
  REQUIRE(texts(trail) == std::vector<std::string>{"x", "\uFFFD", "y"});
  REQUIRE(trail[2].u16_start == 2);
  REQUIRE(trail[2].byte_start == 4);
  // a surrogate pair encoded as two halves (CESU-8) is two replacements, not an emoji
  REQUIRE(texts(analyze_every_way("\xED\xA0\xBD\xED\xB8\x80")) == std::vector<std::string>{"\uFFFD", "\uFFFD"});
}

TEST_CASE("script tags, img onerror and javascript: URLs come back as plain token text", "[bad-input]") {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"<script>alert(1)</script>", {"<", "script", ">", "alert", "(", "1", ")", "<", "/", "script", ">"}},
      {"<img src=x onerror=alert(1)>", {"<", "img", "src", "=", "x", "onerror", "=", "alert", "(", "1", ")", ">"}},
      {"javascript:alert(document.cookie)", {"javascript", ":", "alert", "(", "document", ".", "cookie", ")"}},
      {"&lt;b&gt; &#x3C;", {"&", "lt", ";", "b", "&", "gt", ";", "&", "#", "x3C", ";"}},
  };
  for (const auto& [text, want] : cases) {
    INFO(text);
    REQUIRE(texts(analyze_every_way(text)) == want);
  }
}

TEST_CASE("numbers with thousands of digits are one number token with the zero vector", "[bad-input]") {
  const std::string big(5000, '9'), decimal = "3." + std::string(3000, '1'), grouped = "1,000,000,000,000";
  for (const std::string& text : {big, decimal, grouped}) {
    const auto tokens = analyze_every_way(text);
    REQUIRE(tokens.size() == 1);
    REQUIRE(tokens[0].kind == al::TokenKind::Number);
    REQUIRE(tokens[0].byte_end == text.size());
  }
  const al::Analysis a = al::analyze(big + " " + decimal, store(), identity(), {});
  REQUIRE(a.text.lookups[0].status == al::LookupStatus::NotInVocabulary);
  for (float v : a.text.embeddings.data) REQUIRE(v == 0.0f);
}

TEST_CASE("a sentence of only punctuation gives one token per mark", "[bad-input]") {
  const std::string text = "?!.,;:\u2026\u2014\u00ab\u00bb\u00bf\u00a1...!!!";
  const auto tokens = analyze_every_way(text);
  REQUIRE(tokens.size() == 18);
  for (const al::Token& t : tokens) REQUIRE(t.kind == al::TokenKind::Punctuation);
}

TEST_CASE("a text of only unknown words gives zero embeddings and, without positions, uniform weights", "[bad-input]") {
  const std::string text = "zxqv blorf qwxz vrrp";
  REQUIRE(analyze_every_way(text).size() == 4);
  for (al::Similarity sim : {al::Similarity::Dot, al::Similarity::Cosine}) {
    al::PipelineOptions o;
    o.positional = false;
    o.attention.mask = al::Mask::None;
    o.attention.similarity = sim;
    const al::Analysis a = al::analyze(text, store(), random_weights(), o);
    for (const al::Lookup& l : a.text.lookups) REQUIRE(l.status == al::LookupStatus::NotInVocabulary);
    for (float v : a.text.input.data) REQUIRE(v == 0.0f);
    for (float w : a.attention.weights[0].data) REQUIRE_THAT(w, WithinAbs(0.25, 1e-7));
    for (float v : a.attention.output.data) REQUIRE(v == 0.0f);
  }
}

TEST_CASE("invalid UTF-8 becomes replacement characters and the analysis still succeeds", "[bad-input]") {
  for (const std::string& text :
       {"\xff\xfe\xfd"s, "caf\xc3"s, "\xc0\xaf\xe0\x80\xaf"s, "\xf4\x90\x80\x80 x"s, "ok\x80\xbf ok"s}) {
    INFO("bytes: " << text.size());
    const auto tokens = analyze_every_way(text);
    REQUIRE_FALSE(tokens.empty());
  }
}

TEST_CASE("cross-attention with an empty query or document gives empty matrices, never NaN", "[bad-input]") {
  al::PipelineOptions o;
  o.attention.heads = 2;
  o.attention.mask = al::kCrossAttentionMask;
  const al::Analysis no_queries = al::analyze_cross("", "the debts", store(), identity(), o);
  REQUIRE(no_queries.attention.weights[0].rows == 0);
  REQUIRE(no_queries.attention.weights[0].cols == 2);
  check_analysis(no_queries, o);
  // queries with no keys to attend to: weights rows of length 0 and a context of zeros
  const al::Analysis no_keys = al::analyze_cross("the debts", " \t", store(), identity(), o);
  REQUIRE(no_keys.attention.weights[0].rows == 2);
  REQUIRE(no_keys.attention.weights[0].cols == 0);
  check_analysis(no_keys, o);
  for (float v : no_keys.attention.context.data) REQUIRE(v == 0.0f);
  for (float v : no_keys.attention.output.data) REQUIRE(v == 0.0f);
}

TEST_CASE("random bytes through the whole pipeline give finite weights whose rows sum to 1", "[bad-input]") {
  al::SplitMix64 rng(2024);
  const auto next = [&rng] { return std::uint32_t(rng.next() >> 32); };
  const int heads[] = {1, 2, 4, 5, 10, 20, 25, 50, 100};
  for (int round = 0; round < 300; ++round) {
    std::string text(next() % 64, '\0');
    for (char& c : text) c = char(next() & 0xff);
    check_tokens(text, al::tokenize(text));
    al::PipelineOptions o;
    o.attention.heads = heads[next() % 9];
    o.attention.similarity = next() & 1 ? al::Similarity::Cosine : al::Similarity::Dot;
    o.attention.mask = next() & 1 ? al::Mask::Causal : al::Mask::None;
    o.attention.temperature = float(std::pow(10.0, double(next() % 13) - 6.0));
    o.attention.scale = next() & 1;
    o.positional = next() & 1;
    INFO("round " << round);
    check_analysis(al::analyze(text, store(), next() & 1 ? random_weights() : identity(), o), o);
  }
}

// ---- found by these tests and fixed since (docs/HARDENING.md)

TEST_CASE("an embeddings file with a NaN scale is refused", "[bad-input]") {
  // parse_embedding_asset checks sizes and the checksum but not the scales; parse_weights refuses
  // non-finite values. Today this file is accepted and every step of an analysis is NaN.
  std::string file = al::test::build_asset({{"debts", {1, 2, 3, 4}}}, al::kCoreShardIndex, 1, 1);
  const std::size_t scale_at = 40 + 8 + 4;  // header, "debts" padded to 8 bytes, one rank
  const float nan = std::nanf("");
  std::memcpy(&file[scale_at], &nan, 4);
  std::string checksum;
  al::append_u32_le(checksum, al::fnv1a(std::string_view(file).substr(40)));
  file.replace(32, 4, checksum);  // a well-formed file otherwise, as a buggy writer would make it
  REQUIRE_THROWS_AS(al::parse_embedding_asset(file, "core.bin"), al::AssetError);
}
