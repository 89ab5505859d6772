// Scaling a row of scores, saturated, with wasm SIMD128: scale_scalar.cpp four lanes at a time;
// leftovers run the scalar code.
#include <wasm_simd128.h>

#include <cfloat>

#include "core/kernels/kernels.h"
#include "core/kernels/saturate.h"

namespace al::kernels {
namespace {

// NaN → 0 (NaN is the one value not equal to itself), then ±inf → ±FLT_MAX
inline v128_t saturate_f32x4(v128_t v) {
  v = wasm_v128_and(v, wasm_f32x4_eq(v, v));
  return wasm_f32x4_pmin(wasm_f32x4_pmax(v, wasm_f32x4_splat(-FLT_MAX)), wasm_f32x4_splat(FLT_MAX));
}

}  // namespace

void scale(const float* x, float* y, int n, float alpha) noexcept {
  const v128_t valpha = wasm_f32x4_splat(alpha);
  int i = 0;
  for (; i + 4 <= n; i += 4) wasm_v128_store(y + i, saturate_f32x4(wasm_f32x4_mul(wasm_v128_load(x + i), valpha)));
  for (; i < n; ++i) y[i] = saturate(x[i] * alpha);  // leftovers, as the scalar twin
}

void saturate(float* x, int n) noexcept {
  int i = 0;
  for (; i + 4 <= n; i += 4) wasm_v128_store(x + i, saturate_f32x4(wasm_v128_load(x + i)));
  for (; i < n; ++i) x[i] = saturate(x[i]);
}

}  // namespace al::kernels
