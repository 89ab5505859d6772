// The Lens's members (declared in binding_support.h, bound in bindings.cpp): the core session's
// files, weights and topic model in, and what the page asks of the session alone (its positional
// encoding, the nearest words of a vector) out. Marshalling only, as bindings.cpp.
#include <string>
#include <vector>

#include "core/analyze.h"
#include "core/explain.h"
#include "core/steps.h"
#include "wasm/binding_support.h"

namespace al::wasm {

void Lens::addFile(std::uintptr_t ptr, int length, const std::string& name) {
  guarded([&] { session_.add_file(bytes_at(ptr, length), name); });
}

// The embeddings files (names) to fetch and add, in order: core.bin first, then shards.
val Lens::filesNeeded(const std::string& text, const std::string& document, double max_tokens) {
  return guarded([&] {
    val names = val::array();
    for (const std::string& name : session_.files_needed({text, document}, std::size_t(max_tokens)))
      names.call<void>("push", name);
    return names;
  });
}

void Lens::setTrainedWeights(std::uintptr_t ptr, int length) {
  guarded([&] { session_.set_trained_weights(bytes_at(ptr, length), "trained weights"); });
}

void Lens::setTrainedImageWeights(std::uintptr_t ptr, int length) {
  guarded([&] { session_.set_trained_image_weights(bytes_at(ptr, length), "trained image weights"); });
}

void Lens::setTopicModel(std::uintptr_t ptr, int length) {
  guarded([&] { session_.set_topic_model(bytes_at(ptr, length), "topic model"); });
}

// The topic model's classes: the topics, then "none"
val Lens::topicLabels() const {
  val labels = val::array();
  if (const auto topic = session_.topic())
    for (const std::string& l : topic->labels) labels.call<void>("push", l);
  return labels;
}

val Lens::positionalEncoding(int n) {
  return guarded([&] {
    if (!session_.store().has_vectors()) throw AssetError("no embeddings loaded: their width is not known yet");
    if (n < 1 || n > int(kTokenLimit))
      throw OptionError("positions must be from 1 to " + std::to_string(kTokenLimit) + ", got " + std::to_string(n));
    waves_ = positional_encoding(n, dims());
    return matrix_view(waves_);
  });
}

// {words: string[], similarities: Float32Array view, ranks: Int32Array view}
val Lens::nearestWords(std::uintptr_t ptr, int dims, int k, bool remove_shared) {
  return guarded([&] {
    val words = val::array();
    similarities_.clear();
    ranks_.clear();
    for (const Neighbor& n : session_.nearest_words(reinterpret_cast<const float*>(ptr), dims, k, remove_shared)) {
      words.call<void>("push", n.word);
      similarities_.push_back(n.similarity);
      ranks_.push_back(int(n.rank));
    }
    val out = val::object();
    out.set("words", words);
    out.set("similarities", view_of(similarities_));
    out.set("ranks", view_of(ranks_));
    return out;
  });
}

}  // namespace al::wasm
