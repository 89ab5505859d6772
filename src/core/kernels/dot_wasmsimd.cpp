// Integer dot products of int8 rows with an int16 vector, wasm SIMD128: dot_scalar.cpp eight
// columns at a time (int8 widened to int16 as it loads, then i32x4.dot_i16x8_s: four sums of
// two products), four rows at once so that each load of x serves four rows; leftover columns
// and rows run the scalar code. Integer sums are exact: the same bits as the scalar twin.
#include <wasm_simd128.h>

#include <cstddef>

#include "core/kernels/kernels.h"

namespace al::kernels {
namespace {

inline v128_t dot8(const std::int8_t* a, v128_t x) {
  return __builtin_wasm_dot_s_i32x4_i16x8(__i16x8(wasm_i16x8_load8x8(a)), __i16x8(x));
}

inline std::int32_t lanes_sum(v128_t v) {
  return wasm_i32x4_extract_lane(v, 0) + wasm_i32x4_extract_lane(v, 1) + wasm_i32x4_extract_lane(v, 2) +
         wasm_i32x4_extract_lane(v, 3);
}

// (Σ s0, Σ s1, Σ s2, Σ s3): four rows' lane sums at once, by transposing pairs
inline v128_t four_sums(v128_t s0, v128_t s1, v128_t s2, v128_t s3) {
  const v128_t u0 = wasm_i32x4_add(wasm_i32x4_shuffle(s0, s1, 0, 4, 1, 5), wasm_i32x4_shuffle(s0, s1, 2, 6, 3, 7));
  const v128_t u1 = wasm_i32x4_add(wasm_i32x4_shuffle(s2, s3, 0, 4, 1, 5), wasm_i32x4_shuffle(s2, s3, 2, 6, 3, 7));
  return wasm_i32x4_add(wasm_i32x4_shuffle(u0, u1, 0, 1, 4, 5), wasm_i32x4_shuffle(u0, u1, 2, 3, 6, 7));
}

// the columns past the last full group of eight
inline std::int32_t tail(const std::int8_t* row, const std::int16_t* x, int from, int k) {
  std::int32_t sum = 0;
  for (int i = from; i < k; ++i) sum += std::int32_t(row[i]) * std::int32_t(x[i]);
  return sum;
}

}  // namespace

void dot_i8_i16(int rows, int k, const std::int8_t* a, int lda, const std::int16_t* x, std::int32_t* y) noexcept {
  const int k8 = k & ~7;
  const auto at = [&](int r) { return a + std::size_t(r) * std::size_t(lda); };
  int r = 0;
  for (; r + 4 <= rows; r += 4) {
    const std::int8_t *a0 = at(r), *a1 = at(r + 1), *a2 = at(r + 2), *a3 = at(r + 3);
    v128_t s0 = wasm_i32x4_splat(0), s1 = s0, s2 = s0, s3 = s0;
    for (int i = 0; i < k8; i += 8) {
      const v128_t xi = wasm_v128_load(x + i);
      s0 = wasm_i32x4_add(s0, dot8(a0 + i, xi));
      s1 = wasm_i32x4_add(s1, dot8(a1 + i, xi));
      s2 = wasm_i32x4_add(s2, dot8(a2 + i, xi));
      s3 = wasm_i32x4_add(s3, dot8(a3 + i, xi));
    }
    wasm_v128_store(y + r, four_sums(s0, s1, s2, s3));
    if (k8 < k) {
      y[r] += tail(a0, x, k8, k);
      y[r + 1] += tail(a1, x, k8, k);
      y[r + 2] += tail(a2, x, k8, k);
      y[r + 3] += tail(a3, x, k8, k);
    }
  }
  for (; r < rows; ++r) {
    const std::int8_t* row = at(r);
    v128_t s = wasm_i32x4_splat(0);
    for (int i = 0; i < k8; i += 8) s = wasm_i32x4_add(s, dot8(row + i, wasm_v128_load(x + i)));
    y[r] = lanes_sum(s) + tail(row, x, k8, k);
  }
}

}  // namespace al::kernels
