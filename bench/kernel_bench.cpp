// Times the kernels alone on the shapes of the attention forward, for tuning them and for the
// benchmark's kernel peak (the best GFLOP/s of gemm_packed): node build/wasm-simd/kernel-bench.js
// [--json], or build/native/kernel-bench. In the wasm SIMD build, with AL_RELAXED_KERNELS naming
// kernels-relaxed.wasm and node --experimental-wasm-relaxed-simd (src/wasm/relaxed-pre.js
// installs them before main), every shape is timed on the SIMD128 and the relaxed-SIMD kernels in
// alternating rounds, so that a slow spell of the machine falls on both.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/kernels/kernels.h"
#ifdef __wasm_simd128__
#include "core/kernels/wasm_kernels.h"
#endif

namespace {

struct Case {
  const char* kind;  // "gemm" (counts for the peak), "scores" or "softmax"
  std::string what;
  double work;  // FLOPs, or for the softmax elements
  std::function<void()> run;
  bool per_element() const { return std::strcmp(kind, "softmax") == 0; }
};

// The kernel builds to compare: the one linked in, and the relaxed one if it was installed.
struct KernelSet {
  std::string name;
  std::function<void()> use;
};

std::vector<KernelSet> kernel_sets() {
#ifdef __wasm_simd128__
  namespace k = al::kernels::wasm;
  const k::Table installed = k::active();
  if (std::strcmp(installed.name, "wasmsimd") != 0)
    return {{"wasmsimd", [] { k::install_simd128(); }}, {installed.name, [installed] { k::install(installed); }}};
#endif
  return {{al::kernels::gemm_impl(), [] {}}};
}

// seconds per call of c.run, over at least 50 ms once warm
double time_once(const Case& c, int& reps) {
  for (;;) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; ++r) c.run();
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (sec >= 0.05) return sec / reps;
    reps *= 4;
  }
}

std::vector<Case> cases() {
  std::vector<Case> all;
  // gemm_packed: C (m×n) = A (m×k) · B (k×n)
  struct Shape {
    int m, n, k;
    const char* what;
  };
  for (const Shape s : {Shape{8, 100, 100, "X·W d=100 n=8"}, Shape{128, 256, 256, "X·W d=256 n=128"},
                        Shape{512, 256, 256, "X·W d=256 n=512"}, Shape{512, 100, 100, "X·W d=100 n=512"},
                        Shape{512, 512, 64, "Q·Kᵀ n=512 dk=64"}, Shape{2048, 2048, 64, "Q·Kᵀ n=2048 dk=64"},
                        Shape{2048, 2048, 25, "Q·Kᵀ n=2048 dk=25"}, Shape{512, 64, 512, "P·V n=512 dk=64"},
                        Shape{2048, 64, 2048, "P·V n=2048 dk=64"}, Shape{2048, 25, 2048, "P·V n=2048 dk=25"}}) {
    auto a = std::make_shared<std::vector<float>>(std::size_t(s.m) * s.k, 0.5f);
    auto c = std::make_shared<std::vector<float>>(std::size_t(s.m) * s.n);
    auto packed = std::make_shared<al::kernels::PackedB>();
    const std::vector<float> b(std::size_t(s.k) * s.n, 0.25f);
    al::kernels::pack_b(s.k, s.n, b.data(), s.n, *packed);
    all.push_back({"gemm", s.what, 2.0 * s.m * s.n * s.k,
                   [=] { al::kernels::gemm_packed(s.m, a->data(), s.k, *packed, c->data(), s.n); }});
  }
  // scores_packed on one head, in the forward's blocks of 16 query rows
  for (const Shape s : {Shape{512, 512, 64, "scores n=512 dk=64"}, Shape{2048, 2048, 64, "scores n=2048 dk=64"},
                        Shape{2048, 2048, 25, "scores n=2048 dk=25"}}) {
    const int n = s.n, dk = s.k;
    auto q = std::make_shared<std::vector<float>>(std::size_t(n) * dk, 0.5f);
    auto out = std::make_shared<std::vector<float>>(2 * std::size_t(n) * n + n);
    auto kt = std::make_shared<al::kernels::PackedB>();
    const std::vector<float> k(q->size(), 0.25f);
    al::kernels::pack_bt(dk, n, k.data(), dk, *kt);
    all.push_back({"scores", s.what, 2.0 * n * n * dk, [=] {
                     float* scores = out->data();
                     float* scaled = scores + std::size_t(n) * n;
                     float* row_max = scaled + std::size_t(n) * n;
                     for (int i0 = 0; i0 < n; i0 += 16)
                       al::kernels::scores_packed(std::min(16, n - i0), q->data() + i0 * dk, dk, *kt, 0.125f,
                                                  scores + std::size_t(i0) * n, scaled + std::size_t(i0) * n, n,
                                                  row_max + i0);
                   }});
  }
  // softmax_with_max over the rows of an n×n matrix
  for (const int n : {512, 2048}) {
    auto x = std::make_shared<std::vector<float>>(std::size_t(n) * n);
    auto y = std::make_shared<std::vector<float>>(x->size());
    for (std::size_t i = 0; i < x->size(); ++i) (*x)[i] = -float(i % 97) * 0.1f;
    all.push_back({"softmax", "softmax n=" + std::to_string(n), double(n) * n, [=] {
                     for (int i = 0; i < n; ++i)
                       al::kernels::softmax_with_max(x->data() + std::size_t(i) * n, y->data() + std::size_t(i) * n, n,
                                                     0.0f);
                   }});
  }
  return all;
}

}  // namespace

int main(int argc, char** argv) {
  const bool json = argc > 1 && std::strcmp(argv[1], "--json") == 0;
  const std::vector<KernelSet> sets = kernel_sets();
  if (json) std::printf("{\"results\":[");
  bool first = true;
  for (const Case& c : cases()) {
    std::vector<double> best(sets.size(), 1e30);
    std::vector<int> reps(sets.size(), 1);
    for (int round = 0; round < 6; ++round)  // the kernel sets in turn, six rounds
      for (std::size_t s = 0; s < sets.size(); ++s) {
        sets[s].use();
        best[s] = std::min(best[s], time_once(c, reps[s]));
      }
    for (std::size_t s = 0; s < sets.size(); ++s) {
      const double rate = c.per_element() ? best[s] / c.work * 1e9 : c.work / best[s] / 1e9;
      if (json)
        std::printf("%s{\"kind\":\"%s\",\"shape\":\"%s\",\"kernels\":\"%s\",\"us\":%.3f,\"%s\":%.4f}", first ? "" : ",",
                    c.kind, c.what.c_str(), sets[s].name.c_str(), best[s] * 1e6,
                    c.per_element() ? "nsPerElement" : "gflops", rate);
      else
        std::printf("%-22s %-16s %10.1f us %7.2f %s\n", c.what.c_str(), sets[s].name.c_str(), best[s] * 1e6, rate,
                    c.per_element() ? "ns/element" : "GFLOP/s");
      first = false;
    }
  }
  if (json) std::printf("]}\n");
  return 0;
}
