#pragma once
// Every perfect-clear solution of a field for a pattern, the way solution-finder 1.43's `path`
// finds, counts and selects them (knewjade/solution-finder @0e7c935a: entry/path/,
// searcher/pack/, common/buildup/BuildUp*.java, common/order/, entry/path/Selector.java).
//
// The clear area is rows 0 .. clear_line-1 of the field (rows above are ignored, as sfinder's
// PathSettings does); need = its empty cells / 4.
//
// A SOLUTION is a set of pieces covering every empty cell of the area exactly once, where a
// piece may skip rows: its k shape rows land on any k increasing rows, and the rows it skips
// must be cleared before it is placed (sfinder's "operation with key"). It counts when
//  - its pieces, as a multiset, fit in the pieces of some sequence of the patterns;
//  - no two pieces wait on each other's rows (the keys are consistent);
//  - some BUILD ORDER exists: the pieces placed one by one, each on the field built so far with
//    its full rows removed, resting on something and reachable under the drop model (the clear
//    height H is the free height of movegen.hpp), each after the rows it skips are cleared;
//  - some build order's piece sequence is a placement order of a pattern sequence
//    (validPieces below).
// Two solutions are the same when they have the same pieces at the same places (sfinder keys a
// piece by one representative state: I and S spawn or left, Z spawn or right, O spawn).
//
// The sequence sets sfinder keeps per solution (PathPair), with n = need, L = the patterns'
// length, pop = n + 1 with hold when L > n, else n:
//  - INPUT SEQUENCES: the patterns' sequences truncated to pop pieces, de-duplicated (the
//    "[M input sequences]" of the HTML; percent's denominators).
//  - specified (validSpecifiedPatterns): the input sequences that build the solution with hold
//    (or in order without hold); here reachability uses the free height H - min_y of the piece's
//    shape, as sfinder's BuildUp.existsValidByOrder* does. Its size is the HTML's "[n]".
//  - orders (piecesSolution): the piece sequences of every build order (free height H).
//  - pattern_sequences (piecesPattern): sfinder's hold expansion of the orders that are in
//    validPieces, kept when they are in allPieces (see PathSets); the `-k pattern` and `-k use`
//    CSVs are built from it.
//
// Orders. The UNIQUE list is in the order sfinder's pack search produces it (deterministic
// there too): the area is cut into column blocks 3 wide (clear line <= 4) or 2 wide, each piece
// belongs to the block of its leftmost cell, and solutions are sorted by their pieces block by
// block (blocks left to right, within a block by (piece, rotation, x, y, skipped rows) from the
// highest). Within a solution the pieces are listed as sfinder lists them before it searches
// build orders (blocks right to left, then stably by y and skipped rows), and the SAMPLE order
// is the first build order, in that list's order, whose piece sequence is in validPieces
// (sfinder's getSampleOperations). MINIMAL (sfinder's Selector): the solutions whose specified
// set (or pattern_sequences with specified_only = false) no other solution's strictly contains,
// one per distinct set (the first in unique order), in unique order.

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
