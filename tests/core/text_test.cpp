// Core text helpers: reading files and parsing numbers, with their error messages.

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <random>
#include <thread>
#include <vector>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "testing/endless_fifo.hpp"
#include "testing/input_error.hpp"
#include "testing/temp_dir.hpp"

namespace manyworlds {
namespace {

using manyworlds::testing::EndlessFifo;
using manyworlds::testing::error_of;
using manyworlds::testing::TempDir;

TEST(ReadText, NamesTheFileAndTheReason) {
  TempDir dir;
  EXPECT_EQ(error_of([&] { read_text(dir.path()); }),
            "cannot read " + dir.path() + ": Is a directory");
  EXPECT_EQ(error_of([] { read_text("/nonexistent/file.txt"); }),
            "cannot read /nonexistent/file.txt: No such file or directory");
}

TEST(ReadText, ReadsBytesAsTheyAre) {
  TempDir dir;
  std::string path = dir.write("text.txt", std::string("a\r\nb\0c", 6));
  EXPECT_EQ(read_text(path), std::string("a\r\nb\0c", 6));
  EXPECT_EQ(read_text(dir.write("empty.txt", "")), "");
}

// A file of exactly the limit is read; one byte more is refused with the limit in MiB.
TEST(ReadText, ReadsUpToTheLimitAndNoMore) {
  TempDir dir;
  std::string at = dir.write("at.txt", std::string(kMiB, 'x'));
  std::string over = dir.write("over.txt", std::string(kMiB + 1, 'x'));
  EXPECT_EQ(read_text(at, kMiB).size(), kMiB);
  EXPECT_EQ(error_of([&] { read_text(over, kMiB); }), over + ": larger than 1 MiB");
  EXPECT_EQ(error_of([&] { read_text(at, 2 * kMiB); }), "no error");
  EXPECT_EQ(error_of([&] { read_text(over, 2 * kMiB); }), "no error");
}

// A regular file is read into the room its stated size reserves; one with more bytes than
// that (procfs states 0 for every file) is still read whole.
TEST(ReadText, ReadsAFileLongerThanItsStatedSize) {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  const std::string expected{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  ASSERT_GT(expected.size(), 16u);  // past a short string's own room
  EXPECT_EQ(read_text("/proc/self/cmdline"), expected);
}

// A device that never ends is read up to the limit, then refused.
TEST(ReadText, RefusesADeviceThatNeverEnds) {
  EXPECT_EQ(error_of([] { read_text("/dev/zero", 4 * kMiB); }), "/dev/zero: larger than 4 MiB");
  EXPECT_EQ(error_of([] { read_text("/dev/zero"); }), "/dev/zero: larger than 1 MiB");
  // A device that ends (at once) is read like an empty file.
  EXPECT_EQ(read_text("/dev/null"), "");
}

// A FIFO whose writer never stops is refused at the limit (the writer stops when the reader
// closes it). A FIFO that ends is read whole.
TEST(ReadText, RefusesAFifoThatNeverEnds) {
  TempDir dir;
  {
    EndlessFifo fifo(dir.file("endless"), std::string(4096, '0'));
    EXPECT_EQ(error_of([&] { read_text(fifo.path()); }), fifo.path() + ": larger than 1 MiB");
  }
  std::string path = dir.file("ends");
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  std::thread writer([&] { std::ofstream(path, std::ios::binary) << "Player 1\n"; });
  EXPECT_EQ(read_text(path), "Player 1\n");
  writer.join();
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
  EXPECT_EQ(split_lines("a\n"), (std::vector<std::string_view>{"a"}));
  EXPECT_EQ(split_lines("\n\n"), (std::vector<std::string_view>{"", ""}));
  EXPECT_EQ(split_lines("\r"), (std::vector<std::string_view>{""}));
  EXPECT_TRUE(split_lines("").empty());
}

// Lines walks the text without a list: the same lines as split_lines.
TEST(Lines, SameLinesAsSplitLines) {
  for (std::string_view text : {"", "a", "a\n", "a\r\nb\n\nc", "\n\n\r\n", "x\ry\n"}) {
    std::vector<std::string_view> walked;
    for (std::string_view line : Lines(text)) walked.push_back(line);
    EXPECT_EQ(walked, split_lines(text)) << text;
  }
}

// shortest_fixed() is std::to_chars(fixed) here; shortest_fixed_from_fmt() stands in for it
// where to_chars has no floating point (emscripten): both must write the same text below 2^53
// (the library writes percentages). Above it they part: to_chars writes the double's exact
// integer (1.25e25 as 12500000000000000595591168), fmt its shortest digits and zeros.
TEST(ShortestFixed, FromFmtWritesWhatToCharsWritesBelow2To53) {
  std::vector<double> values = {0.0,
                                -0.0,
                                1.0,
                                0.1,
                                1e-7,
                                1.5e-10,
                                123456.789,
                                1e15,
                                5e-324,
                                2.5e-300,
                                61.19047619047619,
                                99.84126984126983,
                                100.0,
                                33.333333333333336,
                                9007199254740991.0};
  std::mt19937_64 rng(7);  // fixed: the same values on every run
  for (int i = 0; i < 20000; ++i) {
    std::uint64_t total = 1 + rng() % 100000, success = rng() % (total + 1);
    values.push_back(double(success) / double(total) * 100);               // java_percent's values
    values.push_back(std::ldexp(double(rng() >> 11), -int(rng() % 120)));  // below 2^53
  }
  for (double v : values) ASSERT_EQ(shortest_fixed_from_fmt(v), shortest_fixed(v)) << v;
  EXPECT_EQ(shortest_fixed(1e-7), "0.0000001");
  EXPECT_EQ(shortest_fixed_from_fmt(1e20), "100000000000000000000");
}

}  // namespace
}  // namespace manyworlds
