// Which build of the wasm SIMD build's hot kernels runs (core/kernels/wasm_kernels.h): the
// SIMD128 ones compiled in, or the relaxed-SIMD ones of kernels-relaxed.wasm. JS instantiates
// that module on this module's memory, adds its three exports to the function table
// (addFunction) and passes their indices here: web/lib/loader.js for the Embind modules,
// src/wasm/relaxed-pre.js for the test and bench programs. Without SIMD there is nothing to swap.
#include <emscripten/emscripten.h>

#include <cstdint>

#ifdef __wasm_simd128__
#include "core/kernels/wasm_kernels.h"
#endif

// 1 when installed; gemm, scores and softmax_with_max are function-table indices
extern "C" EMSCRIPTEN_KEEPALIVE int al_use_relaxed_kernels(int gemm, int scores, int softmax_with_max) {
#ifdef __wasm_simd128__
  namespace k = al::kernels::wasm;
  k::install({reinterpret_cast<k::GemmFn>(std::uintptr_t(gemm)), reinterpret_cast<k::ScoresFn>(std::uintptr_t(scores)),
              reinterpret_cast<k::SoftmaxWithMaxFn>(std::uintptr_t(softmax_with_max)), "wasmrelaxedsimd"});
  return 1;
#else
  (void)gemm, (void)scores, (void)softmax_with_max;
  return 0;
#endif
}
