#include "train/tool/flags.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace al::train_tool {

void read_flags(int argc, char** argv, const std::string& usage,
                const std::function<bool(const std::string& flag, const std::string& value)>& take) {
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      std::fputs(usage.c_str(), stdout);
      std::exit(0);
    }
    if (i + 1 >= argc) throw std::invalid_argument(flag + " needs a value");
    if (!take(flag, argv[++i])) throw std::invalid_argument("unknown option " + flag);
  }
}

int whole_number(const std::string& flag, const std::string& v) {
  char* end = nullptr;
  const long x = std::strtol(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0' || x < 0 || x > 100000000)
    throw std::invalid_argument(flag + " needs a whole number >= 0");
  return int(x);
}

bool run_flag(RunFlags& run, const std::string& flag, const std::string& value) {
  if (flag == "--out")
    run.out = value;
  else if (flag == "--report")
    run.report = value;
  else if (flag == "--steps")
    run.steps = whole_number(flag, value);
  else if (flag == "--eval-every")
    run.eval_every = whole_number(flag, value);
  else
    return false;
  return true;
}

template <class S>
std::string schema_usage(const std::vector<OptionSpec<S>>& specs, const S& defaults) {
  std::string out;
  for (const OptionSpec<S>& spec : specs) {
    std::string line = std::string("  --") + spec.flag + " X";
    line += std::string(line.size() < 23 ? 23 - line.size() : 1, ' ');  // the help in a column
    out += line + spec.help + " (default " + option_text(spec.get(defaults)) + ")\n";
  }
  return out;
}

template <class S>
bool schema_flag(const std::vector<OptionSpec<S>>& specs, S& options, const std::string& flag,
                 const std::string& value) {
  if (flag.compare(0, 2, "--") != 0) return false;
  const OptionSpec<S>* spec = find_option(specs, flag.substr(2));
  if (!spec) return false;
  set_option_text(options, spec->name, value);
  return true;
}

template std::string schema_usage(const std::vector<OptionSpec<train::TrainOptions>>&, const train::TrainOptions&);
template std::string schema_usage(const std::vector<OptionSpec<train::ImageTrainOptions>>&,
                                  const train::ImageTrainOptions&);
template bool schema_flag(const std::vector<OptionSpec<train::TrainOptions>>&, train::TrainOptions&, const std::string&,
                          const std::string&);
template bool schema_flag(const std::vector<OptionSpec<train::ImageTrainOptions>>&, train::ImageTrainOptions&,
                          const std::string&, const std::string&);

}  // namespace al::train_tool
