// The hot loops of the attention forward, behind one interface.
// Each operation has a scalar implementation that carries the explanation and
// fast twins (Eigen natively; wasm SIMD128 in the WebAssembly build). CMake
// picks one implementation per operation; the tests run whichever is built
// against the double-precision reference in reference.cpp.
// All matrices are row-major; ld* is the distance in floats between rows.
#pragma once

namespace al::kernels {

// C (m×n) = A (m×k) · B (k×n)
void gemm(int m, int n, int k, const float* a, int lda, const float* b, int ldb, float* c, int ldc);

// C (m×n) = A (m×k) · Bᵀ, with B stored as (n×k): row i of A against row j of B
void gemm_nt(int m, int n, int k, const float* a, int lda, const float* b, int ldb, float* c, int ldc);

// y (n) = softmax(x (n)), computed stably (the row maximum is subtracted before exp).
// x and y may alias. n >= 1.
void softmax(const float* x, float* y, int n);

// The name of the implementation built in, e.g. "eigen" or "wasmsimd".
const char* gemm_impl();
const char* softmax_impl();

}  // namespace al::kernels
