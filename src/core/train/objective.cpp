#include "core/train/objective.h"

#include <algorithm>
#include <cmath>

#include <Eigen/Core>

#include "core/errors.h"
#include "core/positional.h"
#include "core/tokenizer.h"

namespace al::train {
namespace {

using RowMatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

double norm(const float* v, int d) {
  double s = 0;
  for (int i = 0; i < d; ++i) s += double(v[i]) * v[i];
  return std::sqrt(s);
}

}  // namespace

Objective::Objective(const EmbeddingStore& store, InputOptions options) : store_(store), options_(options) {
  check_positional_weight(options.positional_weight);
  const EmbeddingAsset& core = store.core();  // throws AssetError without a core file
  d_ = int(core.dims);
  words_ = core.words;
  unit_.assign(words_.size() * std::size_t(d_), 0.0f);
  for (std::size_t w = 0; w < words_.size(); ++w) {
    float* u = unit_.data() + w * std::size_t(d_);
    core.dequantize(w, u);
    if (options.remove_shared) store.shared().remove(u);  // the space the layer's input is in
    const double n = norm(u, d_);
    for (int i = 0; i < d_; ++i) u[i] = n > 0 ? float(u[i] / n) : 0.0f;
    index_.emplace(words_[w], int(w));
  }
  positions_ = positional_encoding(kMaxTokens, d_);
}

int Objective::vocabulary_index(const std::string& lower_word) const {
  const auto it = index_.find(lower_word);
  return it == index_.end() ? -1 : it->second;
}

std::optional<Sentence> Objective::usable(std::string_view text) const {
  const std::vector<Token> tokens = tokenize(text);
  if (tokens.empty() || tokens.size() > std::size_t(kMaxTokens)) return std::nullopt;
  Sentence s;
  std::vector<float> v(static_cast<std::size_t>(d_));
  int known = 0;
  for (const Token& t : tokens) {
    if (store_.lookup(t.lower, v.data()).status == LookupStatus::Known) ++known;  // the status only
    if (t.kind == TokenKind::Word && vocabulary_index(t.lower) >= 0) s.maskable.push_back(int(s.words.size()));
    s.words.push_back(t.lower);
  }
  if (known < kMinKnownTokens || s.maskable.empty()) return std::nullopt;
  return s;
}

int Objective::target_index(const Example& e) const {
  if (e.masked < 0 || e.masked >= int(e.words.size()))
    throw OptionError("the hidden position " + std::to_string(e.masked) + " is outside the sentence");
  const int t = vocabulary_index(e.words[std::size_t(e.masked)]);
  if (t < 0)
    throw OptionError("the hidden word '" + e.words[std::size_t(e.masked)] + "' is not in the core vocabulary");
  return t;
}

Matrix Objective::input(const Example& e) const {
  target_index(e);  // checks the example
  const int n = int(e.words.size());
  if (n > kMaxTokens) throw OptionError("an example has at most " + std::to_string(kMaxTokens) + " tokens");
  Matrix x(n, d_);
  for (int i = 0; i < n; ++i)
    if (i != e.masked)  // zeros when it has no vector
      store_.vector_of(e.words[std::size_t(i)], x.row(i), options_.remove_shared);
  if (options_.positional) add_positional(x, positions_, options_.positional_weight);
  return x;
}

double Objective::loss(const float* o, const Example& e, float* grad, double scale) const {
  const float* target = unit_.data() + std::size_t(target_index(e)) * d_;  // ê, unit length
  const double o_norm = norm(o, d_);
  if (!(o_norm > 0) || !std::isfinite(o_norm)) {
    if (grad) std::fill(grad, grad + d_, 0.0f);
    return 1.0;
  }
  double dot = 0;
  for (int i = 0; i < d_; ++i) dot += double(o[i]) * target[i];
  const double cos = dot / o_norm;
  // dL/do_i = −(ê_i − cos · o_i / |o|) / |o|
  if (grad)
    for (int i = 0; i < d_; ++i) grad[i] = float(-scale * (target[i] - cos * o[i] / o_norm) / o_norm);
  return 1.0 - cos;
}

int Objective::rank(const float* o, const Example& e) const {
  const int t = target_index(e), words = vocabulary_size();
  const double o_norm = norm(o, d_);
  if (!(o_norm > 0) || !std::isfinite(o_norm)) return words;
  // similarities (words) = unit vectors (words × d) · o (d); all divided by |o|: same order
  const Eigen::Map<const RowMatrixF> unit(unit_.data(), words, d_);
  const Eigen::VectorXf sim = unit * Eigen::Map<const Eigen::VectorXf>(o, d_);
  int better = 0;
  for (int w = 0; w < words; ++w) better += sim[w] > sim[t];
  return better + 1;
}

double Objective::batch_loss(const PreparedWeights& w, const AttentionOptions& o,
                             const std::vector<Example>& examples) const {
  if (examples.empty()) return 0.0;
  AttentionSteps steps;
  double sum = 0;
  for (const Example& e : examples) {
    const Matrix x = input(e);
    attention_forward(x, x, w, o, steps);
    sum += loss(steps.output.row(e.masked), e);
  }
  return sum / double(examples.size());
}

}  // namespace al::train
