// attention-train: trains the attention layer natively on masked-word prediction and writes the
// "trained" weights preset (ALWT) and, optionally, a JSON report comparing random, identity and
// trained weights on the same held-out sentences.
//   attention-train --corpus dist/corpus/wordnet-examples.txt --out dist/weights/trained.alwt
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/files.h"
#include "core/embedding_files.h"
#include "core/json_writer.h"
#include "core/options.h"
#include "core/train/corpus.h"
#include "core/train/trainer.h"
#include "train/tool/flags.h"
#include "train/tool/report.h"
#include "train/tool/run.h"

namespace {

// The tool's own flags; the training options (heads, seed, learning rate, batch, held-out
// fraction) and their defaults come from the core's schema (core/options.h).
constexpr const char* kUsage =
    "usage: attention-train --corpus FILE --out FILE [options]\n"
    "  --corpus FILE        one sentence per line (npm run build:corpus)\n"
    "  --assets DIR         core.bin and the shards (default: " ATTENTION_LENS_ASSETS
    ")\n"
    "  --out FILE           the trained weights (\"ALWT\" format)\n"
    "  --report FILE        a JSON report: held-out accuracy of random, identity, trained weights\n"
    "  --steps N            mini-batches; the learning rate falls linearly to ~0 over them\n"
    "  --eval-every N       held-out top-10 on a subset every N steps (0 = never)\n";

using al::cli::read_file;
using al::cli::write_file;

struct Args : al::train_tool::RunFlags {
  Args() : RunFlags{"", "", al::train::kPresetTrainingSteps, 1000} {}
  std::string corpus, assets = ATTENTION_LENS_ASSETS;
  al::train::TrainOptions train;
};

// The tool's own flags, then the training options of the core's schema (core/options.h).
std::string usage() { return kUsage + al::train_tool::schema_usage(al::training_option_specs()); }

Args parse(int argc, char** argv) {
  Args a;
  al::train_tool::read_flags(argc, argv, usage(), [&](const std::string& flag, const std::string& v) {
    if (flag == "--corpus")
      a.corpus = v;
    else if (flag == "--assets")
      a.assets = v;
    else if (!al::train_tool::run_flag(a, flag, v))
      return al::train_tool::schema_flag(al::training_option_specs(), a.train, flag, v);
    return true;
  });
  if (a.corpus.empty() || a.out.empty()) throw std::invalid_argument("--corpus and --out are required");
  return a;
}

void print(const char* name, const al::train::Evaluation& e) {
  std::printf("  %-9s top-1 %5.2f%%  top-10 %5.2f%%  mean loss %.4f  (%d held-out sentences)\n", name, 100 * e.top1,
              100 * e.top10, e.mean_loss, e.examples);
}

void put(al::JsonWriter& j, const char* name, const al::train::Evaluation& e) {
  j.key(name)
      .begin_object()
      .key("top1")
      .value(e.top1)
      .key("top10")
      .value(e.top10)
      .key("meanLoss")
      .value(e.mean_loss)
      .end_object();
}

void train(Args& args) {
  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  const std::vector<std::string> sentences = al::train::corpus_sentences(read_file(args.corpus));
  al::EmbeddingStore store;  // the core file, then every shard a corpus word lives in
  const std::vector<std::string_view> texts(sentences.begin(), sentences.end());
  al::load_needed(
      store, [&](const std::string& name) { return read_file(args.assets + "/" + name); }, texts);
  args.train.decay_steps = args.steps;  // the rate falls linearly to ~0 over the run
  al::train::Trainer trainer(store, sentences, args.train);
  const int d = trainer.objective().d_model();
  const int all = int(trainer.held_out().size()), subset = std::min(all, 500);
  std::printf(
      "corpus: %zu sentences, %zu usable: %zu for training, %d held out; d_model %d, %d heads, "
      "batch %d, lr %g, seed %llu\n",
      sentences.size(), trainer.usable_sentences(), trainer.train_sentences(), all, d, args.train.attention.heads,
      args.train.batch_size, double(args.train.learning_rate), (unsigned long long)args.train.seed);
  const al::train::Evaluation random = trainer.evaluate(trainer.weights(), all);
  const al::train::Evaluation identity = trainer.evaluate(al::identity_weights(d), all);
  // context-free baseline: one output for every sentence (the word-frequency prior)
  const al::train::Evaluation constant = trainer.evaluate_constant(trainer.mean_target(), all);

  const al::train_tool::Training run = al::train_tool::run_steps(
      args.steps, 500, args.eval_every, [&] { return trainer.step(); },
      [&] {
        std::printf("  held-out top-10 %.2f%% (first %d)", 100 * trainer.evaluate(trainer.weights(), subset).top10,
                    subset);
      });
  const al::train::Evaluation trained = trainer.evaluate(trainer.weights(), all);
  al::AttentionWeights w = trainer.weights();
  w.preset = "trained";
  const std::string bytes = al::serialize_weights(w);
  write_file(args.out, bytes);
  const double total = std::chrono::duration<double>(clock::now() - t0).count();
  std::printf("held-out masked-word prediction (rank of the hidden word among %d core words):\n",
              trainer.objective().vocabulary_size());
  print("random", random);
  print("identity", identity);
  print("trained", trained);
  print("constant", constant);
  std::printf("  (constant: the mean unit vector of the training targets, whatever the context)\n");
  al::train_tool::print_summary(run, args.train.batch_size, "examples", total, args.out, bytes.size());

  if (args.report.empty()) return;
  al::train_tool::write_report(args.report, [&](al::JsonWriter& j) {
    j.key("corpus")
        .value(args.corpus)
        .key("sentences")
        .value(sentences.size())
        .key("usable")
        .value(trainer.usable_sentences())
        .key("train")
        .value(trainer.train_sentences())
        .key("heldOut")
        .value(all)
        .key("vocabulary")
        .value(trainer.objective().vocabulary_size());
    j.key("options")
        .begin_object()
        .key("steps")
        .value(args.steps)
        .key("batch")
        .value(args.train.batch_size)
        .key("learningRate")
        .value(std::stod(al::option_text(double(args.train.learning_rate))))
        .key("heads")
        .value(args.train.attention.heads)
        .key("seed")
        .value((long long)args.train.seed)
        .key("scale")
        .value(args.train.attention.scale)
        .key("temperature")
        .value(double(args.train.attention.temperature))
        .key("positional")
        .value(args.train.input.positional)
        .key("positionalWeight")
        .value(double(args.train.input.positional_weight))
        .key("heldOutFraction")
        .value(args.train.held_out_fraction)
        .end_object();
    j.key("heldOutAccuracy").begin_object();
    put(j, "random", random);
    put(j, "identity", identity);
    put(j, "trained", trained);
    put(j, "constant", constant);  // the best context-free output: the word-frequency prior
    j.end_object();
    al::train_tool::put_speed(j, run, total, bytes.size());
  });
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  return al::train_tool::tool_main(
      "attention-train", usage(), [&] { args = parse(argc, argv); }, [&] { train(args); });
}
