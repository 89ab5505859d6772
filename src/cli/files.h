// Reading and writing whole files, for the command-line tools.
#pragma once
#include <cstddef>
#include <istream>
#include <string>

namespace al::cli {

// The most bytes read_file reads unless told otherwise (the tools' own files are far smaller).
constexpr std::size_t kMaxReadBytes = std::size_t(256) << 20;

// The bytes of the regular file at path; throws AssetError with a sentence when it cannot be
// opened, is not a regular file (a FIFO, a device, a folder: refused before reading, so nothing
// blocks or grows without end), or is larger than max_bytes ("<what> up to N MB are read").
std::string read_file(const std::string& path, std::size_t max_bytes = kMaxReadBytes,
                      const std::string& what = "files");

// All of in (stdin), at most max_bytes; throws AssetError saying the limit past it.
std::string read_stream(std::istream& in, const std::string& name, std::size_t max_bytes);

// Writes bytes to the file at path, making its folders first; throws AssetError ("cannot write
// '<path>'") when it cannot.
void write_file(const std::string& path, const std::string& bytes);

}  // namespace al::cli
