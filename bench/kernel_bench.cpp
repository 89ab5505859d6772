// Times the matrix kernels alone (gemm_packed on the shapes of the attention forward), for
// tuning the microkernels: node build/wasm-simd/kernel-bench.js, or build/native/kernel-bench.
#include <chrono>
#include <cstdio>
#include <vector>

#include "core/kernels/kernels.h"

int main() {
  struct Shape {
    int m, n, k;
    const char* what;
  };
  const Shape shapes[] = {{8, 100, 100, "X·W d=100 n=8"},       {128, 256, 256, "X·W d=256 n=128"},
                          {512, 256, 256, "X·W d=256 n=512"},   {512, 512, 64, "Q·Kᵀ n=512 dk=64"},
                          {512, 64, 512, "P·V n=512 dk=64"},    {2048, 2048, 64, "Q·Kᵀ n=2048 dk=64"},
                          {2048, 64, 2048, "P·V n=2048 dk=64"}, {512, 100, 100, "X·W d=100 n=512"}};
  std::printf("kernels: %s\n", al::kernels::gemm_impl());
  for (const Shape& s : shapes) {
    std::vector<float> a(std::size_t(s.m) * s.k, 0.5f), b(std::size_t(s.k) * s.n, 0.25f), c(std::size_t(s.m) * s.n);
    al::kernels::PackedB packed;
    al::kernels::pack_b(s.k, s.n, b.data(), s.n, packed);
    const double flop = 2.0 * s.m * s.n * s.k;
    int reps = 1;
    double best = 1e30;
    for (int round = 0; round < 6; ++round) {
      const auto t0 = std::chrono::steady_clock::now();
      for (int r = 0; r < reps; ++r) al::kernels::gemm_packed(s.m, a.data(), s.k, packed, c.data(), s.n);
      const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / reps;
      best = sec < best ? sec : best;
      if (sec * reps < 0.05) reps *= 4;
    }
    std::printf("%-22s %8.1f us %6.2f GFLOP/s\n", s.what, best * 1e6, flop / best / 1e9);
  }
  return 0;
}
