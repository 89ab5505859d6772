// Row softmax with wasm SIMD128: softmax_scalar.cpp four lanes at a time, same passes,
// same names, same exp polynomial (expf_poly.h) in vector form; leftovers run the scalar code.
#include <wasm_simd128.h>

#include "core/kernels/expf_poly.h"
#include "core/kernels/kernels.h"
#include "core/kernels/softmax_edge.h"

namespace al::kernels {
namespace {

using namespace expf_poly;

// expf_poly::exp_nonpositive on four lanes
inline v128_t exp_nonpositive_f32x4(v128_t x) {
  const v128_t n = wasm_f32x4_nearest(wasm_f32x4_mul(x, wasm_f32x4_splat(kLog2e)));
  v128_t t = wasm_f32x4_sub(x, wasm_f32x4_mul(n, wasm_f32x4_splat(kLn2Hi)));
  t = wasm_f32x4_sub(t, wasm_f32x4_mul(n, wasm_f32x4_splat(kLn2Lo)));
  v128_t p = wasm_f32x4_splat(kC6);
  p = wasm_f32x4_add(wasm_f32x4_mul(p, t), wasm_f32x4_splat(kC5));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, t), wasm_f32x4_splat(kC4));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, t), wasm_f32x4_splat(kC3));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, t), wasm_f32x4_splat(kC2));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, t), wasm_f32x4_splat(1.0f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, t), wasm_f32x4_splat(1.0f));
  // 2^n from its exponent bits; lanes below the cutoff (or NaN-free -inf) become 0
  const v128_t in_range = wasm_f32x4_ge(x, wasm_f32x4_splat(kDenormalCutoff));
  const v128_t n_clamped = wasm_f32x4_max(n, wasm_f32x4_splat(-126.0f));
  const v128_t s = wasm_i32x4_shl(wasm_i32x4_add(wasm_i32x4_trunc_sat_f32x4(n_clamped), wasm_i32x4_splat(127)), 23);
  return wasm_v128_and(wasm_f32x4_mul(p, s), in_range);
}

}  // namespace

void softmax(const float* x, float* y, int n) noexcept {
  // pass 1: the maximum, for numerical stability
  int i = 0;
  v128_t vmax = wasm_f32x4_splat(x[0]);
  for (; i + 4 <= n; i += 4) vmax = wasm_f32x4_pmax(vmax, wasm_v128_load(x + i));
  float max_val = wasm_f32x4_extract_lane(vmax, 0);
  max_val = wasm_f32x4_extract_lane(vmax, 1) > max_val ? wasm_f32x4_extract_lane(vmax, 1) : max_val;
  max_val = wasm_f32x4_extract_lane(vmax, 2) > max_val ? wasm_f32x4_extract_lane(vmax, 2) : max_val;
  max_val = wasm_f32x4_extract_lane(vmax, 3) > max_val ? wasm_f32x4_extract_lane(vmax, 3) : max_val;
  for (; i < n; ++i) max_val = x[i] > max_val ? x[i] : max_val;  // leftovers
  if (softmax_nonfinite_row(x, y, n, max_val)) return;           // +inf, or no finite entry

  // pass 2: exponentiate and sum
  const v128_t vmax_val = wasm_f32x4_splat(max_val);
  v128_t vsum = wasm_f32x4_splat(0.0f);
  for (i = 0; i + 4 <= n; i += 4) {
    const v128_t e = exp_nonpositive_f32x4(wasm_f32x4_sub(wasm_v128_load(x + i), vmax_val));
    wasm_v128_store(y + i, e);
    vsum = wasm_f32x4_add(vsum, e);
  }
  float sum = (wasm_f32x4_extract_lane(vsum, 0) + wasm_f32x4_extract_lane(vsum, 1)) +
              (wasm_f32x4_extract_lane(vsum, 2) + wasm_f32x4_extract_lane(vsum, 3));
  for (; i < n; ++i) {  // leftovers
    y[i] = exp_nonpositive(x[i] - max_val);
    sum += y[i];
  }

  // pass 3: normalize
  const float inv_sum = 1.0f / sum;
  scale(y, y, n, inv_sum);
}

const char* softmax_impl() noexcept { return "wasmsimd"; }

}  // namespace al::kernels
