#pragma once
// Whether the empty cells of a clear area can still be covered by tetrominoes: a necessary
// condition for a perfect clear, used to prune dead fields from the success-rate searches.
//
// A piece that lands after some rows were cleared covers, in the field's own rows, cells of
// rows that are not adjacent (the cleared rows in between are skipped). So a cover here uses
// every fixed tetromino shape (19 of them) with its k rows mapped to any k increasing rows of
// the area, and any column offset. A piece that skips row x goes in after x cleared, so x
// clears before every row the piece lies on; a cover whose pieces would make some row clear
// before itself is left out (on areas of up to 8 rows). Every perfect clear of the area is such
// a cover (each piece it places is one, and its rows clear in some order), hence "not
// fillable" proves the field is a dead end. The converse does not hold (support, reachability
// and the order of the pieces are not checked here).
//
// Cells are numbered column by column (x * height + y); the search always covers the first
// empty cell in that order, trying every placement whose own first cell it is (an exact cover
// in the manner of dancing links), memoized on (empty cells, pieces still available).

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>

#include "manyworlds/tetris/board/field.hpp"

namespace manyworlds::tetris {

// Pieces available per type: 8 bits per Piece, Piece(i) in bits 8i..8i+7.
using PieceCounts = std::uint64_t;
inline constexpr PieceCounts kAnyPieces = 0x00FF'FFFF'FFFF'FFFFull;

inline int count_of(PieceCounts c, Piece p) {
  return int((c >> (8 * int(p))) & 0xFF);
}
inline PieceCounts add_piece(PieceCounts c, Piece p) {
  return c + (PieceCounts(1) << (8 * int(p)));
}
inline PieceCounts set_count(PieceCounts c, Piece p, int n) {
  return (c & ~(PieceCounts(0xFF) << (8 * int(p)))) | (PieceCounts(n) << (8 * int(p)));
}
// The counts with each one at most `most` (counts beyond the pieces a field still needs are
// all alike).
inline PieceCounts cap_counts(PieceCounts c, int most) {
  if (most > 127) {
    for (int p = 0; p < kPieceCount; ++p) {
      c = set_count(c, Piece(p), std::min(count_of(c, Piece(p)), most));
    }
    return c;
  }
  // Bytewise, without branches: counts of 128 or more become 127 (still at least `most`),
  // then each count at least `most` becomes `most`.
  constexpr PieceCounts kOnes = 0x0001'0101'0101'0101ull, kHigh = kOnes * 0x80;
  const PieceCounts m = PieceCounts(most) * kOnes;
  c = (c & ~kHigh) | ((c & kHigh) >> 7) * 0x7F;
  const PieceCounts at_least = ((((c | kHigh) - m) & kHigh) >> 7) * 0xFF;
  return (c & ~at_least) | (m & at_least);
}
// The pieces counted, of every type.
inline int total_of(PieceCounts c) {
  c = (c & 0x00FF'00FF'00FF'00FFull) + ((c >> 8) & 0x00FF'00FF'00FF'00FFull);
  return int((c * 0x0001'0001'0001'0001ull) >> 48);
}

class FillOracle {
 public:
  // Which covers count. Any: every piece with its rows on any increasing rows (the sound test
  // above). Adjacent: only pieces whose rows are adjacent, as if no row cleared before the
  // last piece: NOT a sound test (a perfect clear that clears rows on the way may have no such
  // cover), for searches that use it to find easy successes first and prove nothing with it.
  enum class Covers { Any, Adjacent };
  explicit FillOracle(Covers covers = Covers::Any);
  ~FillOracle();
  FillOracle(const FillOracle&) = delete;
  FillOracle& operator=(const FillOracle&) = delete;

  // Whether the empty cells of rows 0..height-1 can be covered using at most `available` pieces
  // of each type, and at least `required` of each (required <= available). True when it
  // cannot decide within its work budget (the answer stays a sound "maybe"). height in
  // 0..kMaxHeight. Safe to call from several threads at once: they share the memo (about 64
  // MB at most for all area sizes together).
  bool fillable(const Field& field, int height, PieceCounts available = kAnyPieces,
                PieceCounts required = 0);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace manyworlds::tetris
