// The named steps of an analysis, as the CLI, the JS API and the page ask for them.
#pragma once
#include <string_view>
#include <vector>

#include "core/analyze.h"
#include "core/image/analyze_image.h"

namespace al {

// A step and what its matrix is: at most one of the flags is set (steps.cpp names each row's).
struct StepInfo {
  const char* name = "";
  bool per_head = false;      // one matrix per head: scores, scaled, weights (n_q × n_k)
  bool head_columns = false;  // a head is a slice of its columns: query, key, value, context
  bool document = false;      // cross-attention only: the document's embeddings, positions, input
  bool weight = false;        // one of the layer's maps W_Q, W_K, W_V, W_O (d_model × d_model)
  bool picture = false;       // image mode: a 224 × 224 RGB picture (224 rows of 224 · 3 values)
};

// A step's numbers, wherever they are kept: rows × cols floats, row-major.
struct StepView {
  int rows = 0, cols = 0;
  const float* data = nullptr;
};

// Every step, in pipeline order, then the document's steps and the layer's weights.
const std::vector<StepInfo>& step_table();

// The image mode's steps, in pipeline order: the view, the patches' pixels, the token vectors
// to the output as in text, then the pixel blend: its weights, the blended patches, the
// filtered picture and its difference from the view; then the layer's weights.
const std::vector<StepInfo>& image_step_table();

// One step of an image analysis (head as find_step). Throws OptionError like find_step.
StepView find_image_step(const image::ImageAnalysis& a, const AttentionWeights& w, std::string_view name, int head);

// The step's matrix: for a per-head step, head's; for the others head is ignored (the whole
// matrix). Throws OptionError for an unknown name, a head out of range, or a document step of
// self-attention.
const Matrix& find_step(const Analysis& a, const AttentionWeights& w, std::string_view name, int head);

}  // namespace al
