// The options of training the image layer (learned non-local means, image_objective.h), with
// their defaults: the one place they are written. The native tool (attention-train-image, whose
// defaults make the shipped "image-trained" preset: scripts/train.mjs passes none) starts from
// here. The input options (positional encoding and its weight) are the text trainer's struct
// (options.h) with the image mode's defaults.
#pragma once
#include <cstdint>

#include "core/image/analyze_image.h"
#include "core/image/tokens.h"
#include "core/train/options.h"

namespace al::train {

constexpr int kMaxImageBatch = 256;  // noisy pictures per step
constexpr int kMaxSynthetic = 4096;  // dead-leaves pictures
constexpr float kMaxNoise = 0.5f;    // the noise's standard deviation, in pixel values ([0, 1])

// The picture mode's attention options (image::ImageOptions: similarity, mask, temperature) with
// another head count: trained weights are shown with the options they were trained with.
inline AttentionOptions image_attention_with_heads(int heads) {
  AttentionOptions o = image::ImageOptions{}.attention;
  o.heads = heads;
  return o;
}

struct ImageTrainOptions {
  AttentionOptions attention = image_attention_with_heads(4);  // 4 heads (any divisor of 48)
  int patch = image::ImageOptions{}.patch;                     // pixels: the image mode's default
  // as the image mode's default (image::ImageOptions: off): the layer learns from content alone
  InputOptions input{image::ImageOptions{}.positional, image::ImageOptions{}.positional_weight};
  float noise = 0.3f;  // σ of the Gaussian noise added to every pixel value, in (0, kMaxNoise]
  // start from identity weights (non-local means on the tokens) instead of the seed's Xavier
  // random ones: from random, 2000 steps did not reach identity's held-out loss (docs/IMAGES.md)
  bool from_identity = true;
  float learning_rate = 0.001f;  // Adam's, at step 1
  int decay_steps = 0;           // > 0: the rate falls linearly to 0.1% of it at this step and
                                 // stays there; 0: a constant rate (open-ended training)
  int batch_size = 4;            // noisy pictures per step, in [1, kMaxImageBatch]
  bool augment = true;           // training pictures also give mirrored views and half-size crops
  int synthetic = 200;           // dead-leaves pictures trained on besides the pictures given
                                 // (image_synthetic.h), in [0, kMaxSynthetic]
  std::uint64_t seed = 1;
};

// The shipped "image-trained" preset is this many mini-batches (the rate decaying over them).
constexpr int kPresetImageTrainingSteps = 1000;

}  // namespace al::train
