// The image mode as Embind functions: a picture's RGBA bytes in (through a malloc'd buffer), an
// ImageAnalysis out with every step as a typed-array view, like the text's Analysis.
#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include "core/errors.h"
#include "core/explain.h"
#include "core/image/analyze_image.h"
#include "core/image/tokens.h"
#include "core/steps.h"
#include "wasm/binding_support.h"
#include "wasm/token_table.h"

namespace al::wasm {
namespace {

// One picture's analysis: every step, kept until JS deletes it.
class ImageAnalysis {
 public:
  explicit ImageAnalysis(AnalyzedImage made)
      : a_(std::move(made.analysis)), w_(std::move(made.weights)), used_(made.used), notes_(std::move(made.notes)) {
    ++live_analyses();
  }
  ~ImageAnalysis() { --live_analyses(); }
  ImageAnalysis(const ImageAnalysis&) = delete;
  ImageAnalysis& operator=(const ImageAnalysis&) = delete;

  // {patch, side, count}: the patch grid of the 224 × 224 view
  val grid() const {
    val out = val::object();
    out.set("patch", a_.grid.patch);
    out.set("side", a_.grid.side);
    out.set("count", a_.grid.count);
    return out;
  }
  int heads() const { return a_.attention.heads; }
  int dK() const { return a_.attention.d_k; }
  // the options the core used (the trained weights' own, when they are used), and why
  val usedOptions() const { return options_to(used_, image_option_specs()); }
  val notes() const { return notes_of(notes_); }

  // query's row of the mask the core used (token_table.h, as the text's Analysis; a view JS
  // copies at once), or null (and takeError()) for a query out of range
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
    return guarded([&] {
      const StepView v = find_image_step(a_, w_->weights, name, head);
      return matrix_view(v.rows, v.cols, v.data);
    });
  }

  // how concentrated query row's weights of a head are (head -1: the blend's weights)
  val focus(int head, int row, int top) const {
    return guarded(
        [&] { return focus_of(head < 0 ? a_.blend_weights : a_.attention.weights.at(std::size_t(head)), row, top); });
  }

  // A step in token space (embeddings, positional, input, value, context, output: n × 48)
  // decoded to each patch's pixels (n × p·p·3), as tokens_to_pixels decodes it.
  val decode(const std::string& name) {
    return guarded([&] {
      const StepView v = find_image_step(a_, w_->weights, name, 0);
      if (v.cols != image::kTokenDims || v.rows != a_.grid.count)
        throw OptionError("step '" + name + "' is not in token space (patches × " + std::to_string(image::kTokenDims) +
                          ")");
      Matrix tokens(v.rows, v.cols);
      std::copy_n(v.data, tokens.data.size(), tokens.data.begin());
      decoded_ = image::tokens_to_pixels(tokens, a_.embeddings, a_.grid);
      return matrix_view(decoded_);
    });
  }

 private:
  image::ImageAnalysis a_;
  WeightsCache::Weights w_;
  ImageAnalysisOptions used_;
  std::vector<OptionNote> notes_;
  Matrix decoded_;
  std::vector<std::uint8_t> mask_row_;    // the last row asked for, for a view
  std::vector<std::uint8_t> mask_table_;  // the whole table, for a view
};

// RGBA8 bytes (width × height × 4) at ptr; options as the schema's image options.
std::unique_ptr<ImageAnalysis> analyzeImage(Lens& lens, std::uintptr_t ptr, double length, int width, int height,
                                            const val& options) {
  return guarded([&] {
    const auto* rgba = reinterpret_cast<const std::uint8_t*>(ptr);
    return std::make_unique<ImageAnalysis>(lens.session().analyze_image(rgba, std::size_t(length), width, height,
                                                                        options_from(options, image_option_specs())));
  });
}

}  // namespace
}  // namespace al::wasm

EMSCRIPTEN_BINDINGS(attention_lens_image) {
  using namespace emscripten;
  using al::wasm::ImageAnalysis;
  class_<ImageAnalysis>("ImageAnalysis")
      .function("grid", &ImageAnalysis::grid)
      .function("heads", &ImageAnalysis::heads)
      .function("dK", &ImageAnalysis::dK)
      .function("usedOptions", &ImageAnalysis::usedOptions)
      .function("notes", &ImageAnalysis::notes)
      .function("maskRow", &ImageAnalysis::maskRow)
      .function("maskTable", &ImageAnalysis::maskTable)
      .function("step", &ImageAnalysis::step)
      .function("decode", &ImageAnalysis::decode)
      .function("focus", &ImageAnalysis::focus);
  function("analyzeImage", &al::wasm::analyzeImage);
}
