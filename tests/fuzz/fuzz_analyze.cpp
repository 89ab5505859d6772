// libFuzzer target: the whole pipeline, text -> tokens -> embeddings -> attention
// (scripts/fuzz.sh runs it; docs/HARDENING.md).
// It needs no files: the embeddings are a small synthetic 100-d store built in memory with
// tests/native/asset_builder.h (a core file and 4 shards, of which 2 are loaded, so words are
// known, not in the vocabulary, or in a shard that is not loaded), so a run is reproducible
// anywhere and a crash does not depend on the generated GloVe assets.
//
// Input: 8 option bytes, then the text.
//   [0] heads: one of the divisors of 100
//   [1] flags: 1 scale, 2 positional, 4 cosine, 8 causal, 16 random weights, 32 cross-attention,
//       bits 6-7: temperature 1 = exactly 1e-6, 2 = exactly 1e6, else from bytes 2-3
//   [2..3] temperature, log-uniform in [1e-6, 1e6]
//   [4] positional weight in [0, 10]     [5] max tokens, 1..48
//   [6] seed of the random weights (0..3)  [7] cross-attention: where the text splits into
//       queries | document (a fraction of its length)
// Invariants: no exception but OptionError for a causal mask on cross-attention; the token
// count is min(total, max tokens) and `truncated` says whether the text was cut; every number
// of every step is finite; every weights row sums to 1 within 1e-4 with weights in [0, 1];
// masked weights are exactly 0.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "asset_builder.h"
#include "core/analyze.h"
#include "core/errors.h"
#include "random_data.h"

namespace {

constexpr int kDims = 100;
constexpr int kHeads[] = {1, 2, 4, 5, 10, 20, 25, 50, 100};

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_analyze: %s\n", what);
  std::abort();
}

// A word's vector: seeded values in [-scale, scale).
std::vector<float> vector_for(std::uint32_t seed, float scale) { return al::test::random_vector(kDims, seed, scale); }

al::EmbeddingStore make_store() {
  using al::test::TestWord;
  std::vector<TestWord> core, rare;
  std::uint32_t seed = 1;
  for (const char* w : {"the",
                        "of",
                        "and",
                        "to",
                        "in",
                        "is",
                        "it",
                        "i",
                        "x",
                        "7",
                        "lannister",
                        "pays",
                        "debts",
                        "caf\u00e9",
                        "\u6771",
                        "\u0634\u0645\u0633",
                        "\u05e9\u05dc\u05d5\u05dd",
                        "script",
                        "<",
                        "."})
    core.push_back({w, vector_for(seed++, 1.0f)});
  core.push_back({"zero", std::vector<float>(kDims, 0.0f)});  // a zero vector (cosine)
  core.push_back({"huge", vector_for(seed++, 1000.0f)});      // scores that overflow a naive exp
  for (const char* w : {"a", "b", "c", "d", "e", "tyrion", "winter", "night", "9", "\u00e9t\u00e9", "\U0001f44d"})
    rare.push_back({w, vector_for(seed++, 2.0f)});
  const std::vector<std::string> files = al::test::build_vocabulary(core, rare, 4, vector_for(seed++, 2.0f));
  al::EmbeddingStore store;
  store.add(al::parse_embedding_asset(files[0], "core"));
  for (std::size_t s = 1; s <= 2; ++s)
    store.add(al::parse_embedding_asset(files[s], "shard"));  // shards 2 and 3 stay unloaded
  al::test::add_no_shared(store);
  return store;
}

void check_finite(const al::Matrix& m, const char* what) {
  for (float v : m.data)
    if (!std::isfinite(v)) {
      std::fprintf(stderr, "fuzz_analyze: step %s holds %g\n", what, double(v));
      std::abort();
    }
}

void check_side(const al::EmbeddedText& s, std::string_view text, std::size_t cap) {
  const std::size_t total = al::tokenize(text).size(), n = s.tokens.size();
  if (s.total_tokens != total) fail("total_tokens is not the text's token count");
  if (n != std::min(total, cap)) fail("the token count is not min(total, cap)");
  if (s.truncated != (total > n)) fail("truncated does not say whether the text was cut");
  if (s.lookups.size() != n) fail("not one lookup per token");
  for (const al::Matrix* m : {&s.embeddings, &s.positional, &s.input})
    if (m->rows != int(n) || m->cols != kDims) fail("an input step has the wrong shape");
  check_finite(s.embeddings, "embeddings");
  check_finite(s.positional, "positional");
  check_finite(s.input, "input");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const al::EmbeddingStore store = make_store();
  static const al::PreparedWeights identity = al::prepare(al::identity_weights(kDims));
  static const al::PreparedWeights random[4] = {
      al::prepare(al::random_weights(kDims, 0)), al::prepare(al::random_weights(kDims, 1)),
      al::prepare(al::random_weights(kDims, 2)), al::prepare(al::random_weights(kDims, 3))};
  if (size < 8) return 0;

  al::PipelineOptions o;
  const std::uint8_t flags = data[1];
  o.attention.heads = kHeads[data[0] % 9];
  o.attention.scale = flags & 1;
  o.positional = flags & 2;
  o.attention.similarity = flags & 4 ? al::Similarity::Cosine : al::Similarity::Dot;
  o.attention.mask = flags & 8 ? al::Mask::Causal : al::Mask::None;
  const bool cross = flags & 32;
  const double u = double(data[2] | data[3] << 8) / 65535.0;
  o.attention.temperature = std::clamp(float(std::pow(10.0, -6.0 + 12.0 * u)), 1e-6f, 1e6f);
  if ((flags >> 6) == 1) o.attention.temperature = 1e-6f;
  if ((flags >> 6) == 2) o.attention.temperature = 1e6f;
  o.positional_weight = float(data[4]) / 25.5f;
  o.max_tokens = 1 + data[5] % 48;
  const al::PreparedWeights& w = flags & 16 ? random[data[6] % 4] : identity;
  const std::string_view text(reinterpret_cast<const char*>(data) + 8, size - 8);
  const std::size_t split = text.size() * data[7] / 255;

  al::Analysis a;
  try {
    a = cross ? al::analyze_cross(text.substr(0, split), text.substr(split), store, w, o)
              : al::analyze(text, store, w, o);
  } catch (const al::OptionError& e) {
    if (cross && o.attention.mask == al::Mask::Causal) return 0;  // refused, as documented
    std::fprintf(stderr, "fuzz_analyze: unexpected OptionError: %s\n", e.what());
    std::abort();
  }
  if (cross && o.attention.mask == al::Mask::Causal) fail("a causal mask on cross-attention was accepted");

  const std::size_t cap = std::min<std::size_t>(
      o.max_tokens, std::size_t(std::sqrt(double(al::kMaxAttentionCells / std::size_t(o.attention.heads)))));
  check_side(a.text, cross ? text.substr(0, split) : text, cap);
  if (cross) check_side(a.document, text.substr(split), cap);
  const int nq = int(a.text.tokens.size()), nk = int(a.keys().tokens.size());

  const al::AttentionSteps& s = a.attention;
  if (s.heads != o.attention.heads || s.d_k != kDims / s.heads) fail("heads or d_k wrong");
  if (s.weights.size() != std::size_t(s.heads) || s.scores.size() != s.weights.size()) fail("not one matrix per head");
  for (const al::Matrix* m : {&s.query, &s.context, &s.output})
    if (m->rows != nq || m->cols != kDims) fail("a query-side step has the wrong shape");
  for (const al::Matrix* m : {&s.key, &s.value})
    if (m->rows != nk || m->cols != kDims) fail("a key-side step has the wrong shape");
  const std::pair<const char*, const al::Matrix*> steps[] = {
      {"query", &s.query}, {"key", &s.key}, {"value", &s.value}, {"context", &s.context}, {"output", &s.output}};
  for (const auto& [name, m] : steps) check_finite(*m, name);
  for (int h = 0; h < s.heads; ++h) {
    const al::Matrix& wt = s.weights[std::size_t(h)];
    check_finite(s.scores[std::size_t(h)], "scores");
    check_finite(s.scaled[std::size_t(h)], "scaled");
    check_finite(wt, "weights");
    if (wt.rows != nq || wt.cols != nk) fail("a weights matrix has the wrong shape");
    for (int i = 0; i < nq; ++i) {
      double sum = 0;
      for (int j = 0; j < nk; ++j) {
        const float v = wt(i, j);
        if (!(v >= 0.0f && v <= 1.0f)) fail("a weight outside [0, 1]");
        if (o.attention.mask == al::Mask::Causal && j > i && v != 0.0f) fail("a masked weight is not exactly 0");
        sum += v;
      }
      if (nk > 0 && std::abs(sum - 1.0) > 1e-4) {
        std::fprintf(stderr, "fuzz_analyze: head %d row %d sums to %.9g\n", h, i, sum);
        std::abort();
      }
    }
  }
  return 0;
}
