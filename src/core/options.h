// The options schema: every option a front end can set, with its name, type, default, range,
// allowed values and a line of help, written once here. The CLI's parser and --help, the Embind
// binding, the JS API (web/lib/generated/schema.js, generated from schema_json()) and the page's
// controls all read it; the defaults are the default member values of the options structs.
//
//   AnalysisOptions o;                              // the defaults
//   set_option(o, "heads", 2.0);                    // checked against the schema
//   set_option_text(o, "similarity", "cosine");     // from text: the CLI, element attributes
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/analyze.h"
#include "core/image/analyze_image.h"
#include "core/presets.h"
#include "core/train/image_options.h"
#include "core/train/options.h"

namespace al {

// Everything a front end chooses for one analysis of a text.
struct AnalysisOptions {
  PipelineOptions pipeline;  // positional encoding, token cap, masked token, attention
  WeightsChoice weights;     // identity, seeded random or trained
};

// Everything a front end chooses for one analysis of a picture.
struct ImageAnalysisOptions {
  image::ImageOptions image;  // patch size, 2-D positional encoding, attention, blend head
  WeightsChoice weights;      // identity, seeded random or trained (the image layer's)
};

enum class OptionType { Boolean, Integer, Number, Choice };
const char* to_string(OptionType type);

using OptionValue = std::variant<bool, double, std::string>;

// One option of an options struct T.
template <class T>
struct OptionSpec {
  const char* name;  // camelCase: the JS API, the URL state, JSON
  const char* flag;  // kebab-case: the CLI's --flag and the element's attribute
  OptionType type;
  const char* help;                  // one line: what it does
  double min = 0, max = 0;           // Integer and Number: the allowed range, inclusive
  std::vector<std::string> choices;  // Choice: the allowed values
  std::vector<int> values;           // Integer: when not empty, the only allowed values
  OptionValue (*get)(const T&) = nullptr;
  void (*set)(T&, const OptionValue&) = nullptr;  // called with a checked value
};

// The options of an analysis of text, of a picture, of training the text layer and of training
// the image layer (the page's worker, the JS API and the native tools' flags).
const std::vector<OptionSpec<AnalysisOptions>>& analysis_option_specs();
const std::vector<OptionSpec<ImageAnalysisOptions>>& image_option_specs();
const std::vector<OptionSpec<train::TrainOptions>>& training_option_specs();
const std::vector<OptionSpec<train::ImageTrainOptions>>& image_training_option_specs();

// The spec whose name or flag is `key`, or nullptr.
template <class T>
const OptionSpec<T>* find_option(const std::vector<OptionSpec<T>>& specs, std::string_view key);

// Checks a value against its spec; throws OptionError with a sentence naming the option and
// what it allows ("heads must be one of 1, 2, 4, 5, 10, 20, 25, 50, 100; got 3").
template <class T>
void check_option(const OptionSpec<T>& spec, const OptionValue& value);
// Checks, then sets. Throws OptionError for an unknown name too.
void set_option(AnalysisOptions& o, std::string_view name, const OptionValue& value);
void set_option(train::TrainOptions& o, std::string_view name, const OptionValue& value);
void set_option(ImageAnalysisOptions& o, std::string_view name, const OptionValue& value);
void set_option(train::ImageTrainOptions& o, std::string_view name, const OptionValue& value);
// The value as text ("2", "true", "cosine") parsed by the option's type, checked, then set.
void set_option_text(AnalysisOptions& o, std::string_view name, std::string_view text);
void set_option_text(train::TrainOptions& o, std::string_view name, std::string_view text);
void set_option_text(ImageAnalysisOptions& o, std::string_view name, std::string_view text);
void set_option_text(train::ImageTrainOptions& o, std::string_view name, std::string_view text);
// An option's value as text, as set_option_text reads it.
std::string option_text(const OptionValue& value);

// The width of the word vectors the text mode uses (GloVe 100d): its divisors are the head counts.
constexpr int kWordVectorDims = 100;
// The divisors of n, ascending: the head counts a model of width n allows.
std::vector<int> divisors(int n);

// The schema as JSON, for the front ends that are not C++: the options (name, flag, type,
// default, min, max, values or choices, help) of text, of pictures and of training, the names of
// the steps of both modes, the token kinds and lookup statuses in their enum order, and the
// vector widths.
std::string schema_json();

}  // namespace al
