// Where the layer's weights come from: the presets a front end offers (identity, seeded random,
// trained), and a cache of prepared weights, so that a keystroke reuses the packed matrices.
#pragma once
#include <cstdint>
#include <list>
#include <memory>
#include <string_view>
#include <utility>

#include "core/attention.h"
#include "core/weights.h"

namespace al {

enum class WeightsPreset { Identity, Random, Trained };
constexpr int kWeightsPresetCount = 3;
const char* to_string(WeightsPreset preset);
// "identity", "random" or "trained"; anything else throws OptionError.
WeightsPreset parse_weights_preset(std::string_view name);

struct WeightsChoice {
  WeightsPreset preset = WeightsPreset::Identity;
  std::uint32_t seed = 0;  // of the random weights
};

// Identity or seeded random weights of width d_model. Trained weights come from a file
// (parse_weights): this throws OptionError for them.
AttentionWeights make_weights(const WeightsChoice& choice, int d_model);

// The prepared weights of one model, built on first use and kept: identity, the trained weights,
// and the last few random seeds. An analysis may hold on to the weights it was made with (a
// shared pointer) after the cache has moved on.
class WeightsCache {
 public:
  using Weights = std::shared_ptr<const PreparedWeights>;
  // Throws OptionError for trained weights when none are set, or set for another width.
  Weights get(const WeightsChoice& choice, int d_model);
  // The weights `trained` stands for from now on.
  void set_trained(AttentionWeights w);
  // The trained weights, or null.
  const PreparedWeights* trained() const { return trained_.get(); }

 private:
  static constexpr std::size_t kRandomSeedsKept = 4;
  Weights identity_, trained_;
  std::list<std::pair<std::uint32_t, Weights>> random_;  // most recently used first
};

}  // namespace al
