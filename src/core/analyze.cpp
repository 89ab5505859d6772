#include "core/analyze.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/errors.h"
#include "core/positional.h"

namespace al {
namespace {

// The most tokens per side that keep heads · n_q · n_k within kMaxAttentionCells.
std::size_t token_cap(const PipelineOptions& o) {
  const auto per_head = kMaxAttentionCells / std::size_t(o.attention.heads);
  const auto side = std::size_t(std::sqrt(double(per_head)));
  return std::min(o.max_tokens, side);
}

EmbeddedText embed(std::vector<Token> tokens, const EmbeddingStore& store, const PipelineOptions& o) {
  EmbeddedText s;
  s.tokens = std::move(tokens);
  s.total_tokens = s.tokens.size();
  const std::size_t cap = token_cap(o);
  if (s.tokens.size() > cap) {
    s.tokens.resize(cap);
    s.truncated = true;
  }
  const int n = int(s.tokens.size()), d = int(store.dims());
  s.embeddings = Matrix(n, d);
  s.centered = Matrix(n, d);
  for (int i = 0; i < n; ++i) {
    s.lookups.push_back(store.lookup(s.tokens[i].lower, s.embeddings.row(i)));
    std::copy(s.embeddings.row(i), s.embeddings.row(i) + d, s.centered.row(i));
    store.remove_shared(s.lookups.back(), s.centered.row(i));  // kept or not, the topic query reads it
  }
  if (o.masked_token >= 0 && o.masked_token < n) {
    for (Matrix* m : {&s.embeddings, &s.centered}) std::fill(m->row(o.masked_token), m->row(o.masked_token) + d, 0.0f);
    s.masked_token = o.masked_token;
  }
  s.positional = o.positional ? positional_encoding(n, d) : Matrix(n, d);
  s.shared_removed = o.remove_shared;
  s.input = s.words();
  add_positional(s.input, s.positional, o.positional_weight);
  return s;
}

void check_store(const EmbeddingStore& store, const AttentionWeights& w) {
  if (!store.has_vectors()) throw AssetError("no embeddings loaded: load core.bin or the text's core buckets first");
  store.shared();  // throws, naming the file, before it is loaded
  if (int(store.dims()) != w.d_model)
    throw OptionError("the weights are for d_model " + std::to_string(w.d_model) + " but the embeddings have " +
                      std::to_string(store.dims()) + " dimensions");
}

}  // namespace

void validate(const PipelineOptions& o, int d_model) {
  validate(o.attention, d_model);
  check_positional_weight(o.positional_weight);
  if (o.max_tokens < 1 || o.max_tokens > kTokenLimit)
    throw OptionError("max tokens must be from 1 to " + std::to_string(kTokenLimit) + ", got " +
                      std::to_string(o.max_tokens));
}

Analysis analyze(std::string_view text, const EmbeddingStore& store, const PreparedWeights& w,
                 const PipelineOptions& o) {
  return analyze(tokenize(text), store, w, o);
}

Analysis analyze_cross(std::string_view query_text, std::string_view document_text, const EmbeddingStore& store,
                       const PreparedWeights& w, const PipelineOptions& o) {
  return analyze_cross(tokenize(query_text), tokenize(document_text), store, w, o);
}

Analysis analyze(std::vector<Token> text, const EmbeddingStore& store, const PreparedWeights& w,
                 const PipelineOptions& o) {
  check_store(store, w.weights);
  validate(o, w.weights.d_model);
  Analysis a;
  a.text = embed(std::move(text), store, o);
  a.attention = attention_forward(a.text.input, a.text.input, w, o.attention);
  return a;
}

Analysis analyze_cross(std::vector<Token> query_text, std::vector<Token> document_text, const EmbeddingStore& store,
                       const PreparedWeights& w, const PipelineOptions& o) {
  check_store(store, w.weights);
  validate(o, w.weights.d_model);
  if (o.attention.mask != Mask::None)
    throw OptionError(std::string("a ") + to_string(o.attention.mask) +
                      " mask applies to self-attention only; use mask none for cross-attention");
  Analysis a;
  a.cross = true;
  a.text = embed(std::move(query_text), store, o);
  PipelineOptions document_options = o;
  document_options.masked_token = -1;  // a masked word belongs to the query text
  a.document = embed(std::move(document_text), store, document_options);
  a.attention = attention_forward(a.text.input, a.document.input, w, o.attention);
  return a;
}

}  // namespace al
