// attention-train-topic: trains the "what is this about?" query (core/topic) natively on
// WordNet's labelled samples and writes the page's topic model (ALTP), with a JSON report of the
// held-out accuracy beside the bag-of-words baseline (the same classifier on the mean of the
// word vectors, trained the same way) and the prior (the most frequent class).
//   attention-train-topic --corpus build/topics/wordnet-topics.tsv
//       --distractors build/topics/plain-words.txt --out dist/weights/topic.bin
// --probe FILE prints the model's answer for each line of FILE (one sentence a line) as
// tab-separated label, probability, the word of largest weight and the weights.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/files.h"
#include "core/embedding_files.h"
#include "core/json_writer.h"
#include "core/options.h"
#include "core/tokenizer.h"
#include "core/topic/corpus.h"
#include "core/topic/trainer.h"
#include "core/train/corpus.h"
#include "train/tool/flags.h"
#include "train/tool/report.h"
#include "train/tool/run.h"

namespace {

constexpr const char* kUsage =
    "usage: attention-train-topic --corpus FILE --distractors FILE --out FILE [options]\n"
    "  --corpus FILE        synset, label, kind, text: one sample a line (scripts/build-topics.mjs)\n"
    "  --distractors FILE   plain words of no topic, one a line\n"
    "  --assets DIR         core.bin and the shards (default: " ATTENTION_LENS_ASSETS
    ")\n"
    "  --out FILE           the topic model (\"ALTP\" format)\n"
    "  --report FILE        a JSON report: held-out accuracy of the model, the baseline, the prior\n"
    "  --probe FILE         print the model's answer for each line of FILE\n"
    "  --steps N  --batch N  --d-k N  --seed N  --rate X  --none-share X  --augment X  --mix X  --weight-decay X  "
    "--max-distractors N  --threshold X\n";

struct Args {
  std::string corpus, distractors, assets = ATTENTION_LENS_ASSETS, out, report, probe;
  al::topic::TopicTrainOptions train;
};

double to_number(const std::string& flag, const std::string& v, double lo, double hi) {
  char* end = nullptr;
  const double x = std::strtod(v.c_str(), &end);
  if (v.empty() || *end != '\0' || !(x >= lo && x <= hi))
    throw std::invalid_argument(flag + " needs a number from " + std::to_string(lo) + " to " + std::to_string(hi));
  return x;
}

Args parse(int argc, char** argv) {
  Args a;
  al::train_tool::read_flags(argc, argv, kUsage, [&](const std::string& flag, const std::string& v) {
    auto& t = a.train;
    if (flag == "--corpus")
      a.corpus = v;
    else if (flag == "--distractors")
      a.distractors = v;
    else if (flag == "--assets")
      a.assets = v;
    else if (flag == "--out")
      a.out = v;
    else if (flag == "--report")
      a.report = v;
    else if (flag == "--probe")
      a.probe = v;
    else if (flag == "--steps")
      t.steps = int(to_number(flag, v, 0, 1e7));
    else if (flag == "--batch")
      t.batch_size = int(to_number(flag, v, 1, 4096));
    else if (flag == "--d-k")
      t.d_k = int(to_number(flag, v, 1, 1024));
    else if (flag == "--seed")
      t.seed = std::uint64_t(to_number(flag, v, 0, 4294967295.0));
    else if (flag == "--rate")
      t.learning_rate = float(to_number(flag, v, 1e-9, 10));
    else if (flag == "--none-share")
      t.none_share = to_number(flag, v, 0, 0.99);
    else if (flag == "--augment")
      t.augment = to_number(flag, v, 0, 1);
    else if (flag == "--weight-decay")
      t.weight_decay = to_number(flag, v, 0, 1);
    else if (flag == "--mix")
      t.mix = to_number(flag, v, 0, 1);
    else if (flag == "--max-distractors")
      t.max_distractors = int(to_number(flag, v, 1, 16));
    else if (flag == "--threshold")
      t.threshold = float(to_number(flag, v, 0, 1));
    else
      return false;
    return true;
  });
  if (a.corpus.empty() || a.distractors.empty() || a.out.empty())
    throw std::invalid_argument("--corpus, --distractors and --out are required");
  return a;
}

void print(const char* name, const al::topic::Accuracy& a) {
  std::printf("  %-22s accuracy %5.1f%%  macro %5.1f%%  topics alone %5.1f%%  mean loss %.3f  (%d samples)\n", name,
              100 * a.accuracy, 100 * a.macro, 100 * a.topics, a.mean_loss, a.samples);
}

void put(al::JsonWriter& j, const char* name, const al::topic::Accuracy& a) {
  j.key(name).begin_object().key("accuracy").value(a.accuracy).key("macro").value(a.macro);
  j.key("topics").value(a.topics).key("meanLoss").value(a.mean_loss).key("samples").value(a.samples).end_object();
}

// The model's answer for each line of the probe file.
void probe(const std::string& path, const al::EmbeddingStore& store, const al::topic::TopicModel& m) {
  for (const std::string& line : al::train::corpus_sentences(al::cli::read_file(path))) {
    const std::vector<al::Token> tokens = al::tokenize(line);
    al::Matrix x(int(tokens.size()), m.d);
    std::vector<bool> used(tokens.size());
    for (std::size_t i = 0; i < tokens.size(); ++i)
      used[i] = tokens[i].kind == al::TokenKind::Word &&
                store.vector_of(tokens[i].lower, x.row(int(i)), true).status == al::LookupStatus::Known;
    const al::topic::TopicResult r = al::topic::about(x, used, m);
    std::size_t top = 0;
    for (std::size_t i = 0; i < tokens.size(); ++i)
      if (r.weights[i] > r.weights[top]) top = i;
    std::printf("%s\t%s\t%.3f\t%s", line.c_str(), r.label < 0 ? "-" : m.labels[std::size_t(r.label)].c_str(),
                double(r.probabilities[std::size_t(r.best)]), tokens.empty() ? "" : tokens[top].lower.c_str());
    std::printf("\t%s\t%.3f\t", m.labels[std::size_t(r.best)].c_str(), double(r.probabilities.back()));
    for (std::size_t i = 0; i < tokens.size(); ++i)
      std::printf("%s%s:%.2f", i ? " " : "", tokens[i].lower.c_str(), double(r.weights[i]));
    std::printf("\n");
  }
}

void train(const Args& args) {
  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  const std::vector<al::topic::Sample> samples = al::topic::parse_samples(al::cli::read_file(args.corpus));
  const std::vector<std::string> distractors = al::train::corpus_sentences(al::cli::read_file(args.distractors));
  std::vector<std::string> texts;
  for (const auto& s : samples) texts.push_back(s.text);
  texts.insert(texts.end(), distractors.begin(), distractors.end());
  if (!args.probe.empty())
    for (const std::string& line : al::train::corpus_sentences(al::cli::read_file(args.probe))) texts.push_back(line);
  al::EmbeddingStore store;  // the core file, then every shard a corpus word lives in
  const std::vector<std::string_view> views(texts.begin(), texts.end());
  al::load_needed(
      store, [&](const std::string& name) { return al::cli::read_file(args.assets + "/" + name); }, views);

  auto run = [&](al::topic::TopicTrainOptions o, const char* name) {
    al::topic::TopicTrainer t(store, samples, distractors, o);
    const auto a = clock::now();
    double loss = 0;
    for (int s = 1; s <= o.steps; ++s) {
      loss += t.step();
      if (s % 1000 == 0 || s == o.steps) {
        std::printf("%s: step %5d  loss %.4f\n", name, s, loss / (s % 1000 == 0 ? 1000 : s % 1000));
        loss = 0;
      }
    }
    const double seconds = std::chrono::duration<double>(clock::now() - a).count();
    return std::make_pair(std::move(t), seconds);
  };
  auto [model, seconds] = run(args.train, "attention");
  al::topic::TopicTrainOptions mean = args.train;
  mean.uniform = true;
  auto [baseline, baseline_seconds] = run(mean, "mean of the vectors");
  const al::topic::Evaluation e = model.evaluate(), b = baseline.evaluate();
  const al::topic::TopicModel m = model.model();
  const std::string bytes = al::topic::serialize_topic_model(m);
  al::cli::write_file(args.out, bytes);

  std::printf("corpus: %zu samples, %zu with a word vector: %zu for training, %zu held out; %zu classes\n",
              samples.size(), model.usable_samples(), model.train_samples(), model.held_out_samples(),
              model.labels().size());
  std::printf("held-out samples (of synsets never trained on):\n");
  print("attention (the query)", e.plain);
  print("mean of the vectors", b.plain);
  print("prior (majority class)", e.prior);
  std::printf("the same with distractor words inserted (1 to %d, words never trained on):\n",
              args.train.max_distractors);
  print("attention (the query)", e.distracted);
  print("mean of the vectors", b.distracted);
  std::printf("%d steps in %.1f s (the baseline %.1f s); %.1f s in all; wrote %s (%zu bytes)\n", args.train.steps,
              seconds, baseline_seconds, std::chrono::duration<double>(clock::now() - t0).count(), args.out.c_str(),
              bytes.size());
  if (!args.probe.empty()) probe(args.probe, store, m);

  if (args.report.empty()) return;
  al::train_tool::write_report(args.report, [&](al::JsonWriter& j) {
    const auto& o = args.train;
    j.key("corpus").value(args.corpus).key("samples").value(samples.size());
    j.key("train").value(model.train_samples()).key("heldOut").value(model.held_out_samples());
    j.key("labels").begin_array();
    for (const std::string& l : model.labels()) j.value(l);
    j.end_array();
    j.key("options").begin_object().key("steps").value(o.steps).key("batch").value(o.batch_size);
    j.key("dK").value(o.d_k).key("learningRate").value(double(o.learning_rate));
    j.key("noneShare").value(o.none_share).key("augment").value(o.augment);
    j.key("maxDistractors").value(o.max_distractors).key("threshold").value(double(o.threshold));
    j.key("seed").value((long long)o.seed).end_object();
    j.key("heldOut").begin_object();
    put(j, "attention", e.plain);
    put(j, "meanOfVectors", b.plain);
    put(j, "prior", e.prior);
    j.end_object();
    j.key("heldOutWithDistractors").begin_object();
    put(j, "attention", e.distracted);
    put(j, "meanOfVectors", b.distracted);
    j.end_object();
    j.key("trainingSeconds").value(seconds).key("modelBytes").value(bytes.size());
  });
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  return al::train_tool::tool_main(
      "attention-train-topic", kUsage, [&] { args = parse(argc, argv); }, [&] { train(args); });
}
