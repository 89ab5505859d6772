// attention-train: trains the attention layer natively on masked-word prediction and writes the
// "trained" weights preset (ALWT) and, optionally, a JSON report comparing random, identity and
// trained weights on the same held-out sentences.
//   attention-train --corpus dist/corpus/wordnet-examples.txt --out dist/weights/trained.alwt
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/files.h"
#include "core/embedding_files.h"
#include "core/errors.h"
#include "core/json_writer.h"
#include "core/options.h"
#include "core/train/corpus.h"
#include "core/train/trainer.h"

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

struct Args {
  std::string corpus, assets = ATTENTION_LENS_ASSETS, out, report;
  int steps = al::train::kPresetTrainingSteps, eval_every = 1000;
  al::train::TrainOptions train;
};

std::string usage() {
  std::string out = kUsage;
  const al::train::TrainOptions defaults;
  for (const auto& spec : al::training_option_specs()) {
    std::string line = std::string("  --") + spec.flag + " X";
    line += std::string(line.size() < 23 ? 23 - line.size() : 1, ' ');
    out += line + spec.help + " (default " + al::option_text(spec.get(defaults)) + ")\n";
  }
  return out;
}

int to_int(const std::string& flag, const std::string& v) {
  char* end = nullptr;
  const long x = std::strtol(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0' || x < 0 || x > 100000000)
    throw std::invalid_argument(flag + " needs a whole number >= 0");
  return int(x);
}

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      std::fputs(usage().c_str(), stdout);
      std::exit(0);
    }
    if (i + 1 >= argc) throw std::invalid_argument(flag + " needs a value");
    const std::string v = argv[++i];
    if (flag == "--corpus")
      a.corpus = v;
    else if (flag == "--assets")
      a.assets = v;
    else if (flag == "--out")
      a.out = v;
    else if (flag == "--report")
      a.report = v;
    else if (flag == "--steps")
      a.steps = to_int(flag, v);
    else if (flag == "--eval-every")
      a.eval_every = to_int(flag, v);
    else if (flag.compare(0, 2, "--") == 0 && al::find_option(al::training_option_specs(), flag.substr(2)))
      al::set_option_text(a.train, flag.substr(2), v);
    else
      throw std::invalid_argument("unknown option " + flag);
  }
  if (a.corpus.empty() || a.out.empty()) throw std::invalid_argument("--corpus and --out are required");
  return a;
}

using al::cli::read_file;
using al::cli::write_file;

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

}  // namespace

int main(int argc, char** argv) {
  Args args;
  try {
    args = parse(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "attention-train: %s\n%s", e.what(), usage().c_str());
    return 2;
  }
  try {
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

    double train_seconds = 0, loss_sum = 0;
    int since = 0;
    for (int s = 1; s <= args.steps; ++s) {
      const auto a = clock::now();
      loss_sum += trainer.step();
      train_seconds += std::chrono::duration<double>(clock::now() - a).count();
      ++since;
      if (s % 500 == 0 || s == args.steps) {
        std::printf("step %5d  loss %.4f  %.1f steps/s", s, loss_sum / since, s / train_seconds);
        if (args.eval_every > 0 && (s % args.eval_every == 0 || s == args.steps))
          std::printf("  held-out top-10 %.2f%% (first %d)", 100 * trainer.evaluate(trainer.weights(), subset).top10,
                      subset);
        std::printf("\n");
        std::fflush(stdout);
        loss_sum = 0;
        since = 0;
      }
    }
    const al::train::Evaluation trained = trainer.evaluate(trainer.weights(), all);
    al::AttentionWeights w = trainer.weights();
    w.preset = "trained";
    const std::string bytes = al::serialize_weights(w);
    write_file(args.out, bytes);
    const double steps_per_second = train_seconds > 0 ? args.steps / train_seconds : 0;
    const double total = std::chrono::duration<double>(clock::now() - t0).count();
    std::printf("held-out masked-word prediction (rank of the hidden word among %d core words):\n",
                trainer.objective().vocabulary_size());
    print("random", random);
    print("identity", identity);
    print("trained", trained);
    print("constant", constant);
    std::printf("  (constant: the mean unit vector of the training targets, whatever the context)\n");
    std::printf("%d steps in %.1f s (%.1f steps/s, %.0f examples/s); %.1f s in all; wrote %s (%zu bytes)\n", args.steps,
                train_seconds, steps_per_second, steps_per_second * args.train.batch_size, total, args.out.c_str(),
                bytes.size());

    if (!args.report.empty()) {
      std::FILE* f = std::fopen(args.report.c_str(), "w");
      if (!f) throw al::AssetError("cannot write '" + args.report + "'");
      {
        al::JsonWriter j(f);
        j.begin_object()
            .key("corpus")
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
        j.key("stepsPerSecond")
            .value(steps_per_second)
            .key("trainingSeconds")
            .value(train_seconds)
            .key("totalSeconds")
            .value(total)
            .key("weightsBytes")
            .value(bytes.size())
            .end_object();
      }
      std::fputs("\n", f);
      std::fclose(f);
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "attention-train: %s\n", e.what());
    return 1;
  }
}
