#include "cli/report.h"
#include "core/json_writer.h"
#include "core/kernels/kernels.h"
#include "core/steps.h"

namespace al::cli {
namespace {

void write_tokens(JsonWriter& j, const EmbeddedText& s) {
  j.begin_array();
  for (std::size_t i = 0; i < s.tokens.size(); ++i) {
    const Token& t = s.tokens[i];
    const Lookup& l = s.lookups[i];
    j.begin_object();
    j.key("text").value(t.text).key("lower").value(t.lower).key("kind").value(to_string(t.kind));
    j.key("start").value(static_cast<long long>(t.u16_start)).key("end").value(static_cast<long long>(t.u16_end));
    j.key("byteStart")
        .value(static_cast<long long>(t.byte_start))
        .key("byteEnd")
        .value(static_cast<long long>(t.byte_end));
    j.key("known").value(l.status == LookupStatus::Known).key("status").value(to_string(l.status));
    j.key("rank");
    if (l.status == LookupStatus::Known)
      j.value(static_cast<long long>(l.rank));
    else
      j.null();
    if (l.status == LookupStatus::StandIn) j.key("standIn").value(stand_in_for(t.lower));
    j.end_object();
  }
  j.end_array();
}

// {"shape": [rows, cols], "data": [[row 0], [row 1], ...]}, one row per line
void write_matrix(JsonWriter& j, const Matrix& m) {
  j.begin_object().key("shape").begin_array().value(m.rows).value(m.cols).end_array();
  j.key("data").begin_array();
  for (int r = 0; r < m.rows; ++r) j.newline().floats(m.row(r), std::size_t(m.cols));
  j.end_array().end_object();
}

// {"shape": [heads, rows, cols], "data": [[[head 0, row 0], ...], ...]}, one row per line
void write_heads(JsonWriter& j, const std::vector<Matrix>& per_head) {
  const int rows = per_head.empty() ? 0 : per_head[0].rows, cols = per_head.empty() ? 0 : per_head[0].cols;
  j.begin_object().key("shape").begin_array().value(int(per_head.size())).value(rows).value(cols).end_array();
  j.key("data").begin_array();
  for (const Matrix& m : per_head) {
    j.begin_array();
    for (int r = 0; r < m.rows; ++r) j.newline().floats(m.row(r), std::size_t(m.cols));
    j.end_array();
  }
  j.end_array().end_object();
}

const Matrix* side_step(const EmbeddedText& s, const std::string& name) {
  if (name == "embeddings") return &s.embeddings;
  if (name == "positional") return &s.positional;
  if (name == "input") return &s.input;
  return nullptr;
}

// {"label": topic or null, "best", "threshold", "match", "scores": {class: p}, "weights": [per
// token], "wordScores": [per token, null for a token that took no part]}
void write_topic(JsonWriter& j, const Analysis& a, const topic::TopicModel& m) {
  const topic::TopicResult r = topic::about(a.text, m);
  j.begin_object().key("label");
  if (r.label >= 0)
    j.value(m.labels[std::size_t(r.label)]);
  else
    j.null();
  j.key("best").value(m.labels[std::size_t(r.best)]).key("threshold").value(double(m.threshold));
  j.key("match").value(double(r.match)).key("scores").begin_object();
  for (std::size_t c = 0; c < m.labels.size(); ++c) j.key(m.labels[c]).value(double(r.probabilities[c]));
  j.end_object().key("weights").floats(r.weights.data(), r.weights.size());
  j.key("wordScores").begin_array();
  for (std::size_t i = 0; i < r.scores.size(); ++i)
    if (r.used[i])
      j.value(double(r.scores[i]));
    else
      j.null();
  j.end_array().end_object();
}

}  // namespace

void print_json(std::FILE* out, const Analyzed& made, const Args& args) {
  const Analysis& a = made.analysis;
  const AttentionWeights& w = made.weights->weights;
  const topic::TopicModel* topic = made.topic.get();
  JsonWriter j(out);
  j.begin_object();
  j.key("model").begin_object().key("dModel").value(w.d_model).key("heads").value(a.attention.heads);
  j.key("dK").value(a.attention.d_k).key("weights").value(w.preset);
  j.key("kernels").begin_object().key("gemm").value(kernels::gemm_impl());
  j.key("softmax").value(kernels::softmax_impl()).end_object().end_object();
  j.key("options");
  write_options(j, analysis_option_specs(), made.used);  // every option of the schema, as the JS API names it
  j.key("notes").begin_array();                          // why an option used differs from the one asked
  for (const OptionNote& n : made.notes)
    j.begin_object()
        .key("option")
        .value(n.option)
        .key("note")
        .value(n.note)
        .key("because")
        .value(n.because)
        .end_object();
  j.end_array();
  j.key("cross").value(a.cross);
  j.key("tokens");
  write_tokens(j, a.text);
  j.key("totalTokens").value(a.text.total_tokens).key("truncated").value(a.text.truncated);
  j.key("topic");  // the query text's, in cross-attention
  if (topic)
    write_topic(j, a, *topic);
  else
    j.null();
  if (a.cross) {
    j.key("documentTokens");
    write_tokens(j, a.document);
    j.key("documentTotalTokens").value(a.document.total_tokens);
    j.key("documentTruncated").value(a.document.truncated);
  }
  j.key("steps").begin_object();
  for (const std::string& name : args.steps) {
    if (const Matrix* m = side_step(a.text, name)) {
      j.key(name);
      write_matrix(j, *m);
      if (a.cross) {
        j.key("document" + std::string(1, char(name[0] - 'a' + 'A')) + name.substr(1));
        write_matrix(j, *side_step(a.document, name));
      }
      continue;
    }
    const AttentionSteps& s = a.attention;
    j.key(name);
    if (name == "scores")
      write_heads(j, s.scores);
    else if (name == "scaled")
      write_heads(j, s.scaled);
    else if (name == "weights")
      write_heads(j, s.weights);
    else
      write_matrix(j, find_step(a, w, name, 0));
  }
  j.end_object().end_object();
  j.flush();
  std::fputc('\n', out);
}

}  // namespace al::cli
