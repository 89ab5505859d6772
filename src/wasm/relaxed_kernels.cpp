// Which build of the wasm SIMD build's hot kernels runs (core/kernels/wasm_kernels.h): the
// SIMD128 ones compiled in, or the relaxed-SIMD ones of kernels-relaxed.wasm. JS asks
// al_hot_kernel_names() which exports of that module to take and in which order, instantiates it
// on this module's memory, adds those exports to the function table (addFunction) and passes
// their indices to al_use_relaxed_kernels: web/lib/loader.js for the Embind modules,
// src/wasm/relaxed-pre.js for the test and bench programs. Both are generated from
// core/kernels/hot_kernels.def. Without SIMD there is nothing to swap.
#include <emscripten/emscripten.h>

#include <cstdint>

#ifdef __wasm_simd128__
#include "core/kernels/wasm_kernels.h"
#endif

namespace {

// "gemm,scores,…": the kernels' names, in hot_kernels.def's order, after a leading comma
constexpr char kNames[] = ""
#define AL_HOT_KERNEL(kernel, Type, source) "," #kernel
#include "core/kernels/hot_kernels.def"
#undef AL_HOT_KERNEL
    ;

constexpr int kCount = 0
#define AL_HOT_KERNEL(kernel, Type, source) +1
#include "core/kernels/hot_kernels.def"
#undef AL_HOT_KERNEL
    ;

}  // namespace

// The names of the hot kernels, comma-separated, in the order al_use_relaxed_kernels takes them:
// each is the export of kernels-relaxed.wasm that replaces that kernel.
extern "C" EMSCRIPTEN_KEEPALIVE const char* al_hot_kernel_names() { return kNames + 1; }

// count, then one function-table index per kernel in al_hot_kernel_names()'s order (one parameter
// each, named after its kernel). 1 when installed; 0 when count is not the number of kernels (JS
// read another list), or in a build without SIMD.
extern "C" EMSCRIPTEN_KEEPALIVE int al_use_relaxed_kernels(int count
#define AL_HOT_KERNEL(kernel, Type, source) , int kernel
#include "core/kernels/hot_kernels.def"
#undef AL_HOT_KERNEL
) {
#ifdef __wasm_simd128__
  if (count != kCount) return 0;
  namespace k = al::kernels::wasm;
  k::install({
#define AL_HOT_KERNEL(kernel, Type, source) reinterpret_cast<k::Type*>(std::uintptr_t(kernel)),
#include "core/kernels/hot_kernels.def"
#undef AL_HOT_KERNEL
      "wasmrelaxedsimd"});
  return 1;
#else
#define AL_HOT_KERNEL(kernel, Type, source) (void)kernel;
#include "core/kernels/hot_kernels.def"
#undef AL_HOT_KERNEL
  (void)count, (void)kCount;
  return 0;
#endif
}
