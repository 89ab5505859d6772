// The training tools' flags: --name VALUE pairs read one by one, whole numbers, and the options
// of the core's schema (core/options.h) as flags and as lines of --help, so that a tool takes
// the same names, ranges and help as the page's worker and the JS API.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/options.h"

namespace al::train_tool {

// Reads argv as --flag VALUE pairs. --help or -h prints usage to stdout and exits 0; any other
// flag needs a value and goes to take(flag, value), which returns false for a flag it does not
// know. Throws std::invalid_argument ("--out needs a value", "unknown option --x").
void read_flags(int argc, char** argv, const std::string& usage,
                const std::function<bool(const std::string& flag, const std::string& value)>& take);

// v as a whole number from 0 to 10^8; throws std::invalid_argument naming the flag.
int whole_number(const std::string& flag, const std::string& v);

// What the step-loop trainers take besides their inputs: where the weights and the report go,
// how many steps, and every how many a held-out evaluation runs (defaults: the tool's).
struct RunFlags {
  std::string out, report;
  int steps = 0, eval_every = 0;
};

// When flag is --out, --report, --steps or --eval-every: sets it in run and returns true; else false.
bool run_flag(RunFlags& run, const std::string& flag, const std::string& value);

// One line of --help a schema option: "  --flag X", its help and its value in defaults.
template <class S>
std::string schema_usage(const std::vector<OptionSpec<S>>& specs, const S& defaults = S{});

// When flag is "--" and a schema option's flag (or name): sets it from text (checked against the schema:
// OptionError with a sentence for a value out of range) and returns true; else false.
template <class S>
bool schema_flag(const std::vector<OptionSpec<S>>& specs, S& options, const std::string& flag,
                 const std::string& value);

}  // namespace al::train_tool
