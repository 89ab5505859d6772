#include "core/topic/corpus.h"

#include <algorithm>

#include "core/errors.h"

namespace al::topic {

std::vector<Sample> parse_samples(std::string_view tsv) {
  std::vector<Sample> samples;
  int line_number = 0;
  for (std::size_t start = 0; start < tsv.size();) {
    std::size_t end = std::min(tsv.find('\n', start), tsv.size());
    std::string_view line = tsv.substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    std::string_view fields[4];
    std::size_t at = 0;
    for (int f = 0; f < 3; ++f) {
      const std::size_t tab = line.find('\t', at);
      if (tab == std::string_view::npos)
        throw AssetError("topic corpus line " + std::to_string(line_number) + ": expected 4 tab-separated fields");
      fields[f] = line.substr(at, tab - at);
      at = tab + 1;
    }
    fields[3] = line.substr(at);
    if (fields[0].empty() || fields[1].empty() || fields[3].empty())
      throw AssetError("topic corpus line " + std::to_string(line_number) + ": an empty synset, label or text");
    samples.push_back({std::string(fields[0]), std::string(fields[1]), std::string(fields[2]), std::string(fields[3])});
  }
  return samples;
}

std::vector<std::string> labels_of(const std::vector<Sample>& samples) {
  std::vector<std::string> labels;
  bool none = false;
  for (const Sample& s : samples) {
    if (s.label == "none")
      none = true;
    else if (std::find(labels.begin(), labels.end(), s.label) == labels.end())
      labels.push_back(s.label);
  }
  if (none) labels.emplace_back("none");
  return labels;
}

bool held_out(std::string_view id, double fraction) {
  std::uint32_t h = 0x811c9dc5u;  // FNV-1a, 32-bit
  for (unsigned char c : id) h = (h ^ c) * 0x01000193u;
  return double(h % 1000u) < fraction * 1000.0;
}

}  // namespace al::topic
