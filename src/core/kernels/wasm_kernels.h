// The wasm SIMD build's hot kernels as plain functions on raw pointers, behind a table. Which
// kernels these are is said once, in hot_kernels.def; the declarations below are made from it.
//
// Each is compiled twice from the same source: into this module with SIMD128 (a multiply-add is
// a mul then an add), and, with AL_RELAXED_SIMD defined, by clang-16 into a small module of its
// own (kernels-relaxed.wasm) where a multiply-add is f32x4.relaxed_madd, which engines run as one
// fused instruction on CPUs with FMA. Emscripten 3.1.6 can neither build nor link the relaxed
// opcodes: its clang 14 knows only the SIMD proposal's older f32x4.fma (opcode fd af 01), which
// current engines reject, and its binaryen 108 stops at clang-16's f32x4.relaxed_madd
// (fd 85 02: "invalid code after SIMD prefix") when emcc links. Hence the second module: it
// imports this module's memory and uses no stack or data of its own, and the JS loader puts its
// functions into this module's function table and passes their indices to install(), where the
// engine supports relaxed SIMD. The table starts with the SIMD128 functions, which stay the
// fallback.
#pragma once

namespace al::kernels::wasm {

// C (m×n) = A (m×k) · B (k×n, packed in panels: gemm_panels.h)
using Gemm = void(int m, const float* a, int lda, int k, int n, const float* packed, float* c, int ldc) noexcept;
// kernels::scores_packed on the packed Kᵀ (k×n)
using Scores = void(int m, const float* q, int ldq, int k, int n, const float* packed, float alpha, float* scores,
                    float* scaled, int ldc, float* row_max) noexcept;
// kernels::softmax_with_max
using SoftmaxWithMax = void(const float* x, float* y, int n, float max_val) noexcept;

// The SIMD128 (or, in kernels-relaxed.wasm, the relaxed) implementations: gemm_f32, scores_f32, …
// In kernels-relaxed.wasm each is exported under its kernel's name (export_name on the
// declaration reaches the definition).
#ifdef AL_RELAXED_SIMD
#define AL_HOT_KERNEL(kernel, Type, source) __attribute__((export_name(#kernel))) Type kernel##_f32;
#else
#define AL_HOT_KERNEL(kernel, Type, source) Type kernel##_f32;
#endif
#include "core/kernels/hot_kernels.def"
#undef AL_HOT_KERNEL

// One function of each kernel, in hot_kernels.def's order.
struct Table {
#define AL_HOT_KERNEL(kernel, Type, source) Type* kernel;
#include "core/kernels/hot_kernels.def"
#undef AL_HOT_KERNEL
  const char* name;  // "wasmsimd" or "wasmrelaxedsimd"
};

// The table in use, and its replacement: the relaxed module's functions, or back to SIMD128.
const Table& active() noexcept;
void install(const Table& table) noexcept;
void install_simd128() noexcept;

}  // namespace al::kernels::wasm
