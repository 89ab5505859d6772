// Training the image layer as learned non-local means (image_objective.h: the page's filter × V
// of a noisy picture scored against the clean one), one mini-batch per call, so that a caller
// (the native tool, or a worker between frames) drives it step by step:
//   ImageTrainer t(options);                        // initialize(options.seed)
//   t.add_picture(rgba, length, w, h, false);       // pictures to train on (several views each)
//   t.add_picture(rgba, length, w, h, true);        // pictures held out (never trained on)
//   for (...) loss = t.step();                      // forward, backward, Adam on one mini-batch
//   t.evaluate(t.weights());                        // held-out filter × V: its MSE and PSNR
//   t.baselines();                                  // the same for identity, random, noisy input, ...
// Held out means whole pictures: a picture is either trained on or held out. Each held-out
// picture is scored on kHeldOutDraws noise draws made from a fixed seed (the same for every
// training seed), so every run and every baseline is scored on the same noisy pictures.
// Training noise: a bank of kNoiseBank noise pictures (their pixels and features, seeded from the
// training seed); each example takes one with its patches in a fresh random order and a random
// sign. The noise of different patches is independent and identically distributed, and
// symmetric, so that is an equally likely draw of the noise without 224 × 224 × 3 new Gaussian
// numbers per example. Training views keep their pixels in 8 bits (150 kB a view; rounding
// moves a value by at most 1/510, against noise of σ = 0.3); held-out pictures keep floats.
// Deterministic for a seed: the weights (identity, or Xavier: al::random_weights(48, seed)), the bank, the
// order of the training views (reshuffled every epoch) and the noise of each example come from
// splitmix64 generators seeded from it (core/random.h).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/attention.h"
#include "core/image/image.h"
#include "core/random.h"
#include "core/train/adam.h"
#include "core/train/backward.h"
#include "core/train/image_objective.h"
#include "core/train/image_options.h"
#include "core/train/layer_update.h"

namespace al::train {

constexpr int kHeldOutDraws = 2;  // noise draws per held-out picture
constexpr int kNoiseBank = 16;    // noise pictures training draws from

// Scores of one predictor on the held-out noisy pictures: its filter × V (the mean of the heads'
// weights times the noisy pixels) against the clean pixels.
struct ImageEvaluation {
  int pictures = 0;  // noisy pictures scored (held-out pictures × kHeldOutDraws)
  double loss = 0;   // the objective (blend_loss): the mean squared error over every value
  double psnr = 0;   // 10·log10(1 / loss), dB
};

// What to beat, on the same noisy pictures as evaluate().
struct ImageBaselines {
  ImageEvaluation identity;    // the layer with identity weights: non-local means on the patches
  ImageEvaluation random;      // the layer with the seed's Xavier weights
  ImageEvaluation noisy;       // each patch as it is (the weights I): the noisy pixels
  ImageEvaluation mean_patch;  // uniform weights: every patch the mean noisy patch
};

// The 224 × 224 views a training picture gives: its centred square (as image::make_view); with
// augment, also square crops of half its short side at 3 × 3 positions across the picture when
// that half is at least 224 pixels (finer detail, never enlarged), and every view mirrored left
// to right. Throws OptionError for bad RGBA (image::validate_rgba).
std::vector<image::Image> picture_views(const std::uint8_t* rgba, std::size_t length, int width, int height,
                                        bool augment);

class ImageTrainer {
 public:
  // Throws OptionError for options out of range; calls initialize(options.seed).
  explicit ImageTrainer(ImageTrainOptions options);

  // A picture as RGBA8 bytes (ImageData's layout), any size: training views (picture_views) or,
  // held out, its one view.
  void add_picture(const std::uint8_t* rgba, std::size_t length, int width, int height, bool held_out);
  // A 224 × 224 view as it is (no augmentation).
  void add_view(const image::Image& view, bool held_out);

  // The starting weights (identity, or Xavier random for this seed), a fresh Adam, the noise
  // bank and the example stream for this seed (the pictures stay).
  void initialize(std::uint64_t seed);
  // One mini-batch: forward, loss, backward, Adam update. Returns the mean loss of its pictures.
  // Throws OptionError when there is no training view.
  double step();
  // Held-out scores of any weights (d_model 48), with the training's attention options or others
  // (e.g. another temperature); pictures = 0 without held-out pictures.
  ImageEvaluation evaluate(const AttentionWeights& w) const { return evaluate(w, options_.attention); }
  ImageEvaluation evaluate(const AttentionWeights& w, const AttentionOptions& attention) const;
  ImageBaselines baselines() const;

  const AttentionWeights& weights() const { return prepared_.weights; }
  int steps() const { return adam_.steps(); }
  int epochs() const { return epochs_; }  // completed passes over the training views
  int training_views() const { return int(train_.size()); }
  int held_out_pictures() const { return int(held_.size()) / kHeldOutDraws; }
  const ImageTrainOptions& options() const { return options_; }
  const ImageObjective& objective() const { return objective_; }

 private:
  struct TrainingView {
    Matrix features;                   // clean features, n × 24
    std::vector<std::uint8_t> pixels;  // clean pixels, n × p·p·3, in 8 bits
  };
  struct Noise {  // a noise picture: its features (n × 24) and pixels (n × p·p·3), patch by patch
    Matrix features, pixels;
  };
  struct HeldOut {                      // one noise draw of a held-out picture
    Matrix input;                       // the layer's input: the noisy picture's tokens (+ PE)
    Matrix clean_pixels, noisy_pixels;  // n × p·p·3
  };
  // Each held-out picture scored with the heads' weights weights_of(h, heads) gives.
  template <typename Weights>  // void (const HeldOut&, std::vector<Matrix>& heads)
  ImageEvaluation evaluate_with(Weights weights_of) const;
  int next_view();
  void next_noise(Noise& noise);

  ImageTrainOptions options_;
  ImageObjective objective_;
  std::vector<TrainingView> train_;
  std::vector<HeldOut> held_;
  std::vector<Noise> bank_;
  std::vector<int> order_;  // this epoch's order of the training views
  std::size_t cursor_ = 0;
  int epochs_ = 0;
  SplitMix64 rng_{0};  // the data stream: order, noise
  PreparedWeights prepared_;
  Adam adam_;
  // workspaces reused by every step
  Matrix x_, clean_, noisy_;
  Noise noise_;
  std::vector<int> permutation_;
  AttentionSteps steps_;
  BlendWorkspace blend_;
  std::vector<Matrix> d_weights_;
  Gradients grads_;
};

}  // namespace al::train
