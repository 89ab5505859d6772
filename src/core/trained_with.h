// What trained weights bring with them: the analysis options they were trained with, written
// into their file by the trainers (weights.h's TrainedWith) and used by every analysis with
// them (Session), since weights learnt under one option mean little under another.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "core/options.h"
#include "core/weights.h"

namespace al {

// Why an option of an analysis is not the one asked for: the option's schema name, a sentence
// (what was used, and why), and the why alone, the same words for every note of one rule (a
// front end can say it once for all of them: "…: heads 4, similarity cosine").
struct OptionNote {
  std::string option;
  std::string note;
  std::string because;
};

// A note of option `name`: `what` happened, `because` a rule says so.
inline OptionNote option_note(std::string name, const std::string& what, std::string because) {
  return {std::move(name), what + " (" + because + ")", std::move(because)};
}

// The analysis options weights trained with o carry: the text layer's heads and word space
// (sharedDirection); the image layer's
// heads, patch, positional switch, similarity, mask and temperature.
TrainedWith trained_with(const train::TrainOptions& o);
TrainedWith trained_with(const train::ImageTrainOptions& o);

// The options asked, with those the weights were trained with; a note for each that changed.
// Throws OptionError for an option the analysis does not have or a value outside its range.
AnalysisOptions with_trained(const AnalysisOptions& asked, const TrainedWith& trained, std::vector<OptionNote>& notes);
ImageAnalysisOptions with_trained(const ImageAnalysisOptions& asked, const TrainedWith& trained,
                                  std::vector<OptionNote>& notes);

}  // namespace al
