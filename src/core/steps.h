// The named steps of an analysis, as the CLI, the JS API and the page ask for them.
#pragma once
#include <string_view>
#include <vector>

#include "core/analyze.h"

namespace al {

struct StepInfo {
  const char* name;
  bool per_head;      // one matrix per head: scores, scaled, weights (n_q × n_k)
  bool head_columns;  // a head is a slice of its columns: query, key, value, context
  bool document;      // cross-attention only: the document's embeddings, positions, input
  bool weight;        // one of the layer's maps W_Q, W_K, W_V, W_O (d_model × d_model)
};

// Every step, in pipeline order, then the document's steps and the layer's weights.
const std::vector<StepInfo>& step_table();

// The step's matrix: for a per-head step, head's; for the others head is ignored (the whole
// matrix). Throws OptionError for an unknown name, a head out of range, or a document step of
// self-attention.
const Matrix& find_step(const Analysis& a, const AttentionWeights& w, std::string_view name, int head);

}  // namespace al
