#include "manyworlds/core/atomic_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
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

}  // namespace manyworlds
