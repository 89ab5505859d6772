#include "core/json_writer.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace al {
namespace {

// The shortest text that reads back as the same number, into buf (32 chars); returns its
// length. std::to_chars where the standard library has it for floating point (libstdc++);
// else (Emscripten's libc++) the fewest %g digits that read back exactly.
template <class T>
std::size_t shortest(char* buf, T x) {
#if defined(__cpp_lib_to_chars)
  return std::size_t(std::to_chars(buf, buf + 32, x).ptr - buf);
#else
  for (int digits = 1;; ++digits) {
    const int n = std::snprintf(buf, 32, "%.*g", digits, double(x));
    if (T(std::strtod(buf, nullptr)) == x || digits >= 17) return std::size_t(n);
  }
#endif
}

}  // namespace

void JsonWriter::raw(std::string_view s) {
  buf_.append(s);
  if (buf_.size() > (1u << 20)) flush();
}

void JsonWriter::flush() {
  if (out_) std::fwrite(buf_.data(), 1, buf_.size(), out_);
  if (text_) text_->append(buf_);
  buf_.clear();
}

void JsonWriter::separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.back()) buf_.push_back(',');
  first_.back() = false;
  if (newline_) buf_.push_back('\n');
  newline_ = false;
}

JsonWriter& JsonWriter::begin_object() {
  separate();
  raw("{");
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  first_.pop_back();
  raw("}");
  return *this;
}
JsonWriter& JsonWriter::begin_array() {
  separate();
  raw("[");
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_array() {
  first_.pop_back();
  raw("]");
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
  value(k);
  buf_.push_back(':');
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  separate();
  buf_.push_back('"');
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': buf_ += "\\\""; break;
      case '\\': buf_ += "\\\\"; break;
      case '\n': buf_ += "\\n"; break;
      case '\r': buf_ += "\\r"; break;
      case '\t': buf_ += "\\t"; break;
      default:
        if (c < 0x20) {
          static const char* hex = "0123456789abcdef";
          buf_ += "\\u00";
          buf_.push_back(hex[c >> 4]);
          buf_.push_back(hex[c & 15]);
        } else {
          buf_.push_back(ch);  // UTF-8 passes through (the tokenizer emits valid UTF-8)
        }
    }
  }
  raw("\"");
  return *this;
}

JsonWriter& JsonWriter::value(double x) {
  if (!std::isfinite(x)) return null();
  separate();
  char tmp[32];
  raw(std::string_view(tmp, shortest(tmp, x)));
  return *this;
}

JsonWriter& JsonWriter::value(float x) {
  if (!std::isfinite(x)) return null();
  separate();
  char tmp[32];
  raw(std::string_view(tmp, shortest(tmp, x)));
  return *this;
}

JsonWriter& JsonWriter::value(long long x) {
  separate();
  raw(std::to_string(x));
  return *this;
}

JsonWriter& JsonWriter::value(bool b) {
  separate();
  raw(b ? "true" : "false");
  return *this;
}

JsonWriter& JsonWriter::null() {
  separate();
  raw("null");
  return *this;
}

JsonWriter& JsonWriter::floats(const float* data, std::size_t n) {
  begin_array();
  char tmp[32];
  for (std::size_t i = 0; i < n; ++i) {
    if (i) buf_.push_back(',');
    if (!std::isfinite(data[i])) {
      buf_ += "null";
      continue;
    }
    buf_.append(tmp, shortest(tmp, data[i]));  // the shortest text that reads back as the same float
  }
  if (buf_.size() > (1u << 20)) flush();
  return end_array();
}

}  // namespace al
