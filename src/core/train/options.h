// The options of training the text layer, with their defaults: the one place they are written.
// The native tool (src/train), the training worker (through the schema, core/options.h) and the
// shipped preset (scripts/train.mjs runs the tool with these defaults) all start from here.
#pragma once
#include <cstdint>

#include "core/analyze.h"

namespace al::train {

// How a sentence becomes the layer's input: by default as the analysis makes it (analyze.h).
struct InputOptions {
  bool positional = PipelineOptions{}.positional;                 // add the sinusoidal positional encoding
  float positional_weight = PipelineOptions{}.positional_weight;  // X = word vectors + weight · PE
  bool remove_shared = PipelineOptions{}.remove_shared;           // the word vectors without the shared direction
};

constexpr int kMaxBatch = 4096;
constexpr double kMaxHeldOutFraction = 0.9;

struct TrainOptions {
  AttentionOptions attention{4};  // 4 heads; scale, temperature, mask as AttentionOptions; dot only
  InputOptions input;
  float learning_rate = 0.005f;    // Adam's, at step 1
  int decay_steps = 0;             // > 0: the rate falls linearly to 0.1% of it at this step and
                                   // stays there; 0: a constant rate (e.g. open-ended training)
  int batch_size = 32;             // examples per step, in [1, kMaxBatch]
  double held_out_fraction = 0.1;  // of the usable sentences, in [0, kMaxHeldOutFraction]
  std::uint64_t seed = 1;
};

// The shipped "trained" preset is this many mini-batches (the rate decaying over them).
constexpr int kPresetTrainingSteps = 10000;

}  // namespace al::train
