#include "core/steps.h"

#include <string>

#include "core/errors.h"

namespace al {

namespace {

// One row of a table: the step's name and the flag that says what its matrix is (none for a
// matrix of its own, such as the input).
StepInfo step(const char* name, bool StepInfo::*kind = nullptr) {
  StepInfo s;
  s.name = name;
  if (kind) s.*kind = true;
  return s;
}
StepInfo per_head(const char* name) { return step(name, &StepInfo::per_head); }
StepInfo head_columns(const char* name) { return step(name, &StepInfo::head_columns); }
StepInfo document(const char* name) { return step(name, &StepInfo::document); }
StepInfo weight(const char* name) { return step(name, &StepInfo::weight); }
StepInfo picture(const char* name) { return step(name, &StepInfo::picture); }

// The steps of the attention layer, which both modes keep: X → Q, K, V → scores → scaled →
// weights → context → output.
std::vector<StepInfo> layer_steps() {
  return {step("input"),      head_columns("query"), head_columns("key"),     head_columns("value"), per_head("scores"),
          per_head("scaled"), per_head("weights"),   head_columns("context"), step("output")};
}

// The layer's maps W_Q, W_K, W_V, W_O.
const std::vector<StepInfo> kWeightSteps = {weight("wq"), weight("wk"), weight("wv"), weight("wo")};

std::vector<StepInfo> joined(std::vector<StepInfo> first, const std::vector<StepInfo>& second) {
  first.insert(first.end(), second.begin(), second.end());
  return first;
}

}  // namespace

const std::vector<StepInfo>& step_table() {
  static const std::vector<StepInfo> steps =
      joined(joined(joined({step("embeddings"), step("centered"), step("positional")}, layer_steps()),
                    {document("documentEmbeddings"), document("documentCentered"), document("documentPositional"),
                     document("documentInput")}),
             kWeightSteps);
  return steps;
}

const std::vector<StepInfo>& image_step_table() {
  static const std::vector<StepInfo> steps =
      joined(joined(joined({picture("view"), step("pixels"), step("embeddings"), step("positional")}, layer_steps()),
                    {step("blendWeights"), step("blended"), picture("filtered"), picture("difference")}),
             kWeightSteps);
  return steps;
}

namespace {

StepView view_of(const Matrix& m) { return {m.rows, m.cols, m.data.data()}; }
StepView view_of(const image::Image& p) { return {p.height, p.width * 3, p.rgb.data()}; }

// The steps of the attention layer, common to both modes.
const Matrix& attention_step(const AttentionSteps& s, const AttentionWeights& w, std::string_view name, int head) {
  if (name == "query") return s.query;
  if (name == "key") return s.key;
  if (name == "value") return s.value;
  if (name == "context") return s.context;
  if (name == "output") return s.output;
  if (name == "wq") return w.wq;
  if (name == "wk") return w.wk;
  if (name == "wv") return w.wv;
  if (name == "wo") return w.wo;
  const std::vector<Matrix>* per_head = name == "scores"    ? &s.scores
                                        : name == "scaled"  ? &s.scaled
                                        : name == "weights" ? &s.weights
                                                            : nullptr;
  if (!per_head) throw OptionError("unknown step '" + std::string(name) + "'");
  if (head < 0 || head >= s.heads)
    throw OptionError("head must be from 0 to " + std::to_string(s.heads - 1) + ", got " + std::to_string(head));
  return (*per_head)[std::size_t(head)];
}

}  // namespace

StepView find_image_step(const image::ImageAnalysis& a, const AttentionWeights& w, std::string_view name, int head) {
  if (name == "view") return view_of(a.view);
  if (name == "pixels") return view_of(a.pixels);
  if (name == "embeddings") return view_of(a.embeddings.tokens);
  if (name == "positional") return view_of(a.positional);
  if (name == "input") return view_of(a.input);
  if (name == "blendWeights") return view_of(a.blend_weights);
  if (name == "blended") return view_of(a.blended);
  if (name == "filtered") return view_of(a.picture.filtered);
  if (name == "difference") return view_of(a.picture.difference);
  return view_of(attention_step(a.attention, w, name, head));
}

const Matrix& find_step(const Analysis& a, const AttentionWeights& w, std::string_view name, int head) {
  if (name == "embeddings") return a.text.embeddings;
  if (name == "centered") return a.text.centered;
  if (name == "positional") return a.text.positional;
  if (name == "input") return a.text.input;
  if (name.substr(0, 8) == "document" && !a.cross)
    throw OptionError("step '" + std::string(name) + "' belongs to cross-attention (a document)");
  if (name == "documentEmbeddings") return a.document.embeddings;
  if (name == "documentCentered") return a.document.centered;
  if (name == "documentPositional") return a.document.positional;
  if (name == "documentInput") return a.document.input;
  return attention_step(a.attention, w, name, head);
}

}  // namespace al
