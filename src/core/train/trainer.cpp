#include "core/train/trainer.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/errors.h"
#include "core/trained_with.h"

namespace al::train {
namespace {

// The data stream's seed differs from the weights' (random_weights(d, seed)), so that the two
// sequences are unrelated.
constexpr std::uint64_t kDataStream = 0xd1b54a32d192ed03ull;

template <typename T>
void shuffle(std::vector<T>& v, SplitMix64& rng) {  // Fisher–Yates
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(i)]);
}

void check(const TrainOptions& o, int d_model) {
  validate_for_training(o.attention, d_model);
  if (o.batch_size < 1 || o.batch_size > kMaxBatch)
    throw OptionError("batch size must be from 1 to " + std::to_string(kMaxBatch) + ", got " +
                      std::to_string(o.batch_size));
  if (!(o.held_out_fraction >= 0.0 && o.held_out_fraction <= kMaxHeldOutFraction))
    throw OptionError("held-out fraction must be from 0 to 0.9, got " + std::to_string(o.held_out_fraction));
  if (o.decay_steps < 0) throw OptionError("decay steps must be 0 (a constant rate) or more");
}

}  // namespace

Trainer::Trainer(const EmbeddingStore& store, const std::vector<std::string>& sentences, TrainOptions options)
    : options_(options),
      objective_(store, options.input),
      adam_(objective_.d_model(), AdamOptions{options.learning_rate}) {
  check(options_, objective_.d_model());
  for (const std::string& text : sentences)
    if (auto s = objective_.usable(text)) sentences_.push_back(std::move(*s));
  if (sentences_.size() < 2)
    throw OptionError("training needs at least 2 usable sentences (>= " + std::to_string(kMinKnownTokens) +
                      " known tokens and a word of the core vocabulary), got " + std::to_string(sentences_.size()));
  initialize(options_.seed);
}

void Trainer::initialize(std::uint64_t seed) {
  options_.seed = seed;
  const int d = objective_.d_model();
  AttentionWeights start = random_weights(d, seed);
  start.trained_with = trained_with(options_);  // written into the file with the weights
  prepared_ = prepare(std::move(start));
  adam_ = Adam(d, AdamOptions{options_.learning_rate});
  grads_ = zero_maps<float>(d);
  rng_ = SplitMix64(seed ^ kDataStream);
  // split: a shuffled order of the sentences; the first ones are held out, each with one hidden word
  std::vector<std::size_t> order(sentences_.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  shuffle(order, rng_);
  const auto held = std::size_t(std::llround(options_.held_out_fraction * double(order.size())));
  held_out_.clear();
  for (std::size_t i = 0; i < held; ++i) {
    const Sentence& s = sentences_[order[i]];
    held_out_.push_back({s.words, s.maskable[rng_.below(s.maskable.size())]});
  }
  train_.assign(order.begin() + std::ptrdiff_t(held), order.end());
  if (train_.empty()) throw OptionError("no training sentences are left after the held-out split");
  shuffle(train_, rng_);
  cursor_ = 0;
  epochs_ = 0;
}

Example Trainer::next_example() {
  if (cursor_ == train_.size()) {  // an epoch is done: a new order for the next one
    shuffle(train_, rng_);
    cursor_ = 0;
    ++epochs_;
  }
  const Sentence& s = sentences_[train_[cursor_++]];
  return {s.words, s.maskable[rng_.below(s.maskable.size())]};  // a new hidden word at each visit
}

double Trainer::step() {
  const AttentionOptions& o = options_.attention;
  const int d = objective_.d_model(), batch = options_.batch_size;
  zero_gradients(grads_);
  double loss_sum = 0;
  for (int b = 0; b < batch; ++b) {
    const Example e = next_example();
    const Matrix x = objective_.input(e);
    attention_forward(x, x, prepared_, o, steps_);
    // dL/d(output): only the hidden row, scaled by 1/batch for the mean loss
    d_output_.reshape(x.rows, d);
    std::fill(d_output_.data.begin(), d_output_.data.end(), 0.0f);
    loss_sum += objective_.loss(steps_.output.row(e.masked), e, d_output_.row(e.masked), 1.0 / batch);
    accumulate_gradients(x, x, prepared_.weights, steps_, d_output_, o, grads_);
  }
  update_layer(adam_, prepared_, grads_, options_.learning_rate, options_.decay_steps);
  return loss_sum / batch;
}

template <typename Output>
Evaluation Trainer::evaluate_with(int max_examples, Output output) const {
  const int n = std::min(std::max(max_examples, 0), int(held_out_.size()));
  Evaluation ev;
  for (int i = 0; i < n; ++i) {
    const Example& e = held_out_[std::size_t(i)];
    const float* out = output(e);
    ev.mean_loss += objective_.loss(out, e);
    const int r = objective_.rank(out, e);
    ev.top1 += r == 1;
    ev.top10 += r <= 10;
  }
  ev.examples = n;
  if (n > 0) {
    ev.mean_loss /= n;
    ev.top1 /= n;
    ev.top10 /= n;
  }
  return ev;
}

Evaluation Trainer::evaluate(const AttentionWeights& w, int max_examples) const {
  if (w.d_model != objective_.d_model())
    throw OptionError("the weights are for d_model " + std::to_string(w.d_model) + ", the embeddings have " +
                      std::to_string(objective_.d_model()));
  const PreparedWeights prepared = prepare(w);
  AttentionSteps steps;
  return evaluate_with(max_examples, [&](const Example& e) {
    const Matrix x = objective_.input(e);
    attention_forward(x, x, prepared, options_.attention, steps);
    return steps.output.row(e.masked);
  });
}

Evaluation Trainer::evaluate_constant(const std::vector<float>& output, int max_examples) const {
  if (int(output.size()) != objective_.d_model()) throw OptionError("the constant output needs d_model values");
  return evaluate_with(max_examples, [&](const Example&) { return output.data(); });
}

std::vector<float> Trainer::mean_target() const {
  const int d = objective_.d_model();
  std::vector<double> sum(std::size_t(d), 0.0);
  for (std::size_t i : train_) {
    const Sentence& s = sentences_[i];
    for (int m : s.maskable) {
      const float* u = objective_.unit_vector(objective_.vocabulary_index(s.words[std::size_t(m)]));
      for (int c = 0; c < d; ++c) sum[std::size_t(c)] += double(u[c]) / double(s.maskable.size());
    }
  }
  std::vector<float> mean(static_cast<std::size_t>(d));
  for (int c = 0; c < d; ++c) mean[std::size_t(c)] = float(sum[std::size_t(c)] / double(train_.size()));
  return mean;
}

}  // namespace al::train
