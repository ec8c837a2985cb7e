// `path`'s files (tetris/sfinder/path_files.hpp) against the files solution-finder 1.43 wrote for
// the same fields (tests/data/tetris/sfinder/path/, commands in its README). Where sfinder's order
// is deterministic (the CSV rows, the fumens, every count, the links' text) the comparison is
// byte for byte; where it is not (HTML entries and "All solutions" pages with equal counts come
// out of a parallel stream; ';' lists come out of hash sets) entries are compared as multisets
// and ours checked to follow the documented order.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/path.hpp"
#include "manyworlds/tetris/search/saves.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"
#include "manyworlds/tetris/sfinder/path_files.hpp"
#include "testing/files.hpp"

namespace manyworlds::tetris {
namespace {

using testing::slurp_existing;

std::string data_dir() {
  return std::string(MANYWORLDS_TEST_DATA_DIR) + "/tetris/sfinder/path/";
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep)) out.push_back(cur);
  if (!s.empty() && s.back() == sep) out.push_back("");
  return out;
}

struct PathSetup {
  std::string fumen;
  int clear_line = 4;
  std::string pattern;
  bool hold = true;
  DropType drop = DropType::Softdrop;
  std::string kicks = "srs";
  bool split = false;
  bool specified_only = true;
  bool reserved = false;  // sfinder's -r yes: the page's coloured cells are reserved
};

PathResult run(const PathSetup& s, bool orders) {
  PathOptions o;
  o.clear_line = s.clear_line;
  o.use_hold = s.hold;
  o.drop = s.drop;
  o.kicks = load_kicks(s.kicks);
  o.orders = orders;
  o.locked_orders = true;
  o.split = s.split;
  o.specified_only = s.specified_only;
  o.threads = 2;
  if (s.reserved) {
    // As sfinder reads the page: the page's piece in colour too.
    sfinder::FieldFile page =
        sfinder::parse_field_file(s.fumen, "test", 1, sfinder::path_options());
    ReservedField rf = split_reserved(page.colors);
    return path(rf.field, parse_patterns(s.pattern), o, rf.reserved);
  }
  return path(fumen::decode_page(s.fumen, 1).merged(), parse_patterns(s.pattern), o);
}

const PathSetup kPco = {"v115@9gE8DeG8CeH8BeG8CeA8JeAgH", 4, "*p4"};

// sfinder's own T-spin drop and reserved use cases (PathTetfuCaseTest#caseTSpinDrop, #tszDrop;
// PathCSVCaseTest#pattern2, #pattern3).
PathSetup gamushiro(DropType drop) {
  PathSetup s{"v115@zgwhGeRpwhGeRpwhh0Eehlwhg0DeR4hli0AeBtwwwh?RpJeAgH", 5, "*!"};
  s.drop = drop;
  return s;
}
PathSetup tsz_field(DropType drop) {
  PathSetup s{"v115@+gE8CeA8AeE8EeE8EeH8KeAgH", 4, "TSLI"};
  s.hold = false;
  s.drop = drop;
  return s;
}
PathSetup reserved_field(const char* fumen) {
  PathSetup s{fumen, 4, "I,*p4"};
  s.reserved = true;
  return s;
}
const char* const kReserved2 = "v115@9gE8DewhF8CewhG8BewhF8CewhJeAgH";
const char* const kReserved3 = "v115@ChE8DeF8CeG8DeF8JexEJ";

// ---- HTML -------------------------------------------------------------------------------

struct Entry {
  std::string fumen, text, percent;
  int count = 0;
  bool operator<(const Entry& o) const {
    return std::tie(fumen, text, percent, count) < std::tie(o.fumen, o.text, o.percent, o.count);
  }
  bool operator==(const Entry& o) const = default;
};

struct Html {
  std::string head;  // up to the All solutions link
  std::string all;   // the All solutions fumen
  std::vector<std::pair<std::string, std::vector<Entry>>> sections;
  std::string tail;
};

// The text between `open` and `close` from `at` on (advancing `at`); nullopt when absent.
std::optional<std::string> between(const std::string& s, std::size_t& at, const std::string& open,
                                   const std::string& close) {
  std::size_t a = s.find(open, at);
  if (a == std::string::npos) return std::nullopt;
  a += open.size();
  std::size_t b = s.find(close, a);
  if (b == std::string::npos) return std::nullopt;
  at = b + close.size();
  return s.substr(a, b - a);
}

// Splits the page by plain string search (std::regex overflows its stack on pages this long).
Html parse_html(const std::string& html) {
  Html h;
  std::size_t header_end = html.find("</header>");
  std::string header = html.substr(0, header_end);
  const std::string all_open = "<div><a href='http://fumen.zui.jp/?v115@";
  const std::string all_close = "'>All solutions</a></div>";
  std::size_t all_at = header.find(all_close);
  if (all_at != std::string::npos) {
    std::size_t start = header.rfind(all_open, all_at);
    h.all = header.substr(start + all_open.size(), all_at - start - all_open.size());
    h.head = header.substr(0, start);
  } else {
    h.head = header;
  }
  std::size_t at = header_end;
  while (true) {
    auto id = between(html, at, "<section id='", "'>");
    if (!id) break;
    auto title = between(html, at, "<h2>", "</h2>");
    std::size_t end = html.find("</section>", at);
    std::string body = html.substr(at, end - at);
    at = end;
    std::vector<Entry> entries;
    std::size_t e = 0;
    while (true) {
      std::size_t div = body.find("<div>", e);
      if (div == std::string::npos) break;
      std::size_t div_end = body.find("</div>", div);
      std::string item = body.substr(div, div_end - div);
      e = div_end;
      std::size_t k = 0;
      Entry entry;
      entry.fumen = between(item, k, "<a href='http://fumen.zui.jp/?v115@", "'>").value_or("?");
      entry.text = between(item, k, "", "</a> / ").value_or("?");
      entry.percent = between(item, k, "", " % <span style='color: #999'>[").value_or("?");
      entry.count = std::stoi(between(item, k, "", "]</span>").value_or("-1"));
      entries.push_back(entry);
    }
    h.sections.push_back({*id + "/" + title.value_or("?"), entries});
  }
  h.tail = html.substr(html.rfind("</section>"));
  return h;
}

// Pages of an "All solutions" fumen as (field rows, comment), sorted.
std::vector<std::pair<std::string, std::string>> pages_of(const std::string& data) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const fumen::Page& p : fumen::decode("v115@" + data)) {
    std::string rows;
    for (int y = 0; y < 10; ++y) {
      for (int x = 0; x < kWidth; ++x) rows += fumen::color_letter(p.field.at(x, y));
    }
    out.push_back({rows, p.comment});
  }
  return out;
}

void expect_same_html(const std::string& ours, const std::string& theirs, const char* what) {
  Html a = parse_html(ours), b = parse_html(theirs);
  EXPECT_EQ(a.head, b.head) << what;
  EXPECT_EQ(a.tail, b.tail) << what;
  ASSERT_EQ(a.sections.size(), b.sections.size()) << what;
  std::size_t entries = 0;
  for (std::size_t i = 0; i < a.sections.size(); ++i) {
    EXPECT_EQ(a.sections[i].first, b.sections[i].first) << what;
    auto x = a.sections[i].second, y = b.sections[i].second;
    // Ours: most input sequences first.
    for (std::size_t k = 1; k < x.size(); ++k) EXPECT_GE(x[k - 1].count, x[k].count) << what;
    entries += x.size();
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    EXPECT_TRUE(x == y) << what << " section " << a.sections[i].first << ": " << x.size()
                        << " entries, expected " << y.size();
    for (std::size_t k = 0; k < x.size() && k < y.size(); ++k) {
      if (x[k] == y[k]) continue;
      ADD_FAILURE() << what << " first difference: " << x[k].text << " " << x[k].count << " "
                    << x[k].fumen << " vs " << y[k].text << " " << y[k].count << " " << y[k].fumen;
      break;
    }
  }
  EXPECT_GT(entries, 0u) << what;
  // All solutions: the same pages, ours with the percentages not increasing.
  auto pa = pages_of(a.all), pb = pages_of(b.all);
  for (std::size_t k = 1; k < pa.size(); ++k) {
    EXPECT_GE(std::stod(pa[k - 1].second), std::stod(pa[k].second)) << what;
  }
  std::sort(pa.begin(), pa.end());
  std::sort(pb.begin(), pb.end());
  EXPECT_TRUE(pa == pb) << what << ": All solutions pages differ (" << pa.size() << " vs "
                        << pb.size() << ")";
  if (a.all.empty() != b.all.empty()) ADD_FAILURE() << what << ": All solutions link";
}

TEST(PathFiles, HtmlAsSfinderWritesIt) {
  struct HtmlCase {
    const char* dir;
    PathSetup setup;
  };
  PathSetup split_setup = kPco;
  split_setup.split = true;
  PathSetup so_no = kPco;
  so_no.specified_only = false;
  PathSetup nokicks = kPco;
  nokicks.kicks = "nokicks";
  const HtmlCase cases[] = {
      {"pco/html", kPco},
      {"pco/html_split", split_setup},
      {"pco/so_no", so_no},
      {"pco/nokicks", nokicks},
      {"square/html", {"v115@9gF8DeF8DeF8DeF8NeAgH", 4, "*p7"}},
      {"six/html", {"v115@pgF8DeF8DeF8DeF8DeF8DeF8NeAgH", 6, "*p7"}},
      {"eight/html", {"v115@XgH8BeH8BeH8BeH8BeH8BeH8BeH8BeH8JeAgH", 8, "*,*p4"}},
      {"tspin/tsm_html", gamushiro(DropType::TSpinMini)},
      {"tspin/tst_html", gamushiro(DropType::TSpinTriple)},
      {"tspin/tsz_html", tsz_field(DropType::TSpinZero)},
      {"reserved/html3", reserved_field(kReserved3)},
  };
  for (const HtmlCase& c : cases) {
    PathResult r = run(c.setup, !c.setup.specified_only);
    std::vector<int> unique(r.solutions.size());
    for (std::size_t i = 0; i < unique.size(); ++i) unique[i] = int(i);
    PathHtmlOptions h;
    h.split = c.setup.split;
    std::string dir = data_dir() + c.dir + "/";
    expect_same_html(path_html(r, unique, h), slurp_existing(dir + "path_unique.html"), c.dir);
    // sfinder selects the HTML's minimal solutions from the comparator's order (in CSV: from
    // the search's order, r.minimal).
    std::vector<int> minimal =
        select_minimal(r, path_html_order(r, unique), c.setup.specified_only);
    EXPECT_EQ(minimal.size(), r.minimal.size()) << c.dir;
    expect_same_html(path_html(r, minimal, h), slurp_existing(dir + "path_minimal.html"), c.dir);
    // With pictures: the same page plus one inline field per solution.
    h.pictures = true;
    std::string with = path_html(r, unique, h);
    expect_same_html(with, slurp_existing(dir + "path_unique.html"), c.dir);
    std::size_t svgs = 0;
    for (std::size_t at = with.find("<svg"); at != std::string::npos;
         at = with.find("<svg", at + 1)) {
      ++svgs;
    }
    EXPECT_EQ(svgs, r.solutions.size()) << c.dir;
  }
}

// ---- CSV --------------------------------------------------------------------------------

TEST(PathFiles, CsvNoneByteForByte) {
  struct CsvCase {
    const char* dir;
    PathSetup setup;
  };
  PathSetup nohold = kPco;
  nohold.hold = false;
  PathSetup hard = kPco;
  hard.drop = DropType::Harddrop;
  const CsvCase cases[] = {
      {"pco/none", kPco},
      {"pco/nohold", nohold},
      {"pco/harddrop", hard},
      {"square/none", {"v115@9gF8DeF8DeF8DeF8NeAgH", 4, "*p7"}},
      {"six/none", {"v115@pgF8DeF8DeF8DeF8DeF8DeF8NeAgH", 6, "*p7"}},
      {"eight/none", {"v115@XgH8BeH8BeH8BeH8BeH8BeH8BeH8BeH8JeAgH", 8, "*,*p4"}},
      {"tspin/tss_none", gamushiro(DropType::TSpinSingle)},
      {"tspin/tsm_none", tsz_field(DropType::TSpinMini)},
      {"reserved/none3", reserved_field(kReserved3)},
  };
  for (const CsvCase& c : cases) {
    PathResult r = run(c.setup, false);
    std::vector<int> unique(r.solutions.size());
    for (std::size_t i = 0; i < unique.size(); ++i) unique[i] = int(i);
    std::string dir = data_dir() + c.dir + "/";
    EXPECT_EQ(path_csv_none(r, unique), slurp_existing(dir + "path_unique.csv")) << c.dir;
    EXPECT_EQ(path_csv_none(r, r.minimal), slurp_existing(dir + "path_minimal.csv")) << c.dir;
  }
}

// A CSV row with the given ';'-separated fields sorted (their order is a Java hash set's).
std::string normalized(const std::string& row, const std::vector<int>& sorted_fields) {
  std::vector<std::string> f = split(row, ',');
  for (int i : sorted_fields) {
    if (std::size_t(i) >= f.size()) continue;
    auto parts = split(f[std::size_t(i)], ';');
    std::sort(parts.begin(), parts.end());
    std::string joined;
    for (std::size_t k = 0; k < parts.size(); ++k) joined += (k ? ";" : "") + parts[k];
    f[std::size_t(i)] = joined;
  }
  std::string out;
  for (std::size_t k = 0; k < f.size(); ++k) out += (k ? "," : "") + f[k];
  return out;
}

std::vector<std::string> rows_of(const std::string& text, const std::vector<int>& sorted_fields,
                                 bool keep_order) {
  std::vector<std::string> rows;
  for (const std::string& line : split(text, '\n')) {
    if (!line.empty()) rows.push_back(normalized(line, sorted_fields));
  }
  if (!keep_order) std::sort(rows.begin() + 1, rows.end());
  return rows;
}

TEST(PathFiles, CsvSolutionPatternUse) {
  PathResult r = run(kPco, true);
  std::vector<Pattern> patterns = parse_patterns(kPco.pattern);
  // solution: rows in sfinder's order (count, then the search's), lists as sets.
  EXPECT_EQ(rows_of(path_csv_solution(r, false), {5, 6, 7}, true),
            rows_of(slurp_existing(data_dir() + "pco/solution/path.csv"), {5, 6, 7}, true));
  // pattern: rows as a multiset (a parallel stream in sfinder), piece sets as sets.
  PatternCsv pattern = path_csv_pattern(r, patterns, true, false);
  EXPECT_EQ(rows_of(pattern.text, {2, 3}, false),
            rows_of(slurp_existing(data_dir() + "pco/pattern/path.csv"), {2, 3}, false));
  // sfinder's log: "success = 61.19% (514/840)".
  EXPECT_EQ(pattern.successes, 514u);
  EXPECT_EQ(pattern.rows, 840u);
  UseCsv use = path_csv_use(r, patterns, false);
  EXPECT_EQ(rows_of(use.text, {4}, false),
            rows_of(slurp_existing(data_dir() + "pco/use/path.csv"), {4}, false));
  EXPECT_EQ(use.rows, 140u);  // sfinder's log: "Found piece combinations = 140"
}

// The pattern CSV of the T-spin drop and reserved cases, with the success count of sfinder's
// log ("-> success = P% (S/T)").
TEST(PathFiles, PatternCsvOfTSpinDropsAndReservedCells) {
  struct PatternCase {
    const char* dir;
    PathSetup setup;
    std::uint64_t successes, rows;
  };
  const PatternCase cases[] = {
      {"tspin/tsd_pattern", gamushiro(DropType::TSpinDouble), 1862, 5040},
      {"reserved/pattern2", reserved_field(kReserved2), 514, 840},
      {"reserved/pattern3", reserved_field(kReserved3), 400, 840},
  };
  for (const PatternCase& c : cases) {
    PathResult r = run(c.setup, true);
    std::string dir = data_dir() + c.dir + "/";
    PatternCsv pattern = path_csv_pattern(r, parse_patterns(c.setup.pattern), true, false);
    EXPECT_EQ(rows_of(pattern.text, {2, 3}, false),
              rows_of(slurp_existing(dir + "path.csv"), {2, 3}, false))
        << c.dir;
    std::string log = slurp_existing(dir + "last_output.txt");
    std::string success = fmt::format("({}/{})", pattern.successes, pattern.rows);
    EXPECT_NE(log.find(success), std::string::npos) << c.dir << ": " << success;
    EXPECT_EQ(pattern.successes, c.successes) << c.dir;
    EXPECT_EQ(pattern.rows, c.rows) << c.dir;
  }
}

TEST(PathFiles, PatternCsvOfASecondField) {
  PathSetup square = {"v115@9gF8DeF8DeF8DeF8NeAgH", 4, "*p7"};
  PathResult r = run(square, true);
  PatternCsv pattern = path_csv_pattern(r, parse_patterns(square.pattern), true, false);
  std::string theirs = slurp_existing(data_dir() + "square/pattern/path.csv");
  EXPECT_EQ(rows_of(pattern.text, {2, 3}, false), rows_of(theirs, {2, 3}, false));
}

// ---- saves: ours against the same figures computed from sfinder's pattern CSV ------------

// The community's computation (e.g. PC-Saves-Get's saves_reader.py): per CSV row, the saveable
// pieces are the entries of "未使用ミノ"; a row counts for a piece when one entry is that piece.
std::array<std::uint64_t, kPieceCount> saves_from_csv(const std::string& csv, std::uint64_t& rows,
                                                      std::uint64_t& solvable) {
  std::array<std::uint64_t, kPieceCount> counts{};
  rows = solvable = 0;
  auto lines = split(csv, '\n');
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    auto f = split(lines[i], ',');
    ++rows;
    if (f[4].empty()) continue;
    ++solvable;
    std::uint8_t seen = 0;
    for (const std::string& left : split(f[3], ';')) {
      for (char c : left) seen |= std::uint8_t(1u << int(*piece_from_letter(c)));
    }
    for (int p = 0; p < kPieceCount; ++p) counts[std::size_t(p)] += (seen >> p) & 1;
  }
  return counts;
}

TEST(Saves, AgreeWithSfindersPatternCsv) {
  struct SavesCase {
    const char* dir;
    PathSetup setup;
  };
  const SavesCase cases[] = {{"pco/pattern", kPco},
                             {"square/pattern", {"v115@9gF8DeF8DeF8DeF8NeAgH", 4, "*p7"}}};
  for (const SavesCase& c : cases) {
    PathResult r = run(c.setup, true);
    std::vector<Pattern> patterns = parse_patterns(c.setup.pattern);
    SavesResult s = saves(r, patterns, {SavesExpr::parse("T|I"), SavesExpr::parse("*")});
    std::uint64_t rows = 0, solvable = 0;
    auto expected =
        saves_from_csv(slurp_existing(data_dir() + c.dir + "/path.csv"), rows, solvable);
    EXPECT_EQ(s.total, rows) << c.dir;
    EXPECT_EQ(s.successes, solvable) << c.dir;
    EXPECT_EQ(s.expressions[1], solvable) << c.dir;
    for (int p = 0; p < kPieceCount; ++p) {
      EXPECT_EQ(s.pieces[std::size_t(p)], expected[std::size_t(p)])
          << c.dir << " " << piece_letter(Piece(p));
    }
  }
}

}  // namespace
}  // namespace manyworlds::tetris
