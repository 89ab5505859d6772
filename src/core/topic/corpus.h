// The topic classifier's labelled corpus, as scripts/build-topics.mjs writes it from WordNet:
// one sample per line, "synset id \t label \t kind \t text" (kind: words, definition, example),
// and a list of plain words (one per line) from synsets of no topic domain, which training
// inserts into samples as distractors.
// The split into training and held-out samples is by synset (a hash of its id), so that one
// synset's words, definition and examples are all on one side: a held-out sample never shares
// a definition with a training one.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace al::topic {

struct Sample {
  std::string synset, label, kind, text;
};

// The samples of a corpus file; throws AssetError naming the line of a malformed one.
std::vector<Sample> parse_samples(std::string_view tsv);

// The labels in the order they first occur, with "none" moved last (the model's class order).
std::vector<std::string> labels_of(const std::vector<Sample>& samples);

// Whether a synset (or a distractor word) is held out: fnv1a(id) % 1000 < fraction · 1000.
bool held_out(std::string_view id, double fraction);

}  // namespace al::topic
