#include "core/trained_with.h"

#include "core/errors.h"

namespace al {
namespace {

// The named options of o as (name, value as text) pairs.
template <class S>
TrainedWith named(const S& o, const std::vector<OptionSpec<S>>& specs, const std::vector<const char*>& names) {
  TrainedWith out;
  for (const char* name : names) out.emplace_back(name, option_text(find_option(specs, name)->get(o)));
  return out;
}

template <class S>
S with(const S& asked, const std::vector<OptionSpec<S>>& specs, const TrainedWith& trained,
       std::vector<OptionNote>& notes) {
  S used = asked;
  for (const auto& [name, value] : trained) {
    const OptionSpec<S>* spec = find_option(specs, name);
    if (!spec) throw OptionError("the trained weights were trained with an unknown option '" + name + "'");
    const std::string before = option_text(spec->get(used));
    set_option_text(used, name, value);
    if (option_text(spec->get(used)) != before)
      notes.push_back({name, "the trained weights were trained with " + name + " " + value +
                                 " (weights learnt under one option mean little under another), so they are used "
                                 "with it"});
  }
  return used;
}

}  // namespace

TrainedWith trained_with(const train::TrainOptions& o) {
  AnalysisOptions a;
  a.pipeline.attention.heads = o.attention.heads;
  return named(a, analysis_option_specs(), {"heads"});
}

TrainedWith trained_with(const train::ImageTrainOptions& o) {
  ImageAnalysisOptions a;
  a.image.attention = o.attention;
  a.image.patch = o.patch;
  a.image.positional = o.input.positional;
  return named(a, image_option_specs(), {"heads", "patch", "positional", "similarity", "mask", "temperature"});
}

AnalysisOptions with_trained(const AnalysisOptions& asked, const TrainedWith& trained, std::vector<OptionNote>& notes) {
  return with(asked, analysis_option_specs(), trained, notes);
}

ImageAnalysisOptions with_trained(const ImageAnalysisOptions& asked, const TrainedWith& trained,
                                  std::vector<OptionNote>& notes) {
  return with(asked, image_option_specs(), trained, notes);
}

}  // namespace al
