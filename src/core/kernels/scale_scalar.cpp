// Scaling a row of scores, saturated, scalar: the reference shape that scale_wasmsimd.cpp mirrors.
#include "core/kernels/kernels.h"
#include "core/kernels/saturate.h"

namespace al::kernels {

void scale(const float* x, float* y, int n, float alpha) noexcept {
  for (int i = 0; i < n; ++i) y[i] = saturate(x[i] * alpha);
}

void saturate(float* x, int n) noexcept {
  for (int i = 0; i < n; ++i) x[i] = saturate(x[i]);
}

}  // namespace al::kernels
