#pragma once
// Setups: every way to fill chosen cells of a field with pieces, the way solution-finder 1.43's
// `setup` finds them (knewjade/solution-finder @0e7c935a: entry/setup/SetupEntryPoint.java,
// searcher/pack/task/SetupPackSearcher.java and its tasks, common/buildup/BuildUpStream.java;
// its docs, contents/setup/main.rst).
//
// The field's rows 0..H-1 (H = the max height, 1..10) hold FILL cells (every solution covers
// them), cells a piece may cover (fill, margin, free) and cells no piece may cover (BLOCKED:
// empty cells outside those colours, and the initial blocks). A piece may skip rows (its shape's
// rows land on any increasing rows; the rows it skips must be cleared first), but only rows
// that have no blocked empty cell.
//
// A SOLUTION (sfinder's "key") is a set of pieces, cells disjoint and coverable, covering every
// fill cell, such that
//  - every piece covers at least one fill cell ("the margin is only a help to fill": sfinder's
//    docs). sfinder's pack search has one exception, kept with `sfinder_quirks`: when H >= 5 its
//    last column block (columns 8-9) also takes pieces that cover no fill cell, as long as the
//    lowest of that block's pieces in sfinder's comparator order covers one (see docs/tetris.md);
//  - its pieces fit in the pieces of some sequence of the patterns (as a multiset);
//  - no two pieces wait on each other's rows (build_order.hpp, keys_consistent);
//  - it has a build order from the initial field (build_order.hpp; free height H).
// Solutions with the same cells for each piece type are one (sfinder's BlockField).
//
// SUB SOLUTIONS. In order mode, or with n_pieces, every sub solution has exactly K pieces
// (K = min(pattern length, ceil(coverable cells / 4), n_pieces)): a solution of K pieces is its
// own; one of fewer is completed by every choice of extra pieces (anywhere coverable, rows
// skipped freely) drawn from the pieces the patterns leave over, that keeps a build order, the
// first build order found being the sub solution's piece list. sfinder draws those extras once
// per piece count of its pattern stream and per combination of list positions, so a sub
// solution is listed as often as it is drawn (`copies`). In combination mode without n_pieces
// the sub solution is the solution itself. Order mode keeps a sub solution when some build
// order's piece sequence is one the patterns give (with hold, or in order without). --exclude
// then drops sub solutions whose field (after --operate) has holes. A solution is kept when one
// of its sub solutions is.
//
// Method: the solutions are found by covering the fill cells leftmost first, each time with
// every coverable piece over the first uncovered fill cell (every piece covers fill, so each
// set is made once), pruned by the patterns' piece counts and the number of pieces allowed; the
// rest runs per solution, in parallel, results gathered in solution order.

#include <cstdint>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/board/spin.hpp"
#include "manyworlds/tetris/search/build_order.hpp"

namespace manyworlds::tetris {

inline constexpr int kMaxSetupHeight = 10;

// The cells of a setup question, rows below `height`.
struct SetupField {
  int height = 0;  // H, 1..kMaxSetupHeight
  Field init;      // blocks already there (gray)
  Field fill;      // cells every solution covers
  Field free;      // cells allowed to stay holes under --exclude
  Field blocked;   // cells no piece covers: init blocks and empty cells of no chosen colour
};

enum class SetupExclude : std::uint8_t { None, Holes, StrictHoles };

// One of sfinder's --operate operations, done to a sub solution's field before --exclude tests
// it (entry/setup/operation/*).
struct FieldOperation {
  enum class Kind : std::uint8_t { Row, Clear, Block, Piece };
  Kind kind = Kind::Clear;
  int x = 0;  // Block, Piece
  int y = 0;  // Row, Block, Piece
  Piece piece = Piece::T;
  Rotation rotation = Rotation::North;
};

struct SetupOptions {
  std::vector<Pattern> patterns;
  bool combination = false;            // patterns as piece multisets (sfinder's -c yes)
  bool use_hold = true;                // order mode
  int n_pieces = 0;                    // > 0: sub solutions of that many pieces (sfinder's -np)
  DropType drop = DropType::Softdrop;  // softdrop, harddrop, softdrop180, t-softdrop
  KickTable kicks = KickTable::srs();
  SetupExclude exclude = SetupExclude::None;
  std::vector<FieldOperation> operations;
  // sfinder 1.43's two deviations from its own rules: the last column block's extra pieces
  // (above), and its piece-count subtraction that borrows across piece types when a pattern's
  // count lacks a solution's pieces, which draws extras of pieces the pattern does not have.
  bool sfinder_quirks = false;
  bool split = false;  // compute SetupSub::split (sfinder's -s yes)
  unsigned threads = 1;
  bool progress = false;
  // Refuse (InputError) more sub solutions than this, copies counted; 0: no limit.
  std::uint64_t max_sub_solutions = 0;
};

struct SetupSub {
  std::vector<PathPiece> pieces;  // sfinder's list: the solution's, or its first build order
  std::vector<int> name;          // the pieces (indices) in the order the name lists them
  std::vector<int> split;         // with SetupOptions::split: the order of the split fumen
  std::uint64_t orders = 0;       // build orders from the initial field (sfinder's count)
  std::uint64_t copies = 1;       // how many times sfinder lists it
};

struct SetupSolution {
  std::vector<PathPiece> key;  // the pieces in sfinder's pack order
  std::vector<SetupSub> subs;  // the sub solutions kept
};

struct SetupResult {
  int height = 0;
  int need = 0;               // ceil(fill cells / 4): sfinder's "Need Pieces"
  int max_pieces = 0;         // K
  bool local_search = false;  // order mode or n_pieces: sub solutions of exactly K pieces
  std::vector<SetupSolution> solutions;  // distinct BlockFields, in a fixed order
  std::uint64_t sub_solutions = 0;       // copies counted
  std::uint64_t candidates = 0;          // solutions found before the build check
};

// The pattern length K needs at least `need` pieces, H must be 1..10, there must be a fill cell:
// InputError otherwise (also for a 180 drop with kicks that have none, and order mode beyond
// 21 pieces). Cancelled on Ctrl-C.
SetupResult fill_setups(const SetupField& field, const SetupOptions& options);

// The field a sub solution is tested on: the initial blocks and the pieces (rows below H), the
// operations done, full rows cleared; and whether --exclude keeps it.
Field operated_field(const SetupField& field, const std::vector<PathPiece>& pieces,
                     const std::vector<FieldOperation>& operations);
bool exclude_keeps(const SetupField& field, const Field& operated, SetupExclude exclude);

}  // namespace manyworlds::tetris
