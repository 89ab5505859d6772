#include "core/presets.h"

#include <string>

#include "core/errors.h"

namespace al {

const char* to_string(WeightsPreset preset) {
  switch (preset) {
    case WeightsPreset::Identity: return "identity";
    case WeightsPreset::Random: return "random";
    case WeightsPreset::Trained: return "trained";
  }
  return "?";
}

WeightsPreset parse_weights_preset(std::string_view name) {
  for (int i = 0; i < kWeightsPresetCount; ++i)
    if (name == to_string(WeightsPreset(i))) return WeightsPreset(i);
  throw OptionError("weights must be 'identity', 'random' or 'trained', got '" + std::string(name) + "'");
}

AttentionWeights make_weights(const WeightsChoice& choice, int d_model) {
  switch (choice.preset) {
    case WeightsPreset::Identity: return identity_weights(d_model);
    case WeightsPreset::Random: return random_weights(d_model, choice.seed);
    case WeightsPreset::Trained: break;
  }
  throw OptionError("trained weights come from a file: load them first");
}

WeightsCache::Weights WeightsCache::get(const WeightsChoice& choice, int d_model) {
  if (choice.preset == WeightsPreset::Trained) {
    if (!trained_) throw OptionError("no trained weights are loaded");
    if (trained_->weights.d_model != d_model)
      throw OptionError("the trained weights are for d_model " + std::to_string(trained_->weights.d_model) +
                        ", this model is " + std::to_string(d_model) + " wide");
    return trained_;
  }
  if (choice.preset == WeightsPreset::Identity) {
    if (!identity_ || identity_->weights.d_model != d_model)
      identity_ = std::make_shared<const PreparedWeights>(prepare(identity_weights(d_model)));
    return identity_;
  }
  for (auto it = random_.begin(); it != random_.end(); ++it)
    if (it->first == choice.seed && it->second->weights.d_model == d_model) {
      random_.splice(random_.begin(), random_, it);  // most recently used first
      return random_.front().second;
    }
  if (random_.size() == kRandomSeedsKept) random_.pop_back();
  random_.emplace_front(choice.seed,
                        std::make_shared<const PreparedWeights>(prepare(random_weights(d_model, choice.seed))));
  return random_.front().second;
}

void WeightsCache::set_trained(AttentionWeights w) {
  trained_ = std::make_shared<const PreparedWeights>(prepare(std::move(w)));
}

}  // namespace al
