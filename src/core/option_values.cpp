// Checking and setting options by name: a value against its spec (the sentence a front end
// shows for a bad one), text parsed by the option's type, and values written back as text.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/errors.h"
#include "core/options.h"

namespace al {
namespace {

std::string join(const std::vector<std::string>& items, const char* quote) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + (quote + s + quote);
  return out;
}

std::string number_text(double x) {
  if (x == std::floor(x) && std::abs(x) < 1e15) return std::to_string(static_cast<long long>(x));
  std::string s = std::to_string(x);
  if (std::abs(x) < 1e-3 || std::abs(x) >= 1e6) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", x);
    return buf;
  }
  while (!s.empty() && s.back() == '0') s.pop_back();
  return s;
}

template <class S>
void set_from(const std::vector<OptionSpec<S>>& specs, S& o, std::string_view name, const OptionValue& value) {
  const OptionSpec<S>* spec = find_option(specs, name);
  if (!spec) throw OptionError("unknown option '" + std::string(name) + "'");
  check_option(*spec, value);
  spec->set(o, value);
}

template <class S>
void set_from_text(const std::vector<OptionSpec<S>>& specs, S& o, std::string_view name, std::string_view text) {
  const OptionSpec<S>* spec = find_option(specs, name);
  if (!spec) throw OptionError("unknown option '" + std::string(name) + "'");
  const std::string t(text);
  switch (spec->type) {
    case OptionType::Boolean:
      if (t == "true" || t == "1" || t == "on") return set_from(specs, o, name, OptionValue(true));
      if (t == "false" || t == "0" || t == "off") return set_from(specs, o, name, OptionValue(false));
      throw OptionError(std::string(spec->name) + " must be true or false, got '" + t + "'");
    case OptionType::Integer:
    case OptionType::Number: {
      char* end = nullptr;
      const double x = std::strtod(t.c_str(), &end);
      if (t.empty() || *end != '\0') throw OptionError(std::string(spec->name) + " must be a number, got '" + t + "'");
      return set_from(specs, o, name, OptionValue(x));
    }
    case OptionType::Choice: return set_from(specs, o, name, OptionValue(t));
  }
}

}  // namespace

template <class S>
void check_option(const OptionSpec<S>& s, const OptionValue& value) {
  const std::string name = s.name;
  switch (s.type) {
    case OptionType::Boolean:
      if (!std::holds_alternative<bool>(value)) throw OptionError(name + " must be true or false");
      return;
    case OptionType::Choice:
      if (!std::holds_alternative<std::string>(value))
        throw OptionError(name + " must be one of " + join(s.choices, "'"));
      for (const std::string& c : s.choices)
        if (c == std::get<std::string>(value)) return;
      throw OptionError(name + " must be one of " + join(s.choices, "'") + ", got '" + std::get<std::string>(value) +
                        "'");
    case OptionType::Integer:
    case OptionType::Number: {
      if (!std::holds_alternative<double>(value) || !std::isfinite(std::get<double>(value)))
        throw OptionError(name + " must be a finite number");
      const double x = std::get<double>(value);
      if (s.type == OptionType::Integer && x != std::floor(x))
        throw OptionError(name + " must be a whole number, got " + number_text(x));
      if (!s.values.empty()) {
        for (int v : s.values)
          if (x == v) return;
        std::vector<std::string> allowed;
        for (int v : s.values) allowed.push_back(std::to_string(v));
        throw OptionError(name + " must be one of " + join(allowed, "") + ", got " + number_text(x));
      }
      if (x < s.min || x > s.max)
        throw OptionError(name + " must be from " + number_text(s.min) + " to " + number_text(s.max) + ", got " +
                          number_text(x));
      return;
    }
  }
}
template void check_option(const OptionSpec<AnalysisOptions>&, const OptionValue&);
template void check_option(const OptionSpec<train::TrainOptions>&, const OptionValue&);
template void check_option(const OptionSpec<ImageAnalysisOptions>&, const OptionValue&);
template void check_option(const OptionSpec<train::ImageTrainOptions>&, const OptionValue&);

void set_option(AnalysisOptions& o, std::string_view name, const OptionValue& value) {
  set_from(analysis_option_specs(), o, name, value);
}
void set_option(train::TrainOptions& o, std::string_view name, const OptionValue& value) {
  set_from(training_option_specs(), o, name, value);
}
void set_option_text(AnalysisOptions& o, std::string_view name, std::string_view text) {
  set_from_text(analysis_option_specs(), o, name, text);
}
void set_option_text(train::TrainOptions& o, std::string_view name, std::string_view text) {
  set_from_text(training_option_specs(), o, name, text);
}
void set_option(ImageAnalysisOptions& o, std::string_view name, const OptionValue& value) {
  set_from(image_option_specs(), o, name, value);
}
void set_option_text(ImageAnalysisOptions& o, std::string_view name, std::string_view text) {
  set_from_text(image_option_specs(), o, name, text);
}
void set_option(train::ImageTrainOptions& o, std::string_view name, const OptionValue& value) {
  set_from(image_training_option_specs(), o, name, value);
}
void set_option_text(train::ImageTrainOptions& o, std::string_view name, std::string_view text) {
  set_from_text(image_training_option_specs(), o, name, text);
}

std::string option_text(const OptionValue& value) {
  if (const bool* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  if (const double* x = std::get_if<double>(&value)) return number_text(*x);
  return std::get<std::string>(value);
}

}  // namespace al
