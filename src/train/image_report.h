// attention-train-image's results: the trained layer's held-out scores beside its baselines', as
// the tool prints them and as its JSON report (dist/weights/image-trained.json) keeps them.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/train/image_trainer.h"
#include "train/tool/run.h"

namespace al::image_tool {

struct ImageResults {
  train::ImageEvaluation trained;
  train::ImageBaselines base;
  // Identity weights at the best of a grid of temperatures, T = 2^(k/4) times the training's:
  // what a temperature alone reaches. Chosen on the held-out pictures themselves: an upper bound.
  train::ImageEvaluation tuned;
  float tuned_temperature = 0;
};

// The trained weights' held-out scores, the baselines (computed before training) and identity at
// its best temperature.
ImageResults held_out_results(const train::ImageTrainer& t, const train::ImageBaselines& base);

// The table of held-out scores, and a line for each baseline the trained layer does not beat.
void print_results(const ImageResults& r, int held_out_pictures);

struct ImageReport {
  std::vector<std::string> train, held_out;  // the pictures' paths
  std::vector<int> views_per_picture;        // of each training picture
  int training_views = 0;                    // theirs and the synthetic pictures'
  train::ImageTrainOptions options;
  train_tool::Training training;
  ImageResults results;
  double total_seconds = 0;
  std::size_t weights_bytes = 0;
};

// The JSON report at path: the pictures, the options, the training loss, the held-out scores and
// the speed.
void write_report(const std::string& path, const ImageReport& r);

}  // namespace al::image_tool
