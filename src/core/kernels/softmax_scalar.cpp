// Row softmax, scalar: the reference shape of the operation, in three passes
// (as llama2.c's softmax). The SIMD twin mirrors these names and passes.
#include <cmath>

#include "core/kernels/kernels.h"

namespace al::kernels {

void softmax(const float* x, float* y, int n) {
  // pass 1: the maximum, for numerical stability: exp(x - max) <= 1 never overflows
  float max_val = x[0];
  for (int i = 1; i < n; ++i) max_val = x[i] > max_val ? x[i] : max_val;
  // pass 2: exponentiate and sum
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) {
    y[i] = std::exp(x[i] - max_val);
    sum += y[i];
  }
  // pass 3: normalize (sum >= 1: the maximum contributes exp(0) = 1)
  const float inv_sum = 1.0f / sum;
  for (int i = 0; i < n; ++i) y[i] *= inv_sum;
}

const char* softmax_impl() { return "scalar"; }

}  // namespace al::kernels
