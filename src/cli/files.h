// Reading and writing whole files, for the command-line tools.
#pragma once
#include <string>

namespace al::cli {

// The bytes of the file at path; throws AssetError ("cannot open '<path>'") when it cannot.
std::string read_file(const std::string& path);

// Writes bytes to the file at path, making its folders first; throws AssetError ("cannot write
// '<path>'") when it cannot.
void write_file(const std::string& path, const std::string& bytes);

}  // namespace al::cli
