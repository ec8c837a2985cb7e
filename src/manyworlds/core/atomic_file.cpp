#include "manyworlds/core/atomic_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "manyworlds/core/error.hpp"

namespace manyworlds {

void write_file_atomically(const std::string& path, std::string_view content) {
  std::string pattern = path + ".tmp.XXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  int fd = ::mkstemp(name.data());
  if (fd < 0) {
    throw InputError(fmt::format("cannot write {}: {}", path, std::strerror(errno)));
  }
  auto fail = [&](int err) {
    ::close(fd);
    ::unlink(name.data());
    throw InputError(fmt::format("cannot write {}: {}", path, std::strerror(err)));
  };
  const char* data = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    ssize_t n = ::write(fd, data, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(errno);
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  // Keep the old file's permission bits where there is one; a new file gets 0644.
  struct stat old {};
  mode_t mode = ::stat(path.c_str(), &old) == 0 ? (old.st_mode & 07777) : 0644;
  if (::fchmod(fd, mode) != 0) fail(errno);
  if (::close(fd) != 0) {
    int err = errno;
    ::unlink(name.data());
    throw InputError(fmt::format("cannot write {}: {}", path, std::strerror(err)));
  }
  if (::rename(name.data(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(name.data());
    throw InputError(fmt::format("cannot write {}: {}", path, std::strerror(err)));
  }
}

void prepare_file(const std::string& path, std::string_view what) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    throw InputError(fmt::format("{} {} is a folder, not a file", what, path));
  }
  fs::path parent = fs::path(path).parent_path();
  if (parent.empty()) return;
  fs::create_directories(parent, ec);
  std::error_code is_dir_ec;
  if (ec || !fs::is_directory(parent, is_dir_ec)) {
    throw InputError(fmt::format("{} {}: cannot create the folder {}: {}", what, path,
                                 parent.string(),
                                 ec ? ec.message() : std::string("a file is in the way")));
  }
}

void write_file(const std::string& path, std::string_view content, std::string_view what) {
  namespace fs = std::filesystem;
  prepare_file(path, what);
  std::error_code ec;
  fs::file_status status = fs::status(path, ec);
  if (!ec && fs::exists(status) && !fs::is_regular_file(status)) {
    std::ofstream out(path, std::ios::binary);
    out << content;
    out.flush();
    if (!out) throw InputError(fmt::format("cannot write the {} {}", what, path));
    return;
  }
  write_file_atomically(path, content);
}

}  // namespace manyworlds
