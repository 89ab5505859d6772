// Printing an Analysis: as JSON (every requested step) or as a readable table of weights.
#pragma once
#include <cstdio>

#include "cli/args.h"
#include "core/analyze.h"
#include "core/image/analyze_image.h"
#include "core/json_writer.h"
#include "core/options.h"
#include "core/session.h"
#include "core/topic/model.h"

namespace al::cli {

// The options as a JSON object, each under its schema name.
template <class S>
void write_options(JsonWriter& j, const std::vector<OptionSpec<S>>& specs, const S& options) {
  j.begin_object();
  for (const OptionSpec<S>& spec : specs) {
    const OptionValue v = spec.get(options);
    j.key(spec.name);
    if (const bool* b = std::get_if<bool>(&v))
      j.value(*b);
    else if (const double* x = std::get_if<double>(&v))
      j.value(*x);
    else
      j.value(std::get<std::string>(v));
  }
  j.end_object();
}

// topic: the topic query's model, or null (then the JSON's "topic" is null and the table has no
// topic line)
// (made.topic null: the JSON's "topic" is null and the table has no topic line; the JSON's
// "options" are those the core used, its "notes" why they differ from those asked)
void print_json(std::FILE* out, const Analyzed& made, const Args& args);
void print_table(std::FILE* out, const Analysis& a, const Args& args, const topic::TopicModel* topic);

// The image mode: every requested step as JSON, or the query patch's weights as a grid.
void print_image_json(std::FILE* out, const image::ImageAnalysis& a, const Args& args, const AttentionWeights& w);
void print_image_table(std::FILE* out, const image::ImageAnalysis& a, const Args& args, int width, int height);

}  // namespace al::cli
