// `manyworlds tetris fig`: sfinder's pictures reproduced pixel for pixel (tests/data/tetris/fig/),
// its GIFs frame for frame, the output paths, every option, and the error contract.

#include <gtest/gtest.h>
#include <unistd.h>

#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "run.hpp"
#include "testing/image.hpp"

namespace manyworlds::testing {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const std::string kFigData = MANYWORLDS_TEST_DATA_DIR "/tetris/fig";
// tests/data/tetris/fig/README.md: tetris-fumen's quiz test and sfinder's doc example.
const std::string kQuiz = "v115@vhGSSYXAFLDmClcJSAVDEHBEooRBMoAVBUtfBAXsBAAANrBmnBAAAAAA";
const std::string kDoc = "v115@vhKSSJznBGjBXqBNpB0fBRmBasB/rB0qBAAA";

std::string slurp(const std::string& path) {
  return read_text(path);
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// Runs the test body's commands in `dir` (for sfinder's relative default paths).
class ScopedCwd {
 public:
  explicit ScopedCwd(const std::string& dir) : old_(fs::current_path()) { fs::current_path(dir); }
  ~ScopedCwd() { fs::current_path(old_); }

 private:
  fs::path old_;
};

RunResult fig(std::vector<std::string> args) {
  args.insert(args.begin(), {"tetris", "fig"});
  return run_manyworlds(args);
}

// Each row of cases.tsv: the page sfinder drew, drawn again with the same arguments, has the
// same size and the same colour at every pixel.
TEST(TetrisFigCli, PicturesMatchSfinderPixelForPixel) {
  std::string table = slurp(kFigData + "/cases.tsv");
  int cases = 0;
  for (std::string_view line : split_lines(table)) {
    if (line.empty() || line.front() == '#') continue;
    std::vector<std::string> cols;
    std::string row(line);
    for (std::size_t start = 0, tab;; start = tab + 1) {
      tab = row.find('\t', start);
      cols.push_back(row.substr(start, tab - start));
      if (tab == std::string::npos) break;
    }
    ASSERT_EQ(cols.size(), 4u) << row;
    int page = std::stoi(cols[3]);
    TempDir dir;
    std::vector<std::string> args = {
        "-t", cols[1], "-F", "png", "-o", dir.path() + "/x.png", "--no-date-folder"};
    for (const std::string& w : words(cols[2])) args.push_back(w);
    RunResult r = fig(args);
    ASSERT_EQ(r.exit_code, 0) << row << "\n" << r.err;
    std::string name = fmt::format("{}_{:03}.png", cols[0], page);
    Pixels expected = decode_png(slurp(kFigData + "/" + name));
    Pixels actual = decode_png(slurp(fmt::format("{}/x_{:03}.png", dir.path(), page)));
    ASSERT_EQ(actual.width, expected.width) << name;
    ASSERT_EQ(actual.height, expected.height) << name;
    std::size_t differ = 0;
    for (std::size_t i = 0; i < actual.rgb.size(); ++i) differ += actual.rgb[i] != expected.rgb[i];
    EXPECT_EQ(differ, 0u) << name;
    ++cases;
  }
  EXPECT_EQ(cases, 13);
}

TEST(TetrisFigCli, GifsMatchSfinderFrameForFrame) {
  struct Case {
    std::string file;
    std::vector<std::string> args;
    int delay;
    std::optional<int> loops;
  };
  // The commands of tests/data/tetris/fig/README.md.
  std::vector<Case> cases = {{"quiz_s5_e6.gif", {"-s", "5", "-e", "6"}, 30, 0},
                             {"quiz_s6_e7_four_noloop.gif",
                              {"-s", "6", "-e", "7", "-L", "false", "-d", "15", "-c", "four"},
                              15,
                              std::nullopt}};
  for (const Case& c : cases) {
    TempDir dir;
    std::vector<std::string> args = {"-t", kQuiz, "-o", dir.path() + "/a.gif"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    RunResult r = fig(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    Gif expected = decode_gif(slurp(kFigData + "/" + c.file));
    Gif actual = decode_gif(slurp(dir.path() + "/a.gif"));
    EXPECT_EQ(expected.loops, c.loops) << c.file;
    EXPECT_EQ(actual.loops, c.loops) << c.file;
    ASSERT_EQ(actual.frames.size(), 2u);
    ASSERT_EQ(expected.frames.size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
      EXPECT_EQ(actual.delays[i], c.delay);
      EXPECT_EQ(expected.delays[i], c.delay);
      EXPECT_EQ(actual.frames[i].width, expected.frames[i].width);
      EXPECT_EQ(actual.frames[i].rgb, expected.frames[i].rgb) << c.file << " frame " << i;
    }
  }
}

// sfinder's default: output/fig.gif in the working folder; --json lists it.
TEST(TetrisFigCli, DefaultOutputAndJson) {
  TempDir dir;
  ScopedCwd cwd(dir.path());
  RunResult r = fig({kDoc, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j = Json::parse(r.out);
  ASSERT_EQ(j["files"].size(), 1u);
  EXPECT_EQ(j["files"][0]["path"], "output/fig.gif");
  EXPECT_EQ(j["files"][0]["bytes"], fs::file_size("output/fig.gif"));
  EXPECT_EQ(j["files"][0]["pages"].size(), 11u);
  EXPECT_EQ(j["bytes"], fs::file_size("output/fig.gif"));
  EXPECT_EQ(j["format"], "gif");
  EXPECT_EQ(j["frame"], "right");  // no quiz: no hold, basic becomes right
  EXPECT_EQ(j["hold"], false);
  EXPECT_EQ(j["width"], 397);
  EXPECT_EQ(j["height"], 274);
  EXPECT_EQ(j["rows"], 8);
  EXPECT_EQ(j["delay"], 30);
  EXPECT_EQ(j["loop"], true);
  EXPECT_EQ(j["theme"], "default");
  EXPECT_EQ(j["pages"][0], Json::parse(R"({"page":1,"piece":"L","hold":null,"next":"OJSTZ"})"));
  EXPECT_TRUE(j["warnings"].empty());
  Gif gif = decode_gif(slurp("output/fig.gif"));
  EXPECT_EQ(gif.frames.size(), 11u);
  // No temporary file is left beside it.
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator("output")) ++entries;
  EXPECT_EQ(entries, 1u);
}

// PNG pages go to a new yyyyMMdd_HHmmss folder beside the output, as sfinder's; a second run
// in the same second takes _0.
TEST(TetrisFigCli, PngPagesGoToADateFolder) {
  TempDir dir;
  ScopedCwd cwd(dir.path());
  RunResult r = fig({"-t", kQuiz, "-F", "png", "-s", "6", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j = Json::parse(r.out);
  ASSERT_EQ(j["files"].size(), 2u);
  std::string first = j["files"][0]["path"];
  std::smatch m;
  ASSERT_TRUE(std::regex_match(first, m, std::regex(R"(output/(\d{8}_\d{6})/fig_006\.png)")))
      << first;
  EXPECT_EQ(j["files"][1]["path"], fmt::format("output/{}/fig_007.png", m[1].str()));
  EXPECT_EQ(j["files"][1]["pages"], Json::parse("[7]"));
  Pixels png = decode_png(slurp(first));
  EXPECT_EQ(png.width, 452);
  EXPECT_EQ(png.height, 274);
  r = fig({"-t", kQuiz, "-F", "png", "-s", "7", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string second = Json::parse(r.out)["files"][0]["path"];
  EXPECT_NE(fs::path(second).parent_path(), fs::path(first).parent_path());
  EXPECT_TRUE(fs::exists(second));
}

TEST(TetrisFigCli, OutputNameFollowsTheFormat) {
  TempDir dir;
  std::string base = dir.path() + "/sub/pic.png";
  RunResult r = fig({"-t", kDoc, "-o", base, "-e", "2"});  // gif: the extension is replaced
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, fmt::format("pages 1-2 (2), 397 x 274 pixels, frame right, 8 rows, 5 next, "
                               "theme default\nwrote {}/sub/pic.gif ({} bytes)\n",
                               dir.path(), fs::file_size(dir.path() + "/sub/pic.gif")));
  r = fig({"-t", kDoc, "-o", base, "-F", "HTML"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string html = slurp(dir.path() + "/sub/pic.html");
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>"));
  std::size_t svgs = 0;
  for (std::size_t at = html.find("<svg "); at != std::string::npos;
       at = html.find("<svg ", at + 1))
    ++svgs;
  EXPECT_EQ(svgs, 11u);
  r = fig({"-t", kDoc, "-o", base, "-F", "svg", "--no-date-folder", "-s", "11"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string svg = slurp(dir.path() + "/sub/pic_011.svg");
  EXPECT_TRUE(
      svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"mw-fig\" "
                      "width=\"397\" height=\"274\""));
}

TEST(TetrisFigCli, FumenFromStdinFieldFileAndInputFieldTxt) {
  TempDir dir;
  ScopedCwd cwd(dir.path());
  RunResult r = run_manyworlds({"tetris", "fig", "-t", "-", "-o", "a.gif", "--json"}, kDoc + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Json::parse(r.out)["pages"].size(), 11u);
  // sfinder's field file: '#' comments, the first line left is the fumen.
  dir.write("f.txt", "# my field\n\n  " + kQuiz + "  # the quiz\n" + kDoc + "\n");
  r = fig({"--field-path", "f.txt", "-o", "b.gif", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Json::parse(r.out)["pages"].size(), 7u);
  // Neither given: input/field.txt, as sfinder.
  fs::create_directories("input");
  dir.write("input/field.txt", "https://fumen.zui.jp/?" + kQuiz + "\n");
  r = fig({"-o", "c.gif", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Json::parse(r.out)["quiz"], true);
}

TEST(TetrisFigCli, ThemesByNameFileAndThemeFolder) {
  TempDir dir;
  ScopedCwd cwd(dir.path());
  std::string four = "Empty=#f3f3ed\nBorder=#f3f3ed\n";
  for (const char* p : {"T", "I", "O", "S", "Z", "J", "L", "Gray"}) {
    four += fmt::format("{0}.normal=#112233\n{0}.clear=#445566\n{0}.piece=#778899\n", p);
  }
  dir.write("mine.properties", four);
  fs::create_directories("theme");
  dir.write("theme/other.properties", four + "SideFrame=#abcdef\n");
  auto side = [&](const std::string& color) {
    RunResult r = fig({"-t", kDoc, "-F", "png", "--no-date-folder", "-e", "1", "-c", color, "-o",
                       "p.png", "--json"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    if (r.exit_code != 0) return std::string();
    // The side frame at the right edge, the piece L (page 1) at its cell.
    return Json::parse(r.out)["theme"].get<std::string>() + " " +
           decode_png(slurp("p_001.png")).hex(396, 0);
  };
  EXPECT_EQ(side("four"), "four #fcfcfc");   // four.properties: SideFrame=#fcfcfc
  EXPECT_EQ(side("@mipi"), "mipi #333333");  // sfinder strips a leading @ or +
  EXPECT_EQ(side("./mine.properties"), "mine #333333");
  EXPECT_EQ(side("other"), "other #abcdef");
}

TEST(TetrisFigCli, LogPathAndWarnings) {
  TempDir dir;
  // The 13-page quiz fumen of the corpus: its quiz runs out on page 8 (sfinder fails there).
  const std::string long_quiz =
      "v115@vhG9NYaAFLDmClcJSAVDEHBEooRBUoAVBa9aPCM+AA?A0sBXjB2uBzkBifBplBmhI8NjSFAooMDEPBAAAvhE"
      "HiuFA3?XaDEEBAAAHiBAwDHmBAAA";
  RunResult r = fig(
      {"-t", long_quiz, "-o", dir.path() + "/l.gif", "--log-path", dir.path() + "/logs/last.txt"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err,
            "manyworlds: warning: page 8 places T, which is neither the quiz's next piece (-) nor "
            "its hold (-): the quiz ends there, and the next boxes show the pieces of the "
            "following pages\n");
  std::string log = slurp(dir.path() + "/logs/last.txt");
  EXPECT_NE(log.find(fmt::format("  .... Output to {}/l.gif\n", dir.path())), std::string::npos)
      << log;
  r = fig({"-t", long_quiz, "-o", dir.path() + "/l.gif", "--json"});
  EXPECT_EQ(Json::parse(r.out)["warnings"].size(), 1u);
}

TEST(TetrisFigCli, HoldNextLineAndFrameOptions) {
  TempDir dir;
  auto layout = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {"-t", kQuiz, "-o", dir.path() + "/a.gif", "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    RunResult r = fig(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    Json j = Json::parse(r.out);
    return fmt::format("{} {} {}x{} rows {} next {}", j["frame"].get<std::string>(),
                       j["hold"].get<bool>(), j["width"].get<int>(), j["height"].get<int>(),
                       j["rows"].get<int>(), j["next"].get<int>());
  };
  EXPECT_EQ(layout({}), "basic true 452x274 rows 8 next 5");
  EXPECT_EQ(layout({"-H", "hidden"}), "right false 397x274 rows 8 next 5");
  EXPECT_EQ(layout({"--hold", "no"}), "right false 397x274 rows 8 next 5");
  EXPECT_EQ(layout({"-f", "right", "-n", "3"}), "right true 397x240 rows 7 next 3");
  EXPECT_EQ(layout({"--frame", "no", "--line", "4"}), "no false 342x138 rows 4 next 0");
  EXPECT_EQ(layout({"-n", "0", "-l", "2"}), "basic true 452x70 rows 2 next 0");
  EXPECT_EQ(layout({"--next", "14", "-l", "23"}), "basic true 452x784 rows 23 next 14");
}

// The error contract: one line, exit 1 for a bad value, 2 for bad usage.
TEST(TetrisFigCli, EveryBadValueIsOneLineError) {
  TempDir dir;
  ScopedCwd cwd(dir.path());
  fs::create_directories("taken.gif");
  dir.write("bad.properties", "Empty=#000000\n");
  dir.write("empty.txt", "# nothing\n");
  std::string bad_quiz = tetris::fumen::encode({[] {
    tetris::fumen::Page p;
    p.comment = "#Q=nonsense";
    return p;
  }()});
  struct Case {
    std::vector<std::string> args;
    int code;
    std::string message;
  };
  std::vector<Case> cases = {
      {{"-F", "jpg"}, 1, "format: 'jpg' is not gif, png, svg or html"},
      {{"--format", ""}, 1, "format: '' is not gif, png, svg or html"},
      {{"-f", "left"}, 1, "frame: 'left' is not basic, right or no"},
      {{"-s", "0"}, 1, "fig: start page 0 out of range 1..11"},
      {{"-s", "12"}, 1, "fig: start page 12 out of range 1..11"},
      {{"--start", "x"}, 1, "start: 'x' is not a whole number"},
      {{"-s", "3", "-e", "2"}, 1, "fig: end page 2 out of range 3..11 (or -1 for the last)"},
      {{"-e", "12"}, 1, "fig: end page 12 out of range 1..11 (or -1 for the last)"},
      {{"--end", "1.5"}, 1, "end: '1.5' is not a whole number"},
      {{"-l", "0"}, 1, "fig: line 0 out of range 1..23 (or -1: the highest block + 1)"},
      {{"-l", "24"}, 1, "fig: line 24 out of range 1..23 (or -1: the highest block + 1)"},
      {{"--line", "p"}, 1, "line: 'p' is not a whole number"},
      {{"-n", "-1"}, 1, "fig: next -1 out of range 0..14"},
      {{"-n", "15"}, 1, "fig: next 15 out of range 0..14"},
      {{"--next", "five"}, 1, "next: 'five' is not a whole number"},
      {{"-d", "0"}, 1, "fig: delay 0 out of range 1..65535 (hundredths of a second)"},
      {{"-d", "65536", "-F", "png"},
       1,
       "fig: delay 65536 out of range 1..65535 (hundredths of a second)"},
      {{"--delay", "9999999999"}, 1, "delay: 9999999999 is out of range [-2147483648, 2147483647]"},
      {{"-L", "maybe"}, 1, "loop: 'maybe' is not yes or no (true/false, visible/hidden, ...)"},
      {{"-H", "shown"}, 1, "hold: 'shown' is not yes or no (true/false, visible/hidden, ...)"},
      {{"-c", "pastel"},
       1,
       "color: unknown theme 'pastel' (built in: default, fumen, four, mipi; or a .properties "
       "file)"},
      {{"-c", "bad.properties"}, 1, "theme bad: no I.normal"},
      {{"-c", "missing.properties"},
       1,
       "cannot read missing.properties: No such file or directory"},
      {{"-o", "taken.gif"}, 1, "output file taken.gif is a folder, not a file"},
      {{"--bogus"},
       2,
       "The following argument was not expected: --bogus (run with --help for usage)"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"tetris", "fig", "-t", kDoc};
    if (c.args.front() != "-o") args.insert(args.end(), {"-o", "out.gif"});
    args.insert(args.end(), c.args.begin(), c.args.end());
    RunResult r = run_manyworlds(args);
    EXPECT_EQ(r.exit_code, c.code) << c.message;
    EXPECT_EQ(r.err, "manyworlds: error: " + c.message + "\n");
    EXPECT_EQ(r.out, "");
  }
  // The fumen itself.
  std::vector<Case> fumens = {
      {{"-t", "v115@"}, 1, ""},
      {{"-t", kDoc, kDoc}, 2, "tetris fig: give the fumen once (FUMEN, --tetfu or --field-path)"},
      {{},
       2,
       "tetris fig: no fumen (give FUMEN, --tetfu or --field-path; input/field.txt does not "
       "exist)"},
      {{"--field-path", "nope.txt"}, 1, "cannot read nope.txt: No such file or directory"},
      {{"--field-path", "empty.txt"}, 1, "empty.txt: no fumen in the file"},
      {{"-t", bad_quiz}, 1, "fig: page 1: quiz comment '#Q=nonsense' is not #Q=[H](C)NEXT"},
  };
  for (const Case& c : fumens) {
    std::vector<std::string> args = {"tetris", "fig", "-o", "out.gif"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    RunResult r = run_manyworlds(args);
    EXPECT_EQ(r.exit_code, c.code) << c.message;
    if (!c.message.empty()) {
      EXPECT_EQ(r.err, "manyworlds: error: " + c.message + "\n");
    }
    EXPECT_TRUE(r.err.starts_with("manyworlds: error: fumen") || !c.message.empty()) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  // Nothing was written by the failed runs.
  EXPECT_FALSE(fs::exists("out.gif"));
  EXPECT_FALSE(fs::exists("output"));
  // A log that cannot be written (after the picture was).
  RunResult r = fig({"-t", kDoc, "-o", "out.gif", "--log-path", "taken.gif"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "manyworlds: error: log file taken.gif is a folder, not a file\n");
}

}  // namespace
}  // namespace manyworlds::testing
