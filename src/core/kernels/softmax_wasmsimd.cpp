// Row softmax with wasm SIMD: softmax_scalar.cpp's passes 2 and 3 four lanes at a time, with
// the same exp (expf_poly.h, step by step in vector form); leftovers run the scalar code.
// Compiled into the SIMD128 build and, as relaxed SIMD, into kernels-relaxed.wasm.
#include "core/kernels/expf_poly.h"
#include "core/kernels/madd_wasmsimd.h"
#include "core/kernels/softmax_edge.h"
#include "core/kernels/wasm_kernels.h"

namespace al::kernels::wasm {
namespace {

using namespace expf_poly;

// expf_poly::exp_nonpositive on four lanes
inline v128_t exp_nonpositive_f32x4(v128_t x) {
  const v128_t y = wasm_f32x4_mul(x, wasm_f32x4_splat(kLog2e));
  const v128_t biased = wasm_f32x4_add(y, wasm_f32x4_splat(kMagicBias));  // n + 127 in the low bits
  const v128_t s = wasm_i32x4_shl(biased, 23);                            // 2^n
  const v128_t n = wasm_f32x4_sub(biased, wasm_f32x4_splat(kMagicBias));
  const v128_t f = wasm_f32x4_sub(y, n);
  v128_t p = madd(wasm_f32x4_splat(kC5), f, wasm_f32x4_splat(kC4));
  p = madd(p, f, wasm_f32x4_splat(kC3));
  p = madd(p, f, wasm_f32x4_splat(kC2));
  p = madd(p, f, wasm_f32x4_splat(kC1));
  const v128_t e = madd(wasm_f32x4_mul(s, f), p, s);
  // lanes below the cutoff (or -inf, or NaN) become 0
  return wasm_v128_and(e, wasm_f32x4_ge(x, wasm_f32x4_splat(kDenormalCutoff)));
}

inline float horizontal_sum(v128_t v) {
  return (wasm_f32x4_extract_lane(v, 0) + wasm_f32x4_extract_lane(v, 1)) +
         (wasm_f32x4_extract_lane(v, 2) + wasm_f32x4_extract_lane(v, 3));
}

}  // namespace

void softmax_with_max_f32(const float* x, float* y, int n, float max_val) noexcept {
  if (softmax_nonfinite_row(x, y, n, max_val)) return;  // +inf, or no finite entry

  // pass 2: exponentiate and sum, eight lanes a step (two independent chains)
  const v128_t vmax_val = wasm_f32x4_splat(max_val);
  v128_t vsum0 = wasm_f32x4_splat(0.0f), vsum1 = vsum0;
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    const v128_t e0 = exp_nonpositive_f32x4(wasm_f32x4_sub(wasm_v128_load(x + i), vmax_val));
    const v128_t e1 = exp_nonpositive_f32x4(wasm_f32x4_sub(wasm_v128_load(x + i + 4), vmax_val));
    wasm_v128_store(y + i, e0);
    wasm_v128_store(y + i + 4, e1);
    vsum0 = wasm_f32x4_add(vsum0, e0);
    vsum1 = wasm_f32x4_add(vsum1, e1);
  }
  if (i + 4 <= n) {
    const v128_t e0 = exp_nonpositive_f32x4(wasm_f32x4_sub(wasm_v128_load(x + i), vmax_val));
    wasm_v128_store(y + i, e0);
    vsum0 = wasm_f32x4_add(vsum0, e0);
    i += 4;
  }
  float sum = horizontal_sum(wasm_f32x4_add(vsum0, vsum1));
  for (; i < n; ++i) {  // leftovers
    y[i] = exp_nonpositive(x[i] - max_val);
    sum += y[i];
  }

  // pass 3: normalize (weights are in [0, 1]: nothing to saturate)
  const float inv_sum = 1.0f / sum;
  const v128_t vinv_sum = wasm_f32x4_splat(inv_sum);
  for (i = 0; i + 4 <= n; i += 4) wasm_v128_store(y + i, wasm_f32x4_mul(wasm_v128_load(y + i), vinv_sum));
  for (; i < n; ++i) y[i] *= inv_sum;
}

}  // namespace al::kernels::wasm
