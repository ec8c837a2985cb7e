#pragma once
// T-spin setups the way solution-finder 1.43's `spin` finds them (knewjade/solution-finder
// @0e7c935a: searcher/spins/**, entry/spin/SpinEntryPoint.java), result for result.
//
// Given a field and a multiset of pieces (one piece list, no order, no hold), a RESULT is a set
// of placements (build_order.hpp's PathPiece: a piece may skip rows that are full in the end) with
// one T among them such that:
//  - FILL: the placements complete rows, one target row at a time, each target in
//    [fill_bottom, fill_top), lowest first; completing a target row never completes a row below
//    it that was not full before (rows above may complete too and then count as cleared);
//  - the T occupies at least `min_cleared` of the rows full in the end;
//  - SCAFFOLD: every placement rests on the floor, on the field or on other placements (as
//    sfinder's SpinCommons.existsOnGround judges it), pieces being added below those that float;
//  - WALL: three corners of the T are blocked once the rows full without it are removed, pieces
//    being added to block them;
//  - ROOF (with `roof`): the T is reached by a rotation (its last move) from a state the soft
//    drop reaches (sfinder's RotateReachable), pieces being added above it; the result is kept
//    only when every placement outside the T's cleared rows is needed for that.
// Every piece stays below the margin row (its top in the frame without its skipped rows).
// Later stages never change which rows are full.
//
// The search is sfinder's, stage by stage, in its order (the stages deduplicate what they find
// by the sets of placements found so far, so the order decides which of several equal sets is
// kept, with its pieces in which order). Where sfinder's order comes from Java hash sets of enum
// constants (the order of a piece's rotations, of the row counts a piece can put into a row),
// ours is fixed: rotations spawn, right, reverse, left; row counts ascending. The results come in
// sfinder's order (its parallel streams keep encounter order) and are the same at any thread
// count.

#include <climits>
#include <cstdint>
#include <functional>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/search/build_order.hpp"
#include "manyworlds/tetris/search/tiling.hpp"

namespace manyworlds::tetris {

struct TSpinSearchOptions {
  int fill_bottom = 0;     // lowest row that may be completed (sfinder's -fb)
  int fill_top = 4;        // rows below it may be completed (-ft, exclusive)
  int margin = 6;          // pieces stay below this row (-m); at least fill_top + 2
  int field_height = 6;    // sfinder's field height (max(margin, highest block row)): the
                           // free height of the reachability tests
  int min_cleared = 2;     // rows the T must clear (-c), 1..3
  bool roof = true;        // search roofs and keep only T-spins the T can reach (-r)
  int max_roof = INT_MAX;  // sfinder's -mr (see tspin_search.cpp for its count)
  unsigned threads = 1;
  bool progress = false;
};

struct TSpinResult {
  std::vector<PathPiece> pieces;  // in sfinder's order
  int t = 0;                      // index of the T that spins
};

// Every result, in sfinder's order (duplicates included, as sfinder lists them). `pieces`:
// the piece multiset (tiling.hpp's counts). Cancellable (core/progress.hpp).
std::vector<TSpinResult> tspin_search(const Field& field, PieceCounts pieces,
                                      const TSpinSearchOptions& options);

}  // namespace manyworlds::tetris
