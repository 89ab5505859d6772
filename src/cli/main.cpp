// attention-lens: the native command-line face of the core.
//   attention-lens "A Lannister always pays his debts" --heads 2 --json
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli/args.h"
#include "cli/files.h"
#include "cli/png.h"
#include "cli/report.h"
#include "core/analyze.h"
#include "core/embedding_files.h"
#include "core/errors.h"
#include "core/image/tokens.h"
#include "core/presets.h"
#include "core/session.h"

namespace {

using al::cli::read_file;

al::AttentionWeights load_weights(const al::WeightsChoice& choice, const std::string& file, int d_model) {
  if (choice.preset == al::WeightsPreset::Trained) return al::parse_weights(read_file(file), file);
  return al::make_weights(choice, d_model);
}

// --image FILE.png: the picture's analysis, as JSON or as a grid of one patch's weights.
int run_image(const al::cli::Args& args) {
  const al::cli::RgbaPicture p = al::cli::read_png(*args.image);
  const al::PreparedWeights weights =
      al::prepare(load_weights(args.image_options.weights, args.weights_file, al::image::kTokenDims));
  const al::image::ImageAnalysis a =
      al::image::analyze_image(p.rgba.data(), p.rgba.size(), p.width, p.height, weights, args.image_options.image);
  if (args.json)
    al::cli::print_image_json(stdout, a, args, weights.weights);
  else
    al::cli::print_image_table(stdout, a, args, p.width, p.height);
  return 0;
}

// The topic query's model: --topic-model's file, or the build's beside the embeddings when it
// is there (none otherwise).
void load_topic(const al::cli::Args& args, al::Session& session) {
  const bool given = !args.topic_file.empty();
  const std::string path = given ? args.topic_file : args.assets + "/../weights/topic.bin";
  if (!given && !std::ifstream(path).good()) return;
  session.set_topic_model(read_file(path), path);
}

bool blank(const al::Analysis& a) { return a.text.tokens.empty() || (a.cross && a.document.tokens.empty()); }

}  // namespace

int main(int argc, char** argv) {
  al::cli::Args args;
  try {
    args = al::cli::parse_args(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "attention-lens: %s\nTry attention-lens --help.\n", e.what());
    return 2;
  }
  if (args.help) {
    std::fputs(al::cli::usage().c_str(), stdout);
    return 0;
  }
  if (args.schema) {
    std::puts(al::schema_json().c_str());
    return 0;
  }
  try {
    if (args.image) return run_image(args);
    std::vector<std::string_view> texts{args.text};
    if (args.document) texts.push_back(*args.document);
    al::Session session;
    al::load_needed(
        session.store(), [&](const std::string& name) { return read_file(args.assets + "/" + name); }, texts,
        args.options.pipeline.max_tokens);
    if (args.options.weights.preset == al::WeightsPreset::Trained)
      session.set_trained_weights(read_file(args.weights_file), args.weights_file);
    load_topic(args, session);
    const al::Analyzed made = args.document ? session.analyze_cross(args.text, *args.document, args.options)
                                            : session.analyze(args.text, args.options);
    const al::Analysis& a = made.analysis;
    for (const al::OptionNote& n : made.notes) std::fprintf(stderr, "attention-lens: note: %s\n", n.note.c_str());
    if (blank(a)) {
      std::fprintf(stderr,
                   "attention-lens: the %s has no words to attend to: type a sentence, e.g.\n"
                   "  attention-lens \"A Lannister always pays his debts\"\n",
                   a.text.tokens.empty() ? "text" : "document");
      return 1;
    }
    if (a.text.truncated || a.document.truncated)
      std::fprintf(stderr,
                   "attention-lens: note: the text has %zu tokens; the first %zu are analyzed "
                   "(--max-tokens, and at most %zu attention cells across heads)\n",
                   std::max(a.text.total_tokens, a.document.total_tokens),
                   std::max(a.text.tokens.size(), a.document.tokens.size()), al::kMaxAttentionCells);
    if (args.json)
      al::cli::print_json(stdout, made, args);
    else
      al::cli::print_table(stdout, a, args, made.topic.get());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "attention-lens: %s\n", e.what());
    return 1;
  }
}
