#include "cli/files.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/errors.h"

namespace al::cli {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw AssetError("cannot open '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write_file(const std::string& path, const std::string& bytes) {
  const std::filesystem::path p(path);
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
  std::ofstream out(path, std::ios::binary);
  if (!out.write(bytes.data(), std::streamsize(bytes.size()))) throw AssetError("cannot write '" + path + "'");
}

}  // namespace al::cli
