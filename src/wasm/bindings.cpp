// The core's API as an Embind module: marshalling only. Policy (options, presets, which files
// to load) lives in the core; the Lens's members are in lens_members.cpp, the training and
// benchmark bindings in their own files, linked into the modules that use them.
// Ownership: JS owns every Lens and Analysis it receives and must call .delete() on it.
// Bulk data crosses once: bytes in through a malloc'd buffer (pointer + length), numbers out as
// typed-array views onto C++-owned memory, which the JS API copies at once.
#include <emscripten/heap.h>
#include <unistd.h>

#include <memory>
#include <utility>

#include "core/analyze.h"
#include "core/explain.h"
#include "core/steps.h"
#include "wasm/binding_support.h"
#include "wasm/token_table.h"

namespace al::wasm {
namespace {

// One analysis: every step, kept until JS deletes it.
class Analysis {
 public:
  explicit Analysis(Analyzed made)
      : a_(std::move(made.analysis)),
        w_(std::move(made.weights)),
        topic_model_(std::move(made.topic)),
        used_(made.used),
        notes_(std::move(made.notes)),
        files_needed_(std::move(made.files_needed)),
        analysed_(made.analysed) {
    ++live_analyses();
    for (const EmbeddedText* text : {&a_.text, &a_.document})
      for (std::size_t i = 0; i < text->tokens.size(); ++i) {
        const auto row = token_row(text->tokens[i], text->lookups[i]);
        auto& table = text == &a_.text ? text_table_ : document_table_;
        table.insert(table.end(), row.begin(), row.end());
      }
  }
  ~Analysis() { --live_analyses(); }
  Analysis(const Analysis&) = delete;
  Analysis& operator=(const Analysis&) = delete;

  // a row of kTokenColumns per token
  val tokenTable(bool document) const { return view_of(document ? document_table_ : text_table_); }
  static val tokenColumns() {
    val out = val::array();
    for (const char* c : kTokenColumns) out.call<void>("push", std::string(c));
    return out;
  }
  const EmbeddedText& text(bool document) const { return document ? a_.document : a_.text; }
  double totalTokens(bool document) const { return double(text(document).total_tokens); }
  bool truncated(bool document) const { return text(document).truncated; }
  bool cross() const { return a_.cross; }
  int heads() const { return a_.attention.heads; }
  int dK() const { return a_.attention.d_k; }
  int maskedToken() const { return a_.text.masked_token; }
  // the embeddings files its words still need; when analysed() is false nothing else is kept
  val filesNeeded() const {
    val names = val::array();
    for (const std::string& name : files_needed_) names.call<void>("push", name);
    return names;
  }
  bool analysed() const { return analysed_; }
  // the options the core used, every one by its schema name (Session's resolve_options)
  val usedOptions() const { return options_to(used_, analysis_option_specs()); }
  // [{option, note}]: why an option used differs from the one asked
  val notes() const { return notes_of(notes_); }

  // query's row of the mask the core used (token_table.h; a view JS copies at once), or null
  // (and takeError()) for a query out of range
  val maskRow(int query) {
    return guarded([&] {
      if (query < 0 || query >= a_.attention.query.rows)
        throw OptionError("query must be from 0 to " + std::to_string(a_.attention.query.rows - 1) + ", got " +
                          std::to_string(query));
      mask_row(a_.attention, query, mask_row_);
      return view_of(mask_row_);
    });
  }
  // the whole table of the mask the core used (token_table.h: mask_table), a view JS copies at once
  val maskTable() {
    mask_table(a_.attention, mask_table_);
    return view_of(mask_table_);
  }

  // {rows, cols, data}; null (and takeError()) for an unknown step or head
  val step(const std::string& name, int head) const {
    return guarded([&] { return matrix_view(find_step(a_, w_->weights, name, head)); });
  }

  // what query's answer is about, in word space (a view JS copies at once)
  val answerMeaning(int query) {
    return guarded([&] {
      meaning_ = answer_meaning(a_, query);
      return view_of(meaning_);
    });
  }

  // "what is this about?": {label, best, match, threshold, weights, scores, used, probabilities, answer}
  // (the arrays are views JS copies at once), or null without a topic model
  val topic() {
    if (!topic_model_) return val::null();
    return guarded([&] {
      topic_ = topic::about(a_.text, *topic_model_);
      topic_used_.assign(topic_.used.begin(), topic_.used.end());
      val out = val::object();
      out.set("label", topic_.label);
      out.set("best", topic_.best);
      out.set("match", topic_.match);
      out.set("threshold", topic_model_->threshold);
      out.set("weights", view_of(topic_.weights));
      out.set("scores", view_of(topic_.scores));
      out.set("used", view_of(topic_used_));
      out.set("probabilities", view_of(topic_.probabilities));
      out.set("answer", view_of(topic_.answer));
      return out;
    });
  }

  // how concentrated query row's weights of a head are
  val focus(int head, int row, int top) const {
    return guarded([&] { return focus_of(find_step(a_, w_->weights, "weights", head), row, top); });
  }

  // what a head does: {rows, meanEffective, meanMax, main, habits: {itself, previous, …}}
  val headSummary(int head) const {
    return guarded([&] {
      const HeadSummary s = summarize_head(find_step(a_, w_->weights, "weights", head));
      val habits = val::object();
      for (int k = 0; k < kHeadHabitCount; ++k) habits.set(to_string(HeadHabit(k)), s.habits[std::size_t(k)]);
      val out = val::object();
      out.set("rows", s.rows);
      out.set("meanEffective", s.mean_effective);
      out.set("meanMax", s.mean_max);
      out.set("main", std::string(to_string(s.main)));
      out.set("habits", habits);
      return out;
    });
  }

  // the arithmetic behind weight (i, j) of a head: numbers, and views JS copies at once
  val traceCell(int head, int i, int j) {
    return guarded([&] { return trace_of(a_, head, i, j, trace_); });
  }

  // why √d_k: per-row statistics with and without the scaling, at d_k dimensions
  val scalingStudy(int d_k, double seed, float temperature) {
    return guarded([&] { return scaling_of(a_, d_k, std::uint64_t(seed), temperature, study_); });
  }

  // why attention: each word's influence on the last through a recurrent network and through attention
  val recurrentInfluence(double seed) {
    return guarded([&] { return influence_of(a_, std::uint64_t(seed), influence_); });
  }

 private:
  al::Analysis a_;
  WeightsCache::Weights w_;  // the weights it was made with, kept alive for its W steps
  std::shared_ptr<const topic::TopicModel> topic_model_;
  AnalysisOptions used_;
  std::vector<OptionNote> notes_;
  std::vector<std::string> files_needed_;
  bool analysed_;
  topic::TopicResult topic_;
  std::vector<std::uint8_t> topic_used_;  // topic_.used as bytes, for a view
  std::vector<int> text_table_, document_table_;
  std::vector<std::uint8_t> mask_row_;    // the last row asked for, for a view
  std::vector<std::uint8_t> mask_table_;  // the whole table, for a view
  CellTrace trace_;
  std::vector<float> meaning_;
  ScalingStudy study_;
  InfluenceStudy influence_;
};

// wait_for_files: when the text's words need embeddings files, the result only names them
// (analysed() false); JS fetches them and asks again (one tokenization and one call a keystroke)
std::unique_ptr<Analysis> analyze(Lens& lens, const std::string& text, const val& options, bool wait_for_files) {
  return guarded([&] {
    return std::make_unique<Analysis>(
        lens.session().analyze(text, options_from(options, analysis_option_specs()), wait_for_files));
  });
}

std::unique_ptr<Analysis> analyzeCross(Lens& lens, const std::string& query, const std::string& document,
                                       const val& options, bool wait_for_files) {
  return guarded([&] {
    return std::make_unique<Analysis>(
        lens.session().analyze_cross(query, document, options_from(options, analysis_option_specs()), wait_for_files));
  });
}

std::string takeError() {
  last_error_type().clear();
  return std::exchange(last_error(), std::string());
}
std::string takeErrorType() { return last_error_type(); }
// the most wasm memory may grow to (-sMAXIMUM_MEMORY), for the JS API's sentences
double heapMax() { return double(emscripten_get_heap_max()); }
int liveAnalyses() { return live_analyses(); }
double heapTop() { return double(reinterpret_cast<std::uintptr_t>(sbrk(0))); }
std::string kernelNames() { return std::string(kernels::gemm_impl()) + "/" + kernels::softmax_impl(); }

}  // namespace

}  // namespace al::wasm

EMSCRIPTEN_BINDINGS(attention_lens) {
  using namespace emscripten;
  using namespace al::wasm;
  class_<Analysis>("Analysis")
      .function("tokenTable", &Analysis::tokenTable)
      .function("tokenColumns", optional_override([](const Analysis&) { return Analysis::tokenColumns(); }))
      .function("totalTokens", &Analysis::totalTokens)
      .function("truncated", &Analysis::truncated)
      .function("cross", &Analysis::cross)
      .function("heads", &Analysis::heads)
      .function("dK", &Analysis::dK)
      .function("maskedToken", &Analysis::maskedToken)
      .function("filesNeeded", &Analysis::filesNeeded)
      .function("analysed", &Analysis::analysed)
      .function("usedOptions", &Analysis::usedOptions)
      .function("notes", &Analysis::notes)
      .function("maskRow", &Analysis::maskRow)
      .function("maskTable", &Analysis::maskTable)
      .function("traceCell", &Analysis::traceCell)
      .function("focus", &Analysis::focus)
      .function("headSummary", &Analysis::headSummary)
      .function("answerMeaning", &Analysis::answerMeaning)
      .function("scalingStudy", &Analysis::scalingStudy)
      .function("recurrentInfluence", &Analysis::recurrentInfluence)
      .function("topic", &Analysis::topic)
      .function("step", &Analysis::step);
  class_<Lens>("Lens")
      .constructor<>()
      .function("addFile", &Lens::addFile)
      .function("filesNeeded", &Lens::filesNeeded)
      .function("vocabularyReady", &Lens::vocabularyReady)
      .function("dims", &Lens::dims)
      .function("setTrainedWeights", &Lens::setTrainedWeights)
      .function("setTrainedImageWeights", &Lens::setTrainedImageWeights)
      .function("setTopicModel", &Lens::setTopicModel)
      .function("topicLabels", &Lens::topicLabels)
      .function("nearestWords", &Lens::nearestWords)
      .function("positionalEncoding", &Lens::positionalEncoding);
  function("analyze", &analyze);
  function("analyzeCross", &analyzeCross);
  function("takeError", &takeError);
  function("takeErrorType", &takeErrorType);
  function("heapMax", &heapMax);
  function("liveAnalyses", &liveAnalyses);
  function("heapTop", &heapTop);
  function("kernelNames", &kernelNames);
}
