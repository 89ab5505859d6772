// The attention layer on caller-provided inputs, without text or embeddings: what the benchmark
// times (the production forward, every intermediate kept, buffers reused between runs).
#include <algorithm>

#include "core/attention.h"
#include "wasm/binding_support.h"

namespace al::wasm {
namespace {

class RawForward {
 public:
  // Weights: 4·d² floats at weights_ptr (W_Q, W_K, W_V, W_O, row-major), copied and packed.
  RawForward(std::uintptr_t weights_ptr, int d, int heads) {
    guarded([&] {
      const auto* w = reinterpret_cast<const float*>(weights_ptr);
      AttentionWeights aw{d, Matrix(d, d), Matrix(d, d), Matrix(d, d), Matrix(d, d), "given"};
      for (Matrix* m : {&aw.wq, &aw.wk, &aw.wv, &aw.wo}) {
        std::copy_n(w, m->data.size(), m->data.begin());
        w += m->data.size();
      }
      weights_ = prepare(std::move(aw));
      options_.heads = heads;
      validate(options_, d);
    });
  }
  // output (n × d) for X (n × d floats at x_ptr), as a view; null on error
  val run(std::uintptr_t x_ptr, int n) {
    return guarded([&] {
      const int d = weights_.weights.d_model;
      x_.reshape(n, d);
      std::copy_n(reinterpret_cast<const float*>(x_ptr), x_.data.size(), x_.data.begin());
      attention_forward(x_, x_, weights_, options_, steps_);  // reuses the buffers of the last run
      return view_of(steps_.output.data);
    });
  }

 private:
  PreparedWeights weights_;
  AttentionOptions options_;
  AttentionSteps steps_;
  Matrix x_;
};

}  // namespace
}  // namespace al::wasm

EMSCRIPTEN_BINDINGS(attention_lens_bench) {
  using namespace emscripten;
  emscripten::class_<al::wasm::RawForward>("RawForward")
      .constructor<std::uintptr_t, int, int>()
      .function("run", &al::wasm::RawForward::run);
}
