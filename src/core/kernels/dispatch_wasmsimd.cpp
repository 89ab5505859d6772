// The wasm SIMD build's kernels::… functions: each calls the kernel table of wasm_kernels.h
// (SIMD128 from the start, relaxed SIMD once installed), through a noexcept function pointer, so
// the call is a plain call_indirect (no JS exception trampoline).
#include <wasm_simd128.h>

#include "core/kernels/kernels.h"
#include "core/kernels/wasm_kernels.h"

namespace al::kernels {
namespace wasm {
namespace {

constexpr Table kSimd128 = {
#define AL_HOT_KERNEL(kernel, Type, source) kernel##_f32,
#include "core/kernels/hot_kernels.def"
#undef AL_HOT_KERNEL
    "wasmsimd"};
Table table = kSimd128;  // the one mutable state: which build of the kernels runs

}  // namespace

const Table& active() noexcept { return table; }
void install(const Table& t) noexcept { table = t; }
void install_simd128() noexcept { table = kSimd128; }

}  // namespace wasm

void gemm_packed(int m, const float* a, int lda, const PackedB& b, float* c, int ldc) noexcept {
  wasm::table.gemm(m, a, lda, b.k, b.n, b.data.data(), c, ldc);
}

void scores_packed(int m, const float* q, int ldq, const PackedB& kt, float alpha, float* scores, float* scaled,
                   int ldc, float* row_max) noexcept {
  wasm::table.scores(m, q, ldq, kt.k, kt.n, kt.data.data(), alpha, scores, scaled, ldc, row_max);
}

void softmax_with_max(const float* x, float* y, int n, float max_val) noexcept {
  wasm::table.softmax_with_max(x, y, n, max_val);
}

// pass 1 of the softmax, the maximum (for numerical stability), then passes 2 and 3
void softmax(const float* x, float* y, int n) noexcept {
  int i = 0;
  v128_t vmax = wasm_f32x4_splat(x[0]);
  for (; i + 4 <= n; i += 4) vmax = wasm_f32x4_pmax(vmax, wasm_v128_load(x + i));
  vmax = wasm_f32x4_pmax(vmax, wasm_i32x4_shuffle(vmax, vmax, 2, 3, 0, 1));
  vmax = wasm_f32x4_pmax(vmax, wasm_i32x4_shuffle(vmax, vmax, 1, 0, 3, 2));
  float max_val = wasm_f32x4_extract_lane(vmax, 0);
  for (; i < n; ++i) max_val = x[i] > max_val ? x[i] : max_val;  // leftovers
  wasm::table.softmax_with_max(x, y, n, max_val);
}

const char* gemm_impl() noexcept { return wasm::table.name; }
const char* softmax_impl() noexcept { return wasm::table.name; }

}  // namespace al::kernels
