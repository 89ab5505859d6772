// The wasm SIMD build's hot kernels as plain functions on raw pointers, behind a table.
//
// Each is compiled twice from the same source: into this module with SIMD128 (a multiply-add is
// a mul then an add), and, with AL_RELAXED_SIMD defined, by clang-16 into a small module of its
// own (kernels-relaxed.wasm) where a multiply-add is f32x4.relaxed_madd, which engines run as one
// fused instruction on CPUs with FMA. Emscripten 3.1.6 cannot build or link the relaxed opcodes
// (docs: TOOLCHAIN.md §8), hence the second module: it imports this module's memory and uses no
// stack or data of its own, and the JS loader puts its functions into this module's function
// table and passes their indices to install(), where the engine supports relaxed SIMD. The
// table starts with the SIMD128 functions, which stay the fallback.
#pragma once

#ifdef AL_RELAXED_SIMD
#define AL_WASM_KERNEL(name) __attribute__((export_name(name)))  // an export of kernels-relaxed.wasm
#else
#define AL_WASM_KERNEL(name)
#endif

namespace al::kernels::wasm {

// C (m×n) = A (m×k) · B (k×n, packed in panels: gemm_panels.h)
using GemmFn = void (*)(int m, const float* a, int lda, int k, int n, const float* packed, float* c, int ldc) noexcept;
// kernels::scores_packed on the packed Kᵀ (k×n)
using ScoresFn = void (*)(int m, const float* q, int ldq, int k, int n, const float* packed, float alpha, float* scores,
                          float* scaled, int ldc, float* row_max) noexcept;
// kernels::softmax_with_max
using SoftmaxWithMaxFn = void (*)(const float* x, float* y, int n, float max_val) noexcept;

struct Table {
  GemmFn gemm;
  ScoresFn scores;
  SoftmaxWithMaxFn softmax_with_max;
  const char* name;  // "wasmsimd" or "wasmrelaxedsimd"
};

// The SIMD128 (or, in kernels-relaxed.wasm, the relaxed) implementations.
void gemm_f32(int m, const float* a, int lda, int k, int n, const float* packed, float* c, int ldc) noexcept;
void scores_f32(int m, const float* q, int ldq, int k, int n, const float* packed, float alpha, float* scores,
                float* scaled, int ldc, float* row_max) noexcept;
void softmax_with_max_f32(const float* x, float* y, int n, float max_val) noexcept;

// The table in use, and its replacement: the relaxed module's functions, or back to SIMD128.
const Table& active() noexcept;
void install(const Table& table) noexcept;
void install_simd128() noexcept;

}  // namespace al::kernels::wasm
