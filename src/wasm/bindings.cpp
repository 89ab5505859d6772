// The only file that knows about Emscripten: the core's API as an Embind module.
// Ownership: JS owns every Lens and Analysis it receives and must call .delete() on it.
// Errors: a C++ exception is caught at this boundary and its message kept for takeError(),
// which the JS API turns into a real Error. (Throwing a JS exception from C++ would skip the
// destructors of the frames in between and leak, so nothing is thrown across.)
// Bulk data crosses once: bytes in through a malloc'd buffer (pointer + length), numbers out
// as typed-array views onto C++-owned memory, which the JS API copies at once (a view is only
// valid until the next call that may grow memory).
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "core/analyze.h"
#include "core/errors.h"
#include "core/explain.h"
#include "core/nearest.h"
#include "core/steps.h"
#if ATTENTION_LENS_TRAINER
#include "core/train/trainer.h"
#endif

using emscripten::val;

namespace {

std::string last_error;

// Runs f; on a C++ exception keeps its message for takeError() and returns a default value.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::exception& e) {
    last_error = e.what();
  } catch (...) {
    last_error = "unexpected error in the attention core";
  }
  using R = decltype(f());
  if constexpr (std::is_same_v<R, val>) return val::null();
  else if constexpr (!std::is_void_v<R>) return R();
}

struct Options {  // mirrors the JS API's options after its validation
  int heads = 1;
  bool positional = true;
  float positionalWeight = 1.0f;
  bool scale = true;
  float temperature = 1.0f;
  std::string similarity = "dot";
  std::string mask = "none";
  std::string weights = "identity";
  double seed = 0;
  double maxTokens = 8192;
  int maskedToken = -1;
};

al::PipelineOptions to_pipeline(const Options& o) {
  al::PipelineOptions p;
  p.attention.heads = o.heads;
  p.attention.scale = o.scale;
  p.attention.temperature = o.temperature;
  p.attention.similarity = al::parse_similarity(o.similarity);
  p.attention.mask = al::parse_mask(o.mask);
  p.positional = o.positional;
  p.masked_token = o.maskedToken;
  p.positional_weight = o.positionalWeight;
  if (!(o.maxTokens >= 1)) throw al::OptionError("maxTokens must be at least 1");
  p.max_tokens = std::size_t(o.maxTokens);
  return p;
}

int live_analyses = 0;

template <class T>
val view_of(const std::vector<T>& v) {
  return val(emscripten::typed_memory_view(v.size(), v.data()));
}

// One analysis: every step, kept until JS deletes it.
class Analysis {
 public:
  Analysis(al::Analysis a, al::AttentionWeights w) : a_(std::move(a)), w_(std::move(w)) {
    ++live_analyses;
    for (const al::Side* s : {&a_.queries, &a_.documents})
      for (std::size_t i = 0; i < s->tokens.size(); ++i) {
        const al::Token& t = s->tokens[i];
        const al::Lookup& l = s->lookups[i];
        auto& table = s == &a_.queries ? query_table_ : document_table_;
        table.insert(table.end(), {int(t.u16_start), int(t.u16_end), int(t.kind), int(l.status),
                                   l.status == al::LookupStatus::Known ? int(l.rank) : -1});
      }
  }
  ~Analysis() { --live_analyses; }
  Analysis(const Analysis&) = delete;
  Analysis& operator=(const Analysis&) = delete;

  // 5 ints per token: utf16 start, utf16 end, kind, lookup status, rank (-1 if unknown)
  val tokenTable(bool document) const {
    const std::vector<int>& t = document ? document_table_ : query_table_;
    return val(emscripten::typed_memory_view(t.size(), t.data()));
  }
  int tokenCount(bool document) const { return int((document ? a_.documents : a_.queries).tokens.size()); }
  double totalTokens(bool document) const { return double((document ? a_.documents : a_.queries).total_tokens); }
  bool truncated(bool document) const { return (document ? a_.documents : a_.queries).truncated; }
  bool cross() const { return a_.cross; }
  int heads() const { return a_.attention.heads; }
  int dK() const { return a_.attention.d_k; }
  int maskedToken() const { return a_.queries.masked_token; }

  // {rows, cols, data: Float32Array view}; throws for an unknown step or head
  val step(const std::string& name, int head) const {
    return guarded([&] {
      const al::Matrix& m = find(name, head);
      val out = val::object();
      out.set("rows", m.rows);
      out.set("cols", m.cols);
      out.set("data", val(emscripten::typed_memory_view(m.data.size(), m.data.data())));
      return out;
    });
  }

  // the arithmetic behind weight (i, j) of a head: numbers, and views JS copies at once
  val traceCell(int head, int i, int j) {
    return guarded([&] {
      trace_ = al::trace_cell(a_, head, i, j);
      const al::CellTrace& t = trace_;
      val out = val::object();
      for (auto [name, vec] : {std::pair{"q", &t.q}, {"k", &t.k}, {"products", &t.products}, {"value", &t.value},
                               {"weightedValue", &t.weighted_value}, {"context", &t.context},
                               {"contextAll", &t.context_all}, {"output", &t.output}})
        out.set(name, view_of(*vec));
      for (auto [name, x] : {std::pair{"dot", t.dot}, {"queryNorm", t.query_norm}, {"keyNorm", t.key_norm},
                             {"score", double(t.score)}, {"scaled", double(t.scaled)}, {"weight", double(t.weight)},
                             {"divisor", t.divisor}, {"rowMax", t.row_max}, {"expValue", t.exp_value}, {"rowSum", t.row_sum}})
        out.set(name, x);
      out.set("cosine", t.cosine);
      out.set("masked", t.masked);
      return out;
    });
  }

  // why √d_k: per-row statistics with and without the scaling, at d_k dimensions
  val scalingStudy(int d_k, double seed, float temperature) {
    return guarded([&] {
      study_ = al::study_scaling(a_.queries.input, d_k, std::uint64_t(seed), temperature,
                                 a_.attention.causal ? al::Mask::Causal : al::Mask::None);
      val out = val::object();
      out.set("spreadRaw", view_of(study_.spread_raw));
      out.set("spreadScaled", view_of(study_.spread_scaled));
      out.set("maxRaw", view_of(study_.max_raw));
      out.set("maxScaled", view_of(study_.max_scaled));
      out.set("entropyRaw", view_of(study_.entropy_raw));
      out.set("entropyScaled", view_of(study_.entropy_scaled));
      return out;
    });
  }

 private:
  const al::Matrix& find(const std::string& name, int head) const {
    if (name == "wq") return w_.wq;  // the layer's weights, d_model × d_model
    if (name == "wk") return w_.wk;
    if (name == "wv") return w_.wv;
    if (name == "wo") return w_.wo;
    return al::find_step(a_, name, head);
  }

  al::Analysis a_;
  al::AttentionWeights w_;  // a copy: the lens's cached weights may change
  std::vector<int> query_table_, document_table_;
  al::CellTrace trace_;
  al::ScalingStudy study_;
};

#if ATTENTION_LENS_TRAINER  // only in the training build (attention-lens-train-*.mjs)
// Training in a browser worker: the layer learns masked-word prediction on a corpus, a few steps
// at a time. It keeps a reference to its lens's embeddings: the lens must outlive it.
class Trainer {
 public:
  Trainer(const al::EmbeddingStore& store, std::vector<std::string> sentences, const al::train::TrainOptions& o)
      : trainer_(store, sentences, o) {}
  // runs `count` mini-batches; returns their mean loss
  double steps(int count) {
    return guarded([&] {
      double sum = 0;
      for (int i = 0; i < count; ++i) sum += trainer_.step();
      return count > 0 ? sum / count : 0.0;
    });
  }
  int stepCount() const { return trainer_.steps(); }
  int epochs() const { return trainer_.epochs(); }
  double trainSentences() const { return double(trainer_.train_sentences()); }
  double heldOutSentences() const { return double(trainer_.held_out().size()); }
  // held-out {top1, top10, meanLoss, examples} of the current weights
  val evaluate(int max_examples) {
    return guarded([&] {
      const al::train::Evaluation e = trainer_.evaluate(trainer_.weights(), max_examples);
      val out = val::object();
      out.set("top1", e.top1);
      out.set("top10", e.top10);
      out.set("meanLoss", e.mean_loss);
      out.set("examples", e.examples);
      return out;
    });
  }
  // the current weights in the "ALWT" format, as a view JS copies at once
  val weightsFile() {
    bytes_ = al::serialize_weights(trainer_.weights());
    return val(emscripten::typed_memory_view(bytes_.size(), reinterpret_cast<const std::uint8_t*>(bytes_.data())));
  }
  void reset(double seed) {
    guarded([&] { trainer_.initialize(std::uint64_t(seed)); });
  }

 private:
  al::train::Trainer trainer_;
  std::string bytes_;
};
#endif

// The embeddings, the weights presets and the nearest-word index of one page or process.
class Lens {
 public:
  // Copies `length` bytes at `ptr` (a buffer JS filled) and adds the embeddings file.
  void addAsset(std::uintptr_t ptr, int length, const std::string& name) {
    guarded([&] {
      const std::string_view bytes(reinterpret_cast<const char*>(ptr), std::size_t(length));
      store_.add(al::parse_embedding_asset(bytes, name));
      if (!nearest_) nearest_ = std::make_unique<al::NearestWords>(store_.core());
    });
  }

  // Shards (sorted) that the texts' rare words need; a view JS copies at once.
  val shardsNeeded(const std::string& text, double max_tokens) {
    return guarded([&] {
      shards_ = al::shards_needed(text, store_, std::size_t(max_tokens));
      return val(emscripten::typed_memory_view(shards_.size(), shards_.data()));
    });
  }
  int shardCount() const { return int(store_.shard_count()); }
  int dims() const { return int(store_.dims()); }

  void setTrainedWeights(std::uintptr_t ptr, int length) {
    guarded([&] {
      const std::string_view bytes(reinterpret_cast<const char*>(ptr), std::size_t(length));
      trained_ = std::make_unique<al::PreparedWeights>(al::prepare(al::parse_weights(bytes, "trained weights")));
      cache_.erase("trained");
    });
  }

  std::unique_ptr<Analysis> analyze(const std::string& text, const Options& o) {
    return guarded([&] {
      const al::PreparedWeights& w = weights(o);
      return std::make_unique<Analysis>(al::analyze(text, store_, w, to_pipeline(o)), w.weights);
    });
  }

  std::unique_ptr<Analysis> analyzeCross(const std::string& query, const std::string& document, const Options& o) {
    return guarded([&] {
      const al::PreparedWeights& w = weights(o);
      return std::make_unique<Analysis>(al::analyze_cross(query, document, store_, w, to_pipeline(o)), w.weights);
    });
  }

#if ATTENTION_LENS_TRAINER
  // A trainer on the corpus at ptr (UTF-8, one sentence per line), for these options.
  std::unique_ptr<Trainer> createTrainer(std::uintptr_t ptr, int length, int heads, double seed, double learning_rate,
                                         int batch) {
    return guarded([&] {
      std::vector<std::string> sentences;
      const std::string_view text(reinterpret_cast<const char*>(ptr), std::size_t(length));
      for (std::size_t start = 0; start < text.size();) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        if (end > start) sentences.emplace_back(text.substr(start, end - start));
        start = end + 1;
      }
      al::train::TrainOptions o;
      o.attention.heads = heads;
      o.seed = std::uint64_t(seed);
      o.learning_rate = float(learning_rate);
      o.batch_size = batch;
      return std::make_unique<Trainer>(store_, std::move(sentences), o);
    });
  }
#endif

  // {words: string[], similarities: Float32Array view, ranks: Int32Array view}
  val nearestWords(std::uintptr_t ptr, int dims, int k) {
    return guarded([&] {
      if (!nearest_) throw al::AssetError("no embeddings loaded: load core.bin first");
      const auto found = nearest_->query(reinterpret_cast<const float*>(ptr), dims, k);
      val words = val::array();
      similarities_.clear();
      ranks_.clear();
      for (const al::Neighbor& n : found) {
        words.call<void>("push", n.word);
        similarities_.push_back(n.similarity);
        ranks_.push_back(int(n.rank));
      }
      val out = val::object();
      out.set("words", words);
      out.set("similarities", val(emscripten::typed_memory_view(similarities_.size(), similarities_.data())));
      out.set("ranks", val(emscripten::typed_memory_view(ranks_.size(), ranks_.data())));
      return out;
    });
  }

 private:
  // The prepared weights for the options' preset, cached: a keystroke reuses them.
  const al::PreparedWeights& weights(const Options& o) {
    if (!store_.has_core()) throw al::AssetError("no embeddings loaded: load core.bin first");
    const int d = int(store_.dims());
    if (o.weights == "trained") {
      if (!trained_) throw al::OptionError("no trained weights are loaded");
      return *trained_;
    }
    if (o.weights != "identity" && o.weights != "random")
      throw al::OptionError("weights must be 'identity', 'random' or 'trained', got '" + o.weights + "'");
    const std::string key = o.weights == "identity" ? "identity" : "random:" + std::to_string(std::uint64_t(o.seed));
    auto it = cache_.find(key);
    if (it == cache_.end()) {
      if (cache_.size() >= 8) cache_.clear();  // a few seeds at most; rebuilt on demand
      al::AttentionWeights w = o.weights == "identity" ? al::identity_weights(d) : al::random_weights(d, std::uint64_t(o.seed));
      it = cache_.emplace(key, al::prepare(std::move(w))).first;
    }
    return it->second;
  }

  al::EmbeddingStore store_;
  std::unique_ptr<al::NearestWords> nearest_;
  std::unique_ptr<al::PreparedWeights> trained_;
  std::map<std::string, al::PreparedWeights> cache_;
  std::vector<std::uint32_t> shards_;
  std::vector<float> similarities_;
  std::vector<int> ranks_;
};

// The attention layer on caller-provided inputs, without text or embeddings: what the benchmark
// times. Weights: 4·d² floats at weightsPtr (W_Q, W_K, W_V, W_O, row-major), copied and packed.
class RawForward {
 public:
  RawForward(std::uintptr_t weights_ptr, int d, int heads) {
    guarded([&] {
      const auto* w = reinterpret_cast<const float*>(weights_ptr);
      al::AttentionWeights aw{d, al::Matrix(d, d), al::Matrix(d, d), al::Matrix(d, d), al::Matrix(d, d), "given"};
      std::size_t i = 0;
      for (al::Matrix* m : {&aw.wq, &aw.wk, &aw.wv, &aw.wo})
        for (float& v : m->data) v = w[i++];
      weights_ = al::prepare(std::move(aw));
      options_.heads = heads;
      al::validate(options_, d);
    });
  }
  // output (n × d) for X (n × d floats at xPtr), as a view; null on error
  val run(std::uintptr_t x_ptr, int n) {
    return guarded([&] {
      const int d = weights_.weights.d_model;
      al::Matrix x(n, d);
      std::copy_n(reinterpret_cast<const float*>(x_ptr), x.data.size(), x.data.begin());
      al::attention_forward(x, x, weights_, options_, steps_);  // reuses the buffers of the last run
      return val(emscripten::typed_memory_view(steps_.output.data.size(), steps_.output.data.data()));
    });
  }

 private:
  al::PreparedWeights weights_;
  al::AttentionOptions options_;
  al::AttentionSteps steps_;
};

// The message of the last failed call, once; empty when the last calls succeeded.
std::string takeError() { return std::exchange(last_error, std::string()); }
int liveAnalyses() { return live_analyses; }
double heapTop() { return double(reinterpret_cast<std::uintptr_t>(sbrk(0))); }
std::string kernelNames() { return std::string(al::kernels::gemm_impl()) + "/" + al::kernels::softmax_impl(); }

}  // namespace

EMSCRIPTEN_BINDINGS(attention_lens) {
  using namespace emscripten;
  value_object<Options>("Options")
      .field("heads", &Options::heads)
      .field("positional", &Options::positional)
      .field("positionalWeight", &Options::positionalWeight)
      .field("scale", &Options::scale)
      .field("temperature", &Options::temperature)
      .field("similarity", &Options::similarity)
      .field("mask", &Options::mask)
      .field("weights", &Options::weights)
      .field("seed", &Options::seed)
      .field("maxTokens", &Options::maxTokens)
      .field("maskedToken", &Options::maskedToken);
  class_<Analysis>("Analysis")
      .function("tokenTable", &Analysis::tokenTable)
      .function("tokenCount", &Analysis::tokenCount)
      .function("totalTokens", &Analysis::totalTokens)
      .function("truncated", &Analysis::truncated)
      .function("cross", &Analysis::cross)
      .function("heads", &Analysis::heads)
      .function("dK", &Analysis::dK)
      .function("maskedToken", &Analysis::maskedToken)
      .function("traceCell", &Analysis::traceCell)
      .function("scalingStudy", &Analysis::scalingStudy)
      .function("step", &Analysis::step);
  class_<Lens>("Lens")
      .constructor<>()
      .function("addAsset", &Lens::addAsset)
      .function("shardsNeeded", &Lens::shardsNeeded)
      .function("shardCount", &Lens::shardCount)
      .function("dims", &Lens::dims)
      .function("setTrainedWeights", &Lens::setTrainedWeights)
      .function("analyze", &Lens::analyze)
      .function("analyzeCross", &Lens::analyzeCross)
#if ATTENTION_LENS_TRAINER
      .function("createTrainer", &Lens::createTrainer)
#endif
      .function("nearestWords", &Lens::nearestWords);
#if ATTENTION_LENS_TRAINER
  class_<Trainer>("Trainer")
      .function("steps", &Trainer::steps)
      .function("stepCount", &Trainer::stepCount)
      .function("epochs", &Trainer::epochs)
      .function("trainSentences", &Trainer::trainSentences)
      .function("heldOutSentences", &Trainer::heldOutSentences)
      .function("evaluate", &Trainer::evaluate)
      .function("weightsFile", &Trainer::weightsFile)
      .function("reset", &Trainer::reset);
#endif
  class_<RawForward>("RawForward")
      .constructor<std::uintptr_t, int, int>()
      .function("run", &RawForward::run);
  function("takeError", &takeError);
  function("liveAnalyses", &liveAnalyses);
  function("heapTop", &heapTop);
  function("kernelNames", &kernelNames);
}
