// The options specs: every option of the text and picture analyses and of both trainers, with
// its name, flag, type, range or choices, help, and the member it reads and writes (the
// defaults are those members' initial values). Checking and setting: option_values.cpp; the
// schema as JSON: schema_json.cpp.
#include "core/options.h"

#include <cmath>
#include <string>

#include <iterator>

#include "core/embedding_store.h"
#include "core/errors.h"
#include "core/image/patches.h"
#include "core/image/tokens.h"
#include "core/option_factories.h"
#include "core/tokenizer.h"

namespace al {
namespace {

using namespace option_factories;

using A = AnalysisOptions;
using I = ImageAnalysisOptions;
using T = train::TrainOptions;
using IT = train::ImageTrainOptions;

constexpr double kMaxSeed = 4294967295.0;  // seeds are 32-bit: JS numbers hold them exactly
// the values of sharedDirection
constexpr const char* kSharedRemoved = "removed";
constexpr const char* kSharedKept = "kept";

std::vector<std::string> preset_names() {
  std::vector<std::string> names;
  for (int i = 0; i < kWeightsPresetCount; ++i) names.push_back(to_string(WeightsPreset(i)));
  return names;
}

// Where each mode keeps what both modes share: the attention options, the positional encoding
// and the weights. The specs below are written once for both through these.
AttentionOptions& attention_of(A& o) { return o.pipeline.attention; }
const AttentionOptions& attention_of(const A& o) { return o.pipeline.attention; }
AttentionOptions& attention_of(I& o) { return o.image.attention; }
const AttentionOptions& attention_of(const I& o) { return o.image.attention; }
AttentionOptions& attention_of(IT& o) { return o.attention; }
const AttentionOptions& attention_of(const IT& o) { return o.attention; }
bool& positional_of(A& o) { return o.pipeline.positional; }
bool positional_of(const A& o) { return o.pipeline.positional; }
bool& positional_of(I& o) { return o.image.positional; }
bool positional_of(const I& o) { return o.image.positional; }
float& positional_weight_of(A& o) { return o.pipeline.positional_weight; }
float positional_weight_of(const A& o) { return o.pipeline.positional_weight; }
float& positional_weight_of(I& o) { return o.image.positional_weight; }
float positional_weight_of(const I& o) { return o.image.positional_weight; }

// How the layer compares and masks: temperature, similarity and the mask, among `masks`.
template <class S>
std::vector<OptionSpec<S>> comparison_specs(std::vector<std::string> masks) {
  return {
      number<S>(
          "temperature", "temperature", "divide the scores by T before the softmax", kMinTemperature, kMaxTemperature,
          [](const S& o) -> OptionValue { return as_decimal(attention_of(o).temperature); },
          [](S& o, const OptionValue& v) { attention_of(o).temperature = float(as_number(v)); }),
      choice<S>(
          "similarity", "similarity", "how a query and a key are compared",
          {to_string(Similarity::Dot), to_string(Similarity::Cosine)},
          [](const S& o) -> OptionValue { return std::string(to_string(attention_of(o).similarity)); },
          [](S& o, const OptionValue& v) { attention_of(o).similarity = parse_similarity(as_text(v)); }),
      choice<S>(
          "mask", "mask", "causal: only the tokens before; self: every token but the query itself", std::move(masks),
          [](const S& o) -> OptionValue { return std::string(to_string(attention_of(o).mask)); },
          [](S& o, const OptionValue& v) { attention_of(o).mask = parse_mask(as_text(v)); }),
  };
}

// heads, the positional encoding, scale, temperature, similarity, mask, weights and seed: the
// options of the attention layer, for a mode of width `width` and the masks it offers.
template <class S>
std::vector<OptionSpec<S>> layer_specs(int width, std::vector<std::string> masks, const char* positional_help) {
  std::vector<OptionSpec<S>> specs = {
      integer<S>(
          "heads", "heads", "attention heads; each compares its own d_k = d_model / heads columns", 1, width,
          [](const S& o) -> OptionValue { return double(attention_of(o).heads); },
          [](S& o, const OptionValue& v) { attention_of(o).heads = int(as_number(v)); }, divisors(width)),
      boolean<S>(
          "positional", "positional", positional_help, [](const S& o) -> OptionValue { return positional_of(o); },
          [](S& o, const OptionValue& v) { positional_of(o) = as_bool(v); }),
      number<S>(
          "positionalWeight", "positional-weight", "X = embeddings + weight * PE", 0, kMaxPositionalWeight,
          [](const S& o) -> OptionValue { return as_decimal(positional_weight_of(o)); },
          [](S& o, const OptionValue& v) { positional_weight_of(o) = float(as_number(v)); }),
      boolean<S>(
          "scale", "scale", "divide dot products by sqrt(d_k); multiply cosines by 10",
          [](const S& o) -> OptionValue { return attention_of(o).scale; },
          [](S& o, const OptionValue& v) { attention_of(o).scale = as_bool(v); }),
  };
  for (OptionSpec<S>& c : comparison_specs<S>(std::move(masks))) specs.push_back(std::move(c));
  specs.push_back(choice<S>(
      "weights", "weights", "W_Q, W_K, W_V, W_O: identity, seeded random (Xavier) or trained", preset_names(),
      [](const S& o) -> OptionValue { return std::string(to_string(o.weights.preset)); },
      [](S& o, const OptionValue& v) { o.weights.preset = parse_weights_preset(as_text(v)); }));
  specs.push_back(integer<S>(
      "seed", "seed", "the seed of the random weights", 0, kMaxSeed,
      [](const S& o) -> OptionValue { return double(o.weights.seed); },
      [](S& o, const OptionValue& v) { o.weights.seed = std::uint32_t(as_number(v)); }));
  return specs;
}

// A causal mask has no meaning among patches: there is no "before" in a picture.
std::vector<std::string> image_masks() { return {to_string(Mask::None), to_string(Mask::Self)}; }

const std::vector<OptionSpec<A>>& make_analysis_specs() {
  static const std::vector<OptionSpec<A>> specs = [] {
    std::vector<OptionSpec<A>> s =
        layer_specs<A>(kWordVectorDims, {to_string(Mask::None), to_string(Mask::Causal), to_string(Mask::Self)},
                       "add the sinusoidal positional encoding");
    // before the positional encoding, as in the pipeline
    s.insert(s.begin() + 1,
             choice<A>(
                 "sharedDirection", "shared-direction",
                 "removed: the word vectors without the vocabulary's mean and top principal components "
                 "(all-but-the-top); kept: GloVe's vectors as they are",
                 {kSharedRemoved, kSharedKept},
                 [](const A& o) -> OptionValue {
                   return std::string(o.pipeline.remove_shared ? kSharedRemoved : kSharedKept);
                 },
                 [](A& o, const OptionValue& v) { o.pipeline.remove_shared = as_text(v) == kSharedRemoved; }));
    s.push_back(integer<A>(
        "maxTokens", "max-tokens", "analyze at most this many tokens; longer texts are cut", 1, double(kTokenLimit),
        [](const A& o) -> OptionValue { return double(o.pipeline.max_tokens); },
        [](A& o, const OptionValue& v) { o.pipeline.max_tokens = std::size_t(as_number(v)); }));
    s.push_back(integer<A>(
        "maskedToken", "masked-token", "what if this word were hidden: the token whose embedding is zeroed (-1: none)",
        -1, double(kTokenLimit) - 1, [](const A& o) -> OptionValue { return double(o.pipeline.masked_token); },
        [](A& o, const OptionValue& v) { o.pipeline.masked_token = int(as_number(v)); }));
    return s;
  }();
  return specs;
}

const std::vector<OptionSpec<I>>& make_image_specs() {
  static const std::vector<OptionSpec<I>> specs = [] {
    std::vector<OptionSpec<I>> s = layer_specs<I>(image::kTokenDims, image_masks(),
                                                  "add the 2-D sinusoidal positional encoding (rows and columns)");
    s.insert(s.begin() + 1, integer<I>(
                                "patch", "patch", "patch side in pixels of the 224 x 224 view", image::kPatchSizes[2],
                                image::kPatchSizes[0], [](const I& o) -> OptionValue { return double(o.image.patch); },
                                [](I& o, const OptionValue& v) { o.image.patch = int(as_number(v)); },
                                std::vector<int>(std::begin(image::kPatchSizes), std::end(image::kPatchSizes))));
    s.push_back(integer<I>(
        "blendHead", "blend-head", "whose weights blend the pixels: a head, or -1 for the mean of the heads", -1,
        image::kTokenDims - 1, [](const I& o) -> OptionValue { return double(o.image.blend_head); },
        [](I& o, const OptionValue& v) { o.image.blend_head = int(as_number(v)); }));
    return s;
  }();
  return specs;
}

const std::vector<OptionSpec<T>>& make_training_specs() {
  static const std::vector<OptionSpec<T>> specs = {
      integer<T>(
          "heads", "heads", "attention heads of the trained layer", 1, kWordVectorDims,
          [](const T& o) -> OptionValue { return double(o.attention.heads); },
          [](T& o, const OptionValue& v) { o.attention.heads = int(as_number(v)); }, divisors(kWordVectorDims)),
      integer<T>(
          "seed", "seed", "the seed of the weights, the split and the example order", 0, kMaxSeed,
          [](const T& o) -> OptionValue { return double(o.seed); },
          [](T& o, const OptionValue& v) { o.seed = std::uint64_t(as_number(v)); }),
      number<T>(
          "learningRate", "learning-rate", "Adam's learning rate at step 1", 1e-6, 1,
          [](const T& o) -> OptionValue { return as_decimal(o.learning_rate); },
          [](T& o, const OptionValue& v) { o.learning_rate = float(as_number(v)); }),
      integer<T>(
          "batch", "batch", "examples per mini-batch", 1, train::kMaxBatch,
          [](const T& o) -> OptionValue { return double(o.batch_size); },
          [](T& o, const OptionValue& v) { o.batch_size = int(as_number(v)); }),
      number<T>(
          "heldOut", "held-out", "the fraction of the sentences held out for evaluation", 0, train::kMaxHeldOutFraction,
          [](const T& o) -> OptionValue { return o.held_out_fraction; },
          [](T& o, const OptionValue& v) { o.held_out_fraction = as_number(v); }),
  };
  return specs;
}

// The image layer's training (learned non-local means): the defaults are ImageTrainOptions'.
// Its similarity, mask and temperature are the picture mode's defaults, which trained weights
// bring with them when they are shown.
const std::vector<OptionSpec<IT>>& make_image_training_specs() {
  static const std::vector<OptionSpec<IT>> specs = [] {
    std::vector<OptionSpec<IT>> s = {
        integer<IT>(
            "heads", "heads", "attention heads of the trained layer", 1, image::kTokenDims,
            [](const IT& o) -> OptionValue { return double(o.attention.heads); },
            [](IT& o, const OptionValue& v) { o.attention.heads = int(as_number(v)); }, divisors(image::kTokenDims)),
        integer<IT>(
            "patch", "patch", "patch side in pixels of the 224 x 224 view", image::kPatchSizes[2],
            image::kPatchSizes[0], [](const IT& o) -> OptionValue { return double(o.patch); },
            [](IT& o, const OptionValue& v) { o.patch = int(as_number(v)); },
            std::vector<int>(std::begin(image::kPatchSizes), std::end(image::kPatchSizes))),
        boolean<IT>(
            "positional", "positional", "add the 2-D sinusoidal positional encoding (rows and columns)",
            [](const IT& o) -> OptionValue { return o.input.positional; },
            [](IT& o, const OptionValue& v) { o.input.positional = as_bool(v); }),
        integer<IT>(
            "seed", "seed", "the seed of the noise, the example order (and of the weights when not from identity)", 0,
            kMaxSeed, [](const IT& o) -> OptionValue { return double(o.seed); },
            [](IT& o, const OptionValue& v) { o.seed = std::uint64_t(as_number(v)); }),
        boolean<IT>(
            "fromIdentity", "from-identity", "start from identity weights instead of the seed's random ones",
            [](const IT& o) -> OptionValue { return o.from_identity; },
            [](IT& o, const OptionValue& v) { o.from_identity = as_bool(v); }),
        number<IT>(
            "noise", "noise", "the deviation of the Gaussian noise added to the pixel values (in [0, 1])", 0.01,
            train::kMaxNoise, [](const IT& o) -> OptionValue { return as_decimal(o.noise); },
            [](IT& o, const OptionValue& v) { o.noise = float(as_number(v)); }),
        number<IT>(
            "learningRate", "learning-rate", "Adam's learning rate at step 1", 1e-6, 1,
            [](const IT& o) -> OptionValue { return as_decimal(o.learning_rate); },
            [](IT& o, const OptionValue& v) { o.learning_rate = float(as_number(v)); }),
        integer<IT>(
            "decaySteps", "decay-steps", "the learning rate falls linearly to 0.1% of it at this step (0: constant)", 0,
            1e8, [](const IT& o) -> OptionValue { return double(o.decay_steps); },
            [](IT& o, const OptionValue& v) { o.decay_steps = int(as_number(v)); }),
        integer<IT>(
            "batch", "batch", "noisy pictures per mini-batch", 1, train::kMaxImageBatch,
            [](const IT& o) -> OptionValue { return double(o.batch_size); },
            [](IT& o, const OptionValue& v) { o.batch_size = int(as_number(v)); }),
        integer<IT>(
            "synthetic", "synthetic", "seeded dead-leaves pictures trained on besides the pictures given", 0,
            train::kMaxSynthetic, [](const IT& o) -> OptionValue { return double(o.synthetic); },
            [](IT& o, const OptionValue& v) { o.synthetic = int(as_number(v)); }),
    };
    std::vector<OptionSpec<IT>> comparison = comparison_specs<IT>(image_masks());
    s.insert(s.begin() + 3, comparison.begin(), comparison.end());  // after heads, patch, positional
    return s;
  }();
  return specs;
}

}  // namespace

const char* to_string(OptionType type) {
  switch (type) {
    case OptionType::Boolean: return "boolean";
    case OptionType::Integer: return "integer";
    case OptionType::Number: return "number";
    case OptionType::Choice: return "choice";
  }
  return "?";
}

std::vector<int> divisors(int n) {
  std::vector<int> out;
  for (int h = 1; h <= n; ++h)
    if (n % h == 0) out.push_back(h);
  return out;
}

const std::vector<OptionSpec<AnalysisOptions>>& analysis_option_specs() { return make_analysis_specs(); }
const std::vector<OptionSpec<train::TrainOptions>>& training_option_specs() { return make_training_specs(); }
const std::vector<OptionSpec<ImageAnalysisOptions>>& image_option_specs() { return make_image_specs(); }
const std::vector<OptionSpec<train::ImageTrainOptions>>& image_training_option_specs() {
  return make_image_training_specs();
}

template <class S>
const OptionSpec<S>* find_option(const std::vector<OptionSpec<S>>& specs, std::string_view key) {
  for (const OptionSpec<S>& s : specs)
    if (key == s.name || key == s.flag) return &s;
  return nullptr;
}
template const OptionSpec<A>* find_option(const std::vector<OptionSpec<A>>&, std::string_view);
template const OptionSpec<T>* find_option(const std::vector<OptionSpec<T>>&, std::string_view);
template const OptionSpec<I>* find_option(const std::vector<OptionSpec<I>>&, std::string_view);
template const OptionSpec<IT>* find_option(const std::vector<OptionSpec<IT>>&, std::string_view);

}  // namespace al
