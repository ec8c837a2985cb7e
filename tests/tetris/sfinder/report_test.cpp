// sfinder's report writer and output-file names (tetris/sfinder/report.hpp), against the
// shapes of sfinder 1.43's reports (tests/data/tetris/sfinder/) and its base-name rule
// (entry/path/PathEntryPoint, entry/common/MyFile; /work/notes of the capture: "-o out/result.txt
// -> out/result.html", "-o out/ -> out/spin.html").

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/sfinder/report.hpp"
#include "testing/temp_dir.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

TEST(SfinderReport, BlocksPatternsWarningStopwatchAndFinalize) {
  Report t;
  t.block("Setup Field");
  t.lines({"XX________", "XXX_______"});
  t.line();
  t.patterns({"*p7", "T,*p4", "I,*p4", "O,*p4", "S,*p4", "Z,*p4"});
  t.warning({"WARNING: one", "         two"});
  t.block("Search");
  t.stopwatch({"     ... searching"}, 42);
  t.finalize();
  EXPECT_EQ(t.text(),
            "# Setup Field\n"
            "XX________\n"
            "XXX_______\n"
            "\n"
            "Searching patterns:\n"
            "  *p7\n  T,*p4\n  I,*p4\n  O,*p4\n  S,*p4\n"
            "  ... and more, total 6 lines\n"
            "\n"
            "####################################################################\n"
            "WARNING: one\n"
            "         two\n"
            "####################################################################\n"
            "\n"
            "# Search\n"
            "  -> Stopwatch start\n"
            "     ... searching\n"
            "  -> Stopwatch stop : avg.time = 42 ms [1 counts]\n"
            "# Finalize\n"
            "done\n");
}

TEST(SfinderReport, FivePatternLinesAreListedWithoutAMoreLine) {
  Report t;
  t.patterns({"a", "b", "c", "d", "e"}, "Searching patterns [combination]:");
  EXPECT_EQ(t.text(), "Searching patterns [combination]:\n  a\n  b\n  c\n  d\n  e\n");
}

TEST(SfinderReport, OutputFileNamesFollowSfindersBaseNameRule) {
  EXPECT_EQ(output_file_name("output/path.html", "path", "_unique.html"),
            "output/path_unique.html");
  EXPECT_EQ(output_file_name("out/result.txt", "spin", ".html"), "out/result.html");
  EXPECT_EQ(output_file_name("out/", "spin", ".html"), "out/spin.html");
  EXPECT_EQ(output_file_name("", "ren", ".html"), "ren.html");
  EXPECT_EQ(output_file_name("a.b/c", "path", ".csv"), "a.b/c.csv");  // the dot is a folder's
  EXPECT_EQ(output_file_name("noext", "path", ".csv"), "noext.csv");
  EXPECT_EQ(output_file_name("x.tar.gz", "path", "_minimal.csv"), "x.tar_minimal.csv");
}

TEST(SfinderReport, TheLogIsWrittenWithItsFoldersAndAFolderIsRefused) {
  testing::TempDir dir;
  std::string log = dir.file("deep/er/last_output.txt");
  prepare_log(log);
  EXPECT_TRUE(std::filesystem::is_directory(dir.file("deep/er")));
  Report t;
  t.line("done");
  write_log(log, t);
  std::ifstream in(log);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "done\n");
  EXPECT_THROW(prepare_log(dir.file("deep")), InputError);
}

}  // namespace
}  // namespace manyworlds::tetris::sfinder
