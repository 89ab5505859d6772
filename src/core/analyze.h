// The whole pipeline on text, keeping every step:
//   text -> tokens -> embeddings (GloVe) -> without the shared direction -> + positional encoding
//        -> input X -> attention layer
// Self-attention uses one text; cross-attention takes queries from one text and keys/values
// from another (the "document").
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/attention.h"
#include "core/embedding_store.h"
#include "core/positional.h"
#include "core/tokenizer.h"

namespace al {

// max_tokens may be at most this (and the attention-cell cap below may cut a text further).
constexpr std::size_t kTokenLimit = 8192;

struct PipelineOptions {
  // the self mask by default: with identity weights a word's query is most similar to its own
  // key, and an unmasked filter shows little but its diagonal (the page says so, one click away)
  AttentionOptions attention{1, true, 1.0f, Similarity::Dot, Mask::Self};
  bool remove_shared = true;  // the word vectors without their shared direction (shared_direction.h)
  bool positional = true;     // add the sinusoidal positional encoding
  // X = word vectors + weight · PE; in [0, kMaxPositionalWeight]; by default the paper's mix
  float positional_weight = kTextPositionalWeight;
  std::size_t max_tokens = 1024;  // longer texts are cut (EmbeddedText::truncated says so)
  int masked_token = -1;          // "what if this word were hidden?": its embedding row is zeroed
};

// Whatever the options, one head's attention matrices are kept for every head, so
// heads · n_q · n_k is capped at this many cells (768 MiB across scores, scaled and weights).
constexpr std::size_t kMaxAttentionCells = std::size_t(1) << 26;

// Throws OptionError for an option outside its range.
void validate(const PipelineOptions& options, int d_model);

// A mask says which words of one text a word may see; cross-attention has two texts, so it uses
// none, whatever PipelineOptions' default: Session's resolve_options (session.h) applies the rule
// and says so; analyze_cross, below the Session, refuses another mask (OptionError).
constexpr Mask kCrossAttentionMask = Mask::None;

// One text's way into the layer: its tokens and their embeddings.
struct EmbeddedText {
  std::vector<Token> tokens;     // the analyzed tokens (the first ones if truncated)
  std::vector<Lookup> lookups;   // per token: known?, frequency rank
  std::size_t total_tokens = 0;  // tokens in the whole text
  bool truncated = false;        // total_tokens > tokens.size()
  int masked_token = -1;         // the token whose embedding was zeroed, or -1
  bool shared_removed = true;    // the input's word part is `centered` (else `embeddings`)
  Matrix embeddings;             // n × d: the lookup table's rows (GloVe), zero for a word it lacks
  Matrix centered;               // n × d: the embeddings without the shared direction (shared_direction.h)
  Matrix positional;             // n × d: the sinusoidal encoding (zeros when off)
  Matrix input;                  // n × d: X = words() + weight · positional
  // The word part of the input: the vectors without the shared direction, or GloVe's as they are.
  const Matrix& words() const { return shared_removed ? centered : embeddings; }
};

struct Analysis {
  bool cross = false;
  EmbeddedText text;      // the queries' text (in self-attention, the keys' and values' too)
  EmbeddedText document;  // cross-attention only: the text the keys and values come from
  AttentionSteps attention;
  // The text the keys come from: the document in cross-attention, else the text itself.
  const EmbeddedText& keys() const { return cross ? document : text; }
};

Analysis analyze(std::string_view text, const EmbeddingStore& store, const PreparedWeights& w,
                 const PipelineOptions& options);
Analysis analyze_cross(std::string_view query_text, std::string_view document_text, const EmbeddingStore& store,
                       const PreparedWeights& w, const PipelineOptions& options);
// The same on texts already tokenized (tokenize(text)), for a caller that read the tokens first.
Analysis analyze(std::vector<Token> text, const EmbeddingStore& store, const PreparedWeights& w,
                 const PipelineOptions& options);
Analysis analyze_cross(std::vector<Token> query_text, std::vector<Token> document_text, const EmbeddingStore& store,
                       const PreparedWeights& w, const PipelineOptions& options);

}  // namespace al
