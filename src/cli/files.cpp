#include "cli/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/errors.h"

namespace al::cli {
namespace {

std::string megabytes(std::size_t bytes) { return std::to_string((bytes + (1 << 19)) >> 20) + " MB"; }

struct Descriptor {
  int fd;
  ~Descriptor() { ::close(fd); }
};

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a pipe (FIFO)";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

std::string read_file(const std::string& path, std::size_t max_bytes, const std::string& what) {
  // O_NONBLOCK: opening a FIFO with no writer returns at once (and is refused below)
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw AssetError("cannot open '" + path + "': " + std::strerror(errno));
  const Descriptor closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw AssetError("cannot open '" + path + "': " + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    throw AssetError("cannot read '" + path + "': it is " + kind_of(st.st_mode) + ": only regular files are read");
  if (std::uint64_t(st.st_size) > max_bytes)
    throw AssetError("cannot read '" + path + "': the file is " + megabytes(std::size_t(st.st_size)) + ": " + what +
                     " up to " + megabytes(max_bytes) + " are read");
  std::string bytes(std::size_t(st.st_size), '\0');
  std::size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = ::read(fd, &bytes[got], bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw AssetError("cannot read '" + path + "': " + std::strerror(errno));
    if (n == 0) break;  // the file shrank while being read
    got += std::size_t(n);
  }
  bytes.resize(got);
  return bytes;
}

std::string read_stream(std::istream& in, const std::string& name, std::size_t max_bytes) {
  std::string bytes;
  char buffer[65536];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    if (bytes.size() + std::size_t(in.gcount()) > max_bytes)
      throw AssetError("the " + name + " is over " + megabytes(max_bytes) + ": at most " + megabytes(max_bytes) +
                       " are read");
    bytes.append(buffer, std::size_t(in.gcount()));
  }
  return bytes;
}

void write_file(const std::string& path, const std::string& bytes) {
  const std::filesystem::path p(path);
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
  std::ofstream out(path, std::ios::binary);
  if (!out.write(bytes.data(), std::streamsize(bytes.size()))) throw AssetError("cannot write '" + path + "'");
}

}  // namespace al::cli
