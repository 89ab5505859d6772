// Explanations computed by the core, so that the page shows the core's own numbers:
//   trace_cell      the arithmetic behind one attention weight, from q_i and k_j to output_i
//   answer_meaning  what a query's answer is about: its weights over the keys' word vectors
//   row_focus       how many keys a query's weights are spread over, and the top keys' share
//   study_scaling   why divide by √d_k: score spread, largest weight and entropy per row, with
//                   and without the scaling, after a random projection to d_k dimensions
//   summarize_head  what one head does: how spread its rows are, and where their largest
//                   weight falls (the word before, itself, the word after, the first, the last)
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "core/analyze.h"

namespace al {

struct CellTrace {
  int head = 0, i = 0, j = 0, d_k = 0;
  std::vector<float> q, k, products;  // q_i and k_j (head's columns) and q_i ⊙ k_j
  double dot = 0;                     // Σ products (in double)
  bool cosine = false;                // cosine similarity: score = dot / (|q_i|·|k_j|)
  double query_norm = 0, key_norm = 0;
  float score = 0, scaled = 0, weight = 0;   // the forward's own values of cell (i, j)
  double divisor = 1;                        // scaled = score / divisor (√d_k·T, or T)
  bool masked = false;                       // query i may not see key j (causal: j > i; self: j == i)
  double row_max = 0;                        // largest visible scaled score of row i
  double exp_value = 0;                      // exp(scaled − row_max), 0 when masked
  double row_sum = 0;                        // Σ over visible keys of exp(scaled − row_max)
  std::vector<float> value, weighted_value;  // v_j (head's columns) and weight · v_j
  std::vector<float> context;                // context_i (head's columns) = Σ_j weight_ij v_j
  std::vector<float> context_all, output;    // context_i of all heads, and output_i = context_i · W_O
};

// Throws OptionError for a head or cell outside the analysis.
CellTrace trace_cell(const Analysis& a, int head, int i, int j);

// How concentrated one row of weights is: the effective number of keys, exp(entropy) (n for a
// uniform row, 1 for a one-hot row), and the share of the weight on the `top` largest keys.
struct RowFocus {
  double effective = 0;  // exp(−Σ w·ln w), in [1, n]
  double top_share = 0;  // Σ of the `top` largest weights, in [0, 1]
  int top = 0;
};
// Throws OptionError for a row outside the matrix.
RowFocus row_focus(const Matrix& weights, int row, int top);

// What query i's answer is about, in word space: for each head h, the weighted blend of the
// keys' word vectors (EmbeddedText::words(): without the shared direction unless it was kept) in
// that head's columns, Σ_j weight_h(i, j) · E_j[h's columns] (d_model numbers in all); decode it
// in the same space (Session::nearest_words). The values blend the same weights over E + α·PE (times W_V): the
// positional part carries no meaning and would swamp a nearest-word search, so it is left out here; with identity
// weights this is exactly the word part of the context. Throws OptionError for a query outside the analysis.
std::vector<float> answer_meaning(const Analysis& a, int query);

struct ScalingStudy {
  int d_k = 0;
  // per row i: the standard deviation of its (visible) scores, its largest softmax weight and
  // the entropy of its weights in bits, without (…_raw) and with (…_scaled) the ÷√d_k
  std::vector<float> spread_raw, spread_scaled, max_raw, max_scaled, entropy_raw, entropy_scaled;
};

// Projects the input X (n × d) to d_k dimensions with two seeded random maps (entries uniform
// with variance 1/d, so each component of q and k has about the same variance whatever d_k is),
// and softmaxes q·k (÷ temperature) with and without ÷√d_k.
ScalingStudy study_scaling(const Matrix& x, int d_k, std::uint64_t seed, float temperature, Mask mask);

// Where a query row's largest weight falls, relative to the query i (checked in this order, so
// that a row that is two of them counts once): on itself (j = i), the word before (i − 1), the
// word after (i + 1), the text's first word (0), its last word (n − 1), or elsewhere.
enum class HeadHabit { Itself, Previous, Next, First, Last, Elsewhere };
constexpr int kHeadHabitCount = 6;
const char* to_string(HeadHabit habit);  // "itself", "previous", "next", "first", "last", "elsewhere"

struct HeadSummary {
  int rows = 0;
  double mean_effective = 0;                     // the rows' mean exp(entropy) (row_focus)
  double mean_max = 0;                           // the rows' mean largest weight
  std::array<double, kHeadHabitCount> habits{};  // shares of the rows, summing to 1 (0 without rows)
  HeadHabit main = HeadHabit::Elsewhere;         // the most common habit (the first of equals)
};
// Of one head's weights (n_q × n_k; self-attention, so that i − 1 and i + 1 are words of the
// same text). Throws OptionError for a matrix that is not square.
HeadSummary summarize_head(const Matrix& weights);

}  // namespace al
