// The attention layer on caller-provided inputs, without text or embeddings: what the benchmark
// times (the production forward, every intermediate kept, buffers reused between runs), and a
// profile of where its time goes.
#include <algorithm>
#include <chrono>
#include <initializer_list>

#include "core/attention.h"
#include "core/kernels/kernels.h"
#include "wasm/binding_support.h"

namespace al::wasm {
namespace {

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The best of `reps` timings of f, in ms.
template <class F>
double best_ms(int reps, F&& f) {
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const double t0 = now_ms();
    f();
    best = std::min(best, now_ms() - t0);
  }
  return best;
}

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
  // The address of output (n × d floats) for X (n × d floats at x_ptr); 0 on error. A number
  // rather than a typed-array view: the caller copies the floats out of HEAPF32 in one slice,
  // and the call creates no JS object.
  std::uintptr_t run(std::uintptr_t x_ptr, int n) {
    return guarded([&] {
      copy_in(x_ptr, n);
      attention_forward(x_, x_, weights_, options_, steps_);  // reuses the buffers of the last run
      return reinterpret_cast<std::uintptr_t>(steps_.output.data.data());
    });
  }

  // Where run()'s time goes, in ms, each the best of `reps` rounds after one run(x_ptr, n):
  //   forward      attention_forward alone (run() minus copying X in and the view out)
  //   copyIn       copying X into the forward's input
  //   projections  Q, K, V = X·W_Q, X·W_K, X·W_V
  //   pack         every head's K_hᵀ and V_h packed into panels
  //   scores       every head's scores, scaled scores and row maxima (kernels::scores_packed)
  //   softmax      every head's weights (kernels::softmax_with_max)
  //   values       every head's weights · V_h
  //   output       context · W_O
  // The steps are the kernels attention_forward calls, on its shapes and in its blocks of
  // kForwardRowBlock query rows, but each timed over all heads at once (dot product, no mask:
  // the benchmark's options). What forward takes beyond their sum is the rest of the forward
  // (its loops, reshapes, the first touch of the block's rows).
  val profile(std::uintptr_t x_ptr, int n, int reps) {
    return guarded([&] {
      val r = val::object();
      copy_in(x_ptr, n);
      attention_forward(x_, x_, weights_, options_, steps_);
      AttentionSteps& s = steps_;
      const int d = weights_.weights.d_model, dk = s.d_k, heads = s.heads;
      const float alpha = 1.0f / s.divisor;
      std::vector<kernels::PackedB> keys(static_cast<std::size_t>(heads)), values(keys.size());
      std::vector<float> row_max(static_cast<std::size_t>(n));
      r.set("forward", best_ms(reps, [&] { attention_forward(x_, x_, weights_, options_, s); }));
      r.set("copyIn", best_ms(reps, [&] { copy_in(x_ptr, n); }));
      r.set(
          "projections", best_ms(reps, [&] {
            for (auto [w, out] : {std::pair{&weights_.wq, &s.query}, {&weights_.wk, &s.key}, {&weights_.wv, &s.value}})
              kernels::gemm_packed(n, x_.data.data(), d, *w, out->data.data(), d);
          }));
      r.set("pack", best_ms(reps, [&] {
              for (int h = 0; h < heads; ++h) {
                kernels::pack_bt(dk, n, s.key.data.data() + h * dk, d, keys[std::size_t(h)]);
                kernels::pack_b(n, dk, s.value.data.data() + h * dk, d, values[std::size_t(h)]);
              }
            }));
      r.set("scores", best_ms(reps, [&] {
              for (int h = 0; h < heads; ++h)
                for (int i0 = 0; i0 < n; i0 += kForwardRowBlock)
                  kernels::scores_packed(std::min(kForwardRowBlock, n - i0), s.query.row(i0) + h * dk, d,
                                         keys[std::size_t(h)], alpha, s.scores[std::size_t(h)].row(i0),
                                         s.scaled[std::size_t(h)].row(i0), n, row_max.data() + i0);
            }));
      r.set("softmax", best_ms(reps, [&] {
              for (int h = 0; h < heads; ++h)
                for (int i = 0; i < n; ++i)
                  kernels::softmax_with_max(s.scaled[std::size_t(h)].row(i), s.weights[std::size_t(h)].row(i), n,
                                            row_max[std::size_t(i)]);
            }));
      r.set("values", best_ms(reps, [&] {
              for (int h = 0; h < heads; ++h)
                for (int i0 = 0; i0 < n; i0 += kForwardRowBlock)
                  kernels::gemm_packed(std::min(kForwardRowBlock, n - i0), s.weights[std::size_t(h)].row(i0), n,
                                       values[std::size_t(h)], s.context.row(i0) + h * dk, d);
            }));
      r.set("output", best_ms(reps, [&] {
              kernels::gemm_packed(n, s.context.data.data(), d, weights_.wo, s.output.data.data(), d);
            }));
      return r;
    });
  }

 private:
  void copy_in(std::uintptr_t x_ptr, int n) {
    x_.reshape(n, weights_.weights.d_model);
    std::copy_n(reinterpret_cast<const float*>(x_ptr), x_.data.size(), x_.data.begin());
  }

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
      .function("run", &al::wasm::RawForward::run)
      .function("profile", &al::wasm::RawForward::profile);
}
