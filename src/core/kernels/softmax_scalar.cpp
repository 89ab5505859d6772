// Row softmax, scalar: the reference shape of the operation, in three passes
// (as llama2.c's softmax). softmax_wasmsimd.cpp mirrors these names and passes.
#include "core/kernels/expf_poly.h"
#include "core/kernels/kernels.h"
#include "core/kernels/softmax_edge.h"

namespace al::kernels {

void softmax(const float* x, float* y, int n) noexcept {
  // pass 1: the maximum, for numerical stability: x - max <= 0, so exp never overflows
  float max_val = x[0];
  for (int i = 1; i < n; ++i) max_val = x[i] > max_val ? x[i] : max_val;
  softmax_with_max(x, y, n, max_val);
}

void softmax_with_max(const float* x, float* y, int n, float max_val) noexcept {
  if (softmax_nonfinite_row(x, y, n, max_val)) return;  // +inf, or no finite entry
  // pass 2: exponentiate and sum (the maximum contributes exp(0) = 1, so sum >= 1)
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) {
    y[i] = expf_poly::exp_nonpositive(x[i] - max_val);
    sum += y[i];
  }
  // pass 3: normalize
  const float inv_sum = 1.0f / sum;
  for (int i = 0; i < n; ++i) y[i] *= inv_sum;
}

const char* softmax_impl() noexcept { return "scalar"; }

}  // namespace al::kernels
