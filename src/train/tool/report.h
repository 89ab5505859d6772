// The training tools' JSON reports: the file, the schema's options, and the figures of speed
// every trainer's report ends with.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/json_writer.h"
#include "core/options.h"
#include "train/tool/run.h"

namespace al::train_tool {

// Writes to path one JSON object, whose members body(j) writes, and a new line; throws
// AssetError ("cannot write '<path>'") when the file cannot be opened.
void write_report(const std::string& path, const std::function<void(JsonWriter&)>& body);

// Each option a member of the object being written, under its schema name (numbers as the schema writes
// them: 0.001, not the float's 0.0010000000474974513).
template <class S>
void put_options(JsonWriter& j, const std::vector<OptionSpec<S>>& specs, const S& options);

// stepsPerSecond, trainingSeconds, totalSeconds and weightsBytes.
void put_speed(JsonWriter& j, const Training& t, double total_seconds, std::size_t weights_bytes);

}  // namespace al::train_tool
