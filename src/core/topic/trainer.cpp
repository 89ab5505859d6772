#include "core/topic/trainer.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "core/errors.h"
#include "core/tokenizer.h"

namespace al::topic {

TopicTrainer::TopicTrainer(const EmbeddingStore& store, const std::vector<Sample>& samples,
                           const std::vector<std::string>& distractors, TopicTrainOptions options)
    : options_(options), rng_(options.seed) {
  if (options.d_k < 1 || options.d_k > 1024) throw OptionError("the topic key length must be from 1 to 1024");
  if (options.batch_size < 1 || options.batch_size > 4096) throw OptionError("the batch size must be from 1 to 4096");
  if (!(options.learning_rate > 0)) throw OptionError("the learning rate must be a positive number");
  if (!(options.none_share >= 0 && options.none_share < 1)) throw OptionError("none_share must be in [0, 1)");
  if (!(options.augment >= 0 && options.augment <= 1)) throw OptionError("augment must be in [0, 1]");
  if (!store.has_core()) throw AssetError("the topic trainer needs the embeddings' core file");
  labels_ = labels_of(samples);
  if (labels_.size() < 3 || labels_.back() != "none")
    throw OptionError("the topic corpus needs at least two topics and \"none\"");
  const int d = int(store.dims()), C = int(labels_.size());
  layout_ = {d, options.d_k, C};

  std::unordered_map<std::string, int> row_of;  // word -> row of words_, or -1 without a vector
  std::vector<float> v(static_cast<std::size_t>(d));
  auto row = [&](const std::string& lower) {
    auto [it, fresh] = row_of.emplace(lower, -1);
    if (fresh && store.vector_of(lower, v.data(), true).status == LookupStatus::Known) {  // as about() reads it
      it->second = int(words_.size() / std::size_t(d));
      words_.insert(words_.end(), v.begin(), v.end());
    }
    return it->second;
  };
  std::unordered_map<std::string, int> class_of;
  for (int c = 0; c < C; ++c) class_of[labels_[std::size_t(c)]] = c;
  by_class_.assign(std::size_t(C), {});
  std::vector<int> counts(std::size_t(C), 0);
  for (const Sample& s : samples) {
    Encoded e;
    e.label = class_of.at(s.label);
    for (const Token& t : tokenize(s.text))
      if (t.kind == TokenKind::Word)
        if (const int r = row(t.lower); r >= 0) e.rows.push_back(r);
    if (e.rows.empty()) continue;
    if (held_out(s.synset, options.held_out_fraction)) {
      held_.push_back(std::move(e));
    } else {
      ++counts[std::size_t(e.label)];
      by_class_[std::size_t(e.label)].push_back(std::move(e));
      ++train_count_;
    }
  }
  for (const std::string& w : distractors)
    if (const int r = row(w); r >= 0) (held_out(w, options.held_out_fraction) ? held_pool_ : train_pool_).push_back(r);
  for (const auto& c : by_class_)
    if (c.empty()) throw OptionError("a topic of the corpus has no training samples");
  if (held_.empty()) throw OptionError("the topic corpus has no held-out samples");
  majority_ = int(std::max_element(counts.begin(), counts.end()) - counts.begin());
  short_.assign(std::size_t(C), {});
  for (int c = 0; c < C; ++c)
    for (std::size_t i = 0; i < by_class_[std::size_t(c)].size(); ++i)
      if (by_class_[std::size_t(c)][i].rows.size() <= std::size_t(kShortSample)) short_[std::size_t(c)].push_back(i);
  for (std::size_t i = 0; i < by_class_.back().size(); ++i)
    if (by_class_.back()[i].rows.size() > std::size_t(kShortSample)) hosts_.push_back(i);
  SplitMix64 held_rng(options.seed ^ 0x5eedu);
  for (const Encoded& e : held_) held_distracted_.push_back(with_distractors(e, held_pool_, held_rng));

  // Xavier-uniform W_K, a query of unit-variance numbers, a zero classifier
  theta_.assign(layout_.size(), 0.0);
  const double limit = std::sqrt(6.0 / (d + options.d_k));
  for (std::size_t i = layout_.wk(); i < layout_.bk(); ++i) theta_[i] = (2 * rng_.uniform_double() - 1) * limit;
  for (std::size_t i = layout_.q(); i < layout_.wc(); ++i) theta_[i] = options.uniform ? 0.0 : rng_.gaussian();
  m_.assign(theta_.size(), 0.0);
  v_.assign(theta_.size(), 0.0);
  grad_.assign(theta_.size(), 0.0);
}

TopicTrainer::Encoded TopicTrainer::with_distractors(const Encoded& e, const std::vector<int>& pool,
                                                     SplitMix64& rng) const {
  Encoded out = e;
  if (pool.empty()) return out;
  const int count = 1 + int(rng.below(std::size_t(options_.max_distractors)));
  for (int k = 0; k < count; ++k)
    out.rows.insert(out.rows.begin() + std::ptrdiff_t(rng.below(out.rows.size() + 1)), pool[rng.below(pool.size())]);
  return out;
}

double TopicTrainer::sample_loss(const Encoded& e, double* grad, double scale, std::vector<double>& x,
                                 double* probabilities) const {
  const int d = layout_.d, n = int(e.rows.size());
  x.resize(std::size_t(n) * d);
  for (int i = 0; i < n; ++i)
    std::copy_n(words_.data() + std::size_t(e.rows[std::size_t(i)]) * d, d, x.data() + std::size_t(i) * d);
  const Attention a = options_.uniform                                                ? Attention::Uniform
                      : e.label == layout_.classes - 1 && !options_.none_trains_query ? Attention::Frozen
                                                                                      : Attention::Learned;
  return loss_and_gradient(layout_, theta_.data(), x.data(), n, e.label, grad, scale, a, probabilities);
}

double TopicTrainer::step() {
  const int B = options_.batch_size, C = layout_.classes;
  std::fill(grad_.begin(), grad_.end(), 0.0);
  std::vector<double> x;
  double loss = 0;
  for (int b = 0; b < B; ++b) {
    const int c = rng_.uniform_double() < options_.none_share ? C - 1 : int(rng_.below(std::size_t(C - 1)));
    const auto& pool = by_class_[std::size_t(c)];
    const auto& shorts = short_[std::size_t(c)];
    if (c < C - 1 && !shorts.empty() && !hosts_.empty() && rng_.uniform_double() < options_.mix) {
      // a short sample of the topic ("trumpet") in an everyday sentence ("my cousin bought a …")
      Encoded e = by_class_.back()[hosts_[rng_.below(hosts_.size())]];
      const Encoded& word = pool[shorts[rng_.below(shorts.size())]];
      e.rows.insert(e.rows.begin() + std::ptrdiff_t(rng_.below(e.rows.size() + 1)), word.rows.begin(), word.rows.end());
      e.label = c;
      loss += sample_loss(e, grad_.data(), 1.0 / B, x);
      continue;
    }
    const Encoded& e = pool[rng_.below(pool.size())];
    if (rng_.uniform_double() < options_.augment)
      loss += sample_loss(with_distractors(e, train_pool_, rng_), grad_.data(), 1.0 / B, x);
    else
      loss += sample_loss(e, grad_.data(), 1.0 / B, x);
  }
  // L2 on the two maps; Adam (β1 0.9, β2 0.999, ε 1e-8) with the rate falling linearly to 0.1%
  for (std::size_t i = layout_.wk(); i < layout_.bk(); ++i) grad_[i] += options_.weight_decay * theta_[i];
  for (std::size_t i = layout_.wc(); i < layout_.bc(); ++i) grad_[i] += options_.weight_decay * theta_[i];
  ++t_;
  const double left = std::max(1e-3, 1.0 - double(t_ - 1) / std::max(1, options_.steps));
  const double rate = options_.learning_rate * left;
  const double c1 = 1 - std::pow(0.9, t_), c2 = 1 - std::pow(0.999, t_);
  for (std::size_t i = 0; i < theta_.size(); ++i) {
    m_[i] = 0.9 * m_[i] + 0.1 * grad_[i];
    v_[i] = 0.999 * v_[i] + 0.001 * grad_[i] * grad_[i];
    theta_[i] -= rate * (m_[i] / c1) / (std::sqrt(v_[i] / c2) + 1e-8);
  }
  if (options_.uniform) {  // no attention to learn
    for (std::size_t i = layout_.wk(); i < layout_.wc(); ++i) theta_[i] = 0.0;
    theta_[layout_.match()] = 0.0;
  }
  return loss / B;
}

Accuracy TopicTrainer::score(const std::vector<Encoded>& set) const {
  const int C = layout_.classes;
  std::vector<int> right(std::size_t(C), 0), total(std::size_t(C), 0);
  std::vector<double> x, p(static_cast<std::size_t>(C));
  Accuracy a;
  double loss = 0;
  for (const Encoded& e : set) {
    loss += sample_loss(e, nullptr, 1.0, x, p.data());
    const int best = int(std::max_element(p.begin(), p.end()) - p.begin());
    ++total[std::size_t(e.label)];
    right[std::size_t(e.label)] += best == e.label;
  }
  int all_right = 0, topic_right = 0, topic_total = 0, present = 0;
  for (int c = 0; c < C; ++c) {
    all_right += right[std::size_t(c)];
    if (c < C - 1) topic_right += right[std::size_t(c)], topic_total += total[std::size_t(c)];
    if (total[std::size_t(c)]) a.macro += double(right[std::size_t(c)]) / total[std::size_t(c)], ++present;
  }
  a.samples = int(set.size());
  a.accuracy = set.empty() ? 0 : double(all_right) / double(set.size());
  a.topics = topic_total ? double(topic_right) / topic_total : 0;
  a.macro = present ? a.macro / present : 0;
  a.mean_loss = set.empty() ? 0 : loss / double(set.size());
  return a;
}

Evaluation TopicTrainer::evaluate() const {
  Evaluation e;
  e.plain = score(held_);
  e.distracted = score(held_distracted_);
  const int C = layout_.classes;
  int right = 0, topics = 0, topic_right = 0;
  std::vector<int> total(std::size_t(C), 0);
  for (const Encoded& h : held_) {
    right += h.label == majority_;
    ++total[std::size_t(h.label)];
    if (h.label < C - 1) ++topics, topic_right += h.label == majority_;
  }
  int present = 0;
  for (int c = 0; c < C; ++c) present += total[std::size_t(c)] > 0;
  e.prior = {int(held_.size()), double(right) / double(held_.size()), total[std::size_t(majority_)] ? 1.0 / present : 0,
             topics ? double(topic_right) / topics : 0, 0};
  return e;
}

TopicModel TopicTrainer::model() const {
  TopicModel m = empty_model(layout_.d, layout_.d_k, labels_);
  m.threshold = options_.threshold;
  std::size_t i = 0;
  for (std::vector<float>* v : {&m.wk.data, &m.bk, &m.query, &m.wc.data, &m.bc})
    for (float& f : *v) f = float(theta_[i++]);
  m.match = float(theta_[i]);
  return m;
}

}  // namespace al::topic
