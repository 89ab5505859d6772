// Training the image layer in a browser worker, for the module built with the trainer
// (attention-lens-train-*): learned non-local means (core/train/image_trainer.h), a few
// mini-batches at a time. Marshalling only: the data, the held-out scoring and the baselines are
// the core's.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/train/image_trainer.h"
#include "core/weights.h"
#include "wasm/binding_support.h"

namespace al::wasm {
namespace {

// {pictures, loss, psnr}: filter × V's mean squared error and PSNR, the names of the native report
val evaluation(const train::ImageEvaluation& e) {
  val out = val::object();
  out.set("pictures", e.pictures);
  out.set("loss", e.loss);
  out.set("psnr", e.psnr);
  return out;
}

class ImageTrainer {
 public:
  explicit ImageTrainer(const train::ImageTrainOptions& o) : trainer_(o) {}

  // RGBA8 bytes (width × height × 4) at ptr: views to train on, or one held-out picture
  void addPicture(std::uintptr_t ptr, double length, int width, int height, bool held_out) {
    guarded([&] {
      trainer_.add_picture(reinterpret_cast<const std::uint8_t*>(ptr), std::size_t(length), width, height, held_out);
    });
  }
  // runs `count` mini-batches; returns their mean loss
  double steps(int count) { return mean_loss_of_steps(trainer_, count); }
  int stepCount() const { return trainer_.steps(); }
  int epochs() const { return trainer_.epochs(); }
  int trainingViews() const { return trainer_.training_views(); }
  int heldOutPictures() const { return trainer_.held_out_pictures(); }
  // held-out scores of the current weights
  val evaluate() {
    return guarded([&] { return evaluation(trainer_.evaluate(trainer_.weights())); });
  }
  // held-out scores of other weights: an "ALWT" file (d_model 48) at ptr
  val evaluateWeights(std::uintptr_t ptr, double length) {
    return guarded([&] {
      const std::string_view bytes(reinterpret_cast<const char*>(ptr), std::size_t(length));
      return evaluation(trainer_.evaluate(parse_weights(bytes, "the weights to score")));
    });
  }
  // the same for identity, random, the noisy input and the mean patch
  val baselines() {
    return guarded([&] {
      const train::ImageBaselines b = trainer_.baselines();
      val out = val::object();
      out.set("identity", evaluation(b.identity));
      out.set("random", evaluation(b.random));
      out.set("noisyInput", evaluation(b.noisy));
      out.set("meanPatch", evaluation(b.mean_patch));
      return out;
    });
  }
  // the current weights in the "ALWT" format (d_model 48), as a view JS copies at once
  val weightsFile() {
    return guarded([&] {
      AttentionWeights w = trainer_.weights();
      w.preset = "image-trained";
      bytes_ = serialize_weights(w);
      return view_of(reinterpret_cast<const std::uint8_t*>(bytes_.data()), bytes_.size());
    });
  }
  void reset(double seed) {
    guarded([&] { trainer_.initialize(std::uint64_t(seed)); });
  }

 private:
  train::ImageTrainer trainer_;
  std::string bytes_;
};

// A trainer with no pictures but its dead-leaves ones yet; options as the schema's image
// training options (heads, patch, seed, noise, batch, ...; defaults for the rest).
std::unique_ptr<ImageTrainer> createImageTrainer(const val& options) {
  return guarded([&] { return std::make_unique<ImageTrainer>(options_from(options, image_training_option_specs())); });
}

}  // namespace
}  // namespace al::wasm

EMSCRIPTEN_BINDINGS(attention_lens_image_train) {
  using namespace emscripten;
  using namespace al::wasm;
  class_<ImageTrainer>("ImageTrainer")
      .function("addPicture", &ImageTrainer::addPicture)
      .function("steps", &ImageTrainer::steps)
      .function("stepCount", &ImageTrainer::stepCount)
      .function("epochs", &ImageTrainer::epochs)
      .function("trainingViews", &ImageTrainer::trainingViews)
      .function("heldOutPictures", &ImageTrainer::heldOutPictures)
      .function("evaluate", &ImageTrainer::evaluate)
      .function("evaluateWeights", &ImageTrainer::evaluateWeights)
      .function("baselines", &ImageTrainer::baselines)
      .function("weightsFile", &ImageTrainer::weightsFile)
      .function("reset", &ImageTrainer::reset);
  function("createImageTrainer", &createImageTrainer);
}
