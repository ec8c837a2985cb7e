// Core text helpers: reading files and parsing numbers, with their error messages.

#include <gtest/gtest.h>

#include "testing/input_error.hpp"

#include <filesystem>
#include <fstream>
#include <functional>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"

namespace manyworlds {
namespace {

using manyworlds::testing::error_of;

TEST(ReadText, NamesTheFileAndTheReason) {
  auto dir = std::filesystem::temp_directory_path();
  EXPECT_EQ(error_of([&] { read_text(dir.string()); }),
            "cannot read " + dir.string() + ": Is a directory");
  EXPECT_EQ(error_of([] { read_text("/nonexistent/file.txt"); }),
            "cannot read /nonexistent/file.txt: No such file or directory");
}

TEST(ReadText, ReadsBytesAsTheyAre) {
  auto path = std::filesystem::temp_directory_path() / "manyworlds-text-test.txt";
  std::ofstream(path, std::ios::binary) << "a\r\nb\0c";
  EXPECT_EQ(read_text(path.string()), "a\r\nb");
  std::filesystem::remove(path);
}

TEST(ParseInt, RangeAndSyntax) {
  EXPECT_EQ(parse_int(" 42 ", "n", 0, 100), 42);
  EXPECT_EQ(parse_int("+7", "n", 0, 100), 7);
  EXPECT_EQ(error_of([] { parse_int("101", "n", 0, 100); }), "n: 101 is out of range [0, 100]");
  EXPECT_EQ(error_of([] { parse_int("4x", "n", 0, 100); }), "n: '4x' is not a whole number");
  EXPECT_EQ(error_of([] { parse_int("", "n", 0, 100); }), "n: '' is not a whole number");
  EXPECT_EQ(error_of([] { parse_int("99999999999999999999", "n", 0, 100); }),
            "n: 99999999999999999999 is out of range [0, 100]");
  EXPECT_EQ(parse_int_list("1,2,3", "l", 0, 9), (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(error_of([] { parse_int_list("1,,3", "l", 0, 9); }), "l: '' is not a whole number");
}

TEST(SplitLines, HandlesBothLineEnds) {
  EXPECT_EQ(split_lines("a\r\nb\n\nc"), (std::vector<std::string_view>{"a", "b", "", "c"}));
  EXPECT_TRUE(split_lines("").empty());
}

}  // namespace
}  // namespace manyworlds
