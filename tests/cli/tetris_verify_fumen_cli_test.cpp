// `manyworlds tetris verify kicks`, `tetris util fumen` and `tetris util fig` as drop-ins for
// sfinder 1.43's verify kicks, util fumen and util fig: every captured run of
// tests/data/tetris/sfinder/verify/ and util_fumen/ (runs.txt there) with the same command line
// in a working folder laid out as sfinder's, the output (and the log) compared byte for byte;
// where sfinder fails, our one-line error and exit code (docs/tetris.md, "Coming from sfinder").

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <set>

#include "manyworlds/tetris/board/fumen.hpp"
#include "sfinder_captures.hpp"

namespace manyworlds::testing {
namespace {

using nlohmann::json;

// Runs every captured run of `folder`: output and files byte for byte, the failures as listed.
void check_captured_runs(const std::string& folder, std::size_t count,
                         const std::map<std::string, ExpectedFailure>& failures) {
  std::vector<CapturedRun> runs = captured_runs(folder);
  ASSERT_EQ(runs.size(), count);
  std::set<std::string> seen;
  for (const CapturedRun& run : runs) {
    SfinderFolder work(folder, run.id);
    RunResult r = work.run(as_manyworlds(run.args));
    auto failure = failures.find(run.id);
    if (failure != failures.end()) {
      seen.insert(run.id);
      expect_failure(r, failure->second, run.id);
      if (run.exit_code != 0) {
        expect_sfinder_failure_record(run);
      } else {  // sfinder went on (see the list): its log is what it printed
        for (const std::string& file : run.files) EXPECT_EQ(run.file(file), run.out) << run.id;
      }
      continue;
    }
    ASSERT_EQ(run.exit_code, 0) << run.id << ": sfinder failed but no failure is listed";
    ASSERT_EQ(r.exit_code, 0) << run.id << ": " << r.err;
    EXPECT_EQ(r.err, "") << run.id;
    EXPECT_EQ(slurp(run.dir + "/stderr.txt"), "") << run.id;  // nor did sfinder print any
    if (run.id.starts_with("help")) {  // our option list, in sfinder's "usage:" shape
      EXPECT_NE(r.out.find("usage: "), std::string::npos) << r.out;
      EXPECT_NE(r.out.find(folder == "verify" ? "--kicks" : "--mode"), std::string::npos);
      continue;
    }
    EXPECT_EQ(r.out, run.out) << run.id;
    for (const std::string& file : run.files) {  // the log: the output again
      EXPECT_EQ(work.read(file), run.file(file)) << run.id << ": " << file;
    }
  }
  EXPECT_EQ(seen.size(), failures.size()) << folder;
}

TEST(TetrisVerifyKicksCli, EveryCapturedRun) {
  check_captured_runs(
      "verify", 17,
      {
          {"kicks_missing", {1, "kicks: no file kicks/missing.properties in the working folder"}},
          {"kicks_missing_path", {1, "nothere.properties"}},
          {"no_subcommand", {2, "tetris verify: give a verb (verbs: kicks)"}},
          {"bad_subcommand", {2, "tetris verify: unknown verb 'kick' (verbs: kicks)"}},
          {"unknown_option", {2, "The following argument was not expected: --foo"}},
      });
}

// sfinder's use cases (VerifyKicksUseCaseTest): every URL they list is a line of the output.
TEST(TetrisVerifyKicksCli, SfindersUseCases) {
  json cases = json::parse(slurp_existing(kSfinderData + "/verify/usecases.json"))["runs"];
  ASSERT_EQ(cases.size(), 4u);
  for (const json& u : cases) {
    SfinderFolder folder;
    RunResult r = folder.run(as_manyworlds(u["args"].get<std::vector<std::string>>()));
    std::vector<std::string> lines = text_lines(r.out);
    for (const json& a : u["asserts"]) {
      for (const json& check : a["checks"]) {
        if (check[0] == "isEmpty") {
          EXPECT_EQ(r.err, "") << u["name"];
          continue;
        }
        ASSERT_EQ(check[0], "containsAll");
        ASSERT_GT(check[1].size(), 0u);
        for (const json& url : check[1]) {
          EXPECT_NE(std::find(lines.begin(), lines.end(), url.get<std::string>()), lines.end())
              << u["name"] << ": " << url;
        }
      }
    }
  }
}

// The built-in tables stand in for kicks/NAME.properties when the working folder has none (as
// for percent and path); the same output as from sfinder's files.
TEST(TetrisVerifyKicksCli, BuiltInTablesAndSpellings) {
  SfinderFolder with_files;
  TempDir bare;
  for (const char* name : {"@nokicks", "+nullpomino180", "@srs", "default"}) {
    RunResult a = with_files.run({"tetris", "verify", "kicks", "-K", name});
    RunResult b = run_manyworlds_in(bare.path(), {"tetris", "verify", "kicks", "--kicks", name});
    ASSERT_EQ(a.exit_code, 0) << name << a.err;
    ASSERT_EQ(b.exit_code, 0) << name << b.err;
    EXPECT_EQ(a.out, b.out) << name;
  }
  const std::string expected = slurp_existing(kSfinderData + "/verify/kicks_at180/stdout.txt");
  for (const auto& form : std::vector<std::vector<std::string>>{{"-K", "@nullpomino180"},
                                                                {"-K@nullpomino180"},
                                                                {"-K=@nullpomino180"},
                                                                {"--kicks=@nullpomino180"},
                                                                {"-kicks", "@nullpomino180"},
                                                                {"--k", "@NullpoMino180"}}) {
    std::vector<std::string> args = {"tetris", "verify", "kicks"};
    args.insert(args.end(), form.begin(), form.end());
    RunResult r = with_files.run(args);
    EXPECT_EQ(r.out, expected) << form[0];
  }
  RunResult j = with_files.run({"tetris", "verify", "kicks", "--json"});
  json out = json::parse(j.out);
  ASSERT_EQ(out["fumens"].size(), 28u);
  EXPECT_EQ(out["kicks"], "srs");
  EXPECT_EQ(out["fumens"][0]["piece"], "T");
  EXPECT_EQ(out["fumens"][0]["tests"]["right"].size(), 5u);
  EXPECT_TRUE(out["fumens"][0]["tests"]["right"][4]["special"].get<bool>());  // SRS T's 5th @
  EXPECT_TRUE(out["fumens"][0]["tests"]["180"].is_null());
}

TEST(TetrisUtilFumenCli, EveryCapturedRun) {
  check_captured_runs(
      "util_fumen", 50,
      {
          {"uc_FumenTest.noMode", {1, "util fumen: give --mode reduce, remove-comment or filter"}},
          {"uc_FumenTest.invlidMode", {1, "--mode 'invalid' is not one of"}},
          {"uc_FumenReduceTest.reduce2Over", {1, "a piece does not fit in the 24 rows"}},
          {"uc_FumenFilterTest.noFilteredPiece", {1, "filter mode needs --filter PIECE"}},
          {"uc_FumenFilterTest.illegalFilteredPiece", {1, "--filter 'K' is not a piece"}},
          {"tetfu_not115_only", {1, "no v115 fumen given"}},
          {"tetfu_bad_data", {1, "cannot read v115@!!!!"}},
          {"tetfu_no_value", {1, "no v115 fumen given"}},
          {"filter_lower", {1, "--filter 't' is not a piece: one of T I L J S Z O, in upper case"}},
          {"filter_word", {1, "--filter 'TI' is not a piece"}},
          {"field_file_missing", {1, "cannot read input/nothing.txt"}},
          {"field_file_empty", {1, "the field file input/empty.txt is empty"}},
          {"field_file_text", {1, "no v115 fumen given"}},
          {"no_args", {1, "no v115 fumen given"}},
          // sfinder takes --unknown as a second fumen (and skips it): an error here.
          {"unknown_option", {2, "--unknown"}},
      });
}

// sfinder's use cases (UtilFumenTetfuCaseTest): the outputs they assert hold as written; where
// they assert sfinder's error text and error.txt, our one-line error holds instead.
TEST(TetrisUtilFumenCli, SfindersUseCases) {
  json cases = json::parse(slurp_existing(kSfinderData + "/util_fumen/usecases.json"))["runs"];
  ASSERT_EQ(cases.size(), 17u);
  for (const json& u : cases) {
    const std::string name = u["name"];
    SfinderFolder folder;
    RunResult r = folder.run(as_manyworlds(u["args"].get<std::vector<std::string>>()));
    for (const json& a : u["asserts"]) {
      const std::string subject = a["subject"];
      for (const json& check : a["checks"]) {
        const std::string op = check[0];
        if (subject == "log.getOutput()") {
          ASSERT_EQ(op, "contains");
          EXPECT_NE(r.out.find(check[1].get<std::string>()), std::string::npos) << name << check;
        } else if (subject == "log.getOutput().trim()") {
          ASSERT_EQ(op, "isEqualTo");
          std::string out = r.out;
          while (!out.empty() && out.back() == '\n') out.pop_back();
          EXPECT_EQ(out, check[1].get<std::string>()) << name;
        } else if (subject == "log.getReturnCode()") {
          int value = check[1];
          if (op == "isEqualTo") {
            EXPECT_EQ(r.exit_code, value) << name;
          } else if (op == "isNotEqualTo") {
            EXPECT_NE(r.exit_code, value) << name;
          } else {
            ASSERT_EQ(op, "isGreaterThan");
            EXPECT_GT(r.exit_code, value) << name;
          }
        } else {
          // log.getError(), OutputFileHelper's error.txt: sfinder's error text.
          EXPECT_NE(r.exit_code, 0) << name;
          expect_one_line_error(r, name);
        }
      }
    }
  }
}

// Every spelling of util fumen's options; -t's values also split at spaces; --json.
TEST(TetrisUtilFumenCli, SpellingsAndJson) {
  SfinderFolder folder;
  const std::string a = "v115@vhFXKJNJJ0/IWSJTIJCDJ", b = "v115@vhFRPJTFJvLJMJJi/IGBJ";
  // sfinder 1.43: util_fumen/uc_FumenReduceTest.reduce3 (the two fumens reduced).
  const std::string expected =
      slurp_existing(kSfinderData + "/util_fumen/uc_FumenReduceTest.reduce3/stdout.txt");
  for (const auto& form : std::vector<std::vector<std::string>>{
           {"-M", "reduce", "-t", a, b},
           {"--mode", "reduce", "--tetfu", a, b},
           {"-mode", "Reduce", "-tetfu", a + " " + b},
           {"--mo", " REDUCE ", "--tet", a, "--tet", b},
           // An attached value ends the list (commons-cli): the second fumen needs its own -t.
           {"-Mreduce", "-t" + a, "-t", b},
           {"-M=reduce", "-t=" + a, "--tetfu", b},
           {"--mode=reduce", "--tetfu=" + a, "-t" + b},
           {"-t", a, b, "-M", "reduce", "-o", "ignored.csv"},
           {"-t", "https://fumen.zui.jp/?" + a, "-M", "reduce", "--tetfu", "m115@" + b.substr(5)},
       }) {
    std::vector<std::string> args = {"tetris", "util", "fumen"};
    args.insert(args.end(), form.begin(), form.end());
    RunResult r = folder.run(args);
    ASSERT_EQ(r.exit_code, 0) << form[0] << " " << form[1] << r.err;
    EXPECT_EQ(r.out, expected) << form[0] << " " << form[1];
    EXPECT_EQ(folder.read("output/last_output.txt"), expected);
  }
  EXPECT_FALSE(folder.exists("ignored.csv"));
  for (const auto& form : std::vector<std::vector<std::string>>{
           {"-f", "T"}, {"--filter", "T"}, {"-filter", "T"}, {"--fil", "T"}, {"-fT"}, {"-f=T"}}) {
    std::vector<std::string> args = {
        "tetris", "util", "fumen", "-M", "filter", "-t", "v115@vhGWSJJHJSQJXGJVBJUIJTJJ"};
    args.insert(args.end(), form.begin(), form.end());
    RunResult r = folder.run(args);
    // sfinder 1.43: util_fumen/uc_FumenFilterTest.filterT1
    EXPECT_EQ(r.out, "v115@vhFWSJJnBSwBXmBUoBTpB\n") << form[0];
  }
  folder.write("in/f.txt", "# two fumens\n" + a + "\n\n  " + b + "  # the second\n");
  for (const auto& fp : std::vector<std::string>{"-fp", "--field-path", "-field-path", "--fie"}) {
    RunResult r = folder.run({"tetris", "util", "fumen", "-M", "reduce", fp, "in/f.txt"});
    EXPECT_EQ(r.out, expected) << fp;
  }
  for (const auto& lp : std::vector<std::string>{"-lp", "--log-path", "-log-path", "--lo"}) {
    RunResult r =
        folder.run({"tetris", "util", "fumen", "-M", "reduce", "-t", a, b, lp, "l/" + lp});
    EXPECT_EQ(folder.read("l/" + lp), expected) << lp;
  }
  RunResult j = folder.run({"tetris", "util", "fumen", "-M", "reduce", "-t", a, b, "--json"});
  json out = json::parse(j.out);
  EXPECT_EQ(out["mode"], "reduce");
  EXPECT_EQ(out["fumens"].size(), 2u);
  EXPECT_EQ(out["fumens"][0].get<std::string>() + "\n" + out["fumens"][1].get<std::string>() + "\n",
            expected);
}

// A fumen's pages kept through remove-comment: only the comments go (every page's field, piece
// and flags read back the same).
TEST(TetrisUtilFumenCli, RemoveCommentKeepsThePages) {
  const std::string quiz =  // tetris-fumen's quiz test fumen
      "v115@vhGSSYXAFLDmClcJSAVDEHBEooRBMoAVBUtfBAXsBAAANrBmnBAAAAAA";
  SfinderFolder folder;
  RunResult r = folder.run({"tetris", "util", "fumen", "-M", "remove-comment", "-t", quiz});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string out = text_lines(r.out).at(0);
  auto before = tetris::fumen::decode(quiz), after = tetris::fumen::decode(out);
  ASSERT_EQ(before.size(), after.size());
  for (std::size_t i = 0; i < before.size(); ++i) {
    EXPECT_EQ(before[i].field, after[i].field) << i;
    EXPECT_EQ(before[i].piece, after[i].piece) << i;
    EXPECT_EQ(before[i].flags.lock, after[i].flags.lock) << i;
    EXPECT_EQ(after[i].comment, "") << i;
  }
}

// `tetris util fig` is `tetris fig` under sfinder's name, with sfinder's spellings (-fp, -lp
// one-dash two-letter; -tetfu, prefixes, attached values): the same files.
TEST(TetrisUtilFigCli, SameVerbWithSfindersSpellings) {
  const std::string fumen = "v115@vhKSSJznBGjBXqBNpB0fBRmBasB/rB0qBAAA";
  SfinderFolder folder;
  folder.write("in/f.txt", "# the fumen\n" + fumen + "\n");
  RunResult ours = folder.run({"tetris", "fig", "-t", fumen, "-o", "a/fig.gif", "-s", "2",
                               "--field-path", "unused", "--log-path", "a/log.txt"});
  ASSERT_EQ(ours.exit_code, 2) << ours.err;  // the fumen twice (-t and --field-path)
  ours = folder.run({"tetris", "fig", "--field-path", "in/f.txt", "-o", "a/fig.gif", "-s", "2",
                     "--log-path", "a/log.txt"});
  ASSERT_EQ(ours.exit_code, 0) << ours.err;
  const std::string gif = folder.read("a/fig.gif");
  ASSERT_FALSE(gif.empty());
  int n = 0;
  for (const auto& form : std::vector<std::vector<std::string>>{
           {"util", "fig", "-fp", "in/f.txt", "-s", "2", "-lp"},
           {"util", "fig", "--field-path", "in/f.txt", "--start", "2", "--log-path"},
           {"util", "fig", "-field-path", "in/f.txt", "-s2", "-log-path"},
           {"util", "fig", "--fi=in/f.txt", "-s=2", "--log-p"},
           {"util", "fig", "-tetfu", fumen, "--sta", "2", "-lp"},
           {"fig", "-fp", "in/f.txt", "-start", "2", "-lp"},
       }) {
    ++n;
    std::vector<std::string> args = {"tetris"};
    args.insert(args.end(), form.begin(), form.end());
    std::string dir = fmt::format("b{}", n);
    args.insert(args.end(), {dir + "/log.txt", "-o", dir + "/fig.gif"});
    RunResult r = folder.run(args);
    ASSERT_EQ(r.exit_code, 0) << form[2] << r.err;
    EXPECT_EQ(folder.read(dir + "/fig.gif"), gif) << form[2];
    EXPECT_NE(folder.read(dir + "/log.txt").find(dir + "/fig.gif"), std::string::npos);
  }
}

}  // namespace
}  // namespace manyworlds::testing
