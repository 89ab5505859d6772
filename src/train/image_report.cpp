#include "train/image_report.h"

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "core/options.h"
#include "train/tool/report.h"

namespace al::image_tool {
namespace {

using train::ImageEvaluation;

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

void put(JsonWriter& j, const char* name, const ImageEvaluation& e) {
  j.key(name).begin_object().key("loss").value(e.loss).key("psnr").value(e.psnr).end_object();
}

// The baselines the trained layer must beat, under the report's names.
struct Row {
  const char* name;
  const ImageEvaluation& e;
};
std::vector<Row> rows(const train::ImageBaselines& base) {
  return {
      {"identity", base.identity}, {"random", base.random}, {"noisyInput", base.noisy}, {"meanPatch", base.mean_patch}};
}

}  // namespace

ImageResults held_out_results(const train::ImageTrainer& t, const train::ImageBaselines& base) {
  ImageResults r{t.evaluate(t.weights()), base, {}, 0};
  AttentionOptions o = t.options().attention;
  const float from = o.temperature;
  for (int k = -12; k <= 12; ++k) {
    o.temperature = from * std::pow(2.0f, k / 4.0f);
    const ImageEvaluation e = t.evaluate(identity_weights(image::kTokenDims), o);
    if (r.tuned_temperature == 0 || e.loss < r.tuned.loss) {
      r.tuned = e;
      r.tuned_temperature = o.temperature;
    }
  }
  return r;
}

void print_results(const ImageResults& r, int held_out_pictures) {
  const train::ImageBaselines& base = r.base;
  std::printf("held-out restoration (%d noisy copies of %d pictures never trained on):\n", r.trained.pictures,
              held_out_pictures);
  print("trained", r.trained);
  print("identity", base.identity);
  const std::string tuned_name = "identity at T " + text(r.tuned_temperature);
  print(tuned_name.c_str(), r.tuned);
  print("random", base.random);
  print("noisy input", base.noisy);
  print("mean patch", base.mean_patch);
  std::printf(
      "  (filter × V: the mean of the heads' weights times the noisy pixels, against the clean pixels;\n"
      "   identity at T: the best temperature for identity weights, chosen on these pictures)\n");
  for (const Row& row : rows(base))
    if (!(r.trained.loss < row.e.loss))
      std::printf("  the trained layer does NOT beat %s on held-out filter × V (%.2f against %.2f dB)\n", row.name,
                  r.trained.psnr, row.e.psnr);
}

void write_report(const std::string& path, const ImageReport& r) {
  const ImageResults& res = r.results;
  train_tool::write_report(path, [&](JsonWriter& j) {
    j.key("task").value("learned non-local means: filter × V of noisy pictures against the clean ones");
    j.key("train").begin_array();
    for (std::size_t i = 0; i < r.train.size(); ++i)
      j.begin_object().key("name").value(stem(r.train[i])).key("views").value(r.views_per_picture[i]).end_object();
    j.end_array().key("syntheticPictures").value(r.options.synthetic).key("heldOut").begin_array();
    for (const std::string& p : r.held_out) j.value(stem(p));
    j.end_array();
    j.key("trainingViews").value(r.training_views).key("heldOutCopies").value(res.trained.pictures);
    j.key("options").begin_object().key("steps").value(r.training.steps);
    train_tool::put_options(j, image_training_option_specs(), r.options);
    j.end_object();
    j.key("trainingLoss").begin_object().key("firstStep").value(r.training.first_loss);
    j.key("last100Steps").value(r.training.last_loss).end_object();
    j.key("heldOut").begin_object();
    put(j, "trained", res.trained);
    for (const Row& row : rows(res.base)) put(j, row.name, row.e);
    j.end_object();
    j.key("identityAtBestTemperature").begin_object().key("temperature").value(res.tuned_temperature);
    j.key("loss").value(res.tuned.loss).key("psnr").value(res.tuned.psnr).end_object();
    j.key("trainedBeats").begin_object();
    for (const Row& row : rows(res.base)) j.key(row.name).value(res.trained.loss < row.e.loss);
    j.end_object();
    train_tool::put_speed(j, r.training, r.total_seconds, r.weights_bytes);
  });
}

}  // namespace al::image_tool
