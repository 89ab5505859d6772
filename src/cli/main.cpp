// attention-lens: the native command-line face of the core.
//   attention-lens "A Lannister always pays his debts" --heads 2 --json
#include <cstdio>
#include <iostream>

#include "cli/args.h"
#include "cli/files.h"
#include "cli/report.h"
#include "core/analyze.h"
#include "core/errors.h"

namespace {

using al::cli::read_file;

// The core file, then the shards that the texts' rare words live in.
al::EmbeddingStore load_store(const std::string& dir, const std::vector<std::string>& texts, std::size_t max_tokens) {
  al::EmbeddingStore store;
  const std::string core = dir + "/core.bin";
  store.add(al::parse_embedding_asset(read_file(core), core));
  for (const std::string& text : texts)
    for (std::uint32_t shard : al::shards_needed(text, store, max_tokens)) {
      char name[32];
      std::snprintf(name, sizeof name, "/shard-%03u.bin", shard);
      store.add(al::parse_embedding_asset(read_file(dir + name), dir + name));
    }
  return store;
}

al::AttentionWeights load_weights(const al::cli::Args& a, int d_model) {
  if (a.weights == "random") return al::random_weights(d_model, a.seed);
  if (a.weights == "trained") return al::parse_weights(read_file(a.weights_file), a.weights_file);
  return al::identity_weights(d_model);
}

bool blank(const al::Analysis& a) {
  return a.queries.tokens.empty() || (a.cross && a.documents.tokens.empty());
}

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
    std::fputs(al::cli::kUsage, stdout);
    return 0;
  }
  try {
    std::vector<std::string> texts{args.text};
    if (args.document) texts.push_back(*args.document);
    const al::EmbeddingStore store = load_store(args.assets, texts, args.pipeline.max_tokens);
    const al::PreparedWeights weights = al::prepare(load_weights(args, int(store.dims())));
    const al::Analysis a = args.document ? al::analyze_cross(args.text, *args.document, store, weights, args.pipeline)
                                         : al::analyze(args.text, store, weights, args.pipeline);
    if (blank(a)) {
      std::fprintf(stderr, "attention-lens: the %s has no words to attend to: type a sentence, e.g.\n"
                           "  attention-lens \"A Lannister always pays his debts\"\n",
                   a.queries.tokens.empty() ? "text" : "document");
      return 1;
    }
    if (a.queries.truncated || a.documents.truncated)
      std::fprintf(stderr, "attention-lens: note: the text has %zu tokens; the first %zu are analyzed "
                           "(--max-tokens, and at most %zu attention cells across heads)\n",
                   std::max(a.queries.total_tokens, a.documents.total_tokens),
                   std::max(a.queries.tokens.size(), a.documents.tokens.size()), al::kMaxAttentionCells);
    if (args.json) al::cli::print_json(stdout, a, args, weights.weights);
    else al::cli::print_table(stdout, a, args);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "attention-lens: %s\n", e.what());
    return 1;
  }
}
