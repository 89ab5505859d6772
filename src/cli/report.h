// Printing an Analysis: as JSON (every requested step) or as a readable table of weights.
#pragma once
#include <cstdio>

#include "cli/args.h"
#include "core/analyze.h"
#include "core/image/analyze_image.h"

namespace al::cli {

void print_json(std::FILE* out, const Analysis& a, const Args& args, const AttentionWeights& w);
void print_table(std::FILE* out, const Analysis& a, const Args& args);

// The image mode: every requested step as JSON, or the query patch's weights as a grid.
void print_image_json(std::FILE* out, const image::ImageAnalysis& a, const Args& args, const AttentionWeights& w);
void print_image_table(std::FILE* out, const image::ImageAnalysis& a, const Args& args, int width, int height);

}  // namespace al::cli
