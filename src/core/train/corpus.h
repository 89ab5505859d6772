// A training corpus as text: one sentence per line (scripts/build-corpus.mjs writes it so).
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace al::train {

// The non-empty lines of text ("\n" or "\r\n" line ends), in order.
std::vector<std::string> corpus_sentences(std::string_view text);

}  // namespace al::train
