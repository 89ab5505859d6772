// The explanations' marshalling that the Analysis and ImageAnalysis classes share: plain
// numbers and typed-array views onto the core's results, which the JS API copies at once.
#include "core/explain.h"
#include "core/recurrent.h"
#include "wasm/binding_support.h"

namespace al::wasm {

val focus_of(const Matrix& weights, int row, int top) {
  const RowFocus f = row_focus(weights, row, top);
  val out = val::object();
  out.set("effective", f.effective);
  out.set("topShare", f.top_share);
  out.set("top", f.top);
  return out;
}

val influence_of(const al::Analysis& a, std::uint64_t seed, InfluenceStudy& kept) {
  kept = study_influence(a, seed);
  val out = val::object();
  out.set("hidden", kept.hidden);
  out.set("radius", kept.radius);
  out.set("firstHalf", kept.first_half);
  out.set("recurrentFirstHalf", kept.recurrent_first_half);
  out.set("attentionFirstHalf", kept.attention_first_half);
  out.set("recurrent", view_of(kept.recurrent));  // Float64Array views
  out.set("recurrentShare", view_of(kept.recurrent_share));
  out.set("attentionShare", view_of(kept.attention_share));
  return out;
}

}  // namespace al::wasm
