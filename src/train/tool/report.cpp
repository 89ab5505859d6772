#include "train/tool/report.h"

#include <cstdio>
#include <variant>

#include "core/errors.h"

namespace al::train_tool {

void write_report(const std::string& path, const std::function<void(JsonWriter&)>& body) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) throw AssetError("cannot write '" + path + "'");
  {
    JsonWriter j(f);  // flushes when it goes
    j.begin_object();
    body(j);
    j.end_object();
  }
  std::fputs("\n", f);
  std::fclose(f);
}

template <class S>
void put_options(JsonWriter& j, const std::vector<OptionSpec<S>>& specs, const S& options) {
  for (const OptionSpec<S>& spec : specs) {
    const OptionValue v = spec.get(options);
    j.key(spec.name);
    if (const bool* b = std::get_if<bool>(&v))
      j.value(*b);
    else if (std::holds_alternative<double>(v))
      j.value(std::stod(option_text(v)));
    else
      j.value(std::get<std::string>(v));  // a choice: similarity, mask
  }
}
template void put_options(JsonWriter&, const std::vector<OptionSpec<train::ImageTrainOptions>>&,
                          const train::ImageTrainOptions&);

void put_speed(JsonWriter& j, const Training& t, double total_seconds, std::size_t weights_bytes) {
  j.key("stepsPerSecond")
      .value(t.steps_per_second())
      .key("trainingSeconds")
      .value(t.seconds)
      .key("totalSeconds")
      .value(total_seconds)
      .key("weightsBytes")
      .value(weights_bytes);
}

}  // namespace al::train_tool
