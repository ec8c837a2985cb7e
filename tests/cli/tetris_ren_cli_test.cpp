// `manyworlds tetris ren` (and `combo`) as a drop-in for sfinder 1.43's ren: every captured run
// of tests/data/tetris/sfinder/ren/ (runs.txt: sfinder's docs example, its own use cases, every
// option, spelling and error) run with the same command line in a working folder laid out as
// sfinder's; the report compared line by line (but `Version:` and the stopwatch figure), the log
// with the report, the HTML byte for byte. Errors: our one-line message and exit code instead of
// sfinder's message, stack trace and output/error.txt (docs/tetris.md, "Coming from sfinder").

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <regex>
#include <set>

#include "sfinder_captures.hpp"

namespace manyworlds::testing {
namespace {

using nlohmann::json;

const std::regex kDocumented(
    R"(Version: \S+|  -> Stopwatch stop : avg\.time = \d+ ms \[1 counts\])");
const std::string kDocField = "v115@VgF8DeF8DeF8DeF8DeF8DeF8DeF8DeI8KeAgH";  // docs: 17, Max 6

// Our exit code and (part of) our message for each run sfinder ends with an error.
const std::map<std::string, ExpectedFailure> kFailures = {
    {"starter_default_input",
     {1, "field file input/field.txt: 41 marks in the rows, not a multiple of 10"}},
    {"hold_bad", {1, "command line: --hold 'maybe' is not a yes/no word"}},
    {"drop_180_srs", {1, "has no 180-degree kicks"}},
    {"uc_IrregularTest.use180RotationWithDefault", {1, "has no 180-degree kicks"}},
    {"drop_bad", {1, "ren: drop 'tsd' is not one of"}},
    {"kicks_missing", {1, "kicks: no file kicks/missing.properties in the working folder"}},
    {"pattern_semicolon", {1, "patterns: 'TOLJ' has 4 pieces but 'ISZ' has 3"}},
    {"pattern_star", {1, "ren: the patterns give 7 sequences; give one sequence"}},
    {"uc_ErrorTest.caseAsterrisk", {1, "ren: the patterns give 7 sequences; give one sequence"}},
    {"uc_ErrorTest.manyPatternsFile", {1, "ren: the patterns give 5040 sequences"}},
    {"pattern_bad", {1, "pattern 'TOLJQSZ': unknown piece 'Q' at position 5"}},
    {"page0", {1, "fumen: page 0 out of range (pages start at 1)"}},
    {"page_over", {1, "fumen: page 3 out of range (the data has 1 page)"}},
    {"page_bad", {1, "command line: --page 'x' is not an integer"}},
    {"patterns_file_missing", {1, "no patterns: give -p PATTERN or a patterns file"}},
    {"unknown_option", {2, "The following arguments were not expected: bar --foo"}},
};

// Every captured run: the same report, log and HTML; or our error where sfinder fails.
TEST(TetrisRenCli, EveryCapturedRun) {
  std::vector<CapturedRun> runs = captured_runs("ren");
  ASSERT_EQ(runs.size(), 65u);
  std::set<std::string> failures_seen;
  for (const CapturedRun& run : runs) {
    SfinderFolder folder("ren", run.id);
    RunResult r = folder.run(as_manyworlds(run.args));
    if (run.id == "help") {
      EXPECT_EQ(slurp(run.dir + "/stderr.txt"), "");
      EXPECT_EQ(r.exit_code, 0) << r.err;
      EXPECT_NE(r.out.find("usage: "), std::string::npos) << r.out;
      for (const char* option :
           {"--tetfu", "--page", "--field-path", "--patterns", "--patterns-path", "--log-path",
            "--output-base", "--hold", "--kicks", "--drop", "--threads", "--json"}) {
        EXPECT_NE(r.out.find(option), std::string::npos) << option;
      }
      continue;
    }
    if (run.exit_code != 0) {
      failures_seen.insert(run.id);
      auto expected = kFailures.find(run.id);
      ASSERT_NE(expected, kFailures.end()) << run.id << ": " << r.err;
      expect_failure(r, expected->second, run.id);
      expect_sfinder_failure_record(run);
      EXPECT_FALSE(folder.exists("output/ren.html")) << run.id;
      continue;
    }
    ASSERT_EQ(r.exit_code, 0) << run.id << ": " << r.err;
    EXPECT_EQ(r.err, "") << run.id;
    EXPECT_EQ(slurp(run.dir + "/stderr.txt"), "") << run.id;  // nor did sfinder print any
    expect_same_report(r.out, run.out, run.id, kDocumented);
    for (const std::string& file : run.files) {
      std::string theirs = run.file(file);
      if (theirs == run.out) {  // the log: the report again
        EXPECT_EQ(folder.read(file), r.out) << run.id << ": " << file;
      } else {
        EXPECT_EQ(folder.read(file), theirs) << run.id << ": " << file;
      }
    }
  }
  EXPECT_EQ(failures_seen.size(), kFailures.size());
}

// The fumens of a ren page's links (the data after v115@).
std::vector<std::string> link_fumens(const std::string& html) {
  std::vector<std::string> out;
  const std::string mark = "http://fumen.zui.jp/?v115@";
  for (std::size_t at = html.find(mark); at != std::string::npos; at = html.find(mark, at)) {
    at += mark.size();
    out.push_back(html.substr(at, html.find('\'', at) - at));
  }
  return out;
}

// sfinder's own use cases (src/test/java/_usecase/ren/RenTetfuCaseTest.java, transcribed in
// ren/usecases.json): their assertions on the console output, the exit code and the HTML hold
// as written; those on stderr's text hold with our one-line message instead.
TEST(TetrisRenCli, SfindersUseCases) {
  json cases = json::parse(slurp_existing(kSfinderData + "/ren/usecases.json"))["runs"];
  ASSERT_EQ(cases.size(), 13u);
  for (const json& u : cases) {
    const std::string name = u["name"];
    SfinderFolder folder;
    for (const auto& [path, pattern] : u["expand"].items()) {
      // ConfigFileHelper.createPatternFileFromCommand("*!"): every sequence, one a line.
      RunResult seq = folder.run({"tetris", "util", "seq", "-p", pattern.get<std::string>()});
      ASSERT_EQ(seq.exit_code, 0) << seq.err;
      folder.write(path, seq.out);
    }
    RunResult r = folder.run(as_manyworlds(u["args"].get<std::vector<std::string>>()));
    std::string html = folder.read("output/ren.html");
    for (const json& a : u["asserts"]) {
      const std::string subject = a["subject"];
      for (const json& check : a["checks"]) {
        const std::string op = check[0];
        if (subject == "log.getOutput()") {
          ASSERT_EQ(op, "contains");
          EXPECT_NE(r.out.find(check[1].get<std::string>()), std::string::npos) << name << check;
        } else if (subject == "log.getError()") {
          if (op == "isEmpty") {
            EXPECT_EQ(r.err, "") << name;
          } else {
            expect_one_line_error(r, name);
          }
        } else if (subject == "log.getReturnCode()") {
          ASSERT_EQ(op, "isNotEqualTo");
          EXPECT_NE(r.exit_code, check[1].get<int>()) << name;
        } else if (subject == "html.getHtml()") {
          bool found = html.find(check[1].get<std::string>()) != std::string::npos;
          EXPECT_EQ(found, op == "contains") << name << check;
        } else {
          ASSERT_EQ(subject, "html.getFumens()");
          std::vector<std::string> fumens = link_fumens(html);
          if (op == "hasSize") {
            EXPECT_EQ(fumens.size(), check[1].get<std::size_t>()) << name;
          } else {
            ASSERT_EQ(op, "contains");
            EXPECT_NE(std::find(fumens.begin(), fumens.end(), check[1].get<std::string>()),
                      fumens.end())
                << name << check;
          }
        }
      }
    }
  }
}

// The report line that starts with `prefix`.
std::string line_starting(const std::string& report, const std::string& prefix) {
  for (const std::string& line : text_lines(report)) {
    if (line.starts_with(prefix)) return line;
  }
  return "";
}

// Every spelling commons-cli gives each option (-S V, -S=V, -SV, --long V, --long=V, -long V, a
// unique prefix), and the alias combo: each gives the same report line.
TEST(TetrisRenCli, EveryOptionSpelling) {
  SfinderFolder folder;
  folder.write("my/field.txt", "XXXXXX____\nXXXXXX____\nXXXXXXXXX_\n");
  folder.write("my/seq.txt", "TOLJ\n");
  struct Spelling {
    std::vector<std::vector<std::string>> forms;
    std::string line;  // the report line each form gives
    std::vector<std::string> extra = {};
  };
  const std::string doc = kDocField;
  const std::vector<Spelling> spellings = {
      {{{"-t", doc},
        {"--tetfu", doc},
        {"-tetfu", doc},
        {"--tet", doc},
        {"--tetfu=" + doc},
        {"-t=" + doc},
        {"-t" + doc}},
       "  Found solutions = 17 (Max 6 Ren)",  // sfinder 1.43: ren/doc_basic
       {"-p", "TOLJISZ"}},
      {{{"-P", "1"}, {"--page", "1"}, {"-page", "1"}, {"--pag", "1"}, {"-P1"}, {"-P=1"}},
       "  Found solutions = 17 (Max 6 Ren)",
       {"-t", doc, "-p", "TOLJISZ"}},
      {{{"-p", "TOLJ"},
        {"--patterns", "TOLJ"},
        {"-patterns", "TOLJ"},
        {"--patterns=TOLJ"},
        {"-p=TOLJ"},
        {"-pTOLJ"},
        {"-pp", "my/seq.txt"},
        {"--patterns-path", "my/seq.txt"},
        {"-patterns-path", "my/seq.txt"},
        {"--patterns-p", "my/seq.txt"}},
       "  TOLJ",
       {"-t", doc}},
      {{{"-fp", "my/field.txt"},
        {"--field-path", "my/field.txt"},
        {"-field-path", "my/field.txt"},
        {"--fi", "my/field.txt"},
        {"--field-path=my/field.txt"}},
       "XXXXXX____",  // the file's top row (sfinder's default field file is not rows of X and _)
       {"-p", "TOLJ"}},
      {{{"-H", "avoid"},
        {"--hold", "avoid"},
        {"-hold", "avoid"},
        {"--ho", "avoid"},
        {"-Havoid"},
        {"-H=avoid"},
        {"--hold=avoid"}},
       "Using hold: avoid",
       {"-t", doc, "-p", "TOLJISZ"}},
      {{{"-K", "@nokicks"},
        {"--kicks", "@nokicks"},
        {"-kicks", "@nokicks"},
        {"--k", "@nokicks"},
        {"-K@nokicks"},
        {"-K=@nokicks"},
        {"--kicks=@nokicks"}},
       "Kicks: @nokicks",
       {"-t", doc, "-p", "TOLJISZ"}},
      {{{"-d", "hard"},
        {"--drop", "hard"},
        {"-drop", "hard"},
        {"--dr", "hard"},
        {"-dhard"},
        {"-d=hard"},
        {"--drop=hard"}},
       "Drop: harddrop",
       {"-t", doc, "-p", "TOLJISZ"}},
  };
  for (const Spelling& s : spellings) {
    for (const auto& form : s.forms) {
      std::vector<std::string> args = {"tetris", "ren"};
      args.insert(args.end(), s.extra.begin(), s.extra.end());
      args.insert(args.end(), form.begin(), form.end());
      RunResult r = folder.run(args);
      ASSERT_EQ(r.exit_code, 0) << form[0] << r.err;
      EXPECT_EQ(line_starting(r.out, s.line.substr(0, 4)), s.line) << form[0];
    }
  }
  // -lp and -o in each spelling: the log and the page go there.
  int n = 0;
  for (const auto& lp : std::vector<std::string>{"-lp", "--log-path", "-log-path", "--lo"}) {
    for (const auto& o : std::vector<std::string>{"-o", "--output-base", "-output-base", "--ou"}) {
      ++n;
      std::string log = "l/" + std::to_string(n) + ".txt", base = "h/" + std::to_string(n);
      RunResult r = folder.run({"tetris", "ren", "-t", doc, "-p", "TOLJISZ", lp, log, o, base});
      ASSERT_EQ(r.exit_code, 0) << lp << " " << o << r.err;
      EXPECT_EQ(folder.read(log), r.out) << lp;
      EXPECT_TRUE(folder.read(base + ".html").starts_with("<!DOCTYPE html>")) << o;
    }
  }
  // combo is ren.
  RunResult ren = folder.run({"tetris", "ren", "-t", doc, "-p", "TOLJISZ", "-o", "a/"});
  RunResult combo = folder.run({"tetris", "combo", "-t", doc, "-p", "TOLJISZ", "-o", "b/"});
  ASSERT_EQ(combo.exit_code, 0) << combo.err;
  EXPECT_EQ(folder.read("a/ren.html"), folder.read("b/ren.html"));
  EXPECT_EQ(text_lines(ren.out).size(), text_lines(combo.out).size());
}

// The same chains, report and page at any number of threads (the states of a step are expanded
// in parallel and merged in sfinder's order).
TEST(TetrisRenCli, SameResultAtAnyThreads) {
  const std::vector<std::vector<std::string>> cases = {
      {"-t", kDocField, "-p", "TOLJISZ"},
      // uc_FumenTest.case2: 263 chains, 22 REN.
      {"-t",
       "v115@DeF8DeF8DeF8DeF8DeF8DeF8DeF8DeF8DeF8DeF8De?"
       "F8DeF8DeF8DeF8DeF8DeF8DeF8DeF8DeF8DeF8DeF8DeF8A?"
       "eI8JeAgH",
       "-p", "tilsojztilsojztilsojztilsojz"},
      {"-t", kDocField, "-p", "TOLJISZTOLJ", "-H", "no", "-d", "180", "-K", "@nullpomino180"},
  };
  for (const auto& c : cases) {
    std::string first_html, first_report;
    for (const char* threads : {"1", "2", "3", "8"}) {
      SfinderFolder folder;
      std::vector<std::string> args = {"tetris", "ren", "--threads", threads};
      args.insert(args.end(), c.begin(), c.end());
      RunResult r = folder.run(args);
      ASSERT_EQ(r.exit_code, 0) << r.err;
      std::string report = std::regex_replace(r.out, std::regex(R"(avg\.time = \d+ ms)"), "");
      if (first_html.empty()) {
        first_html = folder.read("output/ren.html");
        first_report = report;
      }
      EXPECT_EQ(folder.read("output/ren.html"), first_html) << threads;
      EXPECT_EQ(report, first_report) << threads;
    }
  }
}

TEST(TetrisRenCli, Json) {
  SfinderFolder folder;
  RunResult r = folder.run({"tetris", "ren", "-t", kDocField, "-p", "TOLJISZ", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["solutions"], 17);  // sfinder 1.43: ren/doc_basic
  EXPECT_EQ(j["max_ren"], 6);
  EXPECT_EQ(j["columns"], json::array({6, 5, 4, 3}));
  ASSERT_EQ(j["chains"].size(), 17u);
  // The chains in sfinder's order (shorter chains end at earlier steps, so come first); the
  // first 6 REN one is the first link of sfinder's page (ren/doc_basic/output/ren.html).
  std::size_t six = 0;
  while (six < 17 && j["chains"][six]["ren"] != 6) ++six;
  ASSERT_LT(six, 17u);
  EXPECT_EQ(j["chains"][six]["pieces"], "T-Left O-Spawn J-Reverse I-Left L-Reverse Z-Spawn S-Left");
  EXPECT_EQ(j["chains"][six]["placements"].size(), 7u);
  for (const json& c : j["chains"]) {
    EXPECT_EQ(c["placements"].size(), c["ren"].get<std::size_t>() + 1);
  }
  // The link's fumen is the page's.
  std::string html = folder.read("output/ren.html");
  EXPECT_NE(html.find(j["chains"][six]["fumen"].get<std::string>()), std::string::npos);
  // sfinder 1.43: ren/doc_basic is this command line.
  EXPECT_EQ(html, slurp_existing(kSfinderData + "/ren/doc_basic/output/ren.html"));
  // --json still writes the log and the page.
  EXPECT_NE(folder.read("output/last_output.txt").find("Found solutions = 17"), std::string::npos);
}

// Bad values beyond the captured ones: one line, exit 1 (2 for bad usage); nothing written.
TEST(TetrisRenCli, ErrorContract) {
  SfinderFolder folder;
  folder.write("f/odd.txt", "XXXXXX____X\n");
  folder.write("f/tall.txt", std::string(250, 'X') + "\n");
  folder.write("f/empty.txt", "# nothing\n");
  folder.write("p/comments.txt", "# nothing\n");
  const std::vector<std::pair<std::vector<std::string>, int>> bad = {
      {{"-t", kDocField, "-p", std::string(45, 'T')}, 1},  // sfinder: at most 44
      {{"-t", kDocField, "-p", "[SZ]OLJ"}, 1},
      {{"-t", kDocField, "-p", "TOLJ;TOLJ"}, 1},  // two sequences, the same ones
      {{"-t", kDocField, "-pp", "p/comments.txt"}, 1},
      {{"-t", kDocField, "-p", "T", "-K", "no/such/file"}, 1},
      {{"-t", kDocField, "-p", "T", "-d", "tss"}, 1},
      {{"-t", "v115@!!!", "-p", "T"}, 1},
      {{"-t", "-p", "T"}, 1},
      {{"-fp", "f/odd.txt", "-p", "T"}, 1},
      {{"-fp", "f/tall.txt", "-p", "T"}, 1},
      {{"-fp", "f/empty.txt", "-p", "T"}, 1},
      {{"-fp", "f/none.txt", "-p", "T"}, 1},
      {{"-t", kDocField, "-p", "T", "-lp", "f"}, 1},
      {{"-t", kDocField, "-p", "T", "-o", "f/"}, 1},  // f/ren.html: fine; f is a folder...
      {{"-t", kDocField, "-p", "T", "--threads", "-1"}, 2},
      {{"-t", kDocField, "-p", "T", "stray"}, 2},
  };
  for (const auto& [args, code] : bad) {
    std::vector<std::string> full = {"tetris", "ren"};
    full.insert(full.end(), args.begin(), args.end());
    RunResult r = folder.run(full);
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    if (args.back() == "f/") {  // a folder as the base: the page goes inside it
      EXPECT_EQ(r.exit_code, 0) << joined << r.err;
      EXPECT_TRUE(folder.exists("f/ren.html"));
      continue;
    }
    EXPECT_EQ(r.exit_code, code) << joined << r.err;
    expect_one_line_error(r, joined);
  }
  EXPECT_FALSE(folder.exists("output/ren.html"));
}

// A queue that never clears: no chain, "Found solutions = 0", and a page with no section.
TEST(TetrisRenCli, NoChain) {
  SfinderFolder folder;
  RunResult r = folder.run({"tetris", "ren", "-t", "v115@vhAAgH", "-p", "TOLJISZ"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(line_starting(r.out, "  Found"), "  Found solutions = 0");
  // sfinder 1.43: ren/no_clear_first/output/ren.html
  EXPECT_EQ(folder.read("output/ren.html"),
            slurp_existing(kSfinderData + "/ren/no_clear_first/output/ren.html"));
}

}  // namespace
}  // namespace manyworlds::testing
