// Printing an Analysis: as JSON (every requested step) or as a readable table of weights.
#pragma once
#include <cstdio>

#include "cli/args.h"
#include "core/analyze.h"

namespace al::cli {

void print_json(std::FILE* out, const Analysis& a, const Args& args, const AttentionWeights& w);
void print_table(std::FILE* out, const Analysis& a, const Args& args);

}  // namespace al::cli
