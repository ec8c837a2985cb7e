// The fill oracle (tiling.hpp): answers on hand-made areas, soundness against a plain search
// that really places pieces (every field that can be cleared must be called fillable, with any
// pieces and with a given multiset of pieces), and both kinds of cover against a brute-force
// enumeration of covers checked with build_order.hpp's keys_consistent.

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/search/build_order.hpp"
#include "manyworlds/tetris/search/tiling.hpp"

namespace manyworlds::tetris {
namespace {

PieceCounts counts_of(std::string_view letters) {
  PieceCounts c = 0;
  for (char l : letters) c = add_piece(c, *piece_from_letter(l));
  return c;
}

TEST(PieceCounts, CappedAndTotalledAsByEachCount) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 20000; ++trial) {
    PieceCounts c = 0;
    int total = 0;
    for (Piece p : kAllPieces) {
      // Small counts mostly, and the extremes (255: any number of the piece).
      const int n = trial % 5 == 0 ? int(rng() % 256) : trial % 7 == 0 ? 255 : int(rng() % 12);
      c = set_count(c, p, n);
      total += n;
    }
    const int most = trial % 11 == 0 ? int(rng() % 300) : int(rng() % 64);
    const PieceCounts capped = cap_counts(c, most);
    for (Piece p : kAllPieces) {
      ASSERT_EQ(count_of(capped, p), std::min(count_of(c, p), most)) << c << " " << most;
    }
    ASSERT_EQ(capped >> 56, 0u);
    ASSERT_EQ(total_of(c), total) << c;
  }
  EXPECT_EQ(total_of(kAnyPieces), 7 * 255);
  EXPECT_EQ(cap_counts(kAnyPieces, 3), counts_of("TTTIIILLLJJJSSSZZZOOO"));
}

TEST(FillOracle, HandMadeAreas) {
  FillOracle oracle;
  FillOracle adjacent(FillOracle::Covers::Adjacent);
  // A 2x2 hole takes an O and nothing else.
  Field square = Field::parse("XXXX__XXXX/XXXX__XXXX");
  EXPECT_TRUE(oracle.fillable(square, 2));
  EXPECT_TRUE(oracle.fillable(square, 2, counts_of("O")));
  EXPECT_FALSE(oracle.fillable(square, 2, counts_of("TILJSZ")));
  // At least the required pieces: an I cannot be used in it, an O must.
  EXPECT_FALSE(oracle.fillable(square, 2, counts_of("OI"), counts_of("I")));
  EXPECT_TRUE(oracle.fillable(square, 2, counts_of("OI"), counts_of("O")));
  // A well one column wide and four deep takes an I.
  Field well = Field::parse("XXXXXXXXX_/XXXXXXXXX_/XXXXXXXXX_/XXXXXXXXX_");
  EXPECT_TRUE(oracle.fillable(well, 4, counts_of("I")));
  EXPECT_FALSE(oracle.fillable(well, 4, counts_of("IIT"), counts_of("T")));
  EXPECT_FALSE(oracle.fillable(well, 4, counts_of("TLJSZO")));
  // Four cells that no tetromino covers, even skipping rows.
  Field scattered = Field::parse("_X_XXXXXXX/X_X_XXXXXX");
  EXPECT_FALSE(oracle.fillable(scattered, 2));
  // Not a multiple of four.
  EXPECT_FALSE(oracle.fillable(Field::parse("XXXXXXX___"), 1));
  // Only with a row skipped: the middle row is full (it clears first), then an L lands with
  // its foot below it: (0,0) and (0..2,2).
  Field skip = Field::parse("___XXXXXXX/XXXXXXXXXX/_XXXXXXXXX");
  EXPECT_TRUE(oracle.fillable(skip, 3, counts_of("L")));
  EXPECT_FALSE(oracle.fillable(skip, 3, counts_of("J")));
  EXPECT_FALSE(adjacent.fillable(skip, 3, counts_of("L")));
  EXPECT_TRUE(adjacent.fillable(square, 2, counts_of("O")));
  // Two O pieces, each over a row the other lies on: the first needs row 1 cleared before it,
  // which needs the second placed, which needs row 2 cleared, which needs the first. No order
  // of clears fits, so no cover counts.
  Field deadlock = Field::parse("XXXXX__XXX/__XXXXXXXX/XXXXX__XXX/__XXXXXXXX");
  EXPECT_FALSE(oracle.fillable(deadlock, 4, counts_of("OO")));
  EXPECT_FALSE(oracle.fillable(deadlock, 4));
  // Colours: a 2x4 box has as many cells in even columns as in odd ones, and an L covers two
  // more on one side, so one L never goes with pieces that cover as many (O); two L do. On a
  // checkerboard a 4x2 box is even too, and a T covers two more of one colour: one T never
  // fits with S, Z or O there (with adjacent rows only).
  Field box = Field::parse("____XXXXXX/____XXXXXX");
  EXPECT_TRUE(oracle.fillable(box, 2, counts_of("LL")));
  EXPECT_FALSE(oracle.fillable(box, 2, counts_of("LO")));
  EXPECT_FALSE(oracle.fillable(box, 2, counts_of("LSZO"), counts_of("L")));
  Field tall = Field::parse("XX__XXXXXX/XX__XXXXXX/XX__XXXXXX/XX__XXXXXX");
  EXPECT_TRUE(adjacent.fillable(tall, 4, counts_of("LL")));
  EXPECT_FALSE(adjacent.fillable(tall, 4, counts_of("TSZO"), counts_of("T")));
  // Rows above the area do not count; an empty area is filled already.
  EXPECT_TRUE(oracle.fillable(Field::parse("X_________/XXXXXXXXXX"), 1));
  EXPECT_TRUE(oracle.fillable(Field(), 0));
  // Full columns at the sides are left out, whatever their width.
  EXPECT_TRUE(oracle.fillable(Field::parse("XXX____XXX"), 1, counts_of("I")));
  EXPECT_TRUE(oracle.fillable(Field::parse("____XXXXXX"), 1, counts_of("I")));
  EXPECT_FALSE(oracle.fillable(Field::parse("XXXXXX____"), 1, counts_of("O")));
}

// The budget counts the placements a search tries, not the shapes it looks at: with six of
// eleven pieces to place on a 4-line field, each first cell has many shapes, few of which fit
// here. The answer is a proven "no" (no cover uses J, S, Z and O; a brute-force enumeration
// agrees); it was a "maybe" while the budget counted shapes. Without the S there is a cover.
TEST(FillOracle, BudgetCountsPlacementsTried) {
  FillOracle oracle;
  Field f = Field::parse("__________/___XXXX___/___XXXXX__/___XXXXXXX");
  EXPECT_FALSE(oracle.fillable(f, 4, counts_of("TILJJSSZZOO"), counts_of("JSZO")));
  EXPECT_TRUE(oracle.fillable(f, 4, counts_of("TILJJSSZZOO"), counts_of("JZO")));
}

// Whether the area below `height` can really be cleared with at most `counts` pieces: every
// reachable placement (softdrop, SRS), lines cleared as they fill.
class PlainSearch {
 public:
  bool clears(const Field& f, int height, PieceCounts counts) {
    if (height == 0) return true;
    std::string key =
        f.to_string(height, '/') + std::to_string(height) + ":" + std::to_string(counts);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool ok = false;
    for (Piece p : kAllPieces) {
      if (ok || count_of(counts, p) == 0) continue;
      MoveList moves;
      gen_.generate(f, p, height, moves);
      for (const Placement& m : moves) {
        Field next = f;
        next.place(m);
        int h = height - next.clear_lines_below(height);
        if (clears(next, h, counts - (PieceCounts(1) << (8 * int(p))))) {
          ok = true;
          break;
        }
      }
    }
    memo_[key] = ok;
    return ok;
  }

 private:
  MoveGenerator gen_{KickTable::srs(), Drop::Softdrop};
  std::map<std::string, bool> memo_;
};

TEST(FillOracle, NeverRulesOutAFieldThatClears) {
  std::mt19937 rng(2026);
  FillOracle oracle;
  PlainSearch plain;
  int clearable = 0, pruned = 0, exact = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    int height = 1 + int(rng() % 4);
    Field f;
    int empty = 0;
    PieceCounts carved = 0;  // the pieces carved out (odd trials)
    if (trial % 2 == 0) {
      // Random cells, then some filled until the empty ones are a multiple of four (never a
      // whole row).
      for (int y = 0; y < height; ++y) {
        for (int x = 0; x < kWidth; ++x) {
          if (rng() % 100 < 72) f.set(x, y);
        }
        if (f.row(y) == kFullRow) f.set(int(rng() % kWidth), y, false);
      }
      for (int y = 0; y < height; ++y) empty += kWidth - std::popcount(unsigned(f.row(y)));
      for (int guard = 0; empty % 4 != 0 && guard < 1000; ++guard) {
        int x = int(rng() % kWidth), y = int(rng() % unsigned(height));
        if (f.filled(x, y) || std::popcount(unsigned(f.row(y))) == kWidth - 1) continue;
        f.set(x, y);
        --empty;
      }
    } else {
      // A full area with one to four tetrominoes carved out (often clearable).
      for (int y = 0; y < height; ++y) f.set_row(y, kFullRow);
      int pieces = 1 + int(rng() % 4);
      for (int guard = 0; pieces > 0 && guard < 200; ++guard) {
        Placement p{kAllPieces[rng() % kPieceCount], Rotation(rng() % 4), std::int8_t(rng() % 10),
                    std::int8_t(rng() % 4)};
        const Shape& s = shape(p.piece, p.rotation);
        bool fits = true;
        for (const Cell& c : s.cells) {
          int x = p.x + c.x, y = p.y + c.y;
          fits = fits && x >= 0 && x < kWidth && y >= 0 && y < height && f.filled(x, y);
        }
        if (!fits) continue;
        for (const Cell& c : s.cells) f.set(p.x + c.x, p.y + c.y, false);
        empty += 4;
        carved = add_piece(carved, p.piece);
        --pieces;
      }
    }
    PieceCounts counts = 0;
    for (Piece p : kAllPieces) {
      for (unsigned k = rng() % 3; k > 0; --k) counts = add_piece(counts, p);
    }
    bool any = plain.clears(f, height, kAnyPieces);
    bool some = plain.clears(f, height, counts);
    bool fill_any = oracle.fillable(f, height);
    bool fill_some = oracle.fillable(f, height, counts);
    ASSERT_TRUE(!any || fill_any) << f.to_string(height, '/');
    ASSERT_TRUE(!some || fill_some) << f.to_string(height, '/') << " counts " << counts;
    if (carved != 0 && plain.clears(f, height, carved)) {
      // Exactly the carved pieces clear it (every clear places empty / 4 of them): the oracle
      // must allow them as lower bounds too, all of them or some.
      PieceCounts some_of = 0;
      for (Piece p : kAllPieces) {
        for (int k = int(rng() % unsigned(count_of(carved, p) + 1)); k > 0; --k) {
          some_of = add_piece(some_of, p);
        }
      }
      ASSERT_TRUE(oracle.fillable(f, height, carved, carved)) << f.to_string(height, '/');
      ASSERT_TRUE(oracle.fillable(f, height, carved, some_of)) << f.to_string(height, '/');
      ASSERT_TRUE(oracle.fillable(f, height, kAnyPieces, some_of)) << f.to_string(height, '/');
      ++exact;
    }
    clearable += any;
    pruned += !fill_any;
  }
  // The check means something: both kinds of field occur.
  EXPECT_GT(clearable, 50);
  EXPECT_GT(pruned, 50);
  EXPECT_GT(exact, 50);
}

// Every cover of the empty cells below `height` by `places` (build_order.hpp's keyed places of
// that height), as lists.
void covers_of(const Field& f, int height, const std::vector<PathPiece>& places,
               std::vector<PathPiece>& stack, std::vector<std::vector<PathPiece>>& out) {
  int fx = -1, fy = -1;
  for (int x = 0; x < kWidth && fx < 0; ++x) {
    for (int y = 0; y < height && fx < 0; ++y) {
      if (!f.filled(x, y)) fx = x, fy = y;
    }
  }
  if (fx < 0) {
    out.push_back(stack);
    return;
  }
  for (const PathPiece& p : places) {
    bool fits = true, first = false;
    for (const Cell& c : p.cells()) {
      fits = fits && !f.filled(c.x, c.y);
      first = first || (c.x == fx && c.y == fy);
    }
    if (!fits || !first) continue;
    Field g = f;
    for (const Cell& c : p.cells()) g.set(c.x, c.y);
    stack.push_back(p);
    covers_of(g, height, places, stack, out);
    stack.pop_back();
  }
}

TEST(FillOracle, AnswersAsTheCoversItCounts) {
  // On small random areas (at most 12 empty cells, within the oracle's work budget): fillable
  // exactly when some cover has counts within the bounds and an order of clears (Any), or
  // has no piece skipping a row (Adjacent).
  constexpr int kTrials = 3000;
  std::mt19937 rng(35);
  FillOracle any;
  FillOracle adjacent(FillOracle::Covers::Adjacent);
  int yes_any = 0, yes_adjacent = 0, deadlocked = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    const int height = 2 + int(rng() % 4);
    const int cells = 4 * (1 + int(rng() % 3));
    Field f;
    for (int y = 0; y < height; ++y) f.set_row(y, kFullRow);
    for (int n = 0; n < cells;) {
      // Half of the areas with their holes in 6 columns, so that pieces fit (2 rows of 6 take
      // the 12 holes at most).
      int x = int(rng() % (trial % 2 == 0 ? 6u : 10u)), y = int(rng() % unsigned(height));
      if (f.filled(x, y)) {
        f.set(x, y, false);
        ++n;
      }
    }
    PieceCounts available = kAnyPieces, required = 0;
    if (trial % 3 == 0) {
      available = 0;
      for (Piece p : kAllPieces) {
        for (unsigned k = rng() % 3; k > 0; --k) available = add_piece(available, p);
      }
      for (Piece p : kAllPieces) {
        if (count_of(available, p) > 0 && rng() % 4 == 0) required = add_piece(required, p);
      }
    }
    std::vector<PathPiece> places, stack;
    for_each_keyed_place(height, [&](const PathPiece& p) { places.push_back(p); });
    std::vector<std::vector<PathPiece>> covers;
    covers_of(f, height, places, stack, covers);
    bool want_any = false, want_adjacent = false, some_cover = false;
    for (const auto& cover : covers) {
      PieceCounts c = 0;
      bool skips = false;
      for (const PathPiece& p : cover) {
        c = add_piece(c, p.piece);
        skips = skips || p.skipped != 0;
      }
      bool fits = true;
      for (Piece p : kAllPieces) {
        fits = fits && count_of(c, p) <= count_of(available, p) &&
               count_of(c, p) >= count_of(required, p);
      }
      if (!fits) continue;
      some_cover = true;
      const bool consistent = keys_consistent(cover, height);
      want_any = want_any || consistent;
      want_adjacent = want_adjacent || !skips;
    }
    ASSERT_EQ(any.fillable(f, height, available, required), want_any) << f.to_string(height, '/');
    ASSERT_EQ(adjacent.fillable(f, height, available, required), want_adjacent)
        << f.to_string(height, '/');
    yes_any += want_any;
    yes_adjacent += want_adjacent;
    deadlocked += some_cover && !want_any;
  }
  // Both answers occur, some areas need a row skipped, and some covers only deadlock.
  EXPECT_GT(yes_adjacent, 100);
  EXPECT_GT(yes_any - yes_adjacent, 20);
  EXPECT_GT(kTrials - yes_any, 100);
  EXPECT_GT(deadlocked, 0);
}

}  // namespace
}  // namespace manyworlds::tetris
