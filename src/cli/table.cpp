// The readable table: tokens, then one head's weights (rows = queries, columns = keys).
#include <algorithm>
#include <string>
#include <vector>

#include "cli/report.h"

namespace al::cli {
namespace {

constexpr int kMaxShown = 12;  // rows and columns shown; --json prints everything
constexpr int kCell = 11;      // column width

// The token padded or cut to `width` code points (a rough display width), '*' when it has no
// vector. One column is kept for the mark.
std::string label(const Token& t, const Lookup& l, std::size_t width) {
  std::string s;
  std::size_t shown = 0;
  for (std::size_t i = 0; i < t.text.size() && shown < width - 1; ++shown) {
    std::size_t len = 1;
    const auto c = static_cast<unsigned char>(t.text[i]);
    if (c >= 0xF0)
      len = 4;
    else if (c >= 0xE0)
      len = 3;
    else if (c >= 0xC0)
      len = 2;
    s += t.text.substr(i, len);
    i += len;
  }
  if (l.status != LookupStatus::Known && l.status != LookupStatus::StandIn) {
    s += '*';
    ++shown;
  }
  return s + std::string(width - shown, ' ');
}

}  // namespace

void print_table(std::FILE* out, const Analysis& a, const Args& args, const topic::TopicModel* topic) {
  const EmbeddedText& q = a.text;
  const EmbeddedText& k = a.keys();
  std::fprintf(out, "%zu tokens%s:", q.tokens.size(), q.truncated ? " (the text was cut: see --max-tokens)" : "");
  bool any_unknown = false, any_stand_in = false;
  for (std::size_t i = 0; i < q.tokens.size() && i < 64; ++i) {
    const LookupStatus status = q.lookups[i].status;
    if (status == LookupStatus::StandIn) {  // "I(=me)"
      any_stand_in = true;
      std::fprintf(out, " %s(=%s)", q.tokens[i].text.c_str(), stand_in_for(q.tokens[i].lower));
      continue;
    }
    const bool known = status == LookupStatus::Known;
    any_unknown |= !known;
    std::fprintf(out, " %s%s", q.tokens[i].text.c_str(), known ? "" : "*");
  }
  std::fprintf(out, "%s\n", q.tokens.size() > 64 ? " ..." : "");
  if (any_unknown) std::fprintf(out, "* no GloVe vector: the zero vector is used\n");
  if (any_stand_in) std::fprintf(out, "(=w) no GloVe vector of its own: the vector of w stands in\n");
  if (topic) {  // "What is this about? sport (71%): cyclist 0.44, sprint 0.55"
    const topic::TopicResult r = topic::about(q, *topic);
    const std::string& best = topic->labels[std::size_t(r.best)];
    if (r.label >= 0)
      std::fprintf(out, "\nWhat is this about? %s (%.0f%%)", best.c_str(),
                   100.0 * r.probabilities[std::size_t(r.best)]);
    else
      std::fprintf(out, "\nWhat is this about? not sure (%s %.0f%%, no topic %.0f%%)", best.c_str(),
                   100.0 * r.probabilities[std::size_t(r.best)], 100.0 * r.probabilities.back());
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < r.weights.size(); ++i)
      if (r.used[i]) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return r.weights[x] > r.weights[y]; });
    std::fprintf(out, "%s", order.empty() ? "\n" : ": the question's weights ");
    for (std::size_t k = 0; k < order.size() && k < 5; ++k)
      std::fprintf(out, "%s%s %.2f", k ? ", " : "", q.tokens[order[k]].text.c_str(), double(r.weights[order[k]]));
    if (!order.empty()) std::fprintf(out, "\n");
  }

  const int head = std::clamp(args.head, 0, a.attention.heads - 1);
  const Matrix& w = a.attention.weights[std::size_t(head)];
  std::fprintf(out, "\nAttention weights, head %d of %d (rows: queries, columns: keys; each row sums to 1)\n", head + 1,
               a.attention.heads);
  const int rows = std::min(w.rows, kMaxShown), cols = std::min(w.cols, kMaxShown);
  std::fprintf(out, "%*s", kCell, "");
  for (int c = 0; c < cols; ++c) std::fprintf(out, " %s", label(k.tokens[c], k.lookups[c], kCell).c_str());
  std::fprintf(out, "\n");
  for (int r = 0; r < rows; ++r) {
    std::fprintf(out, "%s", label(q.tokens[r], q.lookups[r], kCell).c_str());
    for (int c = 0; c < cols; ++c) std::fprintf(out, " %*.4f", kCell, double(w(r, c)));
    std::fprintf(out, "\n");
  }
  if (w.rows > rows || w.cols > cols)
    std::fprintf(out, "(showing %d of %d rows and %d of %d columns; --json prints all)\n", rows, w.rows, cols, w.cols);
}

}  // namespace al::cli
