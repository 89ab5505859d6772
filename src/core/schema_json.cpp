// The options schema as JSON, for the front ends that are not C++ (scripts/gen-schema.mjs writes
// it into web/lib/generated/schema.js): every spec with its default read from a default-made
// options struct, the step tables, the enums in their order and the vector widths.
#include <string>

#include "core/attention.h"
#include "core/embedding_files.h"
#include "core/embedding_store.h"
#include "core/image/patches.h"
#include "core/image/tokens.h"
#include "core/image/view.h"
#include "core/json_writer.h"
#include "core/options.h"
#include "core/steps.h"
#include "core/tokenizer.h"

namespace al {
namespace {

// A number of the schema; one that a float holds exactly is written as that float's shortest
// text (0.3, not 0.30000001192092896: the members behind most number options are floats).
void number(JsonWriter& j, double x) {
  if (double(float(x)) == x)
    j.value(float(x));
  else
    j.value(x);
}

template <class S>
void write_specs(JsonWriter& j, const std::vector<OptionSpec<S>>& specs) {
  const S defaults{};
  j.begin_array();
  for (const OptionSpec<S>& s : specs) {
    j.newline().begin_object().key("name").value(s.name).key("flag").value(s.flag).key("type").value(to_string(s.type));
    const OptionValue d = s.get(defaults);
    j.key("default");
    if (s.type == OptionType::Boolean)
      j.value(std::get<bool>(d));
    else if (s.type == OptionType::Choice)
      j.value(std::get<std::string>(d));
    else
      number(j, std::get<double>(d));
    if (s.type == OptionType::Integer || s.type == OptionType::Number) number(j.key("min"), s.min);
    number(j.key("max"), s.max);
    if (!s.values.empty()) {
      j.key("values").begin_array();
      for (int v : s.values) j.value(v);
      j.end_array();
    }
    if (!s.choices.empty()) {
      j.key("choices").begin_array();
      for (const std::string& c : s.choices) j.value(c);
      j.end_array();
    }
    j.key("help").value(s.help).end_object();
  }
  j.end_array();
}

// The steps: name, and whether per head, a head's columns, the document's, a weight map, a picture.
void write_steps(JsonWriter& j, const std::vector<StepInfo>& steps) {
  j.begin_array();
  for (const StepInfo& s : steps) {
    j.newline().begin_object().key("name").value(s.name).key("perHead").value(s.per_head);
    j.key("headColumns").value(s.head_columns).key("document").value(s.document);
    j.key("weight").value(s.weight).key("picture").value(s.picture).end_object();
  }
  j.end_array();
}

}  // namespace

std::string schema_json() {
  std::string out;
  {
    JsonWriter j(out);
    j.begin_object().key("wordVectorDims").value(kWordVectorDims);
    j.key("options");
    write_specs(j, analysis_option_specs());
    j.key("training");
    write_specs(j, training_option_specs());
    j.key("imageTokenDims").value(image::kTokenDims);
    // the side of the square view every picture is analysed at (core/image/view.h)
    j.key("imageViewSize").value(image::kViewSize);
    // what `scale` multiplies cosines by (dot products are divided by √d_k instead)
    j.key("cosineScale").value(kCosineScale);
    // the largest picture the image mode takes (core/image/view.h), checked before any copy
    j.key("imageLimits").begin_object().key("maxSide").value(image::kMaxSide);
    j.key("maxPixels").value(image::kMaxPixels).key("maxFileBytes").value(image::kMaxFileBytes).end_object();
    j.key("imageOptions");
    write_specs(j, image_option_specs());
    j.key("imageSteps");
    write_steps(j, image_step_table());
    j.key("presetTrainingSteps").value(train::kPresetTrainingSteps);
    j.key("imageTraining");
    write_specs(j, image_training_option_specs());
    j.key("presetImageTrainingSteps").value(train::kPresetImageTrainingSteps);
    j.key("steps");
    write_steps(j, step_table());
    j.key("tokenKinds").begin_array();
    for (int k = 0; k < kTokenKindCount; ++k) j.value(to_string(TokenKind(k)));
    j.end_array();
    j.key("lookupStatuses").begin_array();
    for (int k = 0; k < kLookupStatusCount; ++k) j.value(to_string(LookupStatus(k)));
    j.end_array();
    // the words the vectors lack that take another word's vector: [[word, stand-in], ...]
    j.key("standIns").begin_array();
    for (const StandIn& s : stand_ins()) j.begin_array().value(s.word).value(s.stand_in).end_array();
    j.end_array();
    // how the embeddings files are named and split (a page prefetches its first words with it)
    j.key("embeddings").begin_object().key("coreBuckets").value(int(kCoreBuckets));
    j.key("coreFile").value(kCoreFileName).key("bucketFile").value(bucket_file_name(0));
    j.key("shardFile").value(shard_file_name(0)).key("sharedFile").value(kSharedFileName).end_object();
    j.end_object();
  }
  return out;
}

}  // namespace al
