#include "cli/args.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <stdexcept>

namespace al::cli {

const char* const kUsage = R"(attention-lens: self-attention on a sentence, with every step shown.

Usage: attention-lens [options] [TEXT...]     (reads TEXT from stdin when absent or "-")

  --heads N               attention heads: 1, 2, 4, 5, 10, 20, 25, 50 or 100 (default 1)
  --no-positional         leave out the sinusoidal positional encoding
  --positional-weight W   X = embeddings + W * PE (default 1)
  --no-scale              do not divide the scores by sqrt(d_k)
  --temperature T         divide the scores by T before the softmax (default 1)
  --similarity dot|cosine how a query and a key are compared (default dot)
  --mask none|causal      causal: a word attends only to itself and earlier words
  --causal                the same as --mask causal
  --weights identity|random|trained   W_Q, W_K, W_V, W_O (default identity)
  --seed N                seed for --weights random (default 0)
  --weights-file PATH     the file for --weights trained
  --document TEXT         cross-attention: keys and values come from TEXT
  --json                  print tokens and steps as JSON
  --steps LIST            with --json: comma-separated steps (default all): embeddings,
                          positional, input, query, key, value, scores, scaled, weights,
                          context, output
  --head H                which head the table shows (1-based, default 1)
  --max-tokens N          analyze at most N tokens (default 8192)
  --assets DIR            folder with the embeddings (default: the build's)
  -h, --help              this text

Example: attention-lens --heads 2 "A Lannister always pays his debts"
)";

const std::vector<std::string> kStepNames = {"embeddings", "positional", "input", "query", "key", "value",
                                             "scores", "scaled", "weights", "context", "output"};

namespace {

double to_number(const std::string& flag, const std::string& v) {
  char* end = nullptr;
  const double x = std::strtod(v.c_str(), &end);
  if (v.empty() || *end != '\0') throw std::invalid_argument(flag + " needs a number, got '" + v + "'");
  return x;
}

long long to_integer(const std::string& flag, const std::string& v) {
  char* end = nullptr;
  const long long x = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0') throw std::invalid_argument(flag + " needs a whole number, got '" + v + "'");
  return x;
}

std::vector<std::string> split_steps(const std::string& list) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string name = list.substr(start, comma - start);
    if (std::find(kStepNames.begin(), kStepNames.end(), name) == kStepNames.end())
      throw std::invalid_argument("unknown step '" + name + "' in --steps");
    out.push_back(name);
    start = comma + 1;
  }
  return out;
}

}  // namespace

Args parse_args(int argc, char** argv) {
  Args a;
  a.assets = std::getenv("ATTENTION_LENS_ASSETS") ? std::getenv("ATTENTION_LENS_ASSETS") : ATTENTION_LENS_ASSETS;
  std::vector<std::string> words;
  AttentionOptions& att = a.pipeline.attention;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "-h" || arg == "--help") a.help = true;
    else if (arg == "--heads") att.heads = int(to_integer(arg, value()));
    else if (arg == "--no-positional") a.pipeline.positional = false;
    else if (arg == "--positional-weight") a.pipeline.positional_weight = float(to_number(arg, value()));
    else if (arg == "--no-scale") att.scale = false;
    else if (arg == "--temperature") att.temperature = float(to_number(arg, value()));
    else if (arg == "--similarity") {
      att.similarity = parse_similarity(value());
    } else if (arg == "--mask") {
      att.mask = parse_mask(value());
    } else if (arg == "--causal") att.mask = Mask::Causal;
    else if (arg == "--weights") {
      a.weights = value();
      if (a.weights != "identity" && a.weights != "random" && a.weights != "trained")
        throw std::invalid_argument("--weights is identity, random or trained, got '" + a.weights + "'");
    } else if (arg == "--seed") {
      const long long seed = to_integer(arg, value());
      if (seed < 0) throw std::invalid_argument("--seed must be 0 or more");
      a.seed = std::uint64_t(seed);
    } else if (arg == "--weights-file") a.weights_file = value();
    else if (arg == "--document") a.document = value();
    else if (arg == "--json") a.json = true;
    else if (arg == "--steps") a.steps = split_steps(value());
    else if (arg == "--head") a.head = int(to_integer(arg, value())) - 1;
    else if (arg == "--max-tokens") {
      const long long n = to_integer(arg, value());
      if (n < 1) throw std::invalid_argument("--max-tokens must be at least 1");
      a.pipeline.max_tokens = std::size_t(n);
    } else if (arg == "--assets") a.assets = value();
    else if (arg.size() > 1 && arg[0] == '-' && arg != "-") throw std::invalid_argument("unknown option " + arg);
    else words.push_back(arg);
  }
  if (a.weights == "trained" && a.weights_file.empty())
    throw std::invalid_argument("--weights trained needs --weights-file PATH");
  if (a.help) return a;
  if (words.empty() || (words.size() == 1 && words[0] == "-")) {
    a.text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    for (const std::string& w : words) a.text += (a.text.empty() ? "" : " ") + w;
  }
  if (a.steps.empty()) a.steps = kStepNames;
  return a;
}

}  // namespace al::cli
