#pragma once
// Reading input text and parsing numbers, with errors that say what and where.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace manyworlds {

// The whole content of `path`, or of standard input when `path` is "-".
// Throws InputError naming the file when it cannot be read.
std::string read_text(const std::string& path);

// A decimal integer in [min, max]; `what` names the value in the error message.
std::int64_t parse_int(std::string_view text, std::string_view what, std::int64_t min,
                       std::int64_t max);

// Comma-separated decimal integers, each in [min, max].
std::vector<std::int64_t> parse_int_list(std::string_view text, std::string_view what,
                                         std::int64_t min, std::int64_t max);

// `text` without leading and trailing white space.
std::string_view trim(std::string_view text);

// The lines of `text`, without their line ends ("\n" or "\r\n").
std::vector<std::string_view> split_lines(std::string_view text);

}  // namespace manyworlds
