// The native build's entry in the benchmark: reads one configuration written by
// bench/peers/native.mjs, runs the attention forward `reps` times, prints the times as JSON
// and writes the last output.
//   input:  u32 n, d, heads, reps; f32 W_Q, W_K, W_V, W_O (d×d each); f32 X (n×d)
//   output: f32 output (n×d) to the file named by argv[2]
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/attention.h"
#include "core/bytes.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: attention-bench INPUT OUTPUT\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.size() < 16) {
    std::fprintf(stderr, "attention-bench: %s is too short\n", argv[1]);
    return 1;
  }
  const int n = int(al::read_u32_le(bytes.data())), d = int(al::read_u32_le(bytes.data() + 4));
  const int heads = int(al::read_u32_le(bytes.data() + 8)), reps = int(al::read_u32_le(bytes.data() + 12));
  if (bytes.size() != 16 + 4ull * (4ull * d * d + std::size_t(n) * d)) {
    std::fprintf(stderr, "attention-bench: %s has the wrong size\n", argv[1]);
    return 1;
  }
  const char* p = bytes.data() + 16;
  al::AttentionWeights w{d, al::Matrix(d, d), al::Matrix(d, d), al::Matrix(d, d), al::Matrix(d, d), "given"};
  for (al::Matrix* m : {&w.wq, &w.wk, &w.wv, &w.wo})
    for (float& v : m->data) v = al::read_f32_le(p), p += 4;
  al::Matrix x(n, d);
  for (float& v : x.data) v = al::read_f32_le(p), p += 4;

  const al::PreparedWeights prepared = al::prepare(w);
  al::AttentionOptions options;
  options.heads = heads;
  al::AttentionSteps steps;
  std::printf("{\"times_ms\":[");
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    al::attention_forward(x, x, prepared, options, steps);  // buffers reused across runs
    const auto t1 = std::chrono::steady_clock::now();
    std::printf("%s%.6f", r ? "," : "", std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::printf("]}\n");
  std::ofstream out(argv[2], std::ios::binary);
  out.write(reinterpret_cast<const char*>(steps.output.data.data()), std::streamsize(steps.output.data.size() * 4));
  return out ? 0 : 1;
}
