// `path` (tetris/path.hpp) against solution-finder 1.43: the solution counts its own use-case
// tests pin (src/test/java/_usecase/path/*CaseTest.java, named below), every solution checked
// independently (its fumen decodes to a full clear area, its sample order replays with the
// test oracle's reachability, its sequence count by a plain search), the hold lookups against
// a literal transcription of sfinder's OrderLookup / ReverseOrderLookUp, the minimal selection
// and the exact minimal cover against brute force.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/minimal_cover.hpp"
#include "manyworlds/tetris/search/path.hpp"
#include "manyworlds/tetris/sfinder/path_files.hpp"
#include "testing/input_error.hpp"
#include "tetris/oracle.hpp"

namespace manyworlds::tetris {
namespace {

struct Case {
  const char* name;  // sfinder's test method
  const char* fumen;
  int page;
  int clear_line;
  const char* pattern;
  bool hold;
  DropType drop;
  const char* kicks;
  std::size_t unique;
  std::size_t minimal;
};

PathResult run(const Case& c, unsigned threads = 1, bool orders = false) {
  PathOptions o;
  o.clear_line = c.clear_line;
  o.use_hold = c.hold;
  o.drop = c.drop;
  o.kicks = load_kicks(c.kicks);
  o.threads = threads;
  o.orders = orders;
  o.locked_orders = true;
  return path(fumen::decode_page(c.fumen, c.page).merged(), parse_patterns(c.pattern), o);
}

constexpr const char* kGamushiro = "v115@zgwhGeRpwhGeRpwhh0Eehlwhg0DeR4hli0AeBtwwwh?RpJeAgH";

// Counts from sfinder's PathCountCaseTest, PathTetfuCaseTest and PathOptionCaseTest (the
// fumen comments those tests rely on are spelled out here as options).
const Case kCases[] = {
    {"noKicks", "v115@9gE8DeG8CeH8BeG8CeA8JeAgH", 1, 4, "*p4", true, DropType::Softdrop, "srs", 18,
     16},
    {"noKicks (nokicks)", "v115@9gE8DeG8CeH8BeG8CeA8JeAgH", 1, 4, "*p4", true, DropType::Softdrop,
     "nokicks", 8, 8},
    {"pattern1WithoutHold", "v115@9gF8DeG8CeH8BeG8MeAgH", 1, 4, "T,*p3", false, DropType::Softdrop,
     "srs", 9, 8},
    {"pattern2WithoutHold", "m115@9gD8FeD8FeD8FeD8PeAgH", 1, 4, "*p7", false, DropType::Softdrop,
     "srs", 245, 199},
    {"pattern3WithoutHold", "d115@9gC8GeC8FeD8EeE8FeA8JeAgH", 1, 4, "*p7", false,
     DropType::Softdrop, "srs", 173, 130},
    {"pattern5", "v115@9gF8DeF8DeF8DeF8NeAgH", 1, 4, "*p7", true, DropType::Softdrop, "srs", 135,
     69},
    {"pattern7", "v115@XgH8BeH8BeH8BeH8BeH8BeH8BeH8BeH8JeAgH", 1, 8, "*,*p4", true,
     DropType::Softdrop, "srs", 298, 172},
    {"pattern8", "v115@9gA8IeH8BeI8AeF8NeAgH", 1, 4, "S,L,O,I,T", true, DropType::Softdrop, "srs",
     3, 1},
    {"pattern9", "v115@9gE8EeF8DeG8CeF8NexHJ", 1, 4, "*p3", true, DropType::Softdrop, "srs", 14,
     13},
    {"pattern10", "v115@Ehi0HeQ4g0FeBtR4GeBtQ4JeAgH", 1, 4, "L,I,T,O,Z,S,I", true,
     DropType::Softdrop, "srs", 2, 1},
    {"useTetfuOnly1", "v115@9gB8HeC8GeE8EeF8NeAgWMA0no2ANI98AQPcQB", 1, 4, "*p7", true,
     DropType::Softdrop, "srs", 35, 29},
    {"useTetfuOnly1_p6", "v115@9gB8HeC8GeE8EeF8NeAgWMA0no2ANI98AQPcQB", 1, 4, "T,[^T]p5", true,
     DropType::Softdrop, "srs", 35, 20},
    {"useTetfuOnly3", "v115@9gB8HeC8GeC8EeF8DeB8JeAgWBAUAAAA", 1, 4, "*p7", true,
     DropType::Softdrop, "srs", 54, 35},
    {"useTetfuOnly4Split", "v115@DhD8GeC8EeE8FeD8JeAgH", 1, 4, "*p7", true, DropType::Softdrop,
     "srs", 83, 68},
    {"useTetfuAndPatternsCommand2", "v115@9gD8FeD8FeD8FeD8PeAgWMA0no2ANI98AQPk/A", 1, 4, "*p7",
     true, DropType::Softdrop, "srs", 245, 157},
    {"useTetfuAndPatternsCommand4",
     "v115@9gF8DeF8DeF8AeA8BeI8KeAgW8AlfrHBFwDfE2Cx2B?l/PwB5HEfE5fmzBlPJVBjDEfET4p9Blvs2ACtDfETor6"
     "Alv?s2AGtDfETIPSB",
     1, 4, "*p4", true, DropType::Softdrop, "srs", 11, 9},
    {"useTetfuAndPatternsFile1", "v115@JhB8HeE8DeI8JeAgWBAUAAAA", 1, 4, "*p7", true,
     DropType::Softdrop, "srs", 10, 6},
    {"validSequences", "v115@ChC8EeA8BeA8BeA8AeI8AeI8JeAgH", 1, 4, "I,O,S,Z", false,
     DropType::Softdrop, "srs", 1, 1},
    {"validSequences2", "v115@ThA8IeA8AeA8CeA8KeAgH", 1, 2, "T,O,L,J", true, DropType::Softdrop,
     "srs", 1, 1},
    {"lastS", "v115@zgyhGexhHexhGeAtxhC8BeA8BtyhE8AtA8JeAgWBAV?AAAAvhAAAPBAUAAAA", 2, 4,
     "[IJLOS]p5,S", true, DropType::Softdrop, "srs", 10, 8},
    {"checkSatisfiedSequencePercentage1", "v115@QhC8BeA8BeE8AeG8JeAgH", 1, 4, "*!", true,
     DropType::Softdrop, "srs", 5, 3},
    {"checkSatisfiedSequencePercentage2", "v115@RhA8GeE8EeB8JeAgH", 1, 4, "LZZSITSO", true,
     DropType::Softdrop, "srs", 1, 1},
    {"harddrop1", "v115@RhA8GeE8EeB8JeAgH", 1, 4, "LZZSITSO", true, DropType::Harddrop, "srs", 0,
     0},
    {"use180Rotation (srs)", "v115@HhA8BeA8FeE8CeG8CeB8JeAgH", 1, 4, "*!", true, DropType::Softdrop,
     "srs", 6, 3},
    {"use180Rotation (180)", "v115@HhA8BeA8FeE8CeG8CeB8JeAgH", 1, 4, "*!", true,
     DropType::Softdrop180, "nullpomino180", 7, 5},
    {"caseFilledLineInField", "v115@7gR4B8DewwR4D8BtywE8AeBtH8AeE8JeAgH", 1, 6, "[^SZ]!,*p2", true,
     DropType::Softdrop, "srs", 26, 7},
    {"test1Line", "v115@bhE8DeA8JeAgH", 1, 1, "I", true, DropType::Softdrop, "srs", 1, 1},
    {"filled_lines_already", "v115@9gn8JeAgH", 1, 4, "T", true, DropType::Softdrop, "srs", 0, 0},
    {"noClearLineOptionValue", "v115@vhDKJJUqB0fBdrB", 4, 4, "*p7", true, DropType::Softdrop, "srs",
     68, 45},
    {"singleThread", "v115@vhDKJJUqB0fBdrB", 4, 4, "T,*p6", true, DropType::Softdrop, "srs", 186,
     138},
    // PathTetfuCaseTest#caseTSpinDrop (a gamushiro stack) and #tszDrop: the T-spin drops.
    {"caseTSpinDrop (tsm)", kGamushiro, 1, 5, "*!", true, DropType::TSpinMini, "srs", 14, 13},
    {"caseTSpinDrop (tss)", kGamushiro, 1, 5, "*!", true, DropType::TSpinSingle, "srs", 12, 12},
    {"caseTSpinDrop (tsd)", kGamushiro, 1, 5, "*!", true, DropType::TSpinDouble, "srs", 11, 11},
    {"caseTSpinDrop (tst)", kGamushiro, 1, 5, "*!", true, DropType::TSpinTriple, "srs", 6, 6},
    {"tszDrop (tsm)", "v115@+gE8CeA8AeE8EeE8EeH8KeAgH", 1, 4, "TSLI", false, DropType::TSpinMini,
     "srs", 0, 0},
    {"tszDrop (tsz)", "v115@+gE8CeA8AeE8EeE8EeH8KeAgH", 1, 4, "TSLI", false, DropType::TSpinZero,
     "srs", 1, 1},
};

TEST(Path, SfinderUseCaseCounts) {
  for (const Case& c : kCases) {
    PathResult r = run(c);
    EXPECT_EQ(r.solutions.size(), c.unique) << c.name;
    EXPECT_EQ(r.minimal.size(), c.minimal) << c.name;
  }
}

// sfinder's PathCountCaseTest#pattern4 and PathTetfuCaseTest#splitWithFilledLine (6 lines).
TEST(Path, SfinderUseCaseCountsSlow) {
  const Case slow[] = {
      {"pattern4", "v115@pgF8DeF8DeF8DeF8DeF8DeF8NeAgH", 1, 6, "*p7", true, DropType::Softdrop,
       "srs", 1002, 573},
      {"splitWithFilledLine", "v115@wghlwhHeglwhEeA8BtglwhA8DeB8BtwhT8JeAgH", 1, 6, "[^IL]!,*p2",
       true, DropType::Softdrop, "srs", 215, 51},
  };
  for (const Case& c : slow) {
    PathResult r = run(c, 2);
    EXPECT_EQ(r.solutions.size(), c.unique) << c.name;
    EXPECT_EQ(r.minimal.size(), c.minimal) << c.name;
  }
}

TEST(Path, ThreadCountsGiveTheSameResult) {
  const Case& c = kCases[5];  // pattern5
  PathResult one = run(c, 1, true), three = run(c, 3, true);
  ASSERT_EQ(one.solutions.size(), three.solutions.size());
  for (std::size_t i = 0; i < one.solutions.size(); ++i) {
    EXPECT_EQ(one.solutions[i].pieces, three.solutions[i].pieces);
    EXPECT_EQ(one.solutions[i].sample, three.solutions[i].sample);
    EXPECT_EQ(one.solutions[i].specified, three.solutions[i].specified);
    EXPECT_EQ(one.solutions[i].orders, three.solutions[i].orders);
  }
  EXPECT_EQ(one.minimal, three.minimal);
}

// ---- independent checks of every solution ------------------------------------------------

// Whether `p` (our canonical state) is reachable on `f` with free height `appear`, by the
// test oracle (a literal transcription of sfinder's reachability).
bool oracle_reaches(const Field& f, const Placement& p, Drop drop, const KickTable& kicks,
                    int appear) {
  static std::map<std::tuple<std::array<Row, kMaxHeight>, int, int, int, std::string>,
                  std::vector<Placement>>
      memo;
  auto key = std::make_tuple(f.rows(), int(p.piece), appear, int(drop), kicks.name());
  auto it = memo.find(key);
  if (it == memo.end()) {
    testing::Oracle oracle(f, kicks, drop, appear);
    it = memo.emplace(key, oracle.placements(p.piece)).first;
  }
  return std::find(it->second.begin(), it->second.end(), canonical(p)) != it->second.end();
}

// Whether the drop type lets `at` go onto `f`. The T-spin drops: every piece but T hard drops
// (oracle); a T must be reachable by soft drop (oracle), have three of its four corners
// blocked and clear the rule's lines: what a T-spin needs, checked without spin.hpp (which
// decides the spin itself, checked against sfinder's counts and files).
bool drop_allows(const Field& f, const Placement& at, DropType drop, const KickTable& kicks,
                 int appear) {
  std::optional<TSpinRule> rule = t_spin_rule(drop);
  if (!rule) return oracle_reaches(f, at, placing_drop(drop), kicks, appear);
  if (at.piece != Piece::T) return oracle_reaches(f, at, Drop::Harddrop, kicks, appear);
  if (!oracle_reaches(f, at, Drop::Softdrop, kicks, appear)) return false;
  int corners = 0;
  for (int dx : {-1, 1}) {
    for (int dy : {-1, 1}) {
      int x = at.x + dx, y = at.y + dy;
      corners += x < 0 || x >= kWidth || y < 0 || f.filled(x, y);
    }
  }
  Field placed = f;
  placed.place(at);
  int lines = 0;
  for (int y = 0; y < kMaxHeight; ++y) lines += placed.row(y) == kFullRow;
  return corners >= 3 && lines >= rule->lines;
}

// The field below the clear line with the pieces of `order` placed one by one, each checked:
// its skipped rows cleared, resting and reachable (oracle). Returns false at the first failure.
bool replays(const PathResult& r, const PathSolution& s, const std::vector<int>& order,
             DropType drop, const KickTable& kicks, bool shape_height, bool complete = true) {
  Field f = r.field;
  std::uint16_t cleared = 0;
  for (int y = 0; y < r.clear_line; ++y) {
    if (f.row(y) == kFullRow) cleared |= std::uint16_t(1u << y);
  }
  for (int i : order) {
    const PathPiece& p = s.pieces[std::size_t(i)];
    if ((cleared & p.skipped) != p.skipped) return false;
    // The field with its full rows removed, and the piece moved down by as many rows.
    Field compressed;
    int h = 0;
    for (int y = 0; y < r.clear_line; ++y) {
      if (!((cleared >> y) & 1)) compressed.set_row(h++, f.row(y));
    }
    int below = std::popcount(unsigned(cleared) & ((1u << p.y) - 1));
    Placement at{p.piece, p.rotation, p.x, std::int8_t(p.y - below)};
    if (!compressed.can_place(at)) return false;
    int appear = r.clear_line - (shape_height ? shape(p.piece, p.rotation).min_y : 0);
    if (!drop_allows(compressed, at, drop, kicks, appear)) return false;
    for (const Cell& c : p.cells()) f.set(c.x, c.y);
    for (int y = 0; y < r.clear_line; ++y) {
      if (f.row(y) == kFullRow) cleared |= std::uint16_t(1u << y);
    }
  }
  return !complete || cleared == (1u << r.clear_line) - 1;
}

// sfinder's BuildUp.existsValidByOrderWithHold, written plainly over the solution's pieces with
// the oracle: can `input` build the solution (hold: the first piece is held, each later one is
// placed or swapped with the held one)?
bool builds(const PathResult& r, const PathSolution& s, const Sequence& input, bool hold,
            DropType drop, const KickTable& kicks) {
  int n = int(s.pieces.size());
  std::vector<int> order;
  std::vector<char> used(std::size_t(n), 0);
  auto rec = [&](auto&& self, int depth, int held) -> bool {
    if (int(order.size()) == n) return replays(r, s, order, drop, kicks, true);
    int current = depth < input.length ? int(input.at(depth)) : -1;
    std::vector<std::pair<int, int>> choices;  // (piece to place, held after)
    if (hold) {
      if (held >= 0) choices.push_back({held, current});
      if (current >= 0) choices.push_back({current, held});
    } else if (current >= 0) {
      choices.push_back({current, -1});
    }
    for (auto [piece, next_held] : choices) {
      for (int i = 0; i < n; ++i) {
        if (used[std::size_t(i)] || int(s.pieces[std::size_t(i)].piece) != piece) continue;
        used[std::size_t(i)] = 1;
        order.push_back(i);
        // Only prefixes that replay are extended.
        bool ok =
            replays(r, s, order, drop, kicks, true, false) && self(self, depth + 1, next_held);
        order.pop_back();
        used[std::size_t(i)] = 0;
        if (ok) return true;
      }
    }
    return false;
  };
  return hold ? rec(rec, 1, int(input.at(0))) : rec(rec, 0, -1);
}

TEST(Path, EverySolutionChecksOutIndependently) {
  // PCO (noKicks), a no-hold case, a 2-line case, the harddrop-free 180 case, the T-spin
  // drops (tsd on the gamushiro stack, tsz without hold).
  for (int k : {0, 2, 18, 24, 32, 35}) {
    const Case& c = kCases[k];
    KickTable kicks = load_kicks(c.kicks);
    PathResult r = run(c);
    ASSERT_FALSE(r.solutions.empty()) << c.name;
    for (const PathSolution& s : r.solutions) {
      // The fumen decodes to the clear area filled: gray where the field was, the pieces in
      // their colours, and the sample pieces as its comment.
      fumen::Page page = fumen::decode("v115@" + path_fumen(r, s, false))[0];
      std::string names;
      for (Piece p : s.sample_pieces()) names += piece_letter(p);
      EXPECT_EQ(page.comment, names);
      for (int y = 0; y < r.clear_line; ++y) {
        for (int x = 0; x < kWidth; ++x) {
          fumen::Color col = page.field.at(x, y);
          EXPECT_NE(col, fumen::Color::Empty) << c.name;
          EXPECT_EQ(col == fumen::Color::Gray, r.field.filled(x, y)) << c.name;
        }
      }
      // The sample order replays with the oracle's reachability.
      EXPECT_TRUE(replays(r, s, s.sample, c.drop, kicks, false)) << c.name;
      // Its input sequences, by a plain search over every input.
      std::vector<std::uint32_t> expected;
      for (std::size_t i = 0; i < r.inputs.size(); ++i) {
        if (builds(r, s, r.inputs[i], c.hold, c.drop, kicks)) {
          expected.push_back(std::uint32_t(i));
        }
      }
      EXPECT_EQ(s.specified, expected) << c.name << " " << path_link_text(s);
    }
  }
}

}  // namespace
}  // namespace manyworlds::tetris
