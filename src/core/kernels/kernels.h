// The hot loops of the attention forward, behind one interface.
// Each operation has a scalar implementation that carries the explanation and fast twins
// that mirror it: Eigen natively, wasm SIMD128 in the WebAssembly build. CMake links one
// implementation per build; every build runs the same tests against reference.cpp.
// All matrices are row-major; ld* is the distance in floats between rows.
// Every kernel is noexcept (an allocation failure in packing terminates): with Emscripten's
// exceptions, a call that may throw goes through a JS trampoline, and V8 then keeps the hot
// callee in its baseline compiler; noexcept calls are direct (measured: 33 -> 46 GFLOP/s).
#pragma once
#include <cstdint>
#include <vector>

namespace al::kernels {

// A right-hand matrix B (k×n) laid out for gemm_packed. Weights are packed once and reused
// for every product; the layout belongs to the implementation (panels of 8 columns in the
// scalar and SIMD kernels, plain row-major for Eigen).
struct PackedB {
  int k = 0, n = 0;
  std::vector<float> data;
};

// Packs B (k×n), rows ldb floats apart.
void pack_b(int k, int n, const float* b, int ldb, PackedB& out) noexcept;
// Packs B = Btᵀ where Bt is stored (n×k), rows ldbt apart: for A·Btᵀ products such as Q·Kᵀ.
void pack_bt(int k, int n, const float* bt, int ldbt, PackedB& out) noexcept;

// C (m×n) = A (m×k) · B (k×n, packed)
void gemm_packed(int m, const float* a, int lda, const PackedB& b, float* c, int ldc) noexcept;

// The scores of a block of queries against packed keys, with the two steps the forward keeps
// and what its softmax needs, in one pass over each tile while it is in registers:
//   scores (m×n)  = saturate(Q (m×k) · Kᵀ (k×n, packed by pack_bt))
//   scaled (m×n)  = saturate(scores · alpha)                 alpha > 0 and finite
//   row_max (m)   = the largest value of each row of scaled  (for softmax_with_max)
// scores and scaled rows ldc floats apart; n >= 1.
void scores_packed(int m, const float* q, int ldq, const PackedB& kt, float alpha, float* scores, float* scaled,
                   int ldc, float* row_max) noexcept;

// C (m×n) = A (m×k) · B (k×n)
void gemm(int m, int n, int k, const float* a, int lda, const float* b, int ldb, float* c, int ldc) noexcept;

// C (m×n) = A (m×k) · Bᵀ, with B stored as (n×k): row i of A against row j of B
void gemm_nt(int m, int n, int k, const float* a, int lda, const float* b, int ldb, float* c, int ldc) noexcept;

// y (n) = softmax(x (n)), computed stably (the row maximum is subtracted before exp).
// x and y may alias. n >= 1.
void softmax(const float* x, float* y, int n) noexcept;

// The same when max_val = the maximum of x is known already (scores_packed gives it): the first
// pass is skipped. x and y may alias. n >= 1.
void softmax_with_max(const float* x, float* y, int n, float max_val) noexcept;

// y (n) = x (n) * alpha, saturated: ±inf becomes ±FLT_MAX and NaN becomes 0, so that scores
// stay finite whatever the weights. x and y may alias.
void scale(const float* x, float* y, int n, float alpha) noexcept;

// x (n) saturated in place, as scale() saturates: ±inf becomes ±FLT_MAX and NaN becomes 0.
void saturate(float* x, int n) noexcept;

// y (rows) = A (rows × k, int8, rows lda bytes apart) · x (k, int16): exact integer dot
// products, for a coarse first pass over many vectors (the nearest-word search's). Exact in
// int32 for k <= kMaxDotI8Length: |a| <= 128 and |x| <= 32768 keep every sum below 2^31.
constexpr int kMaxDotI8Length = 511;
void dot_i8_i16(int rows, int k, const std::int8_t* a, int lda, const std::int16_t* x, std::int32_t* y) noexcept;

// The names of the implementations in use: "eigen", "scalar", "wasmsimd", or "wasmrelaxedsimd"
// once the relaxed-SIMD kernels are installed (wasm_kernels.h).
const char* gemm_impl() noexcept;
const char* softmax_impl() noexcept;

}  // namespace al::kernels
