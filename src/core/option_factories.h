// The pieces options.cpp builds its specs from: a factory for each kind of option (its get and
// set read and write the option's member), the readers of an option's value as the struct's
// types, and a float option read back as the decimal it was given as. For options.cpp only.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/options.h"

namespace al::option_factories {

// A float option as the decimal number it was given as (0.15f reads 0.15, not 0.15000000596…):
// the shortest of 6 to 9 significant digits that is the same float.
inline double as_decimal(float v) {
  char text[32];
  for (int digits = 6; digits <= 9; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, double(v));
    const double d = std::strtod(text, nullptr);
    if (float(d) == v) return d;
  }
  return double(v);
}

// Option values arrive as bool, double or string; these read them back as the struct's types.
inline bool as_bool(const OptionValue& v) { return std::get<bool>(v); }
inline double as_number(const OptionValue& v) { return std::get<double>(v); }
inline const std::string& as_text(const OptionValue& v) { return std::get<std::string>(v); }

// Factories for the four kinds of option: get and set read and write the option's member.
template <class S>
using Get = OptionValue (*)(const S&);
template <class S>
using Set = void (*)(S&, const OptionValue&);

template <class S>
OptionSpec<S> boolean(const char* name, const char* flag, const char* help, Get<S> get, Set<S> set) {
  return {name, flag, OptionType::Boolean, help, 0, 0, {}, {}, get, set};
}
template <class S>
OptionSpec<S> number(const char* name, const char* flag, const char* help, double min, double max, Get<S> get,
                     Set<S> set) {
  return {name, flag, OptionType::Number, help, min, max, {}, {}, get, set};
}
template <class S>
OptionSpec<S> integer(const char* name, const char* flag, const char* help, double min, double max, Get<S> get,
                      Set<S> set, std::vector<int> values = {}) {
  return {name, flag, OptionType::Integer, help, min, max, {}, std::move(values), get, set};
}
template <class S>
OptionSpec<S> choice(const char* name, const char* flag, const char* help, std::vector<std::string> choices, Get<S> get,
                     Set<S> set) {
  return {name, flag, OptionType::Choice, help, 0, 0, std::move(choices), {}, get, set};
}

}  // namespace al::option_factories
