// Reading whole files, for the command-line tools.
#pragma once
#include <string>

namespace al::cli {

// The bytes of the file at path; throws AssetError ("cannot open '<path>'") when it cannot.
std::string read_file(const std::string& path);

}  // namespace al::cli
