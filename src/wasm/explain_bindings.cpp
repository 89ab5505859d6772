// The explanations' marshalling, for the Analysis and ImageAnalysis classes: plain numbers and
// typed-array views onto the core's results (kept by the caller), which the JS API copies at once.
#include <utility>

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

val trace_of(const al::Analysis& a, int head, int i, int j, CellTrace& kept) {
  kept = trace_cell(a, head, i, j);
  const CellTrace& t = kept;
  val out = val::object();
  for (auto [name, vec] : {std::pair{"q", &t.q},
                           {"k", &t.k},
                           {"products", &t.products},
                           {"value", &t.value},
                           {"weightedValue", &t.weighted_value},
                           {"context", &t.context},
                           {"contextAll", &t.context_all},
                           {"output", &t.output}})
    out.set(name, view_of(*vec));
  for (auto [name, x] : {std::pair{"dot", t.dot},
                         {"queryNorm", t.query_norm},
                         {"keyNorm", t.key_norm},
                         {"score", double(t.score)},
                         {"scaled", double(t.scaled)},
                         {"weight", double(t.weight)},
                         {"divisor", t.divisor},
                         {"rowMax", t.row_max},
                         {"expValue", t.exp_value},
                         {"rowSum", t.row_sum}})
    out.set(name, x);
  out.set("cosine", t.cosine);
  out.set("masked", t.masked);
  return out;
}

val scaling_of(const al::Analysis& a, int d_k, std::uint64_t seed, float temperature, ScalingStudy& kept) {
  kept =
      study_scaling(a.text.input, d_k, seed, temperature, a.attention.mask == Mask::Causal ? Mask::Causal : Mask::None);
  val out = val::object();
  for (auto [name, vec] : {std::pair{"spreadRaw", &kept.spread_raw},
                           {"spreadScaled", &kept.spread_scaled},
                           {"maxRaw", &kept.max_raw},
                           {"maxScaled", &kept.max_scaled},
                           {"entropyRaw", &kept.entropy_raw},
                           {"entropyScaled", &kept.entropy_scaled}})
    out.set(name, view_of(*vec));
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
