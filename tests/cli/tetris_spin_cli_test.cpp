// `manyworlds tetris spin` as a drop-in for sfinder 1.43's `spin`: every captured run of
// tests/data/tetris/sfinder/spin/runs.txt (sfinder's docs examples, its own use cases and one run
// per option, spelling and error; verbs_README.md there says how they were made) run unchanged
// in a working folder laid out as sfinder's, then compared:
//  - the report line by line (the documented lines aside: `Version:` and the stopwatch time);
//    the log file holds our report byte for byte;
//  - the HTML: everything but the entries byte for byte (title, "N solutions", the index, the
//    sections and their order); each section's entries as a multiset, and position by position
//    the parts of each entry that its sort priority is made of (clear, hole, piece). sfinder
//    sorts the entries of a section by priority and keeps equal priorities in the order its
//    search found them, which follows Java hash sets of enum constants (identity hashes, so
//    not a function of the input; sfinder_spin.md, "Results keep their emission order");
//  - the CSV: the header byte for byte, the lines as a multiset, and position by position the
//    columns the priority is made of (MINI, total and T-spin lines, hole, t-y, pieces), for the
//    same reason;
//  - an entry or CSV line left unmatched may match one of sfinder's with its pieces in another
//    order (the same pieces, the same cells and marks): when several search routes reach the
//    same set of pieces, sfinder keeps the first route found and lists the pieces in its order,
//    and which route comes first varies from one run of sfinder to the next (its parallel
//    search and Java identity hashes; three runs of case6's command line on one machine gave
//    `... S-Spawn Z-Spawn` once and `... Z-Spawn S-Spawn` twice for one entry);
//  - errors: exit code 1 (2 for an unknown option), one line on stderr naming what sfinder names;
//  - sfinder's own assertions for its use cases (usecases.json), evaluated on our files.

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "run.hpp"
#include "testing/files.hpp"

namespace manyworlds::testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kSpin = std::string(MANYWORLDS_TEST_DATA_DIR) + "/tetris/sfinder/spin/";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream s(text);
  for (std::string line; std::getline(s, line);) out.push_back(line);
  return out;
}

// A captured file, gunzipped when it was stored as FILE.gz (files over 1 MB): the test copies
// it (so that the data-read check sees it read) and gunzips the copy. With CI=true a missing
// file fails the test.
std::string captured(const std::string& path) {
  if (fs::exists(path)) return slurp(path);
  std::string gz = path + ".gz";
  EXPECT_TRUE(fs::exists(gz)) << path;
  TempDir dir;
  fs::copy_file(gz, dir.file("f.gz"));
  EXPECT_EQ(std::system(("gzip -d '" + dir.file("f.gz") + "'").c_str()), 0) << gz;
  return slurp(dir.file("f"));
}

struct CapturedRun {
  std::string id;
  std::vector<std::string> args;  // after `java -jar sfinder.jar`, the verb first
};

std::vector<CapturedRun> runs() {
  std::vector<CapturedRun> out;
  std::ifstream in(kSpin + "runs.txt");
  for (std::string row; std::getline(in, row);) {
    if (row.empty() || row[0] == '#') continue;
    CapturedRun r{row.substr(0, row.find('|')), {}};
    std::stringstream words(row.substr(row.find('|') + 1));
    for (std::string w; words >> w;) {
      for (std::size_t at; (at = w.find("%20")) != std::string::npos;) w.replace(at, 3, " ");
      r.args.push_back(w);
    }
    out.push_back(r);
  }
  return out;
}

// The documented lines: the same label, with our own figure.
bool documented_difference(const std::string& ours, const std::string& theirs) {
  static const std::regex version(R"(Version: \S+)");
  static const std::regex stopwatch(R"(  -> Stopwatch stop : avg\.time = \d+ ms \[1 counts\])");
  for (const std::regex* r : {&version, &stopwatch}) {
    if (std::regex_match(ours, *r) && std::regex_match(theirs, *r)) return true;
  }
  return false;
}

void compare_report(const std::string& ours, const std::string& theirs, const std::string& what) {
  std::vector<std::string> a = lines_of(ours), b = lines_of(theirs);
  ASSERT_EQ(a.size(), b.size()) << what << "\nours:\n" << ours << "\nsfinder:\n" << theirs;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) {
      EXPECT_TRUE(documented_difference(a[i], b[i]))
          << what << " line " << i + 1 << "\n ours:    " << a[i] << "\n sfinder: " << b[i];
    }
  }
}

// A spin HTML page: what comes before the first section, and each section's title line and
// entries.
struct Page {
  std::string head;
  std::vector<std::pair<std::string, std::vector<std::string>>> sections;
};

// Read with find, not std::regex: libstdc++'s regex recurses per character and overflows the
// stack on a section of megabytes (case6's page).
Page parse_page(const std::string& html) {
  Page p;
  std::size_t at = html.find("<section");
  p.head = html.substr(0, at);
  while (at != std::string::npos) {
    std::size_t id = html.find("id='", at) + 4;
    std::size_t id_end = html.find('\'', id);
    std::size_t h2 = html.find("<h2>", id_end) + 4;
    std::size_t h2_end = html.find("</h2>", h2);
    std::size_t end = html.find("</section>", h2_end);
    if (end == std::string::npos) break;
    std::vector<std::string> entries;
    for (std::size_t e = html.find("<div>", h2_end); e < end; e = html.find("<div>", e)) {
      std::size_t e_end = html.find("</div>", e) + 6;
      entries.push_back(html.substr(e, e_end - e));
      e = e_end;
    }
    p.sections.push_back(
        {html.substr(id, id_end - id) + "|" + html.substr(h2, h2_end - h2), entries});
    at = html.find("<section", end);
  }
  return p;
}

// A result with the order of its pieces left out: `names` (the pieces as listed) sorted, and
// what the fumen `data` (after "v115@") shows: every cell of every page's field and piece with
// its colour, and the comment's letters sorted.
std::string unordered(std::string_view data, std::string_view names, const std::string& rest) {
  std::vector<std::string> tokens;
  std::stringstream words{std::string(names)};
  for (std::string w; words >> w;) tokens.push_back(w);
  if (tokens.size() == 1) {  // CSV letters: one word
    tokens.clear();
    for (char c : names) tokens.push_back(std::string(1, c));
  }
  std::sort(tokens.begin(), tokens.end());
  std::set<std::tuple<int, int, int>> cells;
  std::string letters;
  for (const tetris::fumen::Page& page : tetris::fumen::decode("v115@" + std::string(data))) {
    for (int y = 0; y < tetris::fumen::kFieldHeight; ++y) {
      for (int x = 0; x < tetris::kWidth; ++x) {
        if (page.field.at(x, y) != tetris::fumen::Color::Empty) {
          cells.insert({x, y, int(page.field.at(x, y))});
        }
      }
    }
    if (page.piece) {
      for (const tetris::Cell& c : tetris::shape(page.piece->piece, page.piece->rotation).cells) {
        cells.insert({page.piece->x + c.x, page.piece->y + c.y, 100 + int(page.piece->piece)});
      }
    }
    std::string comment = page.comment;
    std::sort(comment.begin(), comment.end());
    letters += comment + "/";
  }
  std::string out = rest + "|" + letters + "|";
  for (const std::string& t : tokens) out += t + " ";
  for (const auto& [x, y, c] : cells) out += fmt::format("{},{},{};", x, y, c);
  return out;
}

// Whether the entries only one side has (`only_a`, `only_b`) pair up once the order of their
// pieces is left out (`key`: unordered() of an entry).
template <typename Key>
bool same_but_piece_order(const std::vector<std::string>& only_a,
                          const std::vector<std::string>& only_b, Key key) {
  std::multiset<std::string> x, y;
  for (const std::string& e : only_a) x.insert(key(e));
  for (const std::string& e : only_b) y.insert(key(e));
  return x == y;
}

// An HTML entry without the order of its pieces.
std::string unordered_entry(const std::string& entry) {
  std::size_t data = entry.find("v115@") + 5;
  std::size_t data_end = entry.find('\'', data);
  std::size_t names = entry.find("'_blank'>") + 9;
  std::size_t names_end = entry.find("</a>", names);
  return unordered(std::string_view(entry).substr(data, data_end - data),
                   std::string_view(entry).substr(names, names_end - names),
                   entry.substr(0, entry.find(" <a")) + entry.substr(names_end));
}

// The part of an entry its priority is made of: "[clear=C, hole=H, piece=P]".
std::string priority_part(const std::string& entry) {
  return entry.substr(entry.rfind('['));
}

void compare_html(const std::string& ours, const std::string& theirs, const std::string& what) {
  Page a = parse_page(ours), b = parse_page(theirs);
  EXPECT_EQ(a.head, b.head) << what;
  ASSERT_EQ(a.sections.size(), b.sections.size()) << what;
  std::size_t outside = 0;
  for (std::size_t s = 0; s < a.sections.size(); ++s) {
    const auto& [title, entries] = a.sections[s];
    const auto& [their_title, their_entries] = b.sections[s];
    EXPECT_EQ(title, their_title) << what;
    ASSERT_EQ(entries.size(), their_entries.size()) << what << " " << title;
    std::multiset<std::string> x(entries.begin(), entries.end()),
        y(their_entries.begin(), their_entries.end());
    if (x != y) {
      std::vector<std::string> only_ours, only_theirs;
      std::set_difference(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(only_ours));
      std::set_difference(y.begin(), y.end(), x.begin(), x.end(), std::back_inserter(only_theirs));
      if (same_but_piece_order(only_ours, only_theirs, unordered_entry)) {
        std::printf("%s %s: %zu entries list their pieces in another order than sfinder's\n",
                    what.c_str(), title.c_str(), only_ours.size());
      } else {
        ADD_FAILURE() << what << " " << title << ": " << only_ours.size() << " entries only ours ("
                      << (only_ours.empty() ? "" : only_ours[0]) << "), " << only_theirs.size()
                      << " only sfinder's (" << (only_theirs.empty() ? "" : only_theirs[0]) << ")";
      }
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (priority_part(entries[i]) != priority_part(their_entries[i])) ++outside;
    }
  }
  EXPECT_EQ(outside, 0u) << what << ": entries out of sfinder's priority order";
  // Nothing after the last section but the page's end.
  EXPECT_TRUE(ours.ends_with("</section></body></html>") || a.sections.empty()) << what;
}

std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  for (const std::string& line : lines_of(text)) {
    std::vector<std::string> cols;
    std::stringstream s(line);
    for (std::string c; std::getline(s, c, ',');) cols.push_back(c);
    if (!line.empty() && line.back() == ',') cols.push_back("");
    out.push_back(cols);
  }
  return out;
}

void compare_csv(const std::string& ours, const std::string& theirs, const std::string& what) {
  auto a = csv_rows(ours), b = csv_rows(theirs);
  ASSERT_FALSE(a.empty()) << what;
  ASSERT_EQ(a.size(), b.size()) << what;
  EXPECT_EQ(a[0], b[0]) << what << ": header";
  std::multiset<std::vector<std::string>> x(a.begin(), a.end()), y(b.begin(), b.end());
  if (x != y) {
    // Lines left unmatched, as text, may match with their pieces in another order (the top).
    auto text = [](const std::multiset<std::vector<std::string>>& from,
                   const std::multiset<std::vector<std::string>>& other) {
      std::vector<std::vector<std::string>> only;
      std::set_difference(from.begin(), from.end(), other.begin(), other.end(),
                          std::back_inserter(only));
      std::vector<std::string> out;
      for (const auto& row : only) {
        std::string line;
        for (const std::string& c : row) line += c + ",";
        out.push_back(line);
      }
      return out;
    };
    auto key = [](const std::string& line) {
      std::vector<std::string> cols;
      std::stringstream s(line);
      for (std::string c; std::getline(s, c, ',');) cols.push_back(c);
      if (cols.size() < 3 || cols[0].find("v115@") == std::string::npos) return line;
      std::string rest;
      for (std::size_t i = 1; i < cols.size(); ++i) {
        if (i != 2) rest += cols[i] + ",";
      }
      return unordered(cols[0].substr(cols[0].find("v115@") + 5), cols[2], rest);
    };
    EXPECT_TRUE(same_but_piece_order(text(x, y), text(y, x), key)) << what << ": lines";
  }
  // Position by position, the priority of each line (sfinder sorts by it, stable).
  for (std::size_t i = 1; i < a.size(); ++i) {
    // sfinder's solution priority (sfinder_spin.md 4), which equal lines share.
    auto key = [](const std::vector<std::string>& r) -> long {
      if (r.size() < 12) return -1;
      return (r[5] == "O" ? 5760000L : 0L) + std::stol(r[8]) * 11520L +
             (std::stol(r[7]) - std::stol(r[4])) * 480L + std::stol(r[11]) * 20L + std::stol(r[3]);
    };
    EXPECT_EQ(key(a[i]), key(b[i])) << what << " line " << i + 1;
  }
  EXPECT_TRUE(ours.empty() || ours.back() == '\n') << what;
}

// Copies the run's input files (sfinder's run folder had them) into the working folder.
void copy_inputs(const std::string& id, const std::string& dir) {
  fs::path from = kSpin + "inputs/" + id;
  if (fs::exists(from)) fs::copy(from, dir, fs::copy_options::recursive);
}

// The errors: what our one line must name (sfinder's message where it is sfinder's check).
const std::map<std::string, std::string>& error_lines() {
  static const std::map<std::string, std::string> m = {
      {"starter_default_input", "not a multiple of 10"},
      {"filter_bad", "--filter 'all' is not strict, ignore-t or none"},
      {"format_bad", "--format 'link' is not html or csv"},
      {"split_bad", "--split 'maybe' is not a yes/no word"},
      {"roof_bad", "--roof '1' is not a yes/no word"},
      {"line_bad", "--line 'two' is not an integer"},
      {"margin_bad", "--margin-height 'x' is not an integer"},
      {"fill_bottom_25", "Fill-bottom should be 0 <= y < 24: bottom=25"},
      {"fill_top_25", "Fill-top should be 0 <= y < 24: top=25"},
      {"fill_top_23", "Margin-height should be 0 <= y < 24: margin=25"},
      {"margin_25", "Margin-height should be 0 <= y < 24: margin=25"},
      {"margin_too_low",
       "Margin-height should be greater than or equal to (fill-top+2): top=5, margin=6"},
      {"patterns_two_combinations", "Should specify only one combination"},
      {"patterns_star", "Should specify only one combination"},
      {"patterns_semicolon", "Should specify only one combination"},
      {"patterns_bad", "pattern 'TSLQ'"},
      {"unknown_option", "--max-roofs"},
      {"uc_ErrorTest.minusFB", "Fill-bottom should be 0 <= y < 24: bottom=-1"},
      {"uc_ErrorTest.ftLessThanFB",
       "Fill-top should be greater than or equal to fill-bottom: bottom=4, top=3"},
      {"uc_ErrorTest.clearLineLessThan0", "Required-clear-line should be 1 <= line <= 3: line=0"},
      {"uc_ErrorTest.clearLineGreaterThan4",
       "Required-clear-line should be 1 <= line <= 3: line=4"},
      {"uc_ErrorTest.manyPatternsFile", "Required-clear-line should be 1 <= line <= 3: line=4"},
      {"uc_ErrorTest.pieceSizeIs1", "Specified piece size should be greater than 1"},
  };
  return m;
}

// What sfinder wrote when it stopped with an error: exit code 1, `Message: M` on stderr, the
// stack trace of M in output/error.txt and (once its options are read) the report up to the
// error in the log.
void check_sfinder_failed(const std::string& folder, const std::string& id) {
  EXPECT_EQ(slurp(folder + "exit_code.txt"), "1\n") << id;
  std::string err = slurp(folder + "stderr.txt");
  std::size_t at = err.find("Message: ");
  ASSERT_NE(at, std::string::npos) << id << ": " << err;
  std::string message = err.substr(at + 9, err.find('\n', at) - at - 9);
  EXPECT_NE(slurp(folder + "output/error.txt").find(message), std::string::npos) << id;
  std::string out = slurp(folder + "stdout.txt");
  if (fs::exists(folder + "output/last_output.txt")) {  // made when the options were read
    EXPECT_TRUE(out.starts_with(slurp(folder + "output/last_output.txt"))) << id;
  }
}

// Runs one captured command line and compares what we print and write with sfinder's.
void check_run(const CapturedRun& run) {
  TempDir dir;
  copy_inputs(run.id, dir.path());
  std::vector<std::string> args = {"tetris"};
  args.insert(args.end(), run.args.begin(), run.args.end());
  RunResult r = run_manyworlds_in(dir.path(), args);
  const std::string folder = kSpin + run.id + "/";
  if (run.id == "help") {
    EXPECT_EQ(r.exit_code, 0) << r.err;
    for (const std::string& line : lines_of(slurp(folder + "stdout.txt"))) {
      // Every option of sfinder's usage is listed (ours by its spelling here).
      std::smatch m;
      static const std::regex option(R"( -(\w+),--([\w-]+) )");
      if (std::regex_search(line, m, option)) {
        EXPECT_NE(r.out.find("--" + m[2].str()), std::string::npos) << m[2];
      }
    }
    return;
  }
  if (fs::exists(folder + "exit_code.txt")) check_sfinder_failed(folder, run.id);
  if (run.id == "output_base_no_parent") {
    // sfinder refuses a file name without a folder; we write it (docs/tetris.md).
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(slurp(dir.file("x.html")).find("<header>5 solutions</header>"), std::string::npos);
    return;
  }
  if (fs::exists(folder + "exit_code.txt")) {
    auto it = error_lines().find(run.id);
    ASSERT_NE(it, error_lines().end()) << run.id << ": no expected error";
    EXPECT_EQ(r.exit_code, run.id == "unknown_option" ? 2 : 1) << run.id << ": " << r.err;
    EXPECT_EQ(r.out, "") << run.id;
    EXPECT_TRUE(r.err.starts_with("manyworlds: error: ")) << run.id << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << run.id << ": " << r.err;
    EXPECT_NE(r.err.find(it->second), std::string::npos) << run.id << ": " << r.err;
    return;
  }
  ASSERT_EQ(r.exit_code, 0) << run.id << ": " << r.err;
  EXPECT_EQ(r.err, "") << run.id;
  compare_report(r.out, slurp(folder + "stdout.txt"), run.id);
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (!entry.is_regular_file()) continue;
    std::string rel = fs::relative(entry.path(), folder).string();
    if (rel == "stdout.txt" || rel == "stderr.txt") continue;
    if (rel.ends_with(".gz")) rel.resize(rel.size() - 3);
    ++files;
    std::string ours = slurp(dir.file(rel));
    std::string what = run.id + " " + rel;
    EXPECT_TRUE(fs::exists(dir.file(rel))) << what;
    if (rel.ends_with(".txt")) {
      // The log holds the report: ours as we printed it, and sfinder's as it printed it.
      EXPECT_EQ(ours, r.out) << what << ": the log";
      compare_report(ours, slurp(entry.path().string()), what + ": sfinder's log");
    } else if (rel.ends_with(".html")) {
      compare_html(ours, captured(folder + rel), what);
    } else if (rel.ends_with(".csv")) {
      compare_csv(ours, captured(folder + rel), what);
    } else {
      ADD_FAILURE() << what << ": unexpected file";
    }
  }
  EXPECT_EQ(files, 2u) << run.id << ": sfinder wrote a log and one result file";
}

// Runs whose sfinder time was several seconds (sfinder_times: 5 s to 27 s there).
bool slow(const std::string& id) {
  return id == "uc_FumenTest.case3" || id == "uc_FumenTest.case4" || id == "uc_FumenTest.case5" ||
         id == "uc_FumenTest.case6" || id == "uc_FumenTest.case7_1" ||
         id == "uc_FumenTest.case7_2" || id == "empty_field";
}

TEST(TetrisSpinCli, EveryCapturedRun) {
  std::vector<CapturedRun> all = runs();
  ASSERT_EQ(all.size(), 89u);  // runs.txt's rows (verbs_README.md: 89 spin runs)
  for (const CapturedRun& run : all) {
    if (!slow(run.id)) check_run(run);
  }
}

TEST(TetrisSpinCliSlow, EveryCapturedRun) {
  for (const CapturedRun& run : runs()) {
    if (slow(run.id)) check_run(run);
  }
}

// ---- sfinder's use-case assertions (usecases.json, transcribed from SpinTetfuCaseTest) ------

// The fumen data of every link in an HTML page (SpinHTML.getAllFumens).
std::vector<std::string> fumens_in(const std::string& html) {
  std::vector<std::string> out;
  for (std::size_t at = html.find("v115@"); at != std::string::npos; at = html.find("v115@", at)) {
    std::size_t end = html.find('\'', at);
    out.push_back(html.substr(at + 5, end - at - 5));
    at = end;
  }
  return out;
}

// SpinHTML.getFumensBySpin: the links of the section titled as the type says.
std::vector<std::string> fumens_of_section(const std::string& html, const std::string& type) {
  static const std::map<std::string, std::string> titles = {
      {"RegularSingle", "Single [Regular]"}, {"RegularDouble", "Double [Regular]"},
      {"RegularTriple", "Triple [Regular]"}, {"FinSingle", "Single [FIN]"},
      {"FinDouble", "Double [FIN]"},         {"NeoSingle", "Single [NEO]"},
      {"NeoDouble", "Double [NEO]"},         {"IsoSingle", "Single [ISO]"},
      {"IsoDouble", "Double [ISO]"},         {"MiniSingle", "Single [MINI]"},
  };
  for (const auto& [title, entries] : parse_page(html).sections) {
    if (title.ends_with("|" + titles.at(type))) {
      std::string joined;
      for (const std::string& e : entries) joined += e;
      return fumens_in(joined);
    }
  }
  return {};
}

// OutputFileHelper.loadSpinCSV().filter(column, value)....size().
std::size_t csv_count(const std::string& csv, const json& columns,
                      const std::vector<std::pair<std::string, std::string>>& filters) {
  auto rows = csv_rows(csv);
  std::size_t n = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    bool keep = true;
    for (const auto& [column, value] : filters) {
      std::size_t index = 0;
      while (index < columns.size() && columns[index] != column) ++index;
      keep = keep && index < rows[i].size() && rows[i][index] == value;
    }
    n += keep;
  }
  return n;
}

void check_usecase(const json& u, const json& columns) {
  const std::string name = u["name"];
  TempDir dir;
  for (const auto& [path, content] : u["files"].items()) {
    fs::create_directories(fs::path(dir.file(path)).parent_path());
    dir.write(path, content.get<std::string>());
  }
  for (const auto& [path, pattern] : u["expand"].items()) {
    // ConfigFileHelper.createPatternFileFromCommand: every sequence of the pattern, one a line.
    auto patterns = tetris::parse_patterns(pattern.get<std::string>());
    std::string text;
    for (const tetris::Sequence& s : tetris::enumerate(patterns, patterns[0].length())) {
      text += s.to_string() + "\n";
    }
    fs::create_directories(fs::path(dir.file(path)).parent_path());
    dir.write(path, text);
  }
  std::vector<std::string> args = {"tetris"};
  for (const auto& a : u["args"]) args.push_back(a);
  RunResult r = run_manyworlds_in(dir.path(), args);
  std::string html = slurp(dir.file("output/spin.html"));
  std::string csv = slurp(dir.file("output/spin.csv"));
  for (const json& a : u["asserts"]) {
    const std::string subject = a["subject"];
    for (const json& c : a["checks"]) {
      const std::string check = c[0];
      std::string what = name + ": " + subject + " " + c.dump();
      if (subject == "log.getOutput()" || subject == "log.getError()" ||
          subject == "html.getHtml()") {
        const std::string& text = subject == "log.getOutput()"  ? r.out
                                  : subject == "log.getError()" ? r.err
                                                                : html;
        if (check == "contains")
          EXPECT_NE(text.find(c[1].get<std::string>()), std::string::npos) << what;
        else if (check == "doesNotContain")
          EXPECT_EQ(text.find(c[1].get<std::string>()), std::string::npos) << what;
        else if (check == "isEmpty")
          EXPECT_EQ(text, "") << what;
        else
          ADD_FAILURE() << what;
      } else if (subject == "log.getReturnCode()") {
        ASSERT_EQ(check, "isNotEqualTo") << what;
        EXPECT_NE(r.exit_code, c[1].get<int>()) << what;
      } else if (subject == "html.getAllFumens()" || subject.starts_with("html.getFumensBySpin(")) {
        std::vector<std::string> fumens;
        if (subject == "html.getAllFumens()") {
          fumens = fumens_in(html);
        } else {
          std::string type = subject.substr(subject.find('.', 5) + 1);
          type = type.substr(type.find('.') + 1);
          type.pop_back();
          fumens = fumens_of_section(html, type);
        }
        if (check == "hasSize")
          EXPECT_EQ(fumens.size(), c[1].get<std::size_t>()) << what;
        else if (check == "isEmpty")
          EXPECT_TRUE(fumens.empty()) << what;
        else if (check == "contains")
          EXPECT_NE(std::find(fumens.begin(), fumens.end(), c[1].get<std::string>()), fumens.end())
              << what;
        else if (check == "doesNotContain")
          EXPECT_EQ(std::find(fumens.begin(), fumens.end(), c[1].get<std::string>()), fumens.end())
              << what;
        else
          ADD_FAILURE() << what;
      } else if (subject.starts_with("OutputFileHelper.loadSpinCSV()")) {
        ASSERT_EQ(check, "returns") << what;
        // Each .filter(column, value) in the chain narrows the lines.
        std::vector<std::pair<std::string, std::string>> filters;
        static const std::regex filter(R"re(\.filter\("([^"]*)", "([^"]*)"\))re");
        for (std::sregex_iterator it(subject.begin(), subject.end(), filter), end; it != end;
             ++it) {
          filters.emplace_back((*it)[1], (*it)[2]);
        }
        EXPECT_EQ(csv_count(csv, columns, filters), c[1].get<std::size_t>()) << what;
      } else {
        ADD_FAILURE() << what << ": unknown subject";
      }
    }
  }
}

json usecases() {
  return json::parse(slurp(kSpin + "usecases.json"));
}

bool slow_usecase(const std::string& name) {
  return name.ends_with(".case3") || name.ends_with(".case4") || name.ends_with(".case5") ||
         name.ends_with(".case6") || name.ends_with(".case7_1") || name.ends_with(".case7_2");
}

TEST(TetrisSpinUseCases, EveryTestMethod) {
  json all = usecases();
  ASSERT_EQ(all["runs"].size(), 27u);  // SpinTetfuCaseTest's runs (usecases.json)
  for (const json& u : all["runs"]) {
    if (!slow_usecase(u["name"])) check_usecase(u, all["csv_columns"]);
  }
}

TEST(TetrisSpinUseCasesSlow, EveryTestMethod) {
  json all = usecases();
  for (const json& u : all["runs"]) {
    if (slow_usecase(u["name"])) check_usecase(u, all["csv_columns"]);
  }
}

}  // namespace
}  // namespace manyworlds::testing
