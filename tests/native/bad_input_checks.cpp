// The checks behind the bad-input suite (test_bad_input.cpp): a synthetic vocabulary, what the
// tokenizer and every analysis must satisfy, and the option grid each text is analyzed with.
#include "bad_input_checks.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "asset_builder.h"
#include "core/unicode.h"
#include "random_data.h"
#include "utf8_check.h"

using Catch::Matchers::WithinAbs;

namespace al::test {

namespace {

constexpr int kDims = 100;  // as the real GloVe assets: any divisor of 100 is a head count

// A word's vector: seeded values in [-1, 1).
std::vector<float> vector_for(std::uint32_t seed) { return random_vector(kDims, seed); }

}  // namespace

// The vocabulary: frequent words in the core file, rare ones in their hash shards; all loaded,
// so a word is either known or not in the vocabulary.
const al::EmbeddingStore& store() {
  static const al::EmbeddingStore s = [] {
    std::vector<TestWord> core, rare;
    std::uint32_t seed = 1;
    for (const char* w : {"the", "always", "pays", "his", "debts", "is", "coming", "script", "alert", "img", "\u6771",
                          "\u4eac", "\u05e9\u05dc\u05d5\u05dd"})
      core.push_back({w, vector_for(seed++)});
    for (const char* w : {"lannister", "winter", "onerror", "javascript", "\u0627\u0644\u0633\u0644\u0627\u0645"})
      rare.push_back({w, vector_for(seed++)});
    const std::vector<std::string> files = build_vocabulary(core, rare, 4, vector_for(seed++));
    al::EmbeddingStore st;
    for (std::size_t i = 0; i < files.size(); ++i)
      st.add(al::parse_embedding_asset(files[i], i ? "shard" : "core.bin"));
    al::test::add_no_shared(st);
    return st;
  }();
  return s;
}

const al::PreparedWeights& identity() {
  static const al::PreparedWeights w = al::prepare(al::identity_weights(kDims));
  return w;
}

const al::PreparedWeights& random_weights() {
  static const al::PreparedWeights w = al::prepare(al::random_weights(kDims, 7));
  return w;
}

std::vector<std::string> texts(const std::vector<al::Token>& tokens) {
  std::vector<std::string> out;
  for (const al::Token& t : tokens) out.push_back(t.text);
  return out;
}

namespace {

// Only white space, control and format characters in text[from, to): what the tokenizer drops.
bool only_separators(const std::string& text, std::size_t from, std::size_t to) {
  for (std::size_t pos = from; pos < to;) {
    const al::Decoded d = al::decode_next(text, pos);
    const al::CharClass c = al::char_class(d.cp);
    if (c != al::CharClass::Space && c != al::CharClass::Control && c != al::CharClass::Format) return false;
    pos += d.byte_len;
  }
  return true;
}

}  // namespace

// What the tokenizer promises for any text: tokens ordered, disjoint, within the text, valid
// UTF-8 with matching UTF-16 lengths, the input's own bytes when it is valid UTF-8, and
// nothing but separators dropped between them.
void check_tokens(const std::string& text, const std::vector<al::Token>& tokens) {
  const bool valid = utf16_length(text) >= 0;
  std::size_t byte_end = 0, u16_end = 0, bad = 0;
  for (const al::Token& t : tokens) {
    const long units = utf16_length(t.text);
    const bool ok = t.byte_start >= byte_end && t.byte_end > t.byte_start && t.byte_end <= text.size() &&
                    t.u16_start >= u16_end && t.u16_end > t.u16_start && units >= 0 && utf16_length(t.lower) >= 0 &&
                    std::size_t(units) == t.u16_end - t.u16_start &&
                    (!valid || text.compare(t.byte_start, t.byte_end - t.byte_start, t.text) == 0) &&
                    only_separators(text, byte_end, t.byte_start);
    if (!ok && bad++ == 0) UNSCOPED_INFO("first bad token: '" << t.text << "' at byte " << t.byte_start);
    byte_end = t.byte_end;
    u16_end = t.u16_end;
  }
  REQUIRE(bad == 0);
  REQUIRE(only_separators(text, byte_end, text.size()));
}

namespace {

std::size_t non_finite(const al::Matrix& m) {
  std::size_t count = 0;
  for (float v : m.data) count += !std::isfinite(v);
  return count;
}

}  // namespace

// What every analysis must satisfy, whatever the text and the options.
void check_analysis(const al::Analysis& a, const al::PipelineOptions& o) {
  const al::EmbeddedText& q = a.text;
  const al::EmbeddedText& k = a.keys();
  const int nq = int(q.tokens.size()), nk = int(k.tokens.size());
  for (const al::EmbeddedText* side : {&q, &k}) {
    REQUIRE(side->tokens.size() <= o.max_tokens);
    REQUIRE(side->truncated == (side->total_tokens > side->tokens.size()));
    REQUIRE(side->lookups.size() == side->tokens.size());
    REQUIRE(side->input.rows == int(side->tokens.size()));
  }
  const al::AttentionSteps& s = a.attention;
  REQUIRE(s.weights.size() == std::size_t(o.attention.heads));
  std::vector<std::pair<std::string, const al::Matrix*>> steps = {{"embeddings", &q.embeddings},
                                                                  {"positional", &q.positional},
                                                                  {"input", &q.input},
                                                                  {"query", &s.query},
                                                                  {"key", &s.key},
                                                                  {"value", &s.value},
                                                                  {"context", &s.context},
                                                                  {"output", &s.output}};
  for (std::size_t h = 0; h < s.weights.size(); ++h) {
    steps.push_back({"scores " + std::to_string(h), &s.scores[h]});
    steps.push_back({"scaled " + std::to_string(h), &s.scaled[h]});
    steps.push_back({"weights " + std::to_string(h), &s.weights[h]});
  }
  for (const auto& [name, m] : steps) {
    INFO("step " << name);
    REQUIRE(non_finite(*m) == 0);
  }
  double worst = 0;  // max |row sum - 1|
  std::size_t outside = 0, masked_nonzero = 0;
  for (const al::Matrix& w : s.weights) {
    REQUIRE(w.rows == nq);
    REQUIRE(w.cols == nk);
    for (int i = 0; i < nq; ++i) {
      double sum = 0;
      for (int j = 0; j < nk; ++j) {
        outside += !(w(i, j) >= 0.0f && w(i, j) <= 1.0f);
        masked_nonzero += o.attention.mask == al::Mask::Causal && j > i && w(i, j) != 0.0f;
        sum += w(i, j);
      }
      if (nk > 0) worst = std::max(worst, std::abs(sum - 1.0));
    }
  }
  REQUIRE_THAT(worst, WithinAbs(0.0, 1e-5));
  REQUIRE(outside == 0);
  REQUIRE(masked_nonzero == 0);
}

namespace {

// The option combinations a text is analyzed with: heads 1, 4 and 100 (d_k = 1), dot and
// cosine, no mask and causal, and four variants of the rest (positions, weights, temperature).
std::vector<al::PipelineOptions> option_grid(std::size_t max_tokens, bool full) {
  std::vector<al::PipelineOptions> grid;
  for (int heads : full ? std::vector<int>{1, 4, 100} : std::vector<int>{1, 100})
    for (al::Similarity sim : {al::Similarity::Dot, al::Similarity::Cosine})
      for (al::Mask mask : {al::Mask::None, al::Mask::Causal})
        for (int variant = 0; variant < (full ? 4 : 1); ++variant) {
          al::PipelineOptions o;
          o.max_tokens = max_tokens;
          o.attention.heads = heads;
          o.attention.similarity = sim;
          o.attention.mask = mask;
          o.attention.scale = variant != 1;
          o.attention.temperature = variant == 1 || variant == 3 ? 1e-6f : variant == 2 ? 1e6f : 1.0f;
          o.positional = variant != 1;
          o.positional_weight = variant == 2 ? 10.0f : variant == 3 ? 0.5f : 1.0f;
          grid.push_back(o);
        }
  return grid;
}

}  // namespace

// Tokenizes the text, checks its tokens, analyzes it every way of option_grid and checks each
// analysis; returns the tokens.
std::vector<al::Token> analyze_every_way(const std::string& text, std::size_t max_tokens, bool full) {
  const std::vector<al::Token> tokens = al::tokenize(text);
  check_tokens(text, tokens);
  for (const al::PipelineOptions& o : option_grid(max_tokens, full)) {
    for (bool random : {false, true}) {
      INFO("heads " << o.attention.heads << ", cosine " << (o.attention.similarity == al::Similarity::Cosine)
                    << ", causal " << (o.attention.mask == al::Mask::Causal) << ", T " << o.attention.temperature
                    << ", random weights " << random);
      const al::Analysis a = al::analyze(text, store(), random ? random_weights() : identity(), o);
      REQUIRE(a.text.total_tokens == tokens.size());
      check_analysis(a, o);
    }
  }
  return tokens;
}

std::string kinds(const std::vector<al::Token>& tokens) {
  std::string out;
  for (const al::Token& t : tokens) out += (out.empty() ? "" : " ") + std::string(al::to_string(t.kind));
  return out;
}

}  // namespace al::test
