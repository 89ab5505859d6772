#include "core/trained_with.h"

#include <string>

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
      notes.push_back(option_note(name, "the trained weights were trained with " + name + " " + value,
                                  "trained weights bring the options they were trained with, since weights learnt "
                                  "under one option mean little under another"));
  }
  return used;
}

}  // namespace

TrainedWith trained_with(const train::TrainOptions& o) {
  AnalysisOptions a;
  a.pipeline.attention.heads = o.attention.heads;
  a.pipeline.remove_shared = o.input.remove_shared;  // the word space the weights learnt in
  return named(a, analysis_option_specs(), {"heads", "sharedDirection"});
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
  ImageAnalysisOptions used = with(asked, image_option_specs(), trained, notes);
  int& blend = used.image.blend_head;
  const int heads = used.image.attention.heads;
  if (blend >= heads) {  // a head the trained weights do not have: their mean
    notes.push_back(option_note(
        "blendHead",
        "the trained weights have " + std::to_string(heads) + " heads, not a head " + std::to_string(blend + 1),
        "a head the trained weights lack cannot blend the picture, so the mean of their heads does"));
    blend = -1;
  }
  return used;
}

}  // namespace al
