// Command-line arguments of the attention-lens tool. The analysis options and their help come
// from the core's schema (core/options.h); the flags below are the tool's own.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/options.h"

namespace al::cli {

struct Args {
  std::string text;                     // from the arguments, or stdin (text mode)
  std::optional<std::string> document;  // --document: cross-attention keys/values
  AnalysisOptions options;              // --heads, --similarity, ... (the schema's flags)
  bool mask_given = false;              // --mask or --causal (else cross-attention has no mask)
  std::optional<std::string> image;     // --image FILE.png: the image mode
  ImageAnalysisOptions image_options;   // its options (the image schema's flags)
  int query = 0;                        // --query ROW,COL (image) as a patch index
  std::string weights_file;             // --weights-file for --weights trained
  std::string topic_file;               // --topic-model: the topic query's model (empty: the build's, if any)
  std::string assets;                   // folder with core.bin and shards
  bool json = false;
  std::vector<std::string> steps;  // --steps for --json (empty: all)
  int head = 0;                    // --head for the table (0-based)
  bool help = false;
  bool schema = false;  // --schema: print the options schema as JSON
};

// The --help text: the tool's flags and every option of the schema with its default.
std::string usage();

// Throws std::invalid_argument (or OptionError) with a message for the user.
Args parse_args(int argc, char** argv);

}  // namespace al::cli
