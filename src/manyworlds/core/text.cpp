#include "manyworlds/core/text.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/progress.hpp"

namespace manyworlds {

namespace {

// Closes a file descriptor when it goes out of scope (never standard input).
struct FdCloser {
  int fd = -1;
  ~FdCloser() {
    if (fd > STDIN_FILENO) ::close(fd);
  }
};

[[noreturn]] void throw_too_large(const std::string& name, std::size_t limit) {
  throw InputError(fmt::format("{}: larger than {} MiB", name, limit / kMiB));
}

[[noreturn]] void throw_cannot_read(const std::string& name, int error) {
  throw InputError(fmt::format("cannot read {}: {}", name, std::strerror(error)));
}

// Waits until `fd` (a device, FIFO, pipe or terminal) has something to read, looking for
// Ctrl-C every 100 ms: a read that blocks is not interrupted by the CLI's signal handler.
void wait_readable(int fd, const std::string& name) {
  while (true) {
    if (cancel_requested()) throw_if_cancelled(fmt::format("while waiting for {}", name));
    pollfd p{fd, POLLIN, 0};
    int ready = ::poll(&p, 1, 100);
    if (ready > 0) return;
    if (ready < 0 && errno != EINTR) return;  // let read() report the problem
  }
}

}  // namespace

std::string read_text(const std::string& path, std::size_t limit) {
  bool is_stdin = path == "-";
  const std::string name = is_stdin ? "standard input" : path;
  FdCloser file;
  int fd = STDIN_FILENO;
  if (!is_stdin) {
    // Opening a FIFO waits for its writer; a second Ctrl-C ends the process then.
    do {
      fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) throw_cannot_read(name, errno);
    file.fd = fd;
  }
  struct stat info {};
  if (::fstat(fd, &info) != 0) throw_cannot_read(name, errno);
  if (S_ISDIR(info.st_mode)) throw_cannot_read(name, EISDIR);
  bool regular = S_ISREG(info.st_mode);
  if (regular && static_cast<std::uintmax_t>(info.st_size) > limit) {
    throw_too_large(name, limit);
  }
  // Room for the whole input up front, so the buffer is never copied while it grows (pages are
  // touched only as bytes arrive): at most limit + 1 bytes are ever held.
  std::string text;
  text.reserve(regular ? static_cast<std::size_t>(info.st_size) + 1 : limit + 1);
  constexpr std::size_t kChunk = std::size_t{256} << 10;
  while (true) {
    if (regular) {
      if (cancel_requested()) throw_if_cancelled(fmt::format("while reading {}", name));
    } else {
      wait_readable(fd, name);
    }
    std::size_t old_size = text.size();
    // Within the room reserved (a file reads whole, then one byte to see its end): a chunk read
    // into a small file's string made it 256 KB, cleared and faulted in. Past it (a file that
    // grew since fstat) the string grows by chunks.
    const std::size_t room = text.capacity() - old_size;
    std::size_t want = std::min({kChunk, limit + 1 - old_size, room > 0 ? room : kChunk});
    text.resize(old_size + want);
    ssize_t got = ::read(fd, text.data() + old_size, want);
    if (got < 0) {
      int error = errno;
      text.resize(old_size);
      if (error == EINTR || error == EAGAIN) continue;
      throw_cannot_read(name, error);
    }
    text.resize(old_size + static_cast<std::size_t>(got));
    if (got == 0) return text;
    if (text.size() > limit) throw_too_large(name, limit);
  }
}

std::int64_t parse_int(std::string_view text, std::string_view what, std::int64_t min,
                       std::int64_t max) {
  std::string_view t = trim(text);
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (t.empty() || ec == std::errc::invalid_argument || end != t.data() + t.size()) {
    throw InputError(fmt::format("{}: '{}' is not a whole number", what, trim(text)));
  }
  if (ec == std::errc::result_out_of_range || value < min || value > max) {
    throw InputError(fmt::format("{}: {} is out of range [{}, {}]", what, t, min, max));
  }
  return value;
}

std::vector<std::int64_t> parse_int_list(std::string_view text, std::string_view what,
                                         std::int64_t min, std::int64_t max) {
  std::vector<std::int64_t> values;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = text.find(',', start);
    values.push_back(parse_int(text.substr(start, comma - start), what, min, max));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return values;
}

std::string shortest_fixed(double value) {
#if defined(__cpp_lib_to_chars)
  char buffer[400];  // the longest fixed form of a double has 309 integer digits
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
  return std::string(buffer, end);
#else
  return shortest_fixed_from_fmt(value);
#endif
}

std::string shortest_fixed_from_fmt(double value) {
  std::string s = fmt::format("{}", value);  // shortest round trip, maybe with an exponent
  std::size_t e = s.find('e');
  if (e == std::string::npos) return s;
  int exponent = std::stoi(s.substr(e + 1));
  std::string digits = s.substr(0, e);
  bool negative = digits[0] == '-';
  if (negative) digits.erase(0, 1);
  int point = int(digits.size());  // digits before the decimal point
  if (std::size_t dot = digits.find('.'); dot != std::string::npos) {
    digits.erase(dot, 1);
    point = int(dot);
  }
  point += exponent;
  std::string out;
  if (point <= 0) {
    out = "0." + std::string(std::size_t(-point), '0') + digits;
  } else if (std::size_t(point) >= digits.size()) {
    out = digits + std::string(std::size_t(point) - digits.size(), '0');
  } else {
    out = digits.substr(0, std::size_t(point)) + "." + digits.substr(std::size_t(point));
  }
  return negative ? "-" + out : out;
}

std::string_view trim(std::string_view text) {
  const char* space = " \t\r\n\f\v";
  std::size_t first = text.find_first_not_of(space);
  if (first == std::string_view::npos) return {};
  std::size_t last = text.find_last_not_of(space);
  return text.substr(first, last - first + 1);
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::string_view line : Lines(text)) lines.push_back(line);
  return lines;
}

std::string escape_markup(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace manyworlds
