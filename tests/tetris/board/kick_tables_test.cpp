// The built-in kick tables of today's games, `srsplus` (TETR.IO's SRS+) and `jstris180` (SRS
// with Jstris's 180-degree kicks), against their committed files, against other projects'
// tables converted here, and against single rotations computed by another engine
// (tests/data/tetris/kicks/: README.md, independent_cases.md, independent_cases.tsv).

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <regex>

#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "tetris/oracle.hpp"

namespace manyworlds::tetris {
namespace {

const std::string kDir = MANYWORLDS_TEST_DATA_DIR "/tetris/kicks/";

std::vector<Kick> offsets(const KickTable& t, Piece p, Rotation a, Rotation b) {
  auto s = t.tests(p, a, b);
  return {s.begin(), s.end()};
}

std::string key_name(Piece p, Rotation a, Rotation b) {
  return fmt::format("{}.{}{}", piece_letter(p), rotation_letter(a), rotation_letter(b));
}

std::string text(const std::vector<Kick>& kicks) {
  std::string out;
  for (const Kick& k : kicks) out += fmt::format("({},{})", k.x, k.y);
  return out;
}

// Every key of both tables: the same offsets in the same order, the same `@` marks.
void expect_same_table(const KickTable& got, const KickTable& want, const std::string& what) {
  EXPECT_EQ(got.has_180(), want.has_180()) << what;
  for (Piece p : kAllPieces) {
    for (int a = 0; a < 4; ++a) {
      for (int b = 0; b < 4; ++b) {
        const Rotation from = Rotation(a), to = Rotation(b);
        auto x = offsets(got, p, from, to), y = offsets(want, p, from, to);
        EXPECT_EQ(text(x), text(y)) << what << " " << key_name(p, from, to);
        for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
          EXPECT_EQ(got.privileged(p, from, to, i), want.privileged(p, from, to, i))
              << what << " " << key_name(p, from, to) << " test " << i;
        }
      }
    }
  }
}

// (a) The built-in tables are the committed files, read by the kick-file parser; jstris180 is
// also solution-finder's own kicks/jstris180.properties (sfinder_jstris180.properties, copied
// verbatim from knewjade/solution-finder @0e7c935a).
TEST(KickTables, BuiltInTablesAreTheCommittedFiles) {
  expect_same_table(KickTable::srsplus(), load_kicks("@" + kDir + "srsplus.properties"),
                    "srsplus.properties");
  expect_same_table(KickTable::jstris180(), load_kicks(kDir + "jstris180"), "jstris180.properties");
  expect_same_table(
      KickTable::jstris180(),
      KickTable::parse(read_text(kDir + "sfinder_jstris180.properties"), "sfinder_jstris180"),
      "sfinder's jstris180.properties");
  EXPECT_TRUE(KickTable::srsplus().has_180());
  EXPECT_TRUE(KickTable::jstris180().has_180());
  // The names, with and without `@`, as every --kicks reads them.
  for (const char* name : {"srsplus", "jstris180"}) {
    EXPECT_EQ(load_kicks(name).name(), name);
    EXPECT_EQ(load_kicks(std::string("@") + name).name(), name);
    ASSERT_NE(KickTable::builtin(name), nullptr);
    EXPECT_EQ(KickTable::builtin(name)->name(), name);
  }
  EXPECT_EQ(KickTable::builtin("SRSPlus"), nullptr);  // exact spelling; sfinder's -K lowers it
}

// ---- (c) other projects' tables, converted here ------------------------------------------

// A point in half cells (doubled coordinates), so that the true centres of I and O are whole.
struct Half {
  int x, y;
  friend auto operator<=>(const Half&, const Half&) = default;
};

Half turn_cw(Half h, int quarter_turns) {  // about (0,0): East = (x,y) -> (y,-x), kicks.md
  for (int i = 0; i < (quarter_turns & 3); ++i) h = {h.y, -h.x};
  return h;
}

// The true centre of the spawn state (the guideline's and TETR.IO's rotation centre), in
// sfinder's frame (cell (0,0) of the state at the origin): J L S T Z turn about cell (0,0);
// I about the centre of its 4x4 box, half a cell right of and below (0,0) (its cells are
// (-1..2, 0), the box's rows 1 and 2 are y = 0 and y = -1); O about the centre of its square.
Half spawn_centre(Piece p) {
  if (p == Piece::I) return {1, -1};
  if (p == Piece::O) return {1, 1};
  return {0, 0};
}

// The shift between sfinder's rotation about cell (0,0) and the rotation about the true centre:
// the offset t such that state `to` at t has the cells of state `from` (at the origin) turned
// about its true centre. Worked out from the shapes, not taken from any table.
Kick centre_shift(Piece p, Rotation from, Rotation to) {
  const int turns = (int(to) - int(from)) & 3;
  const Half centre = turn_cw(spawn_centre(p), int(from));
  std::vector<Half> turned, target;
  for (const Cell& c : shape(p, from).cells) {
    Half d = turn_cw({2 * c.x - centre.x, 2 * c.y - centre.y}, turns);
    turned.push_back({d.x + centre.x, d.y + centre.y});
  }
  for (const Cell& c : shape(p, to).cells) target.push_back({2 * c.x, 2 * c.y});
  std::sort(turned.begin(), turned.end());
  std::sort(target.begin(), target.end());
  const Half t{turned[0].x - target[0].x, turned[0].y - target[0].y};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(turned[i], (Half{target[i].x + t.x, target[i].y + t.y})) << key_name(p, from, to);
  }
  EXPECT_TRUE(t.x % 2 == 0 && t.y % 2 == 0) << key_name(p, from, to);
  return {std::int8_t(t.x / 2), std::int8_t(t.y / 2)};
}

// The (x,y) or [x,y] pairs of a line, in order.
std::vector<Kick> pairs_of(std::string_view line) {
  static const std::regex pair(R"([\[(]\s*([-+]?\d+)\s*,\s*([-+]?\d+)\s*[\])])");
  std::vector<Kick> out;
  std::string s(line);
  for (auto it = std::sregex_iterator(s.begin(), s.end(), pair); it != std::sregex_iterator();
       ++it) {
    out.push_back({std::int8_t(std::stoi((*it)[1])), std::int8_t(std::stoi((*it)[2]))});
  }
  return out;
}

Rotation state_of(char c) {  // 0 1 2 3 (TETR.IO), N E S W, R L (guideline)
  constexpr std::array<std::string_view, 4> kSpellings = {"0N", "1ER", "2S", "3WL"};
  for (std::size_t r = 0; r < 4; ++r) {
    if (kSpellings[r].find(c) != std::string_view::npos) return Rotation(r);
  }
  ADD_FAILURE() << "no rotation state '" << c << "'";
  return Rotation::North;
}

// A guideline-convention list (true centre, y up, in-place test written) in sfinder's: each
// offset plus the centre shift.
std::vector<Kick> from_guideline(Piece p, Rotation a, Rotation b, std::vector<Kick> kicks) {
  const Kick t = centre_shift(p, a, b);
  for (Kick& k : kicks) k = {std::int8_t(k.x + t.x), std::int8_t(k.y + t.y)};
  return kicks;
}

// A TETR.IO list (y down, in-place test implicit) in sfinder's convention.
std::vector<Kick> from_tetrio(Piece p, Rotation a, Rotation b, const std::vector<Kick>& raw) {
  std::vector<Kick> kicks = {{0, 0}};
  for (const Kick& k : raw) kicks.push_back({k.x, std::int8_t(-k.y)});
  return from_guideline(p, a, b, kicks);
}

// Lines "KEY offsets...": KEY is "ab" (TETR.IO ids) or "a>b"; each line's list per key.
std::map<std::pair<Rotation, Rotation>, std::vector<Kick>> keyed(std::string_view block) {
  std::map<std::pair<Rotation, Rotation>, std::vector<Kick>> out;
  for (std::string_view line : Lines(block)) {
    line = trim(line);
    if (line.empty()) continue;
    const Rotation a = state_of(line[0]), b = state_of(line[line[1] == '>' ? 2 : 1]);
    out[{a, b}] = pairs_of(line);
  }
  return out;
}

// halp1/triangle @601843474704e56434ba7def000961c2a9453ba4 src/engine/utils/kicks/data.ts,
// `kicks["SRS+"]` (as independent_cases.md section 2 lists it): `kicks` for J L S T Z,
// `i_kicks` for I; y down; the in-place test is not listed; key "ab" = from a to b, 0 spawn,
// 1 right, 2 reverse, 3 left. No O entry: the O never kicks.
constexpr std::string_view kTriangleKicks = R"(
  01 [-1,0] [-1,-1] [0,2] [-1,2]      10 [1,0] [1,1] [0,-2] [1,-2]
  12 [1,0] [1,1] [0,-2] [1,-2]        21 [-1,0] [-1,-1] [0,2] [-1,2]
  23 [1,0] [1,-1] [0,2] [1,2]         32 [-1,0] [-1,1] [0,-2] [-1,-2]
  30 [-1,0] [-1,1] [0,-2] [-1,-2]     03 [1,0] [1,-1] [0,2] [1,2]
  02 [0,-1] [1,-1] [-1,-1] [1,0] [-1,0]
  13 [1,0] [1,-2] [1,-1] [0,-2] [0,-1]
  20 [0,1] [-1,1] [1,1] [-1,0] [1,0]
  31 [-1,0] [-1,-2] [-1,-1] [0,-2] [0,-1]
)";
constexpr std::string_view kTriangleIKicks = R"(
  01 [1,0] [-2,0] [-2,1] [1,-2]       10 [-1,0] [2,0] [-1,2] [2,-1]
  12 [-1,0] [2,0] [-1,-2] [2,1]       21 [-2,0] [1,0] [-2,-1] [1,2]
  23 [2,0] [-1,0] [2,-1] [-1,2]       32 [1,0] [-2,0] [1,-2] [-2,1]
  30 [1,0] [-2,0] [1,2] [-2,-1]       03 [-1,0] [2,0] [2,1] [-1,-2]
  02 [0,-1]   13 [1,0]   20 [0,1]   31 [-1,0]
)";

// Two key-value pairs share a line in the blocks above: one map entry per "ab [..]..." run.
std::map<std::pair<Rotation, Rotation>, std::vector<Kick>> keyed_runs(std::string_view block) {
  static const std::regex run(R"(([0-3])([0-3])((?:\s*\[-?\d+,-?\d+\])+))");
  std::map<std::pair<Rotation, Rotation>, std::vector<Kick>> out;
  std::string s(block);
  for (auto it = std::sregex_iterator(s.begin(), s.end(), run); it != std::sregex_iterator();
       ++it) {
    out[{state_of((*it)[1].str()[0]), state_of((*it)[2].str()[0])}] = pairs_of((*it)[3].str());
  }
  return out;
}

const std::vector<Piece> kJlstz = {Piece::J, Piece::L, Piece::S, Piece::T, Piece::Z};

TEST(KickTables, SrsPlusIsTetrioTableFromTriangle) {
  const auto jlstz = keyed_runs(kTriangleKicks), i = keyed_runs(kTriangleIKicks);
  ASSERT_EQ(jlstz.size(), 12u);  // 8 quarter turns, 4 half turns
  ASSERT_EQ(i.size(), 12u);
  int compared = 0;
  for (const auto& [key, raw] : jlstz) {
    for (Piece p : kJlstz) {
      EXPECT_EQ(text(offsets(KickTable::srsplus(), p, key.first, key.second)),
                text(from_tetrio(p, key.first, key.second, raw)))
          << key_name(p, key.first, key.second);
      ++compared;
    }
  }
  for (const auto& [key, raw] : i) {
    EXPECT_EQ(text(offsets(KickTable::srsplus(), Piece::I, key.first, key.second)),
              text(from_tetrio(Piece::I, key.first, key.second, raw)))
        << key_name(Piece::I, key.first, key.second);
    // The O rotates in place: its one offset is the centre shift.
    EXPECT_EQ(text(offsets(KickTable::srsplus(), Piece::O, key.first, key.second)),
              text(from_tetrio(Piece::O, key.first, key.second, {})))
        << key_name(Piece::O, key.first, key.second);
    compared += 2;
  }
  EXPECT_EQ(compared, 7 * 12);
  // Triangle's #isTSpinKick (src/engine/index.ts): a T's last kick of ids 01, 21, 03, 23 (into
  // a vertical T from spawn or reverse) is a TST/fin kick, counted as a regular T-spin; that is
  // sfinder's `@` on the fifth test of T.NE, T.SE, T.NW, T.SW, and no other mark.
  for (int a = 0; a < 4; ++a) {
    for (int b = 0; b < 4; ++b) {
      const Rotation from = Rotation(a), to = Rotation(b);
      const bool marked = (a == 0 || a == 2) && (b == 1 || b == 3);
      for (std::size_t t = 0; t < KickTable::srsplus().tests(Piece::T, from, to).size(); ++t) {
        EXPECT_EQ(KickTable::srsplus().privileged(Piece::T, from, to, t), marked && t == 4)
            << key_name(Piece::T, from, to) << " test " << t;
      }
    }
  }
}

// TemariVirus/Budget-Tetris-Engine @834f97b63252 src/kicks/srs_tetrio.zig (`double_kicks`)
// and src/kicks/srs_plus.zig (`cw_i_kicks`, `ccw_i_kicks`, `double_i_kicks`), "taken directly
// from Tetr.io's source code": y up, in-place test written, indexed by the starting facing
// (independent_cases.md section 2).
constexpr std::string_view kBudget180 = R"(
  up:    (0,0) (0,1) (1,1) (-1,1) (1,0) (-1,0)
  right: (0,0) (1,0) (1,2) (1,1) (0,2) (0,1)
  down:  (0,0) (0,-1) (-1,-1) (1,-1) (-1,0) (1,0)
  left:  (0,0) (-1,0) (-1,2) (-1,1) (0,2) (0,1)
)";
constexpr std::string_view kBudgetI180 = R"(
  up (0,0) (0,1)
  right (0,0) (1,0)
  down (0,0) (0,-1)
  left (0,0) (-1,0)
)";
constexpr std::string_view kBudgetICw = R"(
  up    (0,0) (1,0) (-2,0) (-2,-1) (1,2)
  right (0,0) (-1,0) (2,0) (-1,2) (2,-1)
  down  (0,0) (2,0) (-1,0) (2,1) (-1,-2)
  left  (0,0) (1,0) (-2,0) (1,-2) (-2,1)
)";
constexpr std::string_view kBudgetICcw = R"(
  up    (0,0) (-1,0) (2,0) (2,-1) (-1,2)
  right (0,0) (-1,0) (2,0) (-1,-2) (2,1)
  down  (0,0) (-2,0) (1,0) (-2,1) (1,-2)
  left  (0,0) (1,0) (-2,0) (1,2) (-2,-1)
)";

// Lines "facing offsets...": the list of each starting facing.
std::map<Rotation, std::vector<Kick>> by_facing(std::string_view block) {
  std::map<Rotation, std::vector<Kick>> out;
  for (std::string_view line : Lines(block)) {
    line = trim(line);
    if (line.empty()) continue;
    Rotation from = line.starts_with("up")      ? Rotation::North
                    : line.starts_with("right") ? Rotation::East
                    : line.starts_with("down")  ? Rotation::South
                                                : Rotation::West;
    out[from] = pairs_of(line);
  }
  return out;
}

TEST(KickTables, SrsPlusIsBudgetTetrisEngineTable) {
  struct Block {
    std::string_view text;
    std::vector<Piece> pieces;
    int quarter_turns;
  };
  const std::vector<Block> blocks = {{kBudget180, kJlstz, 2},
                                     {kBudgetI180, {Piece::I}, 2},
                                     {kBudgetICw, {Piece::I}, 1},
                                     {kBudgetICcw, {Piece::I}, 3}};
  int compared = 0;
  for (const Block& block : blocks) {
    const auto lists = by_facing(block.text);
    ASSERT_EQ(lists.size(), 4u);
    for (const auto& [from, list] : lists) {
      const Rotation to = Rotation((int(from) + block.quarter_turns) & 3);
      for (Piece p : block.pieces) {
        EXPECT_EQ(text(offsets(KickTable::srsplus(), p, from, to)),
                  text(from_guideline(p, from, to, list)))
            << key_name(p, from, to);
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 4 * (5 + 1 + 1 + 1));
}

// Jstris's 180-degree kicks: daejunnom/Clearra @58e8f35765eb
// crates/clearra-rules/src/kicks/srs_offsets.rs `jstris_180_offsets` (guideline convention,
// for I J L S T Z), and OrangeNostril/sfaster @f427a31b v4.1_demo.cpp lines 264-268
// `jstris180`, in bit offsets (+1 a column right, +11 a row up), with the in-place test first
// (independent_cases.md section 2).
constexpr std::string_view kClearraJstris180 = R"(
  0>2 (0,0) (0,1)
  R>L (0,0) (1,0)
  2>0 (0,0) (0,-1)
  L>R (0,0) (-1,0)
)";
struct SfasterKick {
  Rotation from, to;
  int second;
};
constexpr std::array<SfasterKick, 4> kSfasterJstris180 = {
    {{Rotation::North, Rotation::South, 1 * 11},
     {Rotation::East, Rotation::West, 1},
     {Rotation::South, Rotation::North, -1 * 11},
     {Rotation::West, Rotation::East, -1}}};

TEST(KickTables, Jstris180IsClearraAndSfasterTables) {
  const std::vector<Piece> turning = {Piece::I, Piece::J, Piece::L, Piece::S, Piece::T, Piece::Z};
  const auto clearra = keyed(kClearraJstris180);
  ASSERT_EQ(clearra.size(), 4u);
  for (const auto& [key, list] : clearra) {
    for (Piece p : turning) {
      EXPECT_EQ(text(offsets(KickTable::jstris180(), p, key.first, key.second)),
                text(from_guideline(p, key.first, key.second, list)))
          << "Clearra " << key_name(p, key.first, key.second);
    }
    EXPECT_EQ(text(offsets(KickTable::jstris180(), Piece::O, key.first, key.second)),
              text(from_guideline(Piece::O, key.first, key.second, {{0, 0}})))
        << key_name(Piece::O, key.first, key.second);
  }
  for (const SfasterKick& k : kSfasterJstris180) {
    const int row = (k.second + (k.second > 0 ? 5 : -5)) / 11;  // nearest whole row
    const Kick second{std::int8_t(k.second - 11 * row), std::int8_t(row)};
    for (Piece p : turning) {
      EXPECT_EQ(text(offsets(KickTable::jstris180(), p, k.from, k.to)),
                text(from_guideline(p, k.from, k.to, {{0, 0}, second})))
          << "sfaster " << key_name(p, k.from, k.to);
    }
  }
  // Jstris turns a quarter as guideline SRS does: the 90-degree keys are srs's (sfinder's
  // kicks/srs.properties, BuiltInTablesAreTheReferenceFiles).
  for (Piece p : kAllPieces) {
    for (int a = 0; a < 4; ++a) {
      for (int b : {a + 1, a + 3}) {
        const Rotation from = Rotation(a), to = Rotation(b & 3);
        EXPECT_EQ(text(offsets(KickTable::jstris180(), p, from, to)),
                  text(offsets(KickTable::srs(), p, from, to)))
            << key_name(p, from, to);
      }
    }
  }
}

// The centre shifts worked out from the shapes give sfinder's own srs I and O lists from the
// guideline's SRS table (tetris.wiki "Super Rotation System", I wall kicks in the guideline's
// convention: y up, true centre, in-place test first; the O rotates in place; J L S T Z turn
// about sfinder's cell (0,0)): the conversion above is the one sfinder's files follow.
constexpr std::string_view kGuidelineI = R"(
  0>R (0,0) (-2,0) (+1,0) (-2,-1) (+1,+2)
  R>0 (0,0) (+2,0) (-1,0) (+2,+1) (-1,-2)
  R>2 (0,0) (-1,0) (+2,0) (-1,+2) (+2,-1)
  2>R (0,0) (+1,0) (-2,0) (+1,-2) (-2,+1)
  2>L (0,0) (+2,0) (-1,0) (+2,+1) (-1,-2)
  L>2 (0,0) (-2,0) (+1,0) (-2,-1) (+1,+2)
  L>0 (0,0) (+1,0) (-2,0) (+1,-2) (-2,+1)
  0>L (0,0) (-1,0) (+2,0) (-1,+2) (+2,-1)
)";

TEST(KickTables, CentreShiftTurnsTheGuidelineIntoSfinderSrs) {
  const auto guideline = keyed(kGuidelineI);
  ASSERT_EQ(guideline.size(), 8u);
  for (const auto& [key, list] : guideline) {
    EXPECT_EQ(text(offsets(KickTable::srs(), Piece::I, key.first, key.second)),
              text(from_guideline(Piece::I, key.first, key.second, list)))
        << key_name(Piece::I, key.first, key.second);
    EXPECT_EQ(text(offsets(KickTable::srs(), Piece::O, key.first, key.second)),
              text(from_guideline(Piece::O, key.first, key.second, {{0, 0}})))
        << key_name(Piece::O, key.first, key.second);
    for (Piece p : kJlstz) {
      EXPECT_EQ(text({centre_shift(p, key.first, key.second)}), "(0,0)");
    }
  }
}

// ---- (b) single rotations computed by Triangle.js ----------------------------------------

struct Case {
  std::string id;
  Field field;
  Placement start;
  Rotation to;
  // The expected end state and winning test index per table; nullopt: the rotation fails.
  std::map<std::string, std::optional<std::pair<Placement, int>>> expected;
};

std::vector<std::string> split_tabs(std::string_view line) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    std::size_t tab = line.find('\t', start);
    out.emplace_back(line.substr(start, tab == std::string_view::npos ? tab : tab - start));
    if (tab == std::string_view::npos) return out;
    start = tab + 1;
  }
}

std::vector<Case> read_cases() {
  const std::string tsv = read_text(kDir + "independent_cases.tsv");
  std::vector<Case> out;
  bool header = true;
  for (std::string_view line : Lines(tsv)) {
    if (header || trim(line).empty()) {
      header = false;
      continue;
    }
    const std::vector<std::string> c = split_tabs(line);
    EXPECT_EQ(c.size(), 17u) << line;
    if (c.size() != 17) continue;
    Case k;
    k.id = c[0];
    k.field = Field::parse(c[1]);
    const Piece piece = *piece_from_letter(c[2][0]);
    const Rotation from = state_of(c[3][0]);
    k.start = {piece, from, std::int8_t(std::stoi(c[4])), std::int8_t(std::stoi(c[5]))};
    const int turns = c[6] == "cw" ? 1 : c[6] == "ccw" ? 3 : 2;
    k.to = Rotation((int(from) + turns) & 3);
    auto result = [&](std::size_t at) -> std::optional<std::pair<Placement, int>> {
      if (c[at] == "fail") return std::nullopt;
      EXPECT_EQ(state_of(c[at][0]), k.to) << k.id;
      return std::pair{Placement{piece, k.to, std::int8_t(std::stoi(c[at + 1])),
                                 std::int8_t(std::stoi(c[at + 2]))},
                       std::stoi(c[at + 3])};
    };
    k.expected["srsplus"] = result(7);
    k.expected[c[11]] = result(12);
    out.push_back(std::move(k));
  }
  return out;
}

// One rotation as kicks.hpp defines it (sfinder's MinoRotation with Field.canPut): the first
// offset of the table's list where the piece fits, and its index; nullopt when none fits.
std::optional<std::pair<Placement, int>> rotate(const Field& f, const Placement& p, Rotation to,
                                                const KickTable& kicks) {
  auto tests = kicks.tests(p.piece, p.rotation, to);
  for (std::size_t i = 0; i < tests.size(); ++i) {
    Placement q{p.piece, to, std::int8_t(p.x + tests[i].x), std::int8_t(p.y + tests[i].y)};
    if (f.can_place(q)) return std::pair{q, int(i)};
  }
  return std::nullopt;
}

std::string describe(const std::optional<std::pair<Placement, int>>& r) {
  if (!r) return "fail";
  return fmt::format("{}{}({},{}) test {}", piece_letter(r->first.piece),
                     rotation_letter(r->first.rotation), r->first.x, r->first.y, r->second);
}

// Every row of independent_cases.tsv: the rotation through the built-in table ends where
// Triangle.js's performKick (TETR.IO's engine code, `kicks["SRS+"]`; `kicks["SRS"]` for the
// srs column of quarter turns) put it, with the same winning test; Jstris's 180-degree column
// is the SRS+ result when SRS+ wins with its first two tests, else a failure. And the move
// generator agrees on each row's field: a start state it reaches leads to a reached end state
// (the rotation is one of its moves), and its placements equal the literal reverse search's
// (tests/tetris/oracle.hpp) under both tables with 180-degree turns.
TEST(KickTables, SingleRotationsOfAnotherEngine) {
  const std::vector<Case> cases = read_cases();
  // 173 rows: 106 half turns and 67 quarter turns (independent_cases.md section 1).
  ASSERT_EQ(cases.size(), 173u);
  const std::map<std::string, const KickTable*> tables = {{"srsplus", &KickTable::srsplus()},
                                                          {"jstris180", &KickTable::jstris180()},
                                                          {"srs", &KickTable::srs()}};
  std::map<std::string, int> checked;
  int through_generator = 0;
  for (const Case& k : cases) {
    for (const auto& [name, want] : k.expected) {
      ASSERT_TRUE(tables.count(name)) << k.id << " " << name;
      const KickTable& table = *tables.at(name);
      EXPECT_EQ(describe(rotate(k.field, k.start, k.to, table)), describe(want))
          << k.id << " " << name << "\n"
          << k.field.to_string();
      ++checked[name];
      // jstris180 turns a quarter as srs: the srs column holds for it too.
      if (name == "srs") {
        EXPECT_EQ(describe(rotate(k.field, k.start, k.to, KickTable::jstris180())), describe(want))
            << k.id << " jstris180 (srs quarter turn)";
      }
      const bool half = (int(k.to) - int(k.start.rotation) + 4) % 4 == 2;
      MoveGenerator gen(table, half ? Drop::Softdrop180 : Drop::Softdrop);
      ReachableStates states;
      gen.softdrop_states(k.field, k.start.piece, kMaxHeight, states);
      if (want && states.contains(k.start.rotation, k.start.x, k.start.y)) {
        EXPECT_TRUE(states.contains(want->first.rotation, want->first.x, want->first.y))
            << k.id << " " << name;
        ++through_generator;
      }
      if (name != "srs") {
        const int height = k.field.height() + 2;
        testing::Oracle oracle(k.field, table, Drop::Softdrop180, height);
        MoveGenerator all(table, Drop::Softdrop180);
        MoveList moves;
        all.generate(k.field, k.start.piece, height, moves);
        std::vector<Placement> got(moves.begin(), moves.end());
        std::sort(got.begin(), got.end());
        EXPECT_EQ(got, oracle.placements(k.start.piece)) << k.id << " " << name;
      }
    }
  }
  EXPECT_EQ(checked["srsplus"], 173);
  EXPECT_EQ(checked["jstris180"], 106);
  EXPECT_EQ(checked["srs"], 67);
  // The generator check is not empty: of the 346 (row, table) pairs, 231 start from a state the
  // generator reaches and end in a rotation.
  EXPECT_GT(through_generator, 200);
}

}  // namespace
}  // namespace manyworlds::tetris
