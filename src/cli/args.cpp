#include "cli/args.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <iterator>
#include <stdexcept>

#include "cli/files.h"
#include "core/image/view.h"
#include "core/steps.h"

namespace al::cli {
namespace {

constexpr std::size_t kMaxTextBytes = std::size_t(64) << 20;  // a text read from stdin

const char* const kIntro = R"(attention-lens: self-attention on a sentence, with every step shown.

Usage: attention-lens [options] [TEXT...]     (reads TEXT from stdin when absent or "-")

)";

const char* const kToolFlags = R"(  --causal                the same as --mask causal
  --weights-file PATH     the file for --weights trained
  --topic-model PATH      the topic query's model ("what is this about?"; default: the build's
                          weights/topic.bin beside the embeddings, when there is one)
  --document TEXT         cross-attention: keys and values come from TEXT
  --json                  print tokens and steps as JSON
  --steps LIST            with --json: comma-separated steps (default all)
  --head H                which head the table shows (1-based, default 1)
  --assets DIR            folder with the embeddings (default: the build's)
  --schema                print the options schema as JSON
  -h, --help              this text

Example: attention-lens --heads 2 "A Lannister always pays his debts"
)";

std::vector<std::string> step_names() {
  std::vector<std::string> names;
  for (const StepInfo& s : step_table())
    if (!s.weight && !s.document) names.push_back(s.name);
  return names;
}

std::vector<std::string> image_step_names() {
  std::vector<std::string> names;
  for (const StepInfo& s : image_step_table())
    if (!s.weight) names.push_back(s.name);
  return names;
}

std::vector<std::string> split_steps(const std::string& list, bool image) {
  const std::vector<std::string> known = image ? image_step_names() : step_names();
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string name = list.substr(start, comma - start);
    if (std::find(known.begin(), known.end(), name) == known.end())
      throw std::invalid_argument("unknown step '" + name + "' in --steps");
    out.push_back(name);
    start = comma + 1;
  }
  return out;
}

// A flag of the schema: --name VALUE, --name (true) or --no-name (false) for a boolean.
template <class S>
bool schema_flag(const std::vector<OptionSpec<S>>& specs, S& o, const std::string& name,
                 const std::function<std::string()>& value) {
  if (const OptionSpec<S>* spec = find_option(specs, name)) {
    if (spec->type == OptionType::Boolean)
      set_option(o, spec->name, true);
    else
      set_option_text(o, spec->name, value());
    return true;
  }
  const OptionSpec<S>* negated = name.compare(0, 3, "no-") == 0 ? find_option(specs, name.substr(3)) : nullptr;
  if (!negated || negated->type != OptionType::Boolean) return false;
  set_option(o, negated->name, false);
  return true;
}

template <class S>
std::string option_lines(const std::vector<OptionSpec<S>>& specs) {
  std::string out;
  const S defaults{};
  for (const OptionSpec<S>& s : specs) {
    std::string flag = std::string("  --") + s.flag, allowed;
    if (s.type == OptionType::Boolean)
      flag += ", --no-" + std::string(s.flag);
    else
      flag += s.type == OptionType::Choice ? " NAME" : " N";
    for (const std::string& c : s.choices) allowed += (allowed.empty() ? "" : ", ") + c;
    for (int v : s.values) allowed += (allowed.empty() ? "" : ", ") + std::to_string(v);
    if (allowed.empty() && s.type != OptionType::Boolean)
      allowed = "from " + option_text(s.min) + " to " + option_text(s.max);
    // the help in a column of its own, after the flag (or below it when the flag is long)
    out += flag + (flag.size() < 26 ? std::string(26 - flag.size(), ' ') : "\n" + std::string(26, ' '));
    out += std::string(s.help) + "\n" + std::string(26, ' ') + (allowed.empty() ? "" : allowed + "; ") + "default " +
           option_text(s.get(defaults)) + "\n";
  }
  return out;
}

// "ROW,COL" of a patch, 0-based, as a patch index on a side × side grid: both numbers plain
// decimal digits ("5.5", "0x5", "" or "-1" are refused, not read as 5, 0 or 0).
int to_patch(const std::string& v, int side) {
  const std::size_t comma = v.find(',');
  const auto whole = [](const std::string& s) {
    return !s.empty() && s.size() <= 9 && s.find_first_not_of("0123456789") == std::string::npos;
  };
  const std::string row_text = v.substr(0, comma), col_text = comma == std::string::npos ? "" : v.substr(comma + 1);
  const std::string range =
      "--query needs ROW,COL of a patch, each a whole number from 0 to " + std::to_string(side - 1);
  if (comma == std::string::npos || !whole(row_text) || !whole(col_text))
    throw std::invalid_argument(range + ", got '" + v + "'");
  const long row = std::stol(row_text), col = std::stol(col_text);
  if (row >= side || col >= side) throw std::invalid_argument(range + ", got '" + v + "'");
  return int(row * side + col);
}

long long to_integer(const std::string& flag, const std::string& v) {
  char* end = nullptr;
  const long long x = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0') throw std::invalid_argument(flag + " needs a whole number, got '" + v + "'");
  return x;
}

}  // namespace

std::string usage() {
  std::string out = kIntro + option_lines(analysis_option_specs());
  out += "  steps for --steps: ";
  for (const std::string& name : step_names()) out += name + (name == "output" ? "\n" : ", ");
  out += kToolFlags;
  out += "\nThe image mode: attention among the patches of a picture (content similarity; no pretrained network)\n\n";
  out += "  --image FILE.png        analyze the picture (its 224 x 224 view) instead of text\n";
  out += "  --query ROW,COL         the patch whose weights the table shows (default 0,0)\n";
  out += option_lines(image_option_specs());
  return out + "\nExample: attention-lens --image photo.png --patch 16 --query 5,7\n";
}

Args parse_args(int argc, char** argv) {
  Args a;
  a.assets = std::getenv("ATTENTION_LENS_ASSETS") ? std::getenv("ATTENTION_LENS_ASSETS") : ATTENTION_LENS_ASSETS;
  std::vector<std::string> words;
  std::string query = "0,0";
  bool image = false;  // the image mode's options take the flags
  for (int i = 1; i < argc; ++i) image |= std::string(argv[i]) == "--image";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const std::function<std::string()> value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
      return argv[++i];
    };
    const std::string name = arg.size() > 2 && arg.compare(0, 2, "--") == 0 ? arg.substr(2) : "";
    if (arg == "-h" || arg == "--help")
      a.help = true;
    else if (arg == "--schema")
      a.schema = true;
    else if (arg == "--causal") {
      set_option(a.options, "mask", std::string("causal"));
      a.mask_given = true;
    } else if (arg == "--weights-file")
      a.weights_file = value();
    else if (arg == "--topic-model")
      a.topic_file = value();
    else if (arg == "--document")
      a.document = value();
    else if (arg == "--image")
      a.image = value();
    else if (arg == "--query")
      query = value();
    else if (arg == "--json")
      a.json = true;
    else if (arg == "--steps")
      a.steps = split_steps(value(), image);
    else if (arg == "--head")
      a.head = int(to_integer(arg, value())) - 1;
    else if (arg == "--assets")
      a.assets = value();
    else if (image ? schema_flag(image_option_specs(), a.image_options, name, value)
                   : schema_flag(analysis_option_specs(), a.options, name, value)) {
      a.mask_given |= name == "mask";
    } else if (arg.size() > 1 && arg[0] == '-' && arg != "-")
      throw std::invalid_argument("unknown option " + arg);
    else
      words.push_back(arg);
  }
  const WeightsPreset preset = image ? a.image_options.weights.preset : a.options.weights.preset;
  if (preset == WeightsPreset::Trained && a.weights_file.empty())
    throw std::invalid_argument("--weights trained needs --weights-file PATH");
  if (a.help || a.schema) return a;
  if (image) {
    if (!words.empty())
      throw std::invalid_argument("--image analyzes a picture: no text as well, got '" + words[0] + "'");
    a.query = to_patch(query, image::kViewSize / a.image_options.image.patch);
    if (a.steps.empty()) a.steps = image_step_names();
    return a;
  }
  if (words.empty() || (words.size() == 1 && words[0] == "-")) {
    a.text = read_stream(std::cin, "text on stdin", kMaxTextBytes);
  } else {
    for (const std::string& w : words) a.text += (a.text.empty() ? "" : " ") + w;
  }
  if (a.steps.empty()) a.steps = step_names();
  if (a.document && !a.mask_given) a.options.pipeline.attention.mask = kCrossAttentionMask;
  return a;
}

}  // namespace al::cli
