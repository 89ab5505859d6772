// The scores of a block of queries, scalar: the explanation of the fused kernel that
// scores_wasmsimd.cpp runs on each 4×8 tile of Q·Kᵀ while it is still in registers. Here the
// product comes from gemm_packed (Eigen's natively) and the steps follow it element by element.
#include <cfloat>

#include "core/kernels/kernels.h"
#include "core/kernels/saturate.h"

namespace al::kernels {

void scores_packed(int m, const float* q, int ldq, const PackedB& kt, float alpha, float* scores, float* scaled,
                   int ldc, float* row_max) noexcept {
  gemm_packed(m, q, ldq, kt, scores, ldc);  // scores = Q·Kᵀ
  for (int i = 0; i < m; ++i) {
    float* s = scores + static_cast<std::size_t>(i) * ldc;
    float* t = scaled + static_cast<std::size_t>(i) * ldc;
    float max_val = -FLT_MAX;  // every saturated value is at least -FLT_MAX
    for (int j = 0; j < kt.n; ++j) {
      // a score that overflowed float (huge weights) saturates at ±FLT_MAX, and +inf − inf = NaN
      // becomes 0, so every step stays finite whatever the weights
      s[j] = saturate(s[j]);
      t[j] = saturate(s[j] * alpha);  // saturated too: a tiny temperature can overflow it
      max_val = t[j] > max_val ? t[j] : max_val;
    }
    row_max[i] = max_val;
  }
}

}  // namespace al::kernels
