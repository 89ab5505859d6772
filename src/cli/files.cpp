#include "cli/files.h"

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

}  // namespace al::cli
