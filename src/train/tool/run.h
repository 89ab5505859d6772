// The training tools' main() and their loop of mini-batches with its progress lines.
#pragma once
#include <cstddef>
#include <functional>
#include <string>

namespace al::train_tool {

// What a tool's main returns: parse() reads the flags (when it throws, "<name>: <what>" and the
// usage go to stderr: 2), then train() runs ("<name>: <what>" when it throws: 1; else 0).
int tool_main(const char* name, const std::string& usage, const std::function<void()>& parse,
              const std::function<void()>& train);

// How a run of mini-batches went.
struct Training {
  int steps = 0;
  double seconds = 0;     // in step() alone
  double first_loss = 0;  // step 1's
  double last_loss = 0;   // the mean over the steps of the last progress line
  double steps_per_second() const { return seconds > 0 ? steps / seconds : 0; }
};

// Calls step() (one mini-batch; returns its loss) `steps` times. Every `every` steps and after the
// last prints "step N  loss L  R steps/s" (L: the mean since the previous line), then, every
// eval_every steps (0: never) and after the last, what held_out() prints, and a new line.
Training run_steps(int steps, int every, int eval_every, const std::function<double()>& step,
                   const std::function<void()>& held_out);

// "N steps in S s (R steps/s, E <unit>/s); T s in all; wrote <path> (B bytes)": E counts the
// examples, batch to a step.
void print_summary(const Training& t, int batch, const char* unit, double total_seconds, const std::string& path,
                   std::size_t bytes);

}  // namespace al::train_tool
