// What the Embind files share: errors kept for takeError() instead of thrown across (a JS
// exception thrown from C++ would skip the destructors of the frames in between and leak),
// typed-array views onto C++-owned memory, options read from a JS object by the core's schema,
// and the Lens that holds a core Session.
// The only headers that include Emscripten are in this folder.
#pragma once
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/analyze.h"
#include "core/embedding_store.h"
#include "core/errors.h"
#include "core/explain.h"
#include "core/matrix.h"
#include "core/nearest.h"
#include "core/options.h"
#include "core/presets.h"
#include "core/recurrent.h"
#include "core/session.h"
#include "core/topic/model.h"

namespace al::wasm {

using emscripten::val;

// The message of the last failed call, kept until takeError() reads it, and the JS error class
// it is thrown as (takeErrorType()): "TypeError" for a bad option or argument (OptionError),
// "RangeError" when wasm memory is full (std::bad_alloc), "Error" for the rest (a bad file).
std::string& last_error();
std::string& last_error_type();

// The sentence for a C++ allocation that failed: wasm memory is at its limit.
std::string out_of_memory_message();

// Runs f; on a C++ exception keeps its message for takeError() and returns null or a default.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const OptionError& e) {
    last_error() = e.what();
    last_error_type() = "TypeError";
  } catch (const std::bad_alloc&) {
    last_error() = out_of_memory_message();
    last_error_type() = "RangeError";
  } catch (const std::exception& e) {
    last_error() = e.what();
    last_error_type() = "Error";
  } catch (...) {
    last_error() = "unexpected error in the attention core";
    last_error_type() = "Error";
  }
  using R = decltype(f());
  if constexpr (std::is_same_v<R, val>)
    return val::null();
  else if constexpr (!std::is_void_v<R>)
    return R();
}

// Runs count mini-batches of a trainer (the text layer's or the picture layer's: step() returns
// one mini-batch's loss); their mean loss.
template <class Trainer>
double mean_loss_of_steps(Trainer& trainer, int count) {
  return guarded([&] {
    double sum = 0;
    for (int i = 0; i < count; ++i) sum += trainer.step();
    return count > 0 ? sum / count : 0.0;
  });
}

// A Float32Array (Int32Array, Uint8Array...) onto v's memory: valid until memory grows, so the
// JS API copies it at once.
template <class T>
val view_of(const T* data, std::size_t n) {
  return val(emscripten::typed_memory_view(n, data));
}
template <class T>
val view_of(const std::vector<T>& v) {
  return view_of(v.data(), v.size());
}
// {rows, cols, data: Float32Array view}
val matrix_view(const Matrix& m);
val matrix_view(int rows, int cols, const float* data);

// {effective, topShare, top} of one row of weights (core/explain.h's row_focus)
val focus_of(const Matrix& weights, int row, int top);

// The arithmetic behind weight (i, j) of a head (core/explain.h's trace_cell): its numbers, and
// its vectors as views onto kept. Throws OptionError like it.
val trace_of(const al::Analysis& a, int head, int i, int j, CellTrace& kept);

// Why √d_k (core/explain.h's study_scaling on the analysis's input, with its causal mask if any):
// per-row statistics as views onto kept. Throws OptionError like it.
val scaling_of(const al::Analysis& a, int d_k, std::uint64_t seed, float temperature, ScalingStudy& kept);

// {hidden, radius, firstHalf, recurrentFirstHalf, attentionFirstHalf, recurrent, recurrentShare,
// attentionShare} of a self-attention analysis (core/recurrent.h's study_influence); the arrays
// are Float64Array views onto kept, which must outlive them. Throws OptionError like it.
val influence_of(const al::Analysis& a, std::uint64_t seed, InfluenceStudy& kept);

// Results alive in C++ (JS's dispose() frees them): for the leak tests.
int& live_analyses();

// Bytes JS copied into wasm memory (malloc'd; JS frees them).
inline std::string_view bytes_at(std::uintptr_t ptr, int length) {
  return {reinterpret_cast<const char*>(ptr), std::size_t(length)};
}

// The options struct T from a JS object, option by option as the schema names them (fields
// left out keep their defaults). Throws OptionError for a value of the wrong type or range.
template <class T>
T options_from(const val& js, const std::vector<OptionSpec<T>>& specs) {
  T o;
  for (const OptionSpec<T>& spec : specs) {
    const val v = js[spec.name];
    if (v.isUndefined()) continue;
    const std::string type = v.typeOf().as<std::string>();
    OptionValue value;
    if (type == "boolean")
      value = v.as<bool>();
    else if (type == "number")
      value = v.as<double>();
    else if (type == "string")
      value = v.as<std::string>();
    else
      throw OptionError(std::string(spec.name) + " must be a " + to_string(spec.type) + ", got a " + type);
    check_option(spec, value);
    spec.set(o, value);
  }
  return o;
}

// The options struct as a JS object, every option under its schema name.
template <class T>
val options_to(const T& o, const std::vector<OptionSpec<T>>& specs) {
  val out = val::object();
  for (const OptionSpec<T>& spec : specs) {
    const OptionValue v = spec.get(o);
    if (const bool* b = std::get_if<bool>(&v))
      out.set(spec.name, *b);
    else if (const double* x = std::get_if<double>(&v))
      out.set(spec.name, *x);
    else
      out.set(spec.name, std::get<std::string>(v));
  }
  return out;
}

// [{option, note}]: why options used differ from those asked
val notes_of(const std::vector<OptionNote>& notes);

// A page's or worker's Session (src/core/session.h), as JS calls it.
class Lens {
 public:
  void addFile(std::uintptr_t ptr, int length, const std::string& name);
  val filesNeeded(const std::string& text, const std::string& document, double max_tokens);
  // whether the nearest-word search can run: the whole core vocabulary and the shared direction are in
  bool vocabularyReady() const { return session_.store().has_core() && session_.store().has_shared(); }
  int dims() const { return int(session_.store().dims()); }
  void setTrainedWeights(std::uintptr_t ptr, int length);
  void setTrainedImageWeights(std::uintptr_t ptr, int length);
  void setTopicModel(std::uintptr_t ptr, int length);
  val topicLabels() const;
  val nearestWords(std::uintptr_t ptr, int dims, int k, bool remove_shared);
  // {rows, cols, data view}: the sinusoidal encoding of n positions at the vectors' width (a figure
  // of more positions than a text has: the waves show from about 50)
  val positionalEncoding(int n);

  Session& session() { return session_; }
  const EmbeddingStore& store() const { return session_.store(); }

 private:
  Session session_;
  std::vector<float> similarities_;
  std::vector<int> ranks_;
  Matrix waves_;
};

}  // namespace al::wasm
