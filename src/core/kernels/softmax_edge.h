// The rows a softmax cannot exponentiate: a +inf entry, or nothing but -inf or NaN. Shared by
// the scalar and SIMD softmax so that both give the same defined result:
//   +inf entries share the whole weight equally; a row without any finite or +inf entry
//   (all -inf / NaN) is uniform. NaN entries otherwise get weight 0 (exp of NaN counts as 0).
#pragma once
#include <cmath>

namespace al::kernels {

// True (and y written) when max_val, the row's maximum, is not finite.
inline bool softmax_nonfinite_row(const float* x, float* y, int n, float max_val) {
  if (max_val > -INFINITY && max_val < INFINITY) return false;
  int infinite = 0;
  for (int i = 0; i < n; ++i) infinite += x[i] == INFINITY;
  for (int i = 0; i < n; ++i) y[i] = infinite ? (x[i] == INFINITY ? 1.0f / float(infinite) : 0.0f) : 1.0f / float(n);
  return true;
}

}  // namespace al::kernels
