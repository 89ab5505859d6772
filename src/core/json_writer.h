// A small streaming JSON writer: commas and escaping handled, floats in their shortest
// round-trip form, output buffered and flushed in large blocks (results can be 100s of MB),
// into a FILE or a string.
#pragma once
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace al {

class JsonWriter {
 public:
  explicit JsonWriter(std::FILE* out) : out_(out) {}
  explicit JsonWriter(std::string& out) : text_(&out) {}
  ~JsonWriter() { flush(); }

  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(double x);  // non-finite numbers are written as null
  JsonWriter& value(float x);   // the shortest text that reads back as the same float
  JsonWriter& value(long long x);
  JsonWriter& value(int x) { return value(static_cast<long long>(x)); }
  JsonWriter& value(std::size_t x) { return value(static_cast<long long>(x)); }
  JsonWriter& value(bool b);
  JsonWriter& null();
  JsonWriter& floats(const float* data, std::size_t n);  // an array of numbers
  JsonWriter& newline() {
    newline_ = true;
    return *this;
  }  // start the next value on a new line
  void flush();

 private:
  void separate();
  void raw(std::string_view s);
  std::FILE* out_ = nullptr;
  std::string* text_ = nullptr;
  std::string buf_;
  std::vector<bool> first_{true};  // per open container: nothing written in it yet
  bool after_key_ = false;
  bool newline_ = false;
};

}  // namespace al
