#include "core/steps.h"

#include <string>

#include "core/errors.h"

namespace al {

const std::vector<StepInfo>& step_table() {
  static const std::vector<StepInfo> steps = {
      {"embeddings", false, false, false, false},
      {"positional", false, false, false, false},
      {"input", false, false, false, false},
      {"query", false, true, false, false},
      {"key", false, true, false, false},
      {"value", false, true, false, false},
      {"scores", true, false, false, false},
      {"scaled", true, false, false, false},
      {"weights", true, false, false, false},
      {"context", false, true, false, false},
      {"output", false, false, false, false},
      {"documentEmbeddings", false, false, true, false},
      {"documentPositional", false, false, true, false},
      {"documentInput", false, false, true, false},
      {"wq", false, false, false, true},
      {"wk", false, false, false, true},
      {"wv", false, false, false, true},
      {"wo", false, false, false, true},
  };
  return steps;
}

const Matrix& find_step(const Analysis& a, const AttentionWeights& w, std::string_view name, int head) {
  const AttentionSteps& s = a.attention;
  if (name == "embeddings") return a.text.embeddings;
  if (name == "positional") return a.text.positional;
  if (name == "input") return a.text.input;
  if (name.substr(0, 8) == "document" && !a.cross)
    throw OptionError("step '" + std::string(name) + "' belongs to cross-attention (a document)");
  if (name == "documentEmbeddings") return a.document.embeddings;
  if (name == "documentPositional") return a.document.positional;
  if (name == "documentInput") return a.document.input;
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

}  // namespace al
