#include "train/tool/run.h"

#include <chrono>
#include <cstdio>
#include <exception>

namespace al::train_tool {

int tool_main(const char* name, const std::string& usage, const std::function<void()>& parse,
              const std::function<void()>& train) {
  try {
    parse();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n%s", name, e.what(), usage.c_str());
    return 2;
  }
  try {
    train();
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", name, e.what());
    return 1;
  }
}

Training run_steps(int steps, int every, int eval_every, const std::function<double()>& step,
                   const std::function<void()>& held_out) {
  using clock = std::chrono::steady_clock;
  Training t;
  t.steps = steps;
  double loss_sum = 0;
  int since = 0;
  for (int s = 1; s <= steps; ++s) {
    const auto a = clock::now();
    const double loss = step();
    t.seconds += std::chrono::duration<double>(clock::now() - a).count();
    if (s == 1) t.first_loss = loss;
    loss_sum += loss;
    ++since;
    if (s % every == 0 || s == steps) {
      t.last_loss = loss_sum / since;
      std::printf("step %5d  loss %.4f  %.1f steps/s", s, t.last_loss, s / t.seconds);
      if (eval_every > 0 && (s % eval_every == 0 || s == steps)) held_out();
      std::printf("\n");
      std::fflush(stdout);
      loss_sum = 0;
      since = 0;
    }
  }
  return t;
}

void print_summary(const Training& t, int batch, const char* unit, double total_seconds, const std::string& path,
                   std::size_t bytes) {
  const double rate = t.steps_per_second();
  std::printf("%d steps in %.1f s (%.1f steps/s, %.0f %s/s); %.1f s in all; wrote %s (%zu bytes)\n", t.steps, t.seconds,
              rate, rate * batch, unit, total_seconds, path.c_str(), bytes);
}

}  // namespace al::train_tool
