// Command-line arguments of the attention-lens tool.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/analyze.h"

namespace al::cli {

struct Args {
  std::string text;                      // from the arguments, or stdin
  std::optional<std::string> document;   // --document: cross-attention keys/values
  PipelineOptions pipeline;
  std::string weights = "identity";      // identity | random | trained
  std::string weights_file;              // --weights-file for trained
  std::uint64_t seed = 0;
  std::string assets;                    // folder with core.bin and shards
  bool json = false;
  std::vector<std::string> steps;        // --steps for --json (empty: all)
  int head = 0;                          // --head for the table (0-based)
  bool help = false;
};

extern const char* const kUsage;
extern const std::vector<std::string> kStepNames;

// Throws std::invalid_argument with a message for the user.
Args parse_args(int argc, char** argv);

}  // namespace al::cli
