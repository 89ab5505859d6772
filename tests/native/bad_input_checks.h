// The checks behind the bad-input suite (test_bad_input.cpp). The embeddings are a synthetic
// 100-d store (core file + 4 shards, built with asset_builder.h), so no generated files are
// needed and the same tests run natively and in both wasm builds.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/analyze.h"
#include "core/embedding_store.h"
#include "core/tokenizer.h"

namespace al::test {

// The vocabulary: frequent words in the core file, rare ones in their hash shards; all loaded,
// so a word is either known or not in the vocabulary.
const EmbeddingStore& store();
const PreparedWeights& identity();        // 100-d identity weights
const PreparedWeights& random_weights();  // 100-d Xavier weights, seed 7

std::vector<std::string> texts(const std::vector<Token>& tokens);
std::string kinds(const std::vector<Token>& tokens);  // "word emoji …"

// What the tokenizer promises for any text: tokens ordered, disjoint, within the text, valid
// UTF-8 with matching UTF-16 lengths, the input's own bytes when it is valid UTF-8, and
// nothing but separators dropped between them.
void check_tokens(const std::string& text, const std::vector<Token>& tokens);

// What every analysis must satisfy, whatever the text and the options: sizes, no NaN or Inf in
// any step, weights in [0, 1] with rows summing to 1 within 1e-5, masked weights exactly 0.
void check_analysis(const Analysis& a, const PipelineOptions& o);

// Tokenizes the text, checks its tokens, analyzes it with every option combination (heads 1,
// 4 and 100, dot and cosine, no mask and causal, four variants of positions, weights and
// temperature; fewer when not full), identity and random weights, checks each analysis;
// returns the tokens.
std::vector<Token> analyze_every_way(const std::string& text, std::size_t max_tokens = 8192, bool full = true);

}  // namespace al::test
