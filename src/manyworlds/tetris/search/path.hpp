#pragma once
// Every perfect-clear solution of a field for a pattern, found, counted and selected as
// solution-finder 1.43's `path` does (knewjade/solution-finder @0e7c935a: entry/path/,
// searcher/pack/, common/buildup/, common/order/, entry/path/Selector.java). docs/tetris.md
// ("How path finds its solutions") states the rules: what a solution is, its sequence sets,
// and the orders of the unique and minimal lists.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/board/spin.hpp"
#include "manyworlds/tetris/search/build_order.hpp"
#include "manyworlds/tetris/search/tiling.hpp"

namespace manyworlds::tetris {

inline constexpr int kMaxPathClearLine = 10;  // sfinder's Verify.maxClearLineUnder10

// sfinder's state for a placement with the same cells: I and S spawn or left, Z spawn or right,
// O spawn (MinoShifter); T, L, J unchanged.
Placement sfinder_state(Placement p);

struct PathSolution {
  std::vector<PathPiece> pieces;         // in sfinder's list order (see above)
  std::vector<int> sample;               // indices into pieces: the sample build order
  bool skips_rows = false;               // some piece skips rows (sfinder's "line clear" column)
  std::vector<std::uint32_t> specified;  // indices into PathResult::inputs, increasing
  // Filled when PathOptions::orders is set.
  std::vector<Sequence> orders;             // piecesSolution, sorted
  std::vector<Sequence> valid_orders;       // those that are placement orders of the patterns
  std::vector<Sequence> pattern_sequences;  // piecesPattern, sorted
  std::vector<int> locked_order;  // first build order under softdrop (180 with the drop 180),
                                  // as sfinder's CSV takes it; empty if none
  // Filled when PathOptions::split is set: the order of sfinder's split fumens (the sample
  // pieces re-sorted by y and skipped rows, then the first softdrop build order, else the first
  // order where each piece merely rests on something, else the sample order).
  std::vector<int> split_order;

  // The pieces of the sample order, and their multiset.
  std::vector<Piece> sample_pieces() const;
};

// Which extra per-solution data to compute (sfinder's output modes need them).
struct PathOptions {
  int clear_line = 4;
  bool use_hold = true;
  DropType drop = DropType::Softdrop;  // T-spin drops too (spin.hpp)
  KickTable kicks = KickTable::srs();
  bool specified_only = true;  // minimal from the specified sets (sfinder's -so yes)
  bool orders = false;         // fill orders, pattern_sequences
  bool locked_orders = false;  // fill locked_order
  bool split = false;          // fill split_order
  unsigned threads = 1;
  bool progress = false;
  // Refuse (InputError) more input sequences than this; 0: no limit. The CLI lifts it with
  // --force.
  std::uint64_t max_inputs = 0;
};

struct PathResult {
  int clear_line = 0;
  int need = 0;
  int pop = 0;
  int pattern_length = 0;
  Field field;                          // rows below the clear line
  std::vector<Sequence> inputs;         // input sequences, sorted
  std::vector<PathSolution> solutions;  // unique, in sfinder's order
  std::vector<int> minimal;             // indices into solutions, in unique order
  std::uint64_t covers = 0;             // exact covers tried (all solution candidates)
};

// Solves `field` (rows below options.clear_line; colored cells are plain blocks) for the
// patterns. With `reserved` (sfinder's -r), its pieces' cells are not blocks: a solution must
// cover each with a piece of its colour. Throws InputError for a clear line outside
// 1..kMaxPathClearLine, empty cells not a multiple of 4, patterns shorter than the pieces needed.
PathResult path(const Field& field, const std::vector<Pattern>& patterns,
                const PathOptions& options,
                const std::optional<fumen::ColorField>& reserved = std::nullopt);

// The field and reserved cells of a page as sfinder's -r reads them: gray cells are blocks,
// piece-coloured cells are reserved.
struct ReservedField {
  Field field;
  fumen::ColorField reserved;  // only the piece-coloured cells
};
ReservedField split_reserved(const fumen::ColorField& page_field);

// sfinder's Selector over the solutions in `order` (indices into r.solutions): those whose set
// (specified, or pattern_sequences without specified_only) no other's strictly contains, one
// per distinct set (the first in `order`), in `order`. PathResult::minimal is this over the
// unique order; sfinder's HTML output selects over the comparator's order instead (it sorts the
// unique list in place before selecting: see path_html_order in path_files.hpp).
std::vector<int> select_minimal(const PathResult& r, const std::vector<int>& order,
                                bool specified_only);

// ---- sfinder's sequence sets --------------------------------------------------------------

// sfinder's blockCountersStream (LoadedPatternGenerator): the piece counts of the patterns'
// sequences, each distinct one with how many times sfinder's stream lists it (every pattern
// line, and for each element every combination of its pieces), in increasing order of the
// packed counts. Times saturate at 2^64 - 1.
std::vector<std::pair<PieceCounts, std::uint64_t>> pattern_piece_counts(
    const std::vector<Pattern>& patterns);

// sfinder's ValidPiecesPool.validPieces: the piece orders of `depth` pieces that the patterns
// give, sorted codes: with hold, every order hold_forward() makes of a sequence's first
// depth + 1 pieces (all of them when the patterns are that short); without, the sequences'
// first `depth` pieces.
std::vector<std::uint64_t> valid_piece_orders(const std::vector<Pattern>& patterns, int depth,
                                              bool hold);

// The hold model of sfinder's path (ValidPiecesPool, OrderLookup, ReverseOrderLookUp).
// forward(s, d): the piece orders of d pieces that s yields with a hold slot (all of s when
// |s| == d, else d of its first d+1 pieces). reverse(q, from): the sequences of `from` pieces
// (|q| or |q|+1; the piece left over may be any of the seven) that yield q.
std::vector<Sequence> hold_forward(const Sequence& s, int d);
std::vector<Sequence> hold_reverse(const Sequence& q, int from);

}  // namespace manyworlds::tetris
