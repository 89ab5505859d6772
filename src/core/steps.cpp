#include "core/steps.h"

#include <string>

#include "core/errors.h"

namespace al {

const Matrix& find_step(const Analysis& a, std::string_view name, int head) {
  const AttentionSteps& s = a.attention;
  const Side& doc = a.cross ? a.documents : a.queries;
  if (name == "embeddings") return a.queries.embeddings;
  if (name == "positional") return a.queries.positional;
  if (name == "input") return a.queries.input;
  if (name == "documentEmbeddings") return doc.embeddings;
  if (name == "documentPositional") return doc.positional;
  if (name == "documentInput") return doc.input;
  if (name == "query") return s.query;
  if (name == "key") return s.key;
  if (name == "value") return s.value;
  if (name == "context") return s.context;
  if (name == "output") return s.output;
  const std::vector<Matrix>* per_head = name == "scores" ? &s.scores : name == "scaled" ? &s.scaled
                                        : name == "weights" ? &s.weights : nullptr;
  if (!per_head) throw OptionError("unknown step '" + std::string(name) + "'");
  if (head < 0 || head >= s.heads)
    throw OptionError("head must be from 0 to " + std::to_string(s.heads - 1) + ", got " + std::to_string(head));
  return (*per_head)[std::size_t(head)];
}

}  // namespace al
