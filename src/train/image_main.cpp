// attention-train-image: trains the image attention layer natively as learned non-local means
// (src/core/train/image_objective.h: filter × V of a noisy picture against the clean one) and
// writes the "image-trained" weights (ALWT, d_model 48) and, optionally, a JSON report comparing
// the trained layer with its baselines on the same noisy copies of pictures it was never trained on.
//   attention-train-image --train a.pgm --train b.ppm --held-out c.ppm --out image-trained.bin
// Pictures are binary Netpbm files (P5 or P6): scripts/build-images.mjs writes them.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "cli/files.h"
#include "core/errors.h"
#include "core/json_writer.h"
#include "core/options.h"
#include "core/train/image_trainer.h"
#include "core/train/netpbm.h"
#include "train/tool/flags.h"

namespace {

using al::train::ImageEvaluation;
using al::train::ImageTrainOptions;

constexpr const char* kUsage =
    "usage: attention-train-image --train FILE... --held-out FILE... --out FILE [options]\n"
    "  --train FILE         a picture to train on (binary Netpbm, P5 or P6); repeat for more\n"
    "  --held-out FILE      a picture never trained on, scored; repeat for more\n"
    "  --out FILE           the trained weights (\"ALWT\" format, d_model 48)\n"
    "  --report FILE        a JSON report: held-out scores of the trained layer and its baselines\n"
    "  --steps N            mini-batches; the learning rate falls linearly to ~0 over them (or --decay-steps)\n"
    "  --eval-every N       held-out PSNR every N steps (0 = never)\n";

struct Args {
  std::vector<std::string> train, held_out;
  std::string out, report;
  int steps = al::train::kPresetImageTrainingSteps, eval_every = 500;
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
    else if (flag == "--out")
      a.out = v;
    else if (flag == "--report")
      a.report = v;
    else if (flag == "--steps")
      a.steps = al::train_tool::whole_number(flag, v);
    else if (flag == "--eval-every")
      a.eval_every = al::train_tool::whole_number(flag, v);
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

// x as printf's %g writes it
std::string text(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

std::string stem(const std::string& path) { return std::filesystem::path(path).stem().string(); }

void print(const char* name, const ImageEvaluation& e) {
  std::printf("  %-22s filter × V: MSE %.5f, PSNR %6.2f dB\n", name, e.loss, e.psnr);
}

void put(al::JsonWriter& j, const char* name, const ImageEvaluation& e) {
  j.key(name).begin_object().key("loss").value(e.loss).key("psnr").value(e.psnr).end_object();
}

// Identity weights at the best of a grid of temperatures, T = 2^(k/4) times the training's: what
// a temperature alone reaches. Chosen on the held-out pictures themselves, so an upper bound.
struct Tuned {
  ImageEvaluation e;
  float temperature;
};
Tuned identity_at_best_temperature(const al::train::ImageTrainer& t) {
  Tuned best{{}, 0};
  al::AttentionOptions o = t.options().attention;
  const float base = o.temperature;
  for (int k = -12; k <= 12; ++k) {
    o.temperature = base * std::pow(2.0f, k / 4.0f);
    const ImageEvaluation e = t.evaluate(al::identity_weights(al::image::kTokenDims), o);
    if (best.temperature == 0 || e.loss < best.e.loss) best = {e, o.temperature};
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  try {
    args = parse(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "attention-train-image: %s\n%s", e.what(), usage().c_str());
    return 2;
  }
  try {
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

    double train_seconds = 0, loss_sum = 0, first_loss = 0, last_loss = 0;
    int since = 0;
    for (int s = 1; s <= args.steps; ++s) {
      const auto a = clock::now();
      const double loss = trainer.step();
      train_seconds += std::chrono::duration<double>(clock::now() - a).count();
      if (s == 1) first_loss = loss;
      loss_sum += loss;
      ++since;
      if (s % 100 == 0 || s == args.steps) {
        last_loss = loss_sum / since;
        std::printf("step %5d  loss %.4f  %.1f steps/s", s, last_loss, s / train_seconds);
        if (args.eval_every > 0 && (s % args.eval_every == 0 || s == args.steps))
          std::printf("  held-out filter × V %.2f dB", trainer.evaluate(trainer.weights()).psnr);
        std::printf("\n");
        std::fflush(stdout);
        loss_sum = 0;
        since = 0;
      }
    }
    const ImageEvaluation trained = trainer.evaluate(trainer.weights());
    const Tuned tuned = identity_at_best_temperature(trainer);
    al::AttentionWeights w = trainer.weights();
    w.preset = "image-trained";
    const std::string bytes = al::serialize_weights(w);
    al::cli::write_file(args.out, bytes);
    const double steps_per_second = train_seconds > 0 ? args.steps / train_seconds : 0;
    const double total = std::chrono::duration<double>(clock::now() - t0).count();

    std::printf("held-out restoration (%d noisy copies of %d pictures never trained on):\n", trained.pictures,
                trainer.held_out_pictures());
    print("trained", trained);
    print("identity", base.identity);
    const std::string tuned_name = "identity at T " + text(tuned.temperature);
    print(tuned_name.c_str(), tuned.e);
    print("random", base.random);
    print("noisy input", base.noisy);
    print("mean patch", base.mean_patch);
    std::printf(
        "  (filter × V: the mean of the heads' weights times the noisy pixels, against the clean pixels;\n"
        "   identity at T: the best temperature for identity weights, chosen on these pictures)\n");
    struct Row {
      const char* name;
      const ImageEvaluation& e;
    };
    const Row rows[] = {{"identity", base.identity},
                        {"random", base.random},
                        {"noisyInput", base.noisy},
                        {"meanPatch", base.mean_patch}};
    for (const Row& r : rows)
      if (!(trained.loss < r.e.loss))
        std::printf("  the trained layer does NOT beat %s on held-out filter × V (%.2f against %.2f dB)\n", r.name,
                    trained.psnr, r.e.psnr);
    std::printf("%d steps in %.1f s (%.1f steps/s, %.0f pictures/s); %.1f s in all; wrote %s (%zu bytes)\n", args.steps,
                train_seconds, steps_per_second, steps_per_second * o.batch_size, total, args.out.c_str(),
                bytes.size());

    if (!args.report.empty()) {
      std::FILE* f = std::fopen(args.report.c_str(), "w");
      if (!f) throw al::AssetError("cannot write '" + args.report + "'");
      {
        al::JsonWriter j(f);
        j.begin_object().key("task").value(
            "learned non-local means: filter × V of noisy pictures against the clean ones");
        j.key("train").begin_array();
        for (std::size_t i = 0; i < args.train.size(); ++i)
          j.begin_object().key("name").value(stem(args.train[i])).key("views").value(views_per_picture[i]).end_object();
        j.end_array().key("syntheticPictures").value(o.synthetic).key("heldOut").begin_array();
        for (const std::string& path : args.held_out) j.value(stem(path));
        j.end_array();
        j.key("trainingViews").value(trainer.training_views()).key("heldOutCopies").value(trained.pictures);
        j.key("options").begin_object().key("steps").value(args.steps);
        for (const auto& spec : al::image_training_option_specs()) {
          const al::OptionValue v = spec.get(o);
          j.key(spec.name);
          if (const bool* b = std::get_if<bool>(&v))
            j.value(*b);
          else if (std::holds_alternative<double>(v))
            j.value(std::stod(al::option_text(v)));  // 0.001, not the float's 0.0010000000474974513
          else
            j.value(std::get<std::string>(v));  // a choice: similarity, mask
        }
        j.end_object();
        j.key("trainingLoss").begin_object().key("firstStep").value(first_loss).key("last100Steps").value(last_loss);
        j.end_object();
        j.key("heldOut").begin_object();
        put(j, "trained", trained);
        put(j, "identity", base.identity);
        put(j, "random", base.random);
        put(j, "noisyInput", base.noisy);
        put(j, "meanPatch", base.mean_patch);
        j.end_object();
        j.key("identityAtBestTemperature").begin_object().key("temperature").value(tuned.temperature);
        j.key("loss").value(tuned.e.loss).key("psnr").value(tuned.e.psnr).end_object();
        j.key("trainedBeats").begin_object();
        for (const Row& r : rows) j.key(r.name).value(trained.loss < r.e.loss);
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
    std::fprintf(stderr, "attention-train-image: %s\n", e.what());
    return 1;
  }
}
