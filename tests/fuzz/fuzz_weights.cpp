// libFuzzer target: the trained weights file's reader (al::parse_weights, "ALWT" versions 1 and
// 2) and the Session's check of the options a file was trained with (scripts/fuzz.sh runs it;
// docs/HARDENING.md). The bytes come from users: the JS API's setTrainedWeights and the CLI's
// --weights-file.
// Invariants: the reader throws AssetError (nothing else) or returns square d_model × d_model
// maps of finite numbers and options that are name=value pairs of printable ASCII; what it
// returns writes back to a file that reads as the same weights. A Session then takes the bytes
// as text and as image weights, or refuses them with AssetError.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/errors.h"
#include "core/session.h"
#include "core/weights.h"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_weights: %s\n", what);
  std::abort();
}

void check(const al::AttentionWeights& w) {
  if (w.d_model < 1) fail("d_model < 1");
  for (const al::Matrix* m : {&w.wq, &w.wk, &w.wv, &w.wo}) {
    if (m->rows != w.d_model || m->cols != w.d_model) fail("a map is not d_model × d_model");
    for (float v : m->data)
      if (!std::isfinite(v)) fail("a weight is not finite");
  }
  for (const auto& [name, value] : w.trained_with) {
    if (name.empty() || name.find('=') != std::string::npos) fail("an option's name is empty or holds '='");
    for (char c : name + value)
      if (c < 0x20 || c > 0x7e) fail("an option holds a character that is not printable ASCII");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  al::AttentionWeights w;
  try {
    w = al::parse_weights(bytes, "fuzz.bin");
  } catch (const al::AssetError&) {
    return 0;
  }
  check(w);
  const al::AttentionWeights back = al::parse_weights(al::serialize_weights(w), "again.bin");
  if (back.d_model != w.d_model || back.trained_with != w.trained_with || back.wq.data != w.wq.data ||
      back.wo.data != w.wo.data)
    fail("written back, the weights read differently");
  al::Session session;
  for (bool image : {false, true}) try {
      if (image)
        session.set_trained_image_weights(bytes, "fuzz.bin");
      else
        session.set_trained_weights(bytes, "fuzz.bin");
    } catch (const al::AssetError&) {
    }
  return 0;
}
