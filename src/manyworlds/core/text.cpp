#include "manyworlds/core/text.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "manyworlds/core/error.hpp"

namespace manyworlds {

std::string read_text(const std::string& path) {
  if (path == "-") {
    std::ostringstream buffer;
    buffer << std::cin.rdbuf();
    return buffer.str();
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw InputError(fmt::format("cannot read {}: Is a directory", path));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("cannot read {}: {}", path, std::strerror(errno)));
  try {
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw InputError(fmt::format("cannot read {}: read failed", path));
    return text;
  } catch (const std::ios_base::failure&) {
    throw InputError(fmt::format("cannot read {}: read failed", path));
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

std::string_view trim(std::string_view text) {
  const char* space = " \t\r\n\f\v";
  std::size_t first = text.find_first_not_of(space);
  if (first == std::string_view::npos) return {};
  std::size_t last = text.find_last_not_of(space);
  return text.substr(first, last - first + 1);
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

}  // namespace manyworlds
