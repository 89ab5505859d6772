// Training the attention layer on masked-word prediction (objective.h), one mini-batch per call,
// so that a caller (the native tool, or a browser worker between frames) drives it step by step:
//   Trainer t(store, sentences, options);   // keeps the usable sentences; initialize(options.seed)
//   for (...) loss = t.step();              // forward, backward, Adam on one mini-batch
//   t.evaluate(t.weights(), 1000);          // held-out loss and top-1 / top-10 accuracy
// Deterministic for a seed: the weights (Xavier, al::random_weights), the train / held-out split,
// the hidden word of each held-out sentence, the order of the training sentences (reshuffled
// every epoch) and the word hidden at each visit all come from splitmix64 generators seeded
// from it (core/random.h). The arithmetic follows the linked kernels, so results agree across builds to float
// rounding, and bit for bit between runs of one build.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/attention.h"
#include "core/random.h"
#include "core/train/adam.h"
#include "core/train/backward.h"
#include "core/train/layer_update.h"
#include "core/train/objective.h"
#include "core/train/options.h"

namespace al::train {

struct Evaluation {
  int examples = 0;
  double mean_loss = 0;        // mean of 1 − cos(output[m], e_target)
  double top1 = 0, top10 = 0;  // fraction of examples whose target ranks 1st / in the first 10
};

class Trainer {
 public:
  // Keeps the usable sentences (Objective::usable) and calls initialize(options.seed). The store
  // must outlive the trainer (its shards for the corpus words loaded first: see src/train/main.cpp).
  // Throws OptionError for options out of range or fewer than 2 usable sentences.
  Trainer(const EmbeddingStore& store, const std::vector<std::string>& sentences, TrainOptions options);

  // Xavier random weights, a fresh Adam, and the split and example order for this seed.
  void initialize(std::uint64_t seed);
  // One mini-batch: forward, loss, backward, Adam update. Returns the batch's mean loss.
  double step();
  // Held-out loss and accuracy of any weights, on the first max_examples held-out examples.
  Evaluation evaluate(const AttentionWeights& w, int max_examples) const;
  // The same for one output whatever the sentence: a context-free baseline.
  Evaluation evaluate_constant(const std::vector<float>& output, int max_examples) const;
  // The mean unit vector of the hidden word over the training sentences, each position equally
  // likely: the best constant output for the mean cosine, i.e. the word-frequency prior.
  std::vector<float> mean_target() const;

  const AttentionWeights& weights() const { return prepared_.weights; }
  int steps() const { return adam_.steps(); }
  int epochs() const { return epochs_; }  // completed passes over the training sentences
  std::size_t usable_sentences() const { return sentences_.size(); }
  std::size_t train_sentences() const { return train_.size(); }
  const std::vector<Example>& held_out() const { return held_out_; }
  const TrainOptions& options() const { return options_; }
  const Objective& objective() const { return objective_; }

 private:
  Example next_example();
  template <typename Output>  // Output: const float* (const Example&), the hidden row's output
  Evaluation evaluate_with(int max_examples, Output output) const;

  TrainOptions options_;
  Objective objective_;
  std::vector<Sentence> sentences_;
  std::vector<std::size_t> train_;  // indices into sentences_, in this epoch's order
  std::size_t cursor_ = 0;
  int epochs_ = 0;
  std::vector<Example> held_out_;
  SplitMix64 rng_{0};  // the data stream: split, order, hidden words
  PreparedWeights prepared_;
  Adam adam_;
  // workspaces reused by every step
  AttentionSteps steps_;
  Matrix d_output_;
  Gradients grads_;
};

}  // namespace al::train
