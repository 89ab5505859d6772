// Training the image layer on restoring noisy patches (image_objective.h), one mini-batch per
// call, so that a caller (the native tool, or a worker between frames) drives it step by step:
//   ImageTrainer t(options);                        // initialize(options.seed)
//   t.add_picture(rgba, length, w, h, false);       // pictures to train on (several views each)
//   t.add_picture(rgba, length, w, h, true);        // pictures held out (never trained on)
//   for (...) loss = t.step();                      // forward, backward, Adam on one mini-batch
//   t.evaluate(t.weights());                        // held-out loss, pixel MSE and PSNR
//   t.baselines();                                  // the same for identity, random, noisy input, ...
// Held out means whole pictures: a picture is either trained on or held out. Each held-out
// picture is scored on kHeldOutDraws noise draws made from a fixed seed (the same for every
// training seed), so every run and every baseline is scored on the same noisy pictures.
// Training noise: a bank of kNoiseBank noise pictures' features (seeded from the training seed);
// each example takes one with its patches in a fresh random order and a random sign. The noise
// of different patches is independent and identically distributed, and symmetric, so that is
// an equally likely draw of the noise at the cost of n × 24 numbers instead of 224 × 224 × 3.
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

namespace al::train {

constexpr int kHeldOutDraws = 2;  // noise draws per held-out picture
constexpr int kNoiseBank = 64;    // noise pictures training draws from

// Scores of one predictor on the held-out noisy pictures.
struct ImageEvaluation {
  int pictures = 0;       // noisy pictures scored (held-out pictures × kHeldOutDraws)
  double loss = 0;        // the objective (restoration_loss in token space), mean over the pictures
  double mse = 0;         // pixel MSE of the prediction decoded (image::tokens_to_pixels, clipped to
                          // [0, 1]) against the clean picture's pixels, over every value
  double psnr = 0;        // 10·log10(1 / mse), dB
  double blend_psnr = 0;  // for a layer: its attention weights (mean of the heads) times the noisy
                          // pixels (the page's filter × V), against the clean pixels, dB
};

// What to beat, on the same noisy pictures as evaluate().
struct ImageBaselines {
  ImageEvaluation identity;    // the layer with identity weights: non-local means on the tokens
  ImageEvaluation random;      // the layer with the seed's Xavier weights
  ImageEvaluation noisy;       // the input as it is: the noisy tokens; pixels: the noisy pixels
  ImageEvaluation mean_patch;  // every patch the picture's mean: the mean noisy token and pixels
  ImageEvaluation clean;       // the clean tokens, decoded: the best a token prediction can score
                               // (loss 0; its pixel error is the thumbnail's)
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
  // Held-out scores of any weights (d_model 48); pictures = 0 without held-out pictures.
  ImageEvaluation evaluate(const AttentionWeights& w) const;
  ImageBaselines baselines() const;

  const AttentionWeights& weights() const { return prepared_.weights; }
  int steps() const { return adam_.steps(); }
  int epochs() const { return epochs_; }  // completed passes over the training views
  int training_views() const { return int(train_.size()); }
  int held_out_pictures() const { return int(held_.size()) / kHeldOutDraws; }
  const ImageTrainOptions& options() const { return options_; }
  const ImageObjective& objective() const { return objective_; }

 private:
  struct HeldOut {  // one noise draw of a held-out picture
    NoisyExample example;
    Matrix clean_pixels, noisy_pixels;  // n × p·p·3
  };
  template <typename Predict>  // void (const HeldOut&, Matrix& tokens, Matrix& pixels, Matrix* weights)
  ImageEvaluation evaluate_with(Predict predict) const;
  int next_view();
  void next_noise(Matrix& noise);

  ImageTrainOptions options_;
  ImageObjective objective_;
  std::vector<Matrix> train_;  // the training views' clean features (n × 24)
  std::vector<HeldOut> held_;
  std::vector<Matrix> bank_;  // noise pictures' features (n × 24)
  std::vector<int> order_;    // this epoch's order of the training views
  std::size_t cursor_ = 0;
  int epochs_ = 0;
  SplitMix64 rng_{0};  // the data stream: order, noise
  PreparedWeights prepared_;
  Adam adam_;
  // workspaces reused by every step
  Matrix x_, noise_, d_output_;
  std::vector<int> permutation_;
  AttentionSteps steps_;
  Gradients grads_;
};

}  // namespace al::train
