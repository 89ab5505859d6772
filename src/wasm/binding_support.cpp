// The definitions binding_support.h declares: the last error and its type, the out-of-memory
// sentence, the count of live analyses, and the views every binding file hands JS.
#include "wasm/binding_support.h"

#include <emscripten/heap.h>

#include <string>
#include <vector>

namespace al::wasm {

std::string& last_error() {
  static std::string message;
  return message;
}
std::string& last_error_type() {
  static std::string type;
  return type;
}
std::string out_of_memory_message() {
  const auto mb = [](double bytes) { return std::to_string(int(bytes / (1024 * 1024) + 0.5)) + " MB"; };
  return "wasm memory is full (" + mb(double(emscripten_get_heap_size())) + " of at most " +
         mb(double(emscripten_get_heap_max())) + "): dispose() results no longer needed, or use smaller inputs";
}

int& live_analyses() {
  static int count = 0;
  return count;
}

val matrix_view(int rows, int cols, const float* data) {
  val out = val::object();
  out.set("rows", rows);
  out.set("cols", cols);
  out.set("data", view_of(data, std::size_t(rows) * std::size_t(cols)));
  return out;
}
val matrix_view(const Matrix& m) { return matrix_view(m.rows, m.cols, m.data.data()); }

val notes_of(const std::vector<OptionNote>& notes) {
  val out = val::array();
  for (const OptionNote& n : notes) {
    val note = val::object();
    note.set("option", n.option);
    note.set("note", n.note);
    note.set("because", n.because);
    out.call<void>("push", note);
  }
  return out;
}

}  // namespace al::wasm
