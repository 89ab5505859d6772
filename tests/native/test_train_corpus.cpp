// A training corpus as text, split into sentences.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/train/corpus.h"

TEST_CASE("a corpus is its non-empty lines, with Windows line ends trimmed", "[corpus]") {
  REQUIRE(al::train::corpus_sentences("one\ntwo\r\n\n\r\nthree") == std::vector<std::string>{"one", "two", "three"});
  REQUIRE(al::train::corpus_sentences("").empty());
  REQUIRE(al::train::corpus_sentences("\n\n").empty());
}
