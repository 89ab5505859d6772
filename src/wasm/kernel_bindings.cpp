// The kernel choice for JS (relaxed_kernels.cpp): web/lib/loader.js installs the relaxed-SIMD
// kernels with useRelaxedKernels; kernelNames (bindings.cpp) and gemmKernels say which run.
#include <string>

#include "core/kernels/kernels.h"
#include "wasm/binding_support.h"

extern "C" int al_use_relaxed_kernels(int gemm, int scores, int softmax_with_max);

namespace al::wasm {
namespace {

bool useRelaxedKernels(int gemm, int scores, int softmax_with_max) {
  return al_use_relaxed_kernels(gemm, scores, softmax_with_max) != 0;
}
std::string gemmKernels() { return kernels::gemm_impl(); }

}  // namespace
}  // namespace al::wasm

EMSCRIPTEN_BINDINGS(attention_lens_kernels) {
  emscripten::function("useRelaxedKernels", &al::wasm::useRelaxedKernels);
  emscripten::function("gemmKernels", &al::wasm::gemmKernels);
}
