#include "core/topic/model.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/bytes.h"
#include "core/errors.h"

namespace al::topic {
namespace {

constexpr std::uint32_t kVersion = 2;  // 2: trained on the word vectors without the shared direction
constexpr int kMaxDims = 4096, kMaxClasses = 256;

// p = softmax(z) over the entries that take part (all when take is null): three passes, the
// maximum first so that exp never overflows. Returns log Σ exp(z_i) over them.
double softmax(const std::vector<float>& z, const std::vector<bool>* take, std::vector<float>& p) {
  const std::size_t n = z.size();
  auto in = [&](std::size_t i) { return !take || (*take)[i]; };
  float max = -INFINITY;
  for (std::size_t i = 0; i < n; ++i)
    if (in(i)) max = std::max(max, z[i]);
  double sum = 0;
  p.assign(n, 0.0f);
  for (std::size_t i = 0; i < n; ++i)
    if (in(i)) sum += p[i] = std::exp(z[i] - max);
  for (std::size_t i = 0; i < n; ++i) p[i] = float(p[i] / sum);
  return double(max) + std::log(sum);
}

}  // namespace

TopicModel empty_model(int d, int d_k, std::vector<std::string> labels) {
  TopicModel m;
  m.d = d;
  m.d_k = d_k;
  m.wk = Matrix(d, d_k);
  m.bk.assign(std::size_t(d_k), 0.0f);
  m.query.assign(std::size_t(d_k), 0.0f);
  m.wc = Matrix(d, int(labels.size()));
  m.bc.assign(labels.size(), 0.0f);
  m.labels = std::move(labels);
  return m;
}

TopicResult about(const Matrix& x, const std::vector<bool>& used, const TopicModel& m) {
  if (x.cols != m.d)
    throw OptionError("the topic model takes " + std::to_string(m.d) + "-number word vectors, not " +
                      std::to_string(x.cols));
  const int n = x.rows, C = m.classes();
  TopicResult r;
  r.used.assign(std::size_t(n), false);
  for (int i = 0; i < n && i < int(used.size()); ++i) r.used[std::size_t(i)] = used[std::size_t(i)];
  r.scores.assign(std::size_t(n), 0.0f);
  r.answer.assign(std::size_t(m.d), 0.0f);
  const bool any = std::find(r.used.begin(), r.used.end(), true) != r.used.end();

  // s_i = q·tanh(x_i·W_K + b_K) / √d_k
  const float inv_sqrt_dk = 1.0f / std::sqrt(float(m.d_k));
  std::vector<float> u(std::size_t(m.d_k));
  for (int i = 0; i < n; ++i) {
    if (!r.used[std::size_t(i)]) continue;
    std::copy(m.bk.begin(), m.bk.end(), u.begin());
    const float* xi = x.row(i);
    for (int c = 0; c < m.d; ++c) {
      const float* w = m.wk.row(c);  // u += x_ic · W_K[c, :]
      for (int k = 0; k < m.d_k; ++k) u[std::size_t(k)] += xi[c] * w[k];
    }
    float s = 0;
    for (int k = 0; k < m.d_k; ++k) s += m.query[std::size_t(k)] * std::tanh(u[std::size_t(k)]);
    r.scores[std::size_t(i)] = s * inv_sqrt_dk;
  }
  // a = softmax(s) over the words that take part; h = Σ a_i x_i
  const double match = softmax(r.scores, &r.used, r.weights);
  r.match = any ? float(match) : 0.0f;
  if (!any) std::fill(r.weights.begin(), r.weights.end(), 0.0f);
  for (int i = 0; i < n; ++i)
    if (r.used[std::size_t(i)])
      for (int c = 0; c < m.d; ++c) r.answer[std::size_t(c)] += r.weights[std::size_t(i)] * x(i, c);
  // z = h·W_C + b_C, z_none += β·m, p = softmax(z)
  std::vector<float> z(m.bc);
  for (int c = 0; c < m.d; ++c)
    for (int k = 0; k < C; ++k) z[std::size_t(k)] += r.answer[std::size_t(c)] * m.wc(c, k);
  z[std::size_t(C - 1)] += m.match * r.match;
  if (any)
    softmax(z, nullptr, r.probabilities);
  else
    r.probabilities.assign(std::size_t(C), 1.0f / float(C));
  const int topics = m.topics();
  r.best = int(std::max_element(r.probabilities.begin(), r.probabilities.begin() + topics) - r.probabilities.begin());
  const float best = r.probabilities[std::size_t(r.best)];
  if (any && best >= m.threshold && best > r.probabilities[std::size_t(topics)]) r.label = r.best;
  return r;
}

TopicResult about(const EmbeddedText& text, const TopicModel& m) {
  std::vector<bool> used(text.tokens.size());
  for (std::size_t i = 0; i < used.size(); ++i)
    used[i] = text.tokens[i].kind == TokenKind::Word && text.lookups[i].status == LookupStatus::Known &&
              int(i) != text.masked_token;
  return about(text.centered, used, m);
}

std::string serialize_topic_model(const TopicModel& m) {
  std::string out = "ALTP";
  append_u32_le(out, kVersion);
  for (int v : {m.d, m.d_k, m.classes()}) append_u32_le(out, std::uint32_t(v));
  append_f32_le(out, m.threshold);
  std::string labels;
  for (const std::string& l : m.labels) labels += (labels.empty() ? "" : "\n") + l;
  append_u32_le(out, std::uint32_t(labels.size()));
  out += labels;
  out.append((4 - labels.size() % 4) % 4, '\0');
  for (const std::vector<float>* v : {&m.wk.data, &m.bk, &m.query, &m.wc.data, &m.bc})
    for (float f : *v) append_f32_le(out, f);
  append_f32_le(out, m.match);
  return out;
}

TopicModel parse_topic_model(std::string_view bytes, const std::string& name) {
  auto fail = [&](const std::string& why) -> TopicModel {
    throw AssetError("topic model '" + name + "' is not usable: " + why);
  };
  constexpr std::size_t kHeader = 28;
  if (bytes.size() < kHeader) return fail("truncated: shorter than the 28-byte header");
  if (std::memcmp(bytes.data(), "ALTP", 4) != 0) return fail("wrong magic (expected \"ALTP\")");
  if (read_u32_le(bytes.data() + 4) != kVersion) return fail("unsupported version");
  const std::uint32_t d = read_u32_le(bytes.data() + 8), d_k = read_u32_le(bytes.data() + 12),
                      classes = read_u32_le(bytes.data() + 16);
  const float threshold = read_f32_le(bytes.data() + 20);
  const std::uint32_t label_bytes = read_u32_le(bytes.data() + 24);
  if (d == 0 || d > kMaxDims || d_k == 0 || d_k > kMaxDims || classes < 2 || classes > kMaxClasses)
    return fail("implausible sizes d " + std::to_string(d) + ", d_k " + std::to_string(d_k) + ", classes " +
                std::to_string(classes));
  if (!(threshold >= 0.0f && threshold <= 1.0f)) return fail("its threshold is not in [0, 1]");
  if (label_bytes > bytes.size() - kHeader) return fail("truncated in its labels");
  const std::size_t padded = (label_bytes + 3) / 4 * 4;
  const std::size_t floats = std::size_t(d) * d_k + 2 * std::size_t(d_k) + std::size_t(d) * classes + classes + 1;
  const std::size_t expected = kHeader + padded + 4 * floats;
  if (bytes.size() != expected)
    return fail(std::to_string(bytes.size()) + " bytes, expected " + std::to_string(expected) + " for its sizes");
  std::vector<std::string> labels;
  std::string_view text = bytes.substr(kHeader, label_bytes);
  for (std::size_t start = 0;;) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    labels.emplace_back(text.substr(start, end - start));
    if (labels.back().empty()) return fail("an empty label");
    if (end == text.size()) break;
    start = end + 1;
  }
  if (labels.size() != classes)
    return fail(std::to_string(labels.size()) + " labels for " + std::to_string(classes) + " classes");
  TopicModel m = empty_model(int(d), int(d_k), std::move(labels));
  m.threshold = threshold;
  const char* p = bytes.data() + kHeader + padded;
  auto read = [&](float& f) {
    f = read_f32_le(p);
    p += 4;
    // trained weights are O(1); a bound keeps every score finite in float
    if (!(std::abs(f) <= 1e4f)) fail("contains a value outside [-1e4, 1e4]: " + std::to_string(f));
  };
  for (std::vector<float>* v : {&m.wk.data, &m.bk, &m.query, &m.wc.data, &m.bc})
    for (float& f : *v) read(f);
  read(m.match);
  return m;
}

}  // namespace al::topic
