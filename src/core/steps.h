// The named steps of an analysis, as the JS API and the page ask for them.
#pragma once
#include <string_view>

#include "core/analyze.h"

namespace al {

// "embeddings", "positional", "input" (and "document…" in cross-attention), "query", "key",
// "value", "context", "output", and per head "scores", "scaled", "weights".
// Throws OptionError for an unknown name or a head out of range.
const Matrix& find_step(const Analysis& a, std::string_view name, int head);

}  // namespace al
