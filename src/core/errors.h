// The two kinds of error the core reports; what() is a sentence meant for the user.
#pragma once
#include <stdexcept>

namespace al {

// A wrong, truncated or corrupted asset file (embeddings, weights).
struct AssetError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An option outside its allowed values (heads not dividing d_model, temperature <= 0, ...).
struct OptionError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

}  // namespace al
