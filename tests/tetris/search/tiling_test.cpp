// The fill oracle (tiling.hpp): answers on hand-made areas, and soundness against a plain
// search that really places pieces (every field that can be cleared must be called fillable,
// with any pieces and with a given multiset of pieces).

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/search/tiling.hpp"

namespace manyworlds::tetris {
namespace {

PieceCounts counts_of(std::string_view letters) {
  PieceCounts c = 0;
  for (char l : letters) c = add_piece(c, *piece_from_letter(l));
  return c;
}

TEST(FillOracle, HandMadeAreas) {
  FillOracle oracle;
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
  // Rows above the area do not count; an empty area is filled already.
  EXPECT_TRUE(oracle.fillable(Field::parse("X_________/XXXXXXXXXX"), 1));
  EXPECT_TRUE(oracle.fillable(Field(), 0));
  // Full columns at the sides are left out, whatever their width.
  EXPECT_TRUE(oracle.fillable(Field::parse("XXX____XXX"), 1, counts_of("I")));
  EXPECT_TRUE(oracle.fillable(Field::parse("____XXXXXX"), 1, counts_of("I")));
  EXPECT_FALSE(oracle.fillable(Field::parse("XXXXXX____"), 1, counts_of("O")));
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

}  // namespace
}  // namespace manyworlds::tetris
