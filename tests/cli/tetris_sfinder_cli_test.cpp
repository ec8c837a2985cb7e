// `manyworlds tetris percent` and `tetris util seq` as drop-ins for sfinder 1.43's `percent` and
// `util seq`: sfinder's command lines run unchanged, in a working folder laid out as sfinder's,
// and their reports compared line by line with the ones sfinder printed
// (tests/data/tetris/sfinder/: README.md gives the command that produced each file).
//
// Lines that differ by design (docs/tetris.md, "Coming from sfinder"): `Threads = `,
// `Version = ` and the stopwatch figure; a fail list is sorted here (sfinder's follows a Java
// hash order), so a complete list is compared as a set, a truncated one by its length and by
// membership in sfinder's complete list.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "run.hpp"
#include "testing/files.hpp"
#include "working_folder.hpp"

namespace manyworlds::testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kData = std::string(MANYWORLDS_TEST_DATA_DIR) + "/tetris";
const std::string kSfinder = kData + "/sfinder";
const std::string kPco = "v115@9gE8DeG8CeH8BeG8CeA8JeAgH";  // cases.tsv noKicks_srs: 514/840

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream s(text);
  for (std::string line; std::getline(s, line);) out.push_back(line);
  return out;
}

// A working folder as sfinder's distribution has it: kicks/ (sfinder's three kick files),
// usecase/patterns_wf.txt (what cases.tsv's -pp names), and the run's own files.
class Work {
 public:
  explicit Work(const json& files = json::object(), bool kicks = true) {
    if (kicks) {
      fs::create_directories(dir_.path() + "/kicks");
      for (const char* k : {"srs", "nokicks", "nullpomino180"}) {
        fs::copy_file(kData + "/sfinder_" + k + ".properties",
                      dir_.path() + "/kicks/" + k + ".properties");
      }
    }
    fs::create_directories(dir_.path() + "/usecase");
    fs::copy_file(kData + "/usecase/patterns_wf.txt", dir_.path() + "/usecase/patterns_wf.txt");
    for (const auto& [name, content] : files.items()) write(name, content.get<std::string>());
  }
  void write(const std::string& name, const std::string& content) const {
    fs::path p = fs::path(dir_.path()) / name;
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << content;
  }
  std::string path(const std::string& name = "") const { return dir_.path() + "/" + name; }
  // Runs manyworlds with this folder as the working folder.
  RunResult run(const std::vector<std::string>& args) const {
    InFolder in(dir_.path());
    return run_manyworlds(args);
  }

 private:
  TempDir dir_;
};

std::vector<std::string> with(std::vector<std::string> head, const std::vector<std::string>& tail) {
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

// sfinder's piece order, for checking that a fail list is sorted.
std::string sort_key(const std::string& line) {
  std::string key;
  for (char c : line) {
    auto i = std::string_view("TILJSZO").find(c);
    if (i != std::string_view::npos) key += char('a' + i);
  }
  return key;
}

// The documented lines: the same label, with our own figure in the same shape.
bool documented_difference(const std::string& ours, const std::string& theirs) {
  static const std::regex threads(R"(Threads = \d+)");
  static const std::regex version(R"(Version = \S+)");
  static const std::regex stopwatch(R"(  -> Stopwatch stop : avg\.time = \d+ ms \[1 counts\])");
  for (const std::regex* r : {&threads, &version, &stopwatch}) {
    if (std::regex_match(ours, *r) && std::regex_match(theirs, *r)) return true;
  }
  return false;
}

// Compares a percent report with sfinder's (see the top of the file). `all_failures`: sfinder's
// complete fail list for the same run, when the list compared may be truncated.
void compare_report(const std::string& ours, const std::string& theirs, const std::string& what,
                    const std::vector<std::string>& all_failures = {}) {
  auto split = [](const std::string& text, std::vector<std::string>& fails, std::string& header) {
    std::vector<std::string> rest;
    bool in_fails = false;
    for (const std::string& line : lines_of(text)) {
      if (in_fails && line.starts_with("[")) {
        fails.push_back(line);
        continue;
      }
      in_fails = line.starts_with("Fail pattern");
      if (in_fails) header = line;
      rest.push_back(line);
    }
    return rest;
  };
  std::vector<std::string> our_fails, their_fails;
  std::string header;
  auto ours_rest = split(ours, our_fails, header);
  auto theirs_rest = split(theirs, their_fails, header);
  ASSERT_EQ(ours_rest.size(), theirs_rest.size()) << what << "\n" << ours;
  for (std::size_t i = 0; i < ours_rest.size(); ++i) {
    if (ours_rest[i] != theirs_rest[i]) {
      EXPECT_TRUE(documented_difference(ours_rest[i], theirs_rest[i]))
          << what << " line " << i + 1 << "\n ours:   " << ours_rest[i]
          << "\n sfinder: " << theirs_rest[i];
    }
  }
  EXPECT_TRUE(std::is_sorted(our_fails.begin(), our_fails.end(), [](const auto& a, const auto& b) {
    return sort_key(a) < sort_key(b);
  })) << what;
  ASSERT_EQ(our_fails.size(), their_fails.size()) << what;
  std::set<std::string> our_set(our_fails.begin(), our_fails.end());
  std::set<std::string> their_set(their_fails.begin(), their_fails.end());
  bool complete = !header.starts_with("Fail pattern (max. ") ||
                  their_fails.size() < std::size_t(std::atoi(header.c_str() + 19));
  if (complete) {
    EXPECT_EQ(our_set, their_set) << what;
  } else {
    ASSERT_FALSE(all_failures.empty()) << what << ": a truncated list needs sfinder's full list";
    std::set<std::string> all(all_failures.begin(), all_failures.end());
    for (const std::string& f : our_fails) EXPECT_TRUE(all.count(f)) << what << ": " << f;
  }
}

// sfinder's complete fail list of a captured run.
std::vector<std::string> fail_list(const std::string& file) {
  std::vector<std::string> out;
  for (const std::string& line : lines_of(slurp_existing(file))) {
    if (line.starts_with("[")) out.push_back(line);
  }
  return out;
}

// Runs `tetris percent ARGS` in `work` and compares with sfinder's report; the log file
// (output/last_output.txt or -lp) must hold the same text as the console.
void check_percent(const Work& work, const std::vector<std::string>& args,
                   const std::string& expected_file, const std::string& what,
                   const std::string& log = "output/last_output.txt",
                   const std::vector<std::string>& all_failures = {}) {
  RunResult r = work.run(with({"tetris", "percent"}, args));
  ASSERT_EQ(r.exit_code, 0) << what << ": " << r.err;
  EXPECT_EQ(r.err, "") << what;
  compare_report(r.out, slurp_existing(expected_file), what, all_failures);
  EXPECT_EQ(slurp_existing(work.path(log)), r.out) << what << ": the log file";
}

struct Case {
  std::string id;
  std::vector<std::string> args;  // sfinder_args, split at spaces, as written
};

std::vector<Case> reference_cases() {
  std::ifstream in(kData + "/cases.tsv");
  std::string line;
  std::getline(in, line);
  std::vector<Case> out;
  while (std::getline(in, line)) {
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string col; std::getline(ss, col, '\t');) cols.push_back(col);
    Case c{cols[0], {}};
    std::istringstream args(cols[12]);
    for (std::string w; args >> w;) c.args.push_back(w);
    out.push_back(c);
  }
  return out;
}

// The same run with the whole fail list and a deeper tree (capture.py's `.all` runs).
std::vector<std::string> all_variant(std::vector<std::string> args) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "-fc" && args[i + 1] == "0") args[i + 1] = "-1";
    if (args[i] == "-td" && args[i + 1] == "1") args[i + 1] = "3";
  }
  return args;
}

// Cases taking more than about a second here (2 cores).
const std::set<std::string> kSlowCases = {"doc_percent_sample", "file_manyPatterns",
                                          "useTetfuOnly1", "useTetfuAndCommand2", "count_pattern1"};

void run_reference_cases(bool slow) {
  auto cases = reference_cases();
  ASSERT_EQ(cases.size(), 22u);
  for (const Case& c : cases) {
    if (kSlowCases.count(c.id) != std::size_t(slow)) continue;
    Work work;
    check_percent(work, c.args, kSfinder + "/percent/case_" + c.id + ".txt", c.id);
    check_percent(work, all_variant(c.args), kSfinder + "/percent/case_" + c.id + ".all.txt",
                  c.id + " (-fc -1 -td 3)");
  }
}

TEST(TetrisSfinderCli, ReferenceCasesVerbatim) {
  run_reference_cases(false);
}
TEST(TetrisSfinderCliSlow, ReferenceCasesVerbatim) {
  run_reference_cases(true);
}

json manifest() {
  return json::parse(slurp_existing(kSfinder + "/manifest.json"));
}

// The log path a run names (-lp), or sfinder's default.
std::string log_of(const std::vector<std::string>& args) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "-lp" || args[i] == "--log-path") return args[i + 1];
  }
  return "output/last_output.txt";
}

// Every other captured run: options in every spelling and value, inputs from files and
// comments, sfinder's own use cases, and util seq.
TEST(TetrisSfinderCli, CapturedRuns) {
  json runs = manifest();
  ASSERT_GE(runs.size(), 60u);
  for (const json& e : runs) {
    std::string id = e["id"];
    auto args = e["args"].get<std::vector<std::string>>();
    Work work(e.value("files", json::object()), e.value("kicks_folder", true));
    if (e["verb"] == "percent") {
      std::vector<std::string> all;
      if (e.contains("fail_superset")) {
        all = fail_list(kSfinder + "/percent/" + e["fail_superset"].get<std::string>() + ".txt");
      }
      check_percent(work, args, kSfinder + "/percent/" + id + ".txt", id, log_of(args), all);
      continue;
    }
    RunResult r = work.run(with({"tetris", "util", "seq"}, args));
    ASSERT_EQ(r.exit_code, 0) << id << ": " << r.err;
    std::string expected = slurp_existing(kSfinder + "/seq/" + id + ".txt");
    if (id == "bracket_set") {  // sfinder's bracket order is a Java hash order
      auto a = lines_of(r.out), b = lines_of(expected);
      EXPECT_EQ(std::set(a.begin(), a.end()), std::set(b.begin(), b.end())) << id;
      EXPECT_EQ(a.size(), b.size()) << id;
    } else {
      EXPECT_EQ(r.out, expected) << id;
    }
  }
}

// JSON of a quick percent run in `work`.
json percent_json(const Work& work, const std::vector<std::string>& args) {
  RunResult r = work.run(with({"tetris", "percent"}, with(args, {"--json"})));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.exit_code == 0 ? json::parse(r.out) : json();
}

// The report line that starts with `prefix`.
std::string report_line(const std::string& report, const std::string& prefix) {
  for (const std::string& line : lines_of(report)) {
    if (line.starts_with(prefix)) return line;
  }
  return "";
}

// Every spelling sfinder accepts for each percent option (commons-cli: -S V, -S=V, -SV for one
// letter, --long V, --long=V, -long V, a unique prefix of the long name), and our own older
// ones (--fc, --td, --th, --pp, --patterns-file, --fumen). Each must give the same report line.
TEST(TetrisSfinderCli, EveryOptionSpelling) {
  Work work(json{{"my/p.txt", "I,*p3\n"},
                 {"my/f.txt", "4\nXXXXX____X\nXXXXXX___X\nXXXXXXX__X\nXXXXXX___X\n"}});
  const std::vector<std::string> base = {"-fc", "0", "-td", "0"};
  struct Spelling {
    std::vector<std::vector<std::string>> forms;
    std::string line;  // the report line each form must give
    std::vector<std::string> extra = {};
  };
  const std::vector<Spelling> spellings = {
      {{{"-t", kPco},
        {"--tetfu", kPco},
        {"-tetfu", kPco},
        {"--tet", kPco},
        {"--tetfu=" + kPco},
        {"-t=" + kPco},
        {"-t" + kPco},
        {"--fumen", kPco}},
       "success = 61.19% (514/840)",
       {"-p", "*p4"}},
      {{{"-P", "1"}, {"--page", "1"}, {"-page", "1"}, {"--pag", "1"}, {"-P1"}, {"-P=1"}},
       "success = 61.19% (514/840)",
       {"-t", kPco, "-p", "*p4"}},
      {{{"-p", "I,*p3"},
        {"--patterns", "I,*p3"},
        {"-patterns", "I,*p3"},
        {"--patterns=I,*p3"},
        {"-p=I,*p3"},
        {"-pI,*p3"},
        {"--patterns-p", "my/p.txt"},
        {"-pp", "my/p.txt"},
        {"--pp", "my/p.txt"},
        {"--patterns-path", "my/p.txt"},
        {"-patterns-path", "my/p.txt"},
        {"--patterns-path=my/p.txt"},
        {"--patterns-file", "my/p.txt"}},
       "success = 62.38% (131/210)",  // sfinder 1.43: I,*p3 on the PCO field
       {"-t", kPco}},
      {{{"-H", "no"},
        {"--hold", "no"},
        {"-hold", "no"},
        {"--ho", "no"},
        {"-Hno"},
        {"-H=no"},
        {"--hold=no"}},
       "Using hold: avoid",
       {"-t", kPco, "-p", "*p4"}},
      {{{"-K", "@nokicks"},
        {"--kicks", "@nokicks"},
        {"-kicks", "@nokicks"},
        {"--k", "@nokicks"},
        {"-K@nokicks"},
        {"-K=@nokicks"},
        {"--kicks=@nokicks"}},
       "Kicks: @nokicks",
       {"-t", kPco, "-p", "*p4"}},
      {{{"-d", "hard"},
        {"--drop", "hard"},
        {"-drop", "hard"},
        {"--dr", "hard"},
        {"-dhard"},
        {"-d=hard"},
        {"--drop=hard"}},
       "Drop: harddrop",
       {"-t", kPco, "-p", "*p4"}},
      {{{"-c", "4"},
        {"--clear-line", "4"},
        {"-clear-line", "4"},
        {"--clear", "4"},
        {"-c4"},
        {"-c=4"},
        {"--clear-line=4"}},
       "Max clear lines: 4",
       {"-t", kPco, "-p", "*p4"}},
      {{{"-td", "1"},
        {"--tree-depth", "1"},
        {"-tree-depth", "1"},
        {"--tree", "1"},
        {"--td", "1"},
        {"--tree-depth=1"}},
       "Success pattern tree [Head 1 pieces]:",
       {"-t", kPco, "-p", "*p4"}},
      {{{"-fc", "2"},
        {"--failed-count", "2"},
        {"-failed-count", "2"},
        {"--fa", "2"},
        {"--fc", "2"},
        {"--failed-count=2"}},
       "Fail pattern (max. 2)",
       {"-t", kPco, "-p", "*p4"}},
      {{{"-th", "1"},
        {"--threads", "1"},
        {"-threads", "1"},
        {"--th", "1"},
        {"--thr", "1"},
        {"-th=1"},
        {"--threads=1"}},
       "Threads = 1",
       {"-t", kPco, "-p", "*p4"}},
      {{{"-fp", "my/f.txt"},
        {"--field-path", "my/f.txt"},
        {"-field-path", "my/f.txt"},
        {"--fi", "my/f.txt"},
        {"--fp", "my/f.txt"},
        {"--field-path=my/f.txt"}},
       "success = 61.19% (514/840)",
       {"-p", "*p4"}},
  };
  for (const Spelling& s : spellings) {
    for (const auto& form : s.forms) {
      auto args = with(with(with({"tetris", "percent"}, s.extra), form), {"-fc", "2", "-td", "1"});
      // -fc/-td given again above: sfinder keeps the first value, so the form's own wins.
      RunResult r = work.run(args);
      std::string joined;
      for (const auto& a : form) joined += a + " ";
      ASSERT_EQ(r.exit_code, 0) << joined << r.err;
      EXPECT_EQ(report_line(r.out, s.line.substr(0, s.line.find_first_of(":=(") + 1)), s.line)
          << joined;
    }
  }
  // -lp in each spelling: the log goes there.
  for (const auto& form : std::vector<std::vector<std::string>>{{"-lp", "l/1.txt"},
                                                                {"--log-path", "l/2.txt"},
                                                                {"-log-path", "l/3.txt"},
                                                                {"--lo", "l/4.txt"},
                                                                {"--lp", "l/5.txt"},
                                                                {"--log-path=l/6.txt"}}) {
    RunResult r = work.run(with({"tetris", "percent", "-t", kPco, "-p", "*p4", "-fc", "0"}, form));
    ASSERT_EQ(r.exit_code, 0) << form[0] << r.err;
    std::string log = form.size() == 2 ? form[1] : form[0].substr(11);
    EXPECT_EQ(slurp_existing(work.path(log)), r.out) << form[0];
  }
  // -h / --help: usage, exit 0.
  for (const char* help : {"-h", "--help"}) {
    RunResult r = work.run({"tetris", "percent", help});
    EXPECT_EQ(r.exit_code, 0) << help;
    EXPECT_NE(r.out.find("--failed-count"), std::string::npos) << help;
  }
}

// Every value sfinder accepts for percent's options, with sfinder's meaning.
TEST(TetrisSfinderCli, EveryOptionValue) {
  Work work;
  const std::vector<std::string> pco = {"-t", kPco, "-p", "*p4", "-fc", "0", "-td", "0"};
  // --hold: sfinder's yes/no words, any case.
  for (const char* yes :
       {"use", "yes", "Y", "true", "t", "ok", "on", "allow", "enable", "visible", "USE"}) {
    EXPECT_EQ(percent_json(work, with(pco, {"-H", yes}))["total"], 840) << yes;
  }
  for (const char* no :
       {"avoid", "no", "N", "false", "f", "ng", "off", "disable", "hidden", "Avoid"}) {
    json j = percent_json(work, with(pco, {"-H", no}));
    EXPECT_EQ(j["total"], 210) << no;   // sequences of 3: *p4 truncated to the 3 pieces needed
    EXPECT_EQ(j["success"], 36) << no;  // sfinder 1.43: 36/210 (pco_hold_values.txt)
  }
  // --drop: sfinder's words, any case, trimmed; the report prints sfinder's names.
  const std::vector<std::pair<std::vector<const char*>, std::string>> drops = {
      {{"soft", "softdrop", "SOFT", " softdrop "}, "Drop: softdrop"},
      {{"hard", "harddrop", "HardDrop"}, "Drop: harddrop"},
      {{"tsoft", "tsoftdrop", "t-soft", "t-softdrop", "t_soft", "t_softdrop", "softdroptonly"},
       "Drop: softdroptonly"},
  };
  for (const auto& [words, line] : drops) {
    for (const char* w : words) {
      RunResult r = work.run(with({"tetris", "percent"}, with(pco, {"-d", w})));
      ASSERT_EQ(r.exit_code, 0) << w << r.err;
      EXPECT_EQ(report_line(r.out, "Drop: "), line) << w;
    }
  }
  for (const char* w : {"180", "softdrop180"}) {
    RunResult r =
        work.run(with({"tetris", "percent"}, with(pco, {"-d", w, "-K", "@nullpomino180"})));
    ASSERT_EQ(r.exit_code, 0) << w << r.err;
    EXPECT_EQ(report_line(r.out, "Drop: "), "Drop: softdrop180") << w;
  }
  // --kicks: default/srs (any case), @NAME and +NAME (kicks/NAME.properties, NAME in lower
  // case), a path; the report prints the value in lower case. nokicks: 346/840 (cases.tsv).
  const std::vector<std::tuple<const char*, std::string, int>> kicks = {
      {"default", "Kicks: srs", 514},
      {"SRS", "Kicks: srs", 514},
      {"@nokicks", "Kicks: @nokicks", 346},
      {"@NoKicks", "Kicks: @nokicks", 346},
      {"+nokicks", "Kicks: +nokicks", 346},
      {"@srs", "Kicks: @srs", 514},
      {"kicks/nokicks.properties", "Kicks: kicks/nokicks.properties", 346},
  };
  for (const auto& [value, line, success] : kicks) {
    RunResult r = work.run(with({"tetris", "percent"}, with(pco, {"-K", value})));
    ASSERT_EQ(r.exit_code, 0) << value << r.err;
    EXPECT_EQ(report_line(r.out, "Kicks: "), line) << value;
    EXPECT_NE(r.out.find("(" + std::to_string(success) + "/840)"), std::string::npos) << value;
  }
  // @NAME reads the working folder's kicks/NAME.properties first: a file named like a built-in
  // table but holding another one wins.
  work.write("kicks/custom.properties", slurp_existing(kData + "/sfinder_nokicks.properties"));
  EXPECT_EQ(percent_json(work, with(pco, {"-K", "@Custom"}))["success"], 346);
  // Without a kicks/ folder the built-in tables stand in for sfinder's files.
  Work bare(json::object(), /*kicks=*/false);
  EXPECT_EQ(percent_json(bare, with(pco, {"-K", "@nokicks"}))["success"], 346);
  // 554/840 with 180-degree rotations: sfinder 1.43 (pco_180.txt).
  EXPECT_EQ(percent_json(bare, with(pco, {"-K", "@nullpomino180", "-d", "180"}))["success"], 554);
  // --tree-depth: 0 (only the * line), negative (everything), beyond the pattern (capped).
  RunResult r = work.run({"tetris", "percent", "-t", kPco, "-p", "*p4", "-fc", "0", "-td", "0"});
  EXPECT_NE(r.out.find("[Head 0 pieces]:\n* -> 61.19 %\n\n---"), std::string::npos) << r.out;
  // --failed-count: 0 none, any negative all (326 failing sequences: 840 - 514).
  for (const char* fc : {"-1", "-7"}) {
    r = work.run({"tetris", "percent", "-t", kPco, "-p", "*p4", "-fc", fc, "-td", "0"});
    EXPECT_NE(r.out.find("Fail pattern (all)\n"), std::string::npos) << fc;
    auto lines = lines_of(r.out);
    EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [](auto& l) { return l.starts_with("["); }),
              326)
        << fc;
  }
  // A value left out (sfinder's options take an optional value): the default.
  r = work.run({"tetris", "percent", "-t", kPco, "-p", "*p4", "-td", "-fc"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("[Head 3 pieces]"), std::string::npos);
  EXPECT_NE(r.out.find("Fail pattern (max. 100)"), std::string::npos);
  // --threads: 0 and negative mean all cores; any count gives the same answer.
  for (const char* th : {"0", "-3", "1", "3"}) {
    EXPECT_EQ(percent_json(work, with(pco, {"-th", th}))["success"], 514) << th;
  }
}

// Where the inputs come from: command line > fumen comment > files (PercentSettingParser).
// The fumens are the PCO field of noKicks_srs with a comment (made with fumen::encode); the
// expected counts are sfinder 1.43's on the same command lines.
TEST(TetrisSfinderCli, InputPrecedence) {
  const std::string i_p3 = "v115@9gE8DeG8CeH8BeG8CeA8JeAgWQA0no2ANI98AwN88A?jP8CB";  // 4 -p I,*p3
  const std::string i_p3_no_hold =  // 4 -p I,*p3 -H no
      "v115@9gE8DeG8CeH8BeG8CeA8JeAgWaA0no2ANI98AwN88A?jP8CBFbcsAIoo2Au3BAA";
  const std::string unknown_option = "v115@9gE8DeG8CeH8BeG8CeA8JeAgWIAQliSASodpE";  // PCO -x
  const std::string digit_prose =  // 1ページ目: PCO
      "v115@9gE8DeG8CeH8BeG8CeA8JeAgWiAxXHDBQGDSA1d0AC?DYHDBQzuRA1Dq9BF4CwBFbkiCDHBAA";
  const std::string quiz = "v115@9gE8DeG8CeH8BeG8CeA8JeAgWXAFLDmClcJSAVDEHB?EooRBJoAVBsfDCA";
  Work work(json{{"input/patterns.txt", "*p4\n"},
                 {"input/field.txt", "4\nXXXXX____X\nXXXXXX___X\nXXXXXXX__X\nXXXXXX___X\n"}});
  auto counts = [&](const std::vector<std::string>& args) {
    json j = percent_json(work, args);
    return std::pair{j["success"].get<int>(), j["total"].get<int>()};
  };
  using P = std::pair<int, int>;
  EXPECT_EQ(counts({}), P(514, 840));                         // both files
  EXPECT_EQ(counts({"-p", "I,*p3"}), P(131, 210));            // -p beats the patterns file
  EXPECT_EQ(counts({"-t", i_p3}), P(131, 210));               // the comment beats the file
  EXPECT_EQ(counts({"-t", i_p3, "-p", "*p4"}), P(514, 840));  // the command line beats both
  EXPECT_EQ(counts({"-t", i_p3_no_hold}), P(9, 42));
  EXPECT_EQ(counts({"-t", i_p3_no_hold, "-H", "use"}), P(131, 210));
  EXPECT_EQ(counts({"-t", unknown_option}), P(514, 840));  // not options: ignored
  EXPECT_EQ(counts({"-t", digit_prose}), P(514, 840));     // prose (sfinder stops here)
  EXPECT_EQ(counts({"-t", quiz}), P(0, 1));                // the quiz ILJZ
  EXPECT_EQ(counts({"-t", quiz, "-c", "4"}), P(0, 1));
}

// The log file: written atomically (a failed run leaves the old one), its folders made.
TEST(TetrisSfinderCli, LogFile) {
  Work work;
  RunResult r = work.run({"tetris", "percent", "-t", kPco, "-p", "*p4", "-fc", "0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string first = slurp_existing(work.path("output/last_output.txt"));
  EXPECT_EQ(first, r.out);
  r = work.run({"tetris", "percent", "-t", kPco, "-p", "*p9"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(slurp_existing(work.path("output/last_output.txt")), first);
  // A file name with no folder (sfinder refuses it: "Parent directory is not invalid").
  r = work.run({"tetris", "percent", "-t", kPco, "-p", "*p4", "-lp", "here.txt"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp_existing(work.path("here.txt")), r.out);
  // --json prints JSON and still writes the report to the log.
  r = work.run({"tetris", "percent", "-t", kPco, "-p", "*p4", "-lp", "j/log.txt", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["log_path"], "j/log.txt");
  EXPECT_NE(slurp_existing(work.path("j/log.txt")).find("success = 61.19% (514/840)"),
            std::string::npos);
  // -lp /dev/null keeps no log, and /dev/null stays what it is.
  r = work.run({"tetris", "percent", "-t", kPco, "-p", "*p4", "-lp", "/dev/null"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  // No temporary files are left behind.
  for (const auto& entry : fs::recursive_directory_iterator(work.path())) {
    EXPECT_EQ(entry.path().string().find(".tmp."), std::string::npos) << entry.path();
  }
}

// Bad input: one line on stderr, nothing on stdout, exit 1 (bad value) or 2 (bad usage).
TEST(TetrisSfinderCli, ErrorContract) {
  Work work(json{{"bad/first.txt", "four\nXXXXX____X\n"},
                 {"bad/marks.txt", "4\nXXXXX____X\nXXXXXX___\n"},
                 {"bad/empty.txt", "# nothing\n\n"},
                 {"bad/tall.txt", "4\n" + std::string(250, 'X') + "\n"},
                 {"bad/lengths.txt", "*p4\nT,*p4\n"},
                 {"bad/comments.txt", "# none\n"},
                 {"a_file", "x"}});
  struct Bad {
    std::vector<std::string> args;
    int code;
    std::string message;  // the whole line, or "" to check only the shape
  };
  const std::vector<std::string> pco = {"tetris", "percent", "-t", kPco};
  const std::vector<Bad> bad = {
      {with(pco, {"-p", "*p4", "-x", "1"}), 2, ""},
      {with(pco, {"-p", "*p4", "--f", "0"}), 2,
       "manyworlds: error: ambiguous option --f (could be --failed-count, --field-path)\n"},
      {with(pco, {"-p", "*p4", "stray"}), 2, ""},
      {with(pco, {"-p", "*p4", "-td", "1.5"}), 1,
       "manyworlds: error: command line: --tree-depth '1.5' is not an integer\n"},
      {with(pco, {"-p", "*p4", "-fc", "many"}), 1, ""},
      {with(pco, {"-p", "*p4", "-th", "abc"}), 1, ""},
      {with(pco, {"-p", "*p4", "-P", "x"}), 1, ""},
      {with(pco, {"-p", "*p4", "-P", "0"}), 1,
       "manyworlds: error: fumen: page 0 out of range (pages start at 1)\n"},
      {with(pco, {"-p", "*p4", "-P", "2"}), 1,
       "manyworlds: error: fumen: page 2 out of range (the data has 1 page)\n"},
      {with(pco, {"-p", "*p4", "-c", "0"}), 1,
       "manyworlds: error: clear line 0 out of range (1 to 24)\n"},
      {with(pco, {"-p", "*p4", "-c", "25"}), 1, ""},
      {with(pco, {"-p", "*p4", "-H", "maybe"}), 1,
       "manyworlds: error: command line: --hold 'maybe' is not a yes/no word (use, avoid, yes, "
       "no, true, false, ...)\n"},
      {with(pco, {"-p", "*p4", "-d", "softdrop180x"}), 1, ""},
      {with(pco, {"-p", "*p4", "-d", "tspin0"}), 1, ""},
      {with(pco, {"-p", "*p4", "-d", "180"}), 1,
       "manyworlds: error: drop 180: kick table 'srs' has no 180-degree kicks (use e.g. --kicks "
       "@nullpomino180)\n"},
      {with(pco, {"-p", "*p4", "-K", "@nosuch"}), 1,
       "manyworlds: error: kicks: no file kicks/nosuch.properties in the working folder, and "
       "'nosuch' is not one of the built-in tables (srs, nokicks, nullpomino180, srsplus, "
       "jstris180)\n"},
      {with(pco, {"-p", "*p4", "-K", "no/such/file"}), 1, ""},
      {with(pco, {"-p", "*p9"}), 1, ""},
      {with(pco, {"-p", "*p2"}), 1,
       "manyworlds: error: patterns have 2 pieces but the field needs 3\n"},
      {with(pco, {"-p", "*p4;T,*p4"}), 1,
       "manyworlds: error: patterns: '*p4' has 4 pieces but 'T,*p4' has 5\n"},
      {with(pco, {"-p", "#Q=[]()"}), 1, ""},
      {with(pco, {"-p", "# only a comment"}), 1, ""},
      {with(pco, {}), 1,
       "manyworlds: error: no patterns: give -p PATTERN or a patterns file (cannot read "
       "input/patterns.txt: No such file or directory; see --patterns-path)\n"},
      {with(pco, {"-pp", "bad/lengths.txt"}), 1, ""},
      {with(pco, {"-pp", "bad/comments.txt"}), 1, ""},
      {with(pco, {"-pp", "bad"}), 1, ""},
      {{"tetris", "percent", "-p", "*p4"},
       1,
       "manyworlds: error: no field: give -t FUMEN or a field file (cannot read "
       "input/field.txt: No such file or directory; see --field-path)\n"},
      {{"tetris", "percent", "-p", "*p4", "-fp", "bad/first.txt"},
       1,
       "manyworlds: error: field file bad/first.txt: the first line 'four' is not the clear "
       "line\n"},
      {{"tetris", "percent", "-p", "*p4", "-fp", "bad/marks.txt"},
       1,
       "manyworlds: error: field file bad/marks.txt: 19 marks in the rows, not a multiple of "
       "10\n"},
      {{"tetris", "percent", "-p", "*p4", "-fp", "bad/empty.txt"}, 1, ""},
      {{"tetris", "percent", "-p", "*p4", "-fp", "bad/tall.txt"}, 1, ""},
      {with(pco, {"-p", "*p4", "-lp", "a_file/log.txt"}), 1, ""},
      {with(pco, {"-p", "*p4", "-lp", "bad"}), 1,
       "manyworlds: error: log file bad is a folder, not a file\n"},
      {with(pco, {"-p", "*p4", "-lp", "/proc/manyworlds-no/log.txt"}), 1, ""},
      {{"tetris", "percent", "-t", "v115@", "-p", "*p4"}, 1, ""},
      {{"tetris", "percent", "-t", "-p", "*p4"},
       1,
       "manyworlds: error: --tetfu needs a fumen (v115@...)\n"},
  };
  for (const Bad& b : bad) {
    RunResult r = work.run(b.args);
    std::string joined;
    for (const auto& a : b.args) joined += a + " ";
    EXPECT_EQ(r.exit_code, b.code) << joined << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << joined << r.err;
    EXPECT_TRUE(r.err.starts_with("manyworlds: error: ")) << joined << r.err;
    EXPECT_TRUE(r.out.empty()) << joined;
    if (!b.message.empty()) {
      EXPECT_EQ(r.err, b.message) << joined;
    }
  }
}

// util seq: sfinder's spellings and values, and its errors.
TEST(TetrisSfinderCli, UtilSeqOptions) {
  Work work(json{{"input/patterns.txt", "T,*p2\n"}});
  auto seq = [&](const std::vector<std::string>& args) {
    return work.run(with({"tetris", "util", "seq"}, args));
  };
  // The same run spelled every way sfinder reads it.
  const std::string expected = seq({"-M", "backward", "-p", "TIO", "-ne", "^T", "-hh", "no", "-n",
                                    "hold=1", "-l", "4", "-d", "no"})
                                   .out;
  ASSERT_FALSE(expected.empty());
  for (const auto& form : std::vector<std::vector<std::string>>{
           {"--mode", "backward", "--patterns", "TIO", "--not-expression", "^T", "--head-hold",
            "no", "--num", "hold=1", "--length", "4", "--distinct", "no"},
           {"-mode=backward", "-pTIO", "-ne", "^T", "-hh", "no", "-n", "hold=1", "-l4", "-d=n"},
           {"--mo", "BACKWARD", "--pat", "TIO", "--not", "^T", "--hea", "False", "--nu", "HOLD==1",
            "--len", "4", "--dis", "ng"}}) {
    RunResult r = seq(form);
    EXPECT_EQ(r.exit_code, 0) << form[0] << r.err;
    EXPECT_EQ(r.out, expected) << form[0];
  }
  // Without -p: input/patterns.txt (42 sequences: T, then 2 of the 7 pieces in order).
  RunResult r = seq({});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 42);
  // --json
  r = seq({"-p", "*p2", "--json"});
  EXPECT_EQ(json::parse(r.out)["count"], 42);
  // Errors: exit 1 (bad values), 2 (bad usage); one line each.
  const std::vector<std::pair<std::vector<std::string>, int>> bad = {
      {{"-p", "T", "-M", "sideways"}, 1},
      {{"-p", "T", "-e", "["}, 1},
      {{"-p", "T", "-ne", "(a"}, 1},
      {{"-p", "T", "-n", "T2"}, 1},
      {{"-p", "T", "-n", "T=x"}, 1},
      {{"-p", "T", "-n", "T=-1"}, 1},
      {{"-p", "T", "-n", "X=1"}, 1},
      {{"-p", "T", "-n", "T=I"}, 1},
      {{"-p", "T", "-n", "hold=1,hold=2"}, 1},
      {{"-p", "T", "-n", "=1"}, 1},
      {{"-p", "T", "-n", "T=<1"}, 1},
      {{"-p", "T", "-l", "x"}, 1},
      {{"-p", "T", "-d", "perhaps"}, 1},
      {{"-p", "T", "-hh", "2"}, 1},
      {{"-M", "forward", "-p", "T"}, 1},
      {{"-p", "[SZ"}, 1},
      {{"-p", "*p7,*p7,*p2"}, 1},
      {{"-p", "T", "-pp", "x"}, 1},  // as in sfinder: -p with the value "p"
      {{"-p", "T", "-x"}, 2},
  };
  for (const auto& [args, code] : bad) {
    r = seq(args);
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    EXPECT_EQ(r.exit_code, code) << joined << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << joined << r.err;
    EXPECT_TRUE(r.out.empty()) << joined;
  }
  Work empty;
  r = empty.run({"tetris", "util", "seq"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err,
            "manyworlds: error: util seq: no patterns: give -p PATTERN (cannot read "
            "input/patterns.txt: No such file or directory)\n");
}

}  // namespace
}  // namespace manyworlds::testing
