// The core Session: one owner of the embeddings, the weights and the rules that tie an
// analysis's options to them (the front ends only translate).
#include <string>

#include "asset_builder.h"
#include "compare.h"
#include "core/embedding_files.h"
#include "core/errors.h"
#include "core/session.h"

using al::test::build_asset;
using al::test::build_no_shared;
using al::test::TestWord;
using Catch::Matchers::Contains;

namespace {

const std::vector<TestWord> kWords = {{"the", {0.5f, -1.0f, 0.25f, 0.0f}},
                                      {"king", {2.0f, 1.0f, -0.5f, 0.125f}},
                                      {"pays", {-1.0f, 0.5f, 1.5f, -0.25f}},
                                      {"debts", {0.25f, 0.75f, -1.0f, 2.0f}}};

al::Session session_with_words() {
  al::Session s;
  s.add_file(build_asset(kWords, al::kCoreShardIndex, 4, 4), "core.bin");
  s.add_file(build_no_shared(4, 4), al::kSharedFileName);
  return s;
}

}  // namespace

TEST_CASE("cross-attention uses no mask whatever mask was asked, and says why", "[session]") {
  al::AnalysisOptions asked;
  for (const al::Mask mask : {al::Mask::Self, al::Mask::Causal}) {
    asked.pipeline.attention.mask = mask;
    std::vector<al::OptionNote> notes;
    const al::AnalysisOptions used = al::resolve_options(asked, true, notes);
    REQUIRE(used.pipeline.attention.mask == al::kCrossAttentionMask);
    REQUIRE(notes.size() == 1);
    REQUIRE(notes[0].option == "mask");
    REQUIRE_THAT(notes[0].note, Contains("another text"));
    // self-attention keeps the mask asked, with nothing to say
    notes.clear();
    REQUIRE(al::resolve_options(asked, false, notes).pipeline.attention.mask == mask);
    REQUIRE(notes.empty());
  }
  asked.pipeline.attention.mask = al::Mask::None;  // asked for none: still said, for the controls
  std::vector<al::OptionNote> notes;
  REQUIRE(al::resolve_options(asked, true, notes).pipeline.attention.mask == al::Mask::None);
  REQUIRE(notes.size() == 1);
}

TEST_CASE("a session's analysis is the pipeline's, with the options it used", "[session]") {
  al::Session s = session_with_words();
  al::AnalysisOptions asked;  // the self mask by default
  const al::Analyzed self = s.analyze("the king pays debts", asked);
  REQUIRE(self.notes.empty());
  REQUIRE(self.used.pipeline.attention.mask == al::Mask::Self);
  const al::Analysis direct = al::analyze("the king pays debts", s.store(), *self.weights, asked.pipeline);
  REQUIRE(self.analysis.attention.weights[0].data == direct.attention.weights[0].data);
  REQUIRE(self.topic == nullptr);

  const al::Analyzed cross = s.analyze_cross("the king", "pays debts", asked);
  REQUIRE(cross.analysis.cross);
  REQUIRE(cross.used.pipeline.attention.mask == al::Mask::None);
  REQUIRE(cross.notes.size() == 1);
  for (int i = 0; i < 2; ++i)  // no key is hidden: every weight of a row is above zero
    for (int j = 0; j < 2; ++j) REQUIRE(cross.analysis.attention.weights[0](i, j) > 0.0f);
}

TEST_CASE("a session refuses what it cannot use, with a sentence", "[session]") {
  al::Session empty;
  REQUIRE_THROWS_AS(empty.analyze("the king", {}), al::AssetError);
  const float v[4] = {1, 0, 0, 0};
  REQUIRE_THROWS_WITH(empty.nearest_words(v, 4, 2, true), Contains("core.bin"));
  al::Session s = session_with_words();
  REQUIRE(s.nearest_words(v, 4, 1, true).at(0).word == "king");
  al::AnalysisOptions trained;
  trained.weights.preset = al::WeightsPreset::Trained;
  REQUIRE_THROWS_AS(s.analyze("the king", trained), al::OptionError);
  REQUIRE_THROWS_AS(s.set_trained_weights("ALWT", "w.bin"), al::AssetError);
  s.set_trained_weights(al::serialize_weights(al::identity_weights(4)), "w.bin");
  REQUIRE(s.analyze("the king", trained).weights->weights.d_model == 4);
}

TEST_CASE("a session's analysis names the files its words still need, and waits for them when asked", "[session]") {
  const std::vector<TestWord> rare = {{"lannister", {1, 2, 3, 4}}};
  const std::uint32_t shard = al::fnv1a("lannister") % 4;
  al::Session s;
  s.add_file(build_asset(kWords, al::kCoreShardIndex, 4, 5), "core.bin");
  const std::string file = al::shard_file_name(shard);
  // the shared direction first: no word's vector is the layer's without it
  REQUIRE(s.analyze("the king", {}, true).files_needed == std::vector<std::string>{al::kSharedFileName});
  REQUIRE_THROWS_WITH(s.analyze("the king", {}), Contains(al::kSharedFileName));
  s.add_file(build_no_shared(4, 5), al::kSharedFileName);

  const al::Analyzed waiting = s.analyze("the king lannister", {}, true);
  REQUIRE_FALSE(waiting.analysed);
  REQUIRE(waiting.files_needed == std::vector<std::string>{file});
  REQUIRE(waiting.analysis.text.tokens.empty());
  const al::Analyzed anyway = s.analyze("the king lannister", {});  // analysed, the word unknown for now
  REQUIRE(anyway.analysed);
  REQUIRE(anyway.files_needed == std::vector<std::string>{file});
  REQUIRE(anyway.analysis.text.lookups[2].status == al::LookupStatus::ShardNotLoaded);
  // the same files as the module's own question (one tokenization answers both)
  REQUIRE(s.files_needed({"the king lannister"}) == waiting.files_needed);
  REQUIRE(s.analyze_cross("the king", "lannister", {}, true).files_needed == waiting.files_needed);

  s.add_file(build_asset(rare, shard, 4, 5), file);
  const al::Analyzed done = s.analyze("the king lannister", {}, true);
  REQUIRE(done.analysed);
  REQUIRE(done.files_needed.empty());
  REQUIRE(done.analysis.text.lookups[2].status == al::LookupStatus::Known);
}

TEST_CASE("trained weights bring the options they were trained with, and the session says so", "[session]") {
  al::Session s = session_with_words();
  al::AttentionWeights w = al::random_weights(4, 5);
  w.trained_with = {{"heads", "2"}};
  s.set_trained_weights(al::serialize_weights(w), "w.bin");
  al::AnalysisOptions asked;
  asked.weights.preset = al::WeightsPreset::Trained;  // with 1 head, as asked
  const al::Analyzed a = s.analyze("the king pays debts", asked);
  REQUIRE(a.used.pipeline.attention.heads == 2);
  REQUIRE(a.analysis.attention.heads == 2);
  REQUIRE(a.notes.size() == 1);
  REQUIRE(a.notes[0].option == "heads");
  REQUIRE_THAT(a.notes[0].note, Contains("trained with heads 2"));
  asked.pipeline.attention.heads = 2;  // asked as trained: nothing to say
  REQUIRE(s.analyze("the king pays debts", asked).notes.empty());
  asked.weights.preset = al::WeightsPreset::Identity;  // other weights keep the heads asked
  asked.pipeline.attention.heads = 1;
  REQUIRE(s.analyze("the king pays debts", asked).used.pipeline.attention.heads == 1);
  // cross-attention: the trained heads and no mask, two notes
  asked.weights.preset = al::WeightsPreset::Trained;
  const al::Analyzed cross = s.analyze_cross("the king", "pays debts", asked);
  REQUIRE(cross.notes.size() == 2);
  REQUIRE(cross.used.pipeline.attention.heads == 2);

  // a file trained with options an analysis cannot take is refused when it is set
  for (const al::TrainedWith& bad : {al::TrainedWith{{"heads", "3"}}, al::TrainedWith{{"colour", "red"}}}) {
    w.trained_with = bad;
    REQUIRE_THROWS_WITH(s.set_trained_weights(al::serialize_weights(w), "bad.bin"),
                        Contains("weights file 'bad.bin' is not usable"));
  }
  w.trained_with = {{"patch", "8"}};  // an image option: not the text layer's
  REQUIRE_THROWS_AS(s.set_trained_weights(al::serialize_weights(w), "image.bin"), al::AssetError);
}

TEST_CASE("a blend head the trained image weights do not have becomes their mean, with a note", "[session]") {
  al::ImageAnalysisOptions asked;
  asked.image.attention.heads = 4;
  asked.image.blend_head = 3;  // the 4th head
  std::vector<al::OptionNote> notes;
  const al::ImageAnalysisOptions used = al::with_trained(asked, {{"heads", "2"}}, notes);
  REQUIRE(used.image.attention.heads == 2);
  REQUIRE(used.image.blend_head == -1);
  REQUIRE(notes.size() == 2);
  REQUIRE(notes[1].option == "blendHead");
  REQUIRE_THAT(notes[1].note, Contains("have 2 heads, not a head 4"));
  asked.image.blend_head = 1;  // a head they have: kept, nothing said
  notes.clear();
  REQUIRE(al::with_trained(asked, {{"heads", "2"}}, notes).image.blend_head == 1);
  REQUIRE(notes.size() == 1);
}

TEST_CASE("the trainers write the options an analysis needs into their weights", "[session]") {
  al::train::TrainOptions text;
  text.attention.heads = 5;
  REQUIRE(al::trained_with(text) == al::TrainedWith{{"heads", "5"}, {"sharedDirection", "removed"}});
  al::train::ImageTrainOptions image;
  image.patch = 8;
  REQUIRE(al::trained_with(image) == al::TrainedWith{{"heads", "4"},
                                                     {"patch", "8"},
                                                     {"positional", "false"},
                                                     {"similarity", "cosine"},
                                                     {"mask", "self"},
                                                     {"temperature", "0.15"}});
}
