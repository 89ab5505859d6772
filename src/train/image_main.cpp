// attention-train-image: trains the image attention layer natively as learned non-local means
// (src/core/train/image_objective.h: filter × V of a noisy picture against the clean one) and
// writes the "image-trained" weights (ALWT, d_model 48) and, optionally, a JSON report comparing
// the trained layer with its baselines on the same noisy copies of pictures it was never trained on.
//   attention-train-image --train a.pgm --train b.ppm --held-out c.ppm --out image-trained.bin
// Pictures are binary Netpbm files (P5 or P6): scripts/build-images.mjs writes them.
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/files.h"
#include "core/options.h"
#include "core/train/image_trainer.h"
#include "core/train/netpbm.h"
#include "train/image_report.h"
#include "train/tool/flags.h"
#include "train/tool/run.h"

namespace {

using al::train::ImageTrainOptions;

constexpr const char* kUsage =
    "usage: attention-train-image --train FILE... --held-out FILE... --out FILE [options]\n"
    "  --train FILE         a picture to train on (binary Netpbm, P5 or P6); repeat for more\n"
    "  --held-out FILE      a picture never trained on, scored; repeat for more\n"
    "  --out FILE           the trained weights (\"ALWT\" format, d_model 48)\n"
    "  --report FILE        a JSON report: held-out scores of the trained layer and its baselines\n"
    "  --steps N            mini-batches; the learning rate falls linearly to ~0 over them (or --decay-steps)\n"
    "  --eval-every N       held-out PSNR every N steps (0 = never)\n";

struct Args : al::train_tool::RunFlags {
  Args() : RunFlags{"", "", al::train::kPresetImageTrainingSteps, 500} {}
  std::vector<std::string> train, held_out;
  ImageTrainOptions options;  // its members hold the defaults
};

// The tool's own flags, then the training options of the core's schema (core/options.h), with
// the tool's defaults (the rate decays over the default --steps).
std::string usage() {
  ImageTrainOptions defaults;
  defaults.decay_steps = al::train::kPresetImageTrainingSteps;
  return kUsage + al::train_tool::schema_usage(al::image_training_option_specs(), defaults);
}

Args parse(int argc, char** argv) {
  Args a;
  bool decay_given = false;
  al::train_tool::read_flags(argc, argv, usage(), [&](const std::string& flag, const std::string& v) {
    if (flag == "--train")
      a.train.push_back(v);
    else if (flag == "--held-out")
      a.held_out.push_back(v);
    else if (al::train_tool::run_flag(a, flag, v))
      return true;
    else if (al::train_tool::schema_flag(al::image_training_option_specs(), a.options, flag, v))
      decay_given = decay_given || flag == "--decay-steps" || flag == "--decaySteps";
    else
      return false;
    return true;
  });
  if (!decay_given) a.options.decay_steps = a.steps;  // the rate falls linearly to ~0 over the run
  if ((a.train.empty() && a.options.synthetic == 0) || a.held_out.empty() || a.out.empty())
    throw std::invalid_argument("--train (or --synthetic), --held-out and --out are required");
  return a;
}

void train(const Args& args) {
  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  al::train::ImageTrainer trainer(args.options);
  std::vector<int> views_per_picture;
  for (const std::string& path : args.train) {
    const int before = trainer.training_views();
    const al::train::RgbaPicture p = al::train::parse_netpbm(al::cli::read_file(path), path);
    trainer.add_picture(p.rgba.data(), p.rgba.size(), p.width, p.height, false);
    views_per_picture.push_back(trainer.training_views() - before);
  }
  for (const std::string& path : args.held_out) {
    const al::train::RgbaPicture p = al::train::parse_netpbm(al::cli::read_file(path), path);
    trainer.add_picture(p.rgba.data(), p.rgba.size(), p.width, p.height, true);
  }
  const ImageTrainOptions& o = trainer.options();
  const int n = trainer.objective().grid().count;
  std::printf(
      "pictures: %zu to train on (%d views), %zu held out (%d noisy copies); patch %d (%d patches), %d heads, "
      "%s, mask %s, T %g, noise σ %g, positional %s, batch %d, lr %g, seed %llu\n",
      args.train.size(), trainer.training_views(), args.held_out.size(),
      trainer.held_out_pictures() * al::train::kHeldOutDraws, o.patch, n, o.attention.heads,
      al::to_string(o.attention.similarity), al::to_string(o.attention.mask), double(o.attention.temperature),
      double(o.noise), o.input.positional ? "on" : "off", o.batch_size, double(o.learning_rate),
      (unsigned long long)o.seed);
  const al::train::ImageBaselines base = trainer.baselines();

  const al::train_tool::Training run = al::train_tool::run_steps(
      args.steps, 100, args.eval_every, [&] { return trainer.step(); },
      [&] { std::printf("  held-out filter × V %.2f dB", trainer.evaluate(trainer.weights()).psnr); });
  const al::image_tool::ImageResults results = al::image_tool::held_out_results(trainer, base);
  al::AttentionWeights w = trainer.weights();
  w.preset = "image-trained";
  const std::string bytes = al::serialize_weights(w);
  al::cli::write_file(args.out, bytes);
  const double total = std::chrono::duration<double>(clock::now() - t0).count();

  al::image_tool::print_results(results, trainer.held_out_pictures());
  al::train_tool::print_summary(run, o.batch_size, "pictures", total, args.out, bytes.size());
  if (!args.report.empty())
    al::image_tool::write_report(args.report, {args.train, args.held_out, views_per_picture, trainer.training_views(),
                                               o, run, results, total, bytes.size()});
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  return al::train_tool::tool_main(
      "attention-train-image", usage(), [&] { args = parse(argc, argv); }, [&] { train(args); });
}
