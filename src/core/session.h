// One page's, worker's or command's analysis state, and the rules that tie an analysis's options
// to it: the embeddings, the nearest-word index, the text and image layers' weight sets and the
// topic model. The CLI, the Embind module and the worker only translate to and from it.
//
//   Session s;
//   s.add_file(read("core.bin"), "core.bin");
//   Analyzed a = s.analyze_cross("the king", "a Lannister always pays", options);
//   a.used.pipeline.attention.mask;   // none: a mask is of one text
//   a.notes;                          // {"mask", "…"}: why an option differs from the one asked
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/analyze.h"
#include "core/embedding_store.h"
#include "core/image/analyze_image.h"
#include "core/nearest.h"
#include "core/options.h"
#include "core/presets.h"
#include "core/topic/model.h"
#include "core/trained_with.h"

namespace al {

// The options an analysis of text actually uses, from the ones asked for: cross-attention has
// no mask (a mask says which words of one text a word may see: kCrossAttentionMask), and its
// hidden word belongs to the query text. The notes say why (cross-attention's always has one).
AnalysisOptions resolve_options(const AnalysisOptions& asked, bool cross, std::vector<OptionNote>& notes);

// One analysis of text with what it was made from: the options used (and why they differ from those
// asked), the weights and the topic model it keeps alive for its steps.
struct Analyzed {
  // The embeddings files the texts' words still need (files_needed, embedding_files.h): when
  // not empty, their words were analysed as unknown, or not at all (wait_for_files).
  std::vector<std::string> files_needed;
  bool analysed = false;
  Analysis analysis;
  AnalysisOptions used;
  std::vector<OptionNote> notes;
  WeightsCache::Weights weights;
  std::shared_ptr<const topic::TopicModel> topic;  // null without a topic model
};

// One analysis of a picture, with the options used and why, and the weights it keeps alive.
struct AnalyzedImage {
  image::ImageAnalysis analysis;
  ImageAnalysisOptions used;
  std::vector<OptionNote> notes;
  WeightsCache::Weights weights;
};

class Session {
 public:
  // Embeddings: adds one file (core.bin, a core bucket, a shard or shared.bin). Throws AssetError.
  void add_file(std::string_view bytes, const std::string& name);
  // The files the texts' first max_tokens tokens still need, for this round (embedding_files.h).
  std::vector<std::string> files_needed(const std::vector<std::string_view>& texts,
                                        std::size_t max_tokens = SIZE_MAX) const;
  const EmbeddingStore& store() const { return store_; }
  EmbeddingStore& store() { return store_; }

  // The k vocabulary words nearest to v by cosine, in the word space an analysis used (with
  // remove_shared: the vectors without the shared direction). Throws AssetError before core.bin
  // and shared.bin are in.
  std::vector<Neighbor> nearest_words(const float* v, int dims, int k, bool remove_shared) const;

  // The weights `trained` stands for, of the text layer and of the image layer, with the options
  // they were trained with (trained_with.h), which every analysis with them then uses. Throw
  // AssetError for a file that is not usable, options trained with included.
  void set_trained_weights(std::string_view bytes, const std::string& name);
  void set_trained_image_weights(std::string_view bytes, const std::string& name);
  WeightsCache& weights() { return weights_; }
  WeightsCache& image_weights() { return image_weights_; }

  // The "what is this about?" query's model. Throws AssetError for a file for other vectors.
  void set_topic_model(std::string_view bytes, const std::string& name);
  std::shared_ptr<const topic::TopicModel> topic() const { return topic_; }

  // Self-attention on text, and cross-attention (queries from query, keys and values from
  // document), with the options resolve_options makes of those asked. The texts are tokenized
  // once, for the files their words need and for the analysis; with wait_for_files, an analysis
  // whose words need files stops there (analysed false: fetch files_needed, then ask again).
  // Throw OptionError for an option outside its range, AssetError before any embeddings are in.
  Analyzed analyze(std::string_view text, const AnalysisOptions& asked, bool wait_for_files = false);
  Analyzed analyze_cross(std::string_view query, std::string_view document, const AnalysisOptions& asked,
                         bool wait_for_files = false);
  // A picture's analysis (RGBA8 bytes, validated: image/view.h), with the trained image weights'
  // options when it uses them.
  AnalyzedImage analyze_image(const std::uint8_t* rgba, std::size_t length, int width, int height,
                              const ImageAnalysisOptions& asked);

 private:
  AnalysisOptions resolve(const AnalysisOptions& asked, bool cross, std::vector<OptionNote>& notes) const;

  EmbeddingStore store_;
  std::unique_ptr<NearestWords> nearest_;
  WeightsCache weights_, image_weights_;
  std::shared_ptr<const topic::TopicModel> topic_;
};

}  // namespace al
