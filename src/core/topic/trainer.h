// Training the topic query (topic/model.h) on WordNet's labelled samples (topic/corpus.h):
// cross-entropy of the sample's label, mini-batches, Adam, in double. Deterministic for a seed:
// the initial weights, the batches and the distractors all come from splitmix64 generators.
//   - Batches: a share none_share of each batch from "none", the rest from the topics, each
//     topic equally likely (WordNet's topics differ in size by 20 times), a sample uniformly
//     within its class.
//   - Distractors: with probability augment, 1 to max_distractors plain words (of synsets in no
//     topic domain: place names, colours, everyday nouns) are inserted at random places, the
//     label unchanged, so that the query learns that a rare word is not a topical one.
//   - The baseline (options.uniform): the same classifier on the mean of the word vectors, i.e.
//     the query fixed at zero (every score 0, uniform weights), trained the same way.
// The loss and its gradient: topic/loss.h (checked against finite differences in the tests).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/embedding_store.h"
#include "core/random.h"
#include "core/topic/corpus.h"
#include "core/topic/loss.h"
#include "core/topic/model.h"

namespace al::topic {

constexpr int kShortSample = 3;  // words with a vector

struct TopicTrainOptions {
  int d_k = 32;                    // the key's and query's length
  int steps = 6000;                // mini-batches; the rate falls linearly to ~0 over them
  int batch_size = 64;             // samples per step
  float learning_rate = 0.01f;     // Adam's, at step 1
  double weight_decay = 1e-5;      // L2 on W_K and W_C, added to the gradient
  double held_out_fraction = 0.1;  // of the synsets (and of the distractor words)
  double none_share = 0.3;         // of each batch, from "none"
  double augment = 0.5;            // probability that a training sample gets distractors
  int max_distractors = 2;         // inserted into one sample, at most
  // the samples of "none" train the query only through the match term (their scores fall), not
  // through the blend: the query learns where a topic is said, not which everyday word says
  // "no topic" (or it would seek those words out, and a topic word would lose to them)
  bool none_trains_query = false;
  double mix = 0.3;        // probability that a topic's sample is instead one of its
                           // short samples (≤ kShortSample words) put into an everyday
                           // sentence of "none": "one word gives the topic away"
  float threshold = 0.5f;  // the model's: the least probability of a named topic
  bool uniform = false;    // the bag-of-words baseline: no attention, the mean vector
  std::uint64_t seed = 1;
};

struct Accuracy {
  int samples = 0;
  double accuracy = 0;  // the most probable class is the label ("none" counts as a class)
  double macro = 0;     // the mean over classes of their accuracy
  double topics = 0;    // accuracy on the samples of a topic (not "none")
  double mean_loss = 0;
};

struct Evaluation {
  Accuracy plain;       // the held-out samples as they are
  Accuracy distracted;  // each with 1 to max_distractors held-out distractor words inserted
  Accuracy prior;       // always the most frequent training class
};

class TopicTrainer {
 public:
  // Keeps the samples with at least one word that has a vector (the store must have the core
  // file and the shards of the corpus's rare words), splits them by synset and the distractor
  // words by word. Throws OptionError for options out of range or too little data.
  TopicTrainer(const EmbeddingStore& store, const std::vector<Sample>& samples,
               const std::vector<std::string>& distractors, TopicTrainOptions options);

  double step();  // one mini-batch: its mean loss
  Evaluation evaluate() const;
  TopicModel model() const;  // the current weights as the page's model (float)

  const std::vector<std::string>& labels() const { return labels_; }
  int steps_done() const { return t_; }
  std::size_t train_samples() const { return train_count_; }
  std::size_t held_out_samples() const { return held_.size(); }
  std::size_t usable_samples() const { return train_count_ + held_.size(); }
  int d_model() const { return layout_.d; }

 private:
  struct Encoded {
    std::vector<int> rows;  // into words_ (the sample's words that have vectors, in order)
    int label = 0;
  };
  Encoded with_distractors(const Encoded& e, const std::vector<int>& pool, SplitMix64& rng) const;
  Accuracy score(const std::vector<Encoded>& set) const;
  double sample_loss(const Encoded& e, double* grad, double scale, std::vector<double>& x,
                     double* probabilities = nullptr) const;

  TopicTrainOptions options_;
  Layout layout_;
  std::vector<std::string> labels_;
  std::vector<double> words_;                    // one row of d per distinct word
  std::vector<std::vector<Encoded>> by_class_;   // the training samples of each class
  std::vector<std::vector<std::size_t>> short_;  // per class: its samples of ≤ kShortSample words
  std::vector<std::size_t> hosts_;               // "none" samples of more than kShortSample words
  std::vector<Encoded> held_, held_distracted_;  // held out, and the same with distractors
  std::vector<int> train_pool_, held_pool_;      // distractor words' rows
  std::size_t train_count_ = 0;
  int majority_ = 0;                          // the most frequent training class
  std::vector<double> theta_, m_, v_, grad_;  // parameters, Adam's moments, the gradient
  int t_ = 0;
  SplitMix64 rng_{0};
};

}  // namespace al::topic
