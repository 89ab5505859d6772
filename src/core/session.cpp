#include "core/session.h"

#include <string>
#include <utility>

#include "core/embedding_asset.h"
#include "core/embedding_files.h"
#include "core/errors.h"
#include "core/tokenizer.h"
#include "core/weights.h"

namespace al {

AnalysisOptions resolve_options(const AnalysisOptions& asked, bool cross, std::vector<OptionNote>& notes) {
  AnalysisOptions used = asked;
  if (cross) {  // said even when none was asked: a front end shows why its mask control has no effect
    notes.push_back(option_note("mask", "mask none",
                                "cross-attention uses no mask, since a mask says which words of one text a word "
                                "may see and here the keys come from another text"));
    used.pipeline.attention.mask = kCrossAttentionMask;
  }
  return used;
}

void Session::add_file(std::string_view bytes, const std::string& name) {
  al::add_file(store_, bytes, name);
  if (!nearest_ && store_.has_core() && store_.has_shared())
    nearest_ = std::make_unique<NearestWords>(store_.core(), store_.shared());
}

std::vector<std::string> Session::files_needed(const std::vector<std::string_view>& texts,
                                               std::size_t max_tokens) const {
  return al::files_needed(store_, texts, max_tokens);
}

std::vector<Neighbor> Session::nearest_words(const float* v, int dims, int k, bool remove_shared) const {
  if (!nearest_)
    throw AssetError(std::string("the vocabulary (core.bin) is not loaded yet: nearest words need all 16,384 words") +
                     (store_.has_shared() ? "" : std::string(" and the shared direction (") + kSharedFileName + ")"));
  return nearest_->query(v, dims, k, remove_shared);
}

namespace {

// Trained weights whose options trained with an analysis of options S can use.
template <class S>
AttentionWeights usable_weights(std::string_view bytes, const std::string& name) {
  AttentionWeights w = parse_weights(bytes, name);
  try {
    std::vector<OptionNote> notes;
    with_trained(S(), w.trained_with, notes);
  } catch (const OptionError& e) {
    throw AssetError("weights file '" + name + "' is not usable: " + e.what());
  }
  return w;
}

// What an analysis asked for, with the trained weights' options applied when it asks for them.
template <class S>
S with_loaded_trained(const S& asked, const WeightsCache& cache, std::vector<OptionNote>& notes) {
  const PreparedWeights* trained = cache.trained();
  if (asked.weights.preset != WeightsPreset::Trained || !trained) return asked;
  return with_trained(asked, trained->weights.trained_with, notes);
}

}  // namespace

void Session::set_trained_weights(std::string_view bytes, const std::string& name) {
  weights_.set_trained(usable_weights<AnalysisOptions>(bytes, name));
}

void Session::set_trained_image_weights(std::string_view bytes, const std::string& name) {
  image_weights_.set_trained(usable_weights<ImageAnalysisOptions>(bytes, name));
}

AnalysisOptions Session::resolve(const AnalysisOptions& asked, bool cross, std::vector<OptionNote>& notes) const {
  return resolve_options(with_loaded_trained(asked, weights_, notes), cross, notes);
}

AnalyzedImage Session::analyze_image(const std::uint8_t* rgba, std::size_t length, int width, int height,
                                     const ImageAnalysisOptions& asked) {
  AnalyzedImage out;
  out.used = with_loaded_trained(asked, image_weights_, out.notes);
  out.weights = image_weights_.get(out.used.weights, image::kTokenDims);
  out.analysis = image::analyze_image(rgba, length, width, height, *out.weights, out.used.image);
  return out;
}

void Session::set_topic_model(std::string_view bytes, const std::string& name) {
  auto m = std::make_shared<topic::TopicModel>(topic::parse_topic_model(bytes, name));
  if (store_.has_vectors() && m->d != int(store_.dims()))
    throw AssetError("the topic model takes " + std::to_string(m->d) + "-number word vectors, the embeddings have " +
                     std::to_string(store_.dims()));
  topic_ = std::move(m);
}

Analyzed Session::analyze(std::string_view text, const AnalysisOptions& asked, bool wait_for_files) {
  Analyzed out;
  out.used = resolve(asked, false, out.notes);
  std::vector<Token> tokens = tokenize(text);
  out.files_needed = al::files_needed(store_, {tokens}, out.used.pipeline.max_tokens);
  if (wait_for_files && !out.files_needed.empty()) return out;
  out.weights = weights_.get(out.used.weights, int(store_.dims()));
  out.analysis = al::analyze(std::move(tokens), store_, *out.weights, out.used.pipeline);
  out.analysed = true;
  out.topic = topic_;
  return out;
}

Analyzed Session::analyze_cross(std::string_view query, std::string_view document, const AnalysisOptions& asked,
                                bool wait_for_files) {
  Analyzed out;
  out.used = resolve(asked, true, out.notes);
  std::vector<Token> query_tokens = tokenize(query), document_tokens = tokenize(document);
  out.files_needed = al::files_needed(store_, {query_tokens, document_tokens}, out.used.pipeline.max_tokens);
  if (wait_for_files && !out.files_needed.empty()) return out;
  out.weights = weights_.get(out.used.weights, int(store_.dims()));
  out.analysis =
      al::analyze_cross(std::move(query_tokens), std::move(document_tokens), store_, *out.weights, out.used.pipeline);
  out.analysed = true;
  out.topic = topic_;
  return out;
}

}  // namespace al
