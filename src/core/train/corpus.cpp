#include "core/train/corpus.h"

#include <algorithm>

namespace al::train {

std::vector<std::string> corpus_sentences(std::string_view text) {
  std::vector<std::string> sentences;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = std::min(text.find('\n', start), text.size());
    const std::size_t next = end + 1;
    if (end > start && text[end - 1] == '\r') --end;
    if (end > start) sentences.emplace_back(text.substr(start, end - start));
    start = next;
  }
  return sentences;
}

}  // namespace al::train
