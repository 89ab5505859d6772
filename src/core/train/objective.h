// The training objective: masked-word prediction on real sentences.
// A sentence is tokenized (al::tokenize, lower-cased words); one word is hidden, and the layer is
// trained so that its output at the hidden position points the way of the hidden word's vector,
// in the space of the input (GloVe without the shared direction when remove_shared, as analyze()
// takes it: EmbeddingStore::vector_of). Choices:
//   - Input X (n × d): each token's word vector (zeros for a token without a vector, as analyze()
//     does), the hidden row replaced by zeros, plus positional_weight · PE (sinusoidal) when
//     positional is on; so the hidden row holds only its position.
//   - A sentence is usable when it has at most kMaxTokens tokens, at least kMinKnownTokens
//     tokens with a vector (in any loaded file of the store) and at least one maskable position.
//   - Maskable: a token of kind Word whose lower-cased form is in the core vocabulary (the
//     16,384 most frequent words): the answer is ranked among exactly those words.
//   - Loss of one example: 1 − cos(output[m], e_target), in [0, 2]; a batch's loss is the mean.
//     A zero output has loss 1 and gradient 0.
//   - Rank: 1 + the number of core words whose cosine with output[m] is strictly greater than
//     the target's (so rank 1 = top-1; ties count in the target's favour; nothing is excluded,
//     the context's own words included). A zero or non-finite output ranks last.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/attention.h"
#include "core/embedding_store.h"
#include "core/train/options.h"

namespace al::train {

constexpr int kMaxTokens = 64;
constexpr int kMinKnownTokens = 4;

// A usable sentence: its lower-cased tokens and the positions that may be hidden.
struct Sentence {
  std::vector<std::string> words;
  std::vector<int> maskable;  // ascending
};

// One training example: a sentence's tokens and the hidden position.
struct Example {
  std::vector<std::string> words;
  int masked = 0;
};

class Objective {
 public:
  // Indexes the store's core vocabulary (unit vectors for ranking). The store must outlive
  // the objective and have its core file loaded; throws AssetError otherwise, OptionError for
  // an input option out of range.
  Objective(const EmbeddingStore& store, InputOptions options);

  int d_model() const { return d_; }
  int vocabulary_size() const { return int(words_.size()); }
  // The tokens and maskable positions of a text, or nothing when it is not usable.
  std::optional<Sentence> usable(std::string_view text) const;
  // The core-vocabulary index of a word, or -1; the word's unit-length vector (d_model floats).
  int vocabulary_index(const std::string& lower_word) const;
  const float* unit_vector(int index) const { return unit_.data() + std::size_t(index) * std::size_t(d_); }

  // X (n × d) for the example, with the hidden row zero before the positional encoding.
  Matrix input(const Example& e) const;
  // 1 − cos(output_row, e_target). When grad is not null, writes scale · dL/d(output_row) there
  // (d_model floats): dL/do = −(ê − cos · ô) / |o|.
  double loss(const float* output_row, const Example& e, float* grad = nullptr, double scale = 1.0) const;
  // The target's rank among the core vocabulary by cosine with output_row (1 = most similar).
  int rank(const float* output_row, const Example& e) const;
  // The mean loss of the examples under the weights (a forward each).
  double batch_loss(const PreparedWeights& w, const AttentionOptions& options,
                    const std::vector<Example>& examples) const;

 private:
  int target_index(const Example& e) const;  // throws OptionError when the hidden word is not maskable
  const EmbeddingStore& store_;
  InputOptions options_;
  int d_ = 0;
  std::vector<std::string> words_;              // the core vocabulary
  std::unordered_map<std::string, int> index_;  // word -> row of unit_
  std::vector<float> unit_;                     // (words × d): unit-length word vectors
  Matrix positions_;                            // kMaxTokens × d: the positional encoding
};

}  // namespace al::train
