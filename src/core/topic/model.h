// "What is this about?": one learned query that searches the sentence's words, and a classifier
// of what it finds. The word-level attention of hierarchical attention networks (Yang et al.
// 2016): its learned "context vector" is the query. Row-vector convention, as the layer's:
//   x_i (d)              word i's GloVe vector; words without one, punctuation and symbols (and
//                        a hidden word) take no part
//   k_i = tanh(x_i·W_K + b_K)      its key (d_k): W_K is d × d_k
//   s_i = q·k_i / √d_k             its score against the learned query q (d_k)
//   a   = softmax(s)               over the words that take part: the topic's attention filter
//   h   = Σ_i a_i · x_i            the answer: the words' own vectors (the values) blended
//   z   = h·W_C + b_C              one score per class (W_C is d × C) ...
//   z_none += β · m,  m = log Σ_i exp(s_i)   ... "none"'s also from how well the best word
//                                  matched the query (m, the scores' soft maximum: at least the
//                                  largest score, at most log n above it; β is learned, < 0):
//                                  a search engine that finds no good match says so
//   p   = softmax(z)               the classes' probabilities: the topics, then "none"
// Softmax attention alone is the same whatever constant is added to every score; the match
// term gives the scores' level a meaning (how topical a word is), which the page shows.
// The label is the most probable topic when its probability is at least the model's threshold
// (and above "none"'s); otherwise the model is not sure and says so (label -1).
// The key is a tanh layer, not linear: the score of a linear key is linear in x, i.e. one
// direction of the word space, which can say "rare" but not "topical". Training: topic/trainer.h.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/analyze.h"
#include "core/matrix.h"

namespace al::topic {

struct TopicModel {
  int d = 0, d_k = 0;
  Matrix wk;                        // d × d_k
  std::vector<float> bk, query;     // d_k each
  Matrix wc;                        // d × classes
  std::vector<float> bc;            // classes
  float match = 0.0f;               // β: "none"'s weight on the scores' soft maximum
  std::vector<std::string> labels;  // classes: the topics, then "none" last
  float threshold = 0.5f;           // the least probability of a named topic

  int classes() const { return int(labels.size()); }
  int topics() const { return classes() - 1; }  // the last class is "none"
};

// Zero weights of these sizes (a trainer initialises them); labels: the topics and "none".
TopicModel empty_model(int d, int d_k, std::vector<std::string> labels);

// What the model makes of one sentence.
struct TopicResult {
  std::vector<bool> used;            // per word: took part (has a vector, not hidden)
  std::vector<float> scores;         // per word: s_i (0 for a word that took no part)
  std::vector<float> weights;        // per word: a_i (exactly 0 for a word that took no part)
  std::vector<float> answer;         // h (d): zeros when no word took part
  float match = 0.0f;                // m = log Σ exp(s_i) over the words that took part (0 when none did)
  std::vector<float> probabilities;  // per class: p (uniform when no word took part)
  int label = -1;                    // the named topic, or -1: not sure
  int best = 0;                      // the most probable topic (not "none"), named or not
};

// x: n × d word vectors; used: which rows take part (n flags). Throws OptionError when x's width
// is not the model's.
TopicResult about(const Matrix& x, const std::vector<bool>& used, const TopicModel& m);

// The same for a text of the pipeline: its words' vectors without the shared direction
// (EmbeddedText::centered, before the positional encoding; whatever the layer's sharedDirection,
// since the model was trained on them: version 2 of the file says so);
// the words with a GloVe vector take part (as in training: not punctuation or symbols, though
// GloVe has vectors for some), the hidden word ("what if", masked_token) does not.
TopicResult about(const EmbeddedText& text, const TopicModel& m);

// "ALTP" file, version 2, little-endian: u32 d, d_k, classes; f32 threshold; u32 label bytes,
// the labels ('\n'-separated UTF-8, zero-padded to 4 bytes); then f32 W_K, b_K, q, W_C, b_C, β.
// parse_topic_model throws AssetError for a wrong, truncated or implausible file.
std::string serialize_topic_model(const TopicModel& m);
TopicModel parse_topic_model(std::string_view bytes, const std::string& name);

}  // namespace al::topic
