#include <algorithm>
// The one-owner modules: the options schema, the weights presets and their cache, the order in
// which embeddings files are loaded, the saturating kernel and the seeded generator.
#include <catch2/catch.hpp>

#include <cfloat>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "asset_builder.h"
#include "core/embedding_files.h"
#include "core/errors.h"
#include "core/kernels/kernels.h"
#include "core/options.h"
#include "core/presets.h"
#include "core/random.h"
#include "random_data.h"

using Catch::Matchers::Contains;

TEST_CASE("the schema's defaults are the options structs' defaults, and every option has help", "[options]") {
  const al::AnalysisOptions o;
  std::map<std::string, std::string> defaults;
  for (const auto& spec : al::analysis_option_specs()) {
    REQUIRE(std::string(spec.help).size() > 10);
    defaults[spec.name] = al::option_text(spec.get(o));
  }
  CHECK(defaults["heads"] == "1");
  CHECK(defaults["positional"] == "true");
  CHECK(defaults["similarity"] == "dot");
  CHECK(defaults["maxTokens"] == std::to_string(o.pipeline.max_tokens));
  CHECK(defaults["weights"] == "identity");
  CHECK(defaults["sharedDirection"] == "removed");
  CHECK(defaults["positionalWeight"] == "0.1");  // 1 / √d_model: the paper's mix
  CHECK(defaults.size() == 12);
  const al::train::TrainOptions t;
  CHECK(t.attention.heads == 4);
  CHECK(t.learning_rate == 0.005f);
}

TEST_CASE("the head counts are the divisors of the word vectors' width", "[options]") {
  const auto* heads = al::find_option(al::analysis_option_specs(), "heads");
  REQUIRE(heads);
  REQUIRE(heads->values == std::vector<int>{1, 2, 4, 5, 10, 20, 25, 50, 100});
  REQUIRE(al::divisors(48) == std::vector<int>{1, 2, 3, 4, 6, 8, 12, 16, 24, 48});
}

TEST_CASE("set_option checks each value against the schema and names the option in its message", "[options]") {
  al::AnalysisOptions o;
  al::set_option(o, "heads", 4.0);
  REQUIRE(o.pipeline.attention.heads == 4);
  REQUIRE_THROWS_WITH(al::set_option(o, "heads", 3.0), "heads must be one of 1, 2, 4, 5, 10, 20, 25, 50, 100, got 3");
  REQUIRE_THROWS_WITH(al::set_option(o, "temperature", 0.0), "temperature must be from 1e-06 to 1000000, got 0");
  REQUIRE_THROWS_WITH(al::set_option(o, "similarity", std::string("euclid")),
                      "similarity must be one of 'dot', 'cosine', got 'euclid'");
  REQUIRE_THROWS_WITH(al::set_option(o, "seed", 1.5), "seed must be a whole number, got 1.5");
  REQUIRE_THROWS_WITH(al::set_option(o, "scale", 1.0), "scale must be true or false");
  REQUIRE_THROWS_WITH(al::set_option(o, "colour", 1.0), "unknown option 'colour'");
  REQUIRE_THROWS_AS(al::set_option(o, "maxTokens", double(al::kTokenLimit) + 1), al::OptionError);
  REQUIRE(o.pipeline.attention.heads == 4);  // a refused value changes nothing
}

TEST_CASE("options set from text parse by their type, by name or by flag", "[options]") {
  al::AnalysisOptions o;
  al::set_option_text(o, "positional-weight", "0.25");
  al::set_option_text(o, "positional", "false");
  al::set_option_text(o, "mask", "causal");
  al::set_option_text(o, "weights", "random");
  al::set_option_text(o, "seed", "4294967295");
  REQUIRE(o.pipeline.positional_weight == 0.25f);
  REQUIRE_FALSE(o.pipeline.positional);
  REQUIRE(o.pipeline.attention.mask == al::Mask::Causal);
  REQUIRE(o.weights.preset == al::WeightsPreset::Random);
  REQUIRE(o.weights.seed == 4294967295u);
  REQUIRE_THROWS_WITH(al::set_option_text(o, "temperature", "hot"), "temperature must be a number, got 'hot'");
  al::train::TrainOptions t;
  al::set_option_text(t, "learning-rate", "0.01");
  REQUIRE(t.learning_rate == 0.01f);
  REQUIRE_THROWS_AS(al::set_option_text(t, "batch", "0"), al::OptionError);
}

TEST_CASE("the schema as JSON names every option, step, token kind and lookup status in enum order", "[options]") {
  const std::string json = al::schema_json();
  for (const auto& spec : al::analysis_option_specs())
    REQUIRE_THAT(json, Contains(std::string("\"") + spec.name + "\""));
  REQUIRE_THAT(json, Contains(R"("tokenKinds":["word","number","punctuation","symbol","emoji","ideograph"])"));
  REQUIRE_THAT(json, Contains(R"("lookupStatuses":["known","not-in-vocabulary","shard-not-loaded","stand-in"])"));
  REQUIRE_THAT(json, Contains(R"({"name":"weights","perHead":true)"));
  REQUIRE_THAT(json, Contains(R"("learningRate")"));
}

TEST_CASE("the image layer's training options are ImageTrainOptions' members, checked by the schema", "[options]") {
  const al::train::ImageTrainOptions defaults;
  std::map<std::string, std::string> text;
  for (const auto& spec : al::image_training_option_specs()) {
    REQUIRE(std::string(spec.help).size() > 10);
    text[spec.name] = al::option_text(spec.get(defaults));
  }
  CHECK(text["heads"] == "4");
  CHECK(text["patch"] == "16");
  CHECK(text["fromIdentity"] == "true");
  CHECK(text["synthetic"] == "200");
  CHECK(text["decaySteps"] == "0");
  CHECK(text.size() == 13);
  // the comparison the picture mode shows by default, which trained weights then bring with them
  std::map<std::string, std::string> shown;
  for (const auto& spec : al::image_option_specs()) shown[spec.name] = al::option_text(spec.get({}));
  for (const char* name : {"similarity", "mask", "temperature"}) CHECK(text[name] == shown[name]);
  CHECK(shown["similarity"] == "cosine");
  CHECK(shown["mask"] == "self");
  const auto* patch = al::find_option(al::image_training_option_specs(), "patch");
  REQUIRE(patch);
  REQUIRE_THROWS_WITH(al::check_option(*patch, al::OptionValue(12.0)), "patch must be one of 32, 16, 8, got 12");
  const auto* noise = al::find_option(al::image_training_option_specs(), "noise");
  REQUIRE(noise);
  REQUIRE_THROWS_AS(al::check_option(*noise, al::OptionValue(0.0)), al::OptionError);
  al::train::ImageTrainOptions o;
  noise->set(o, al::OptionValue(0.1));
  REQUIRE(o.noise == 0.1f);
  REQUIRE_THAT(al::schema_json(), Contains(R"("imageTraining":[)"));
  REQUIRE_THAT(al::schema_json(), Contains(R"("presetImageTrainingSteps":1000)"));
}

TEST_CASE("the weights cache keeps identity and recent seeds and shares them with analyses", "[presets]") {
  al::WeightsCache cache;
  const auto identity = cache.get({al::WeightsPreset::Identity, 0}, 8);
  REQUIRE(identity == cache.get({al::WeightsPreset::Identity, 99}, 8));  // the seed is for random only
  const auto seven = cache.get({al::WeightsPreset::Random, 7}, 8);
  REQUIRE(seven == cache.get({al::WeightsPreset::Random, 7}, 8));
  REQUIRE(seven->weights.wq.data == al::random_weights(8, 7).wq.data);
  for (std::uint32_t s = 100; s < 110; ++s) cache.get({al::WeightsPreset::Random, s}, 8);
  REQUIRE(seven != cache.get({al::WeightsPreset::Random, 7}, 8));  // evicted and rebuilt, equal
  REQUIRE(seven->weights.wq.data == cache.get({al::WeightsPreset::Random, 7}, 8)->weights.wq.data);
  REQUIRE_THROWS_WITH(cache.get({al::WeightsPreset::Trained, 0}, 8), "no trained weights are loaded");
  cache.set_trained(al::random_weights(8, 3));
  REQUIRE(cache.get({al::WeightsPreset::Trained, 0}, 8)->weights.wk.data == al::random_weights(8, 3).wk.data);
  REQUIRE_THROWS_AS(cache.get({al::WeightsPreset::Trained, 0}, 16), al::OptionError);
  REQUIRE(al::parse_weights_preset("random") == al::WeightsPreset::Random);
  REQUIRE_THROWS_AS(al::parse_weights_preset("pretrained"), al::OptionError);
}

TEST_CASE("embeddings files load in order: the core file or the words' buckets, then the rare words' shards",
          "[files]") {
  using al::test::TestWord;
  const std::vector<TestWord> core{{"the", al::test::random_vector(4, 1)}, {"debts", al::test::random_vector(4, 2)}};
  const std::vector<TestWord> rare{{"lannister", al::test::random_vector(4, 3)},
                                   {"tyrion", al::test::random_vector(4, 4)}};
  const std::vector<std::string> files = al::test::build_vocabulary(core, rare, 8, al::test::random_vector(4, 5));
  const std::string shared = al::test::build_no_shared(4, al::parse_embedding_asset(files[0], "core.bin").vocab_size);
  const auto file_named = [&](const std::string& name) {
    if (name == al::kSharedFileName) return shared;
    if (name == al::kCoreFileName) return files[0];
    for (std::uint32_t s = 0; s < 8; ++s)
      if (name == al::shard_file_name(s)) return files[1 + s];
    throw al::AssetError("no file " + name);
  };
  // a page's way: the words' buckets, then the shards of the words the buckets say are rare
  al::EmbeddingStore page;
  const std::uint32_t vocab = al::parse_embedding_asset(files[0], "core.bin").vocab_size;
  const std::vector<std::string> buckets = al::test::build_buckets(core, 8, vocab);
  std::vector<std::string> round = al::files_needed(page, {"the lannister"});
  REQUIRE(round.at(0) == al::kSharedFileName);  // the shared direction first, until it is in
  page.add_shared(al::parse_shared_direction(al::test::build_no_shared(4, vocab), al::kSharedFileName));
  round.erase(round.begin());
  std::vector<std::string> want{al::bucket_file_name(al::EmbeddingStore::bucket_of("the")),
                                al::bucket_file_name(al::EmbeddingStore::bucket_of("lannister"))};
  std::sort(want.begin(), want.end());
  want.erase(std::unique(want.begin(), want.end()), want.end());
  REQUIRE(round == want);
  for (const std::string& name : round)
    page.add(al::parse_embedding_asset(buckets[std::stoul(name.substr(5, 3))], name));
  REQUIRE(al::files_needed(page, {"the lannister"}) ==
          std::vector<std::string>{al::shard_file_name(page.shard_of("lannister"))});
  page.add(al::parse_embedding_asset(file_named(al::shard_file_name(page.shard_of("lannister"))), "shard"));
  REQUIRE(al::files_needed(page, {"the lannister"}).empty());
  REQUIRE(al::bucket_file_name(42) == "core-042.bin");
  // the native tools' way: the core file, then the shards
  al::EmbeddingStore store;
  std::vector<std::string> read;
  al::load_needed(store,
                  [&](const std::string& n) {
                    read.push_back(n);
                    return file_named(n);
                  },
                  {"the lannister", "debts"});
  REQUIRE(read.size() == 3);
  REQUIRE(read[0] == "core.bin");
  REQUIRE(read[1] == al::kSharedFileName);
  REQUIRE(read[2] == al::shard_file_name(store.shard_of("lannister")));
  REQUIRE(al::files_needed(store, {"the lannister"}).empty());
  // only the first max_tokens tokens count: "tyrion" is the third
  REQUIRE(al::files_needed(store, {"the debts tyrion"}, 2).empty());
  REQUIRE(al::files_needed(store, {"the debts tyrion"}, 3) ==
          std::vector<std::string>{al::shard_file_name(store.shard_of("tyrion"))});
  REQUIRE(al::shard_file_name(7) == "shard-007.bin");
}

TEST_CASE("saturate turns NaN into 0 and infinities into the largest floats, at sizes around the SIMD width",
          "[kernels]") {
  for (int n : {1, 3, 4, 5, 8, 9}) {
    std::vector<float> x(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) x[std::size_t(i)] = i % 3 == 0 ? NAN : i % 3 == 1 ? INFINITY : -INFINITY;
    x.back() = 2.5f;
    al::kernels::saturate(x.data(), n);
    for (int i = 0; i + 1 < n; ++i) REQUIRE(x[std::size_t(i)] == (i % 3 == 0 ? 0.0f : i % 3 == 1 ? FLT_MAX : -FLT_MAX));
    REQUIRE(x.back() == 2.5f);
  }
}

TEST_CASE("the seeded generator repeats its sequence and stays in its ranges", "[random]") {
  al::SplitMix64 a(42), b(42);
  for (int i = 0; i < 1000; ++i) REQUIRE(a.next() == b.next());
  REQUIRE(al::SplitMix64(0).next() == 0xe220a8397b1dcdafull);  // splitmix64's published first output
  al::SplitMix64 r(1);
  for (int i = 0; i < 10000; ++i) {
    const float u = r.uniform(-2.0f, 3.0f);
    REQUIRE(u >= -2.0f);
    REQUIRE(u < 3.0f);
    REQUIRE(r.below(7) < 7);
    const double d = r.uniform_double();
    REQUIRE(d >= 0.0);
    REQUIRE(d < 1.0);
  }
}
