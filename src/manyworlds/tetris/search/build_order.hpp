#pragma once
// Build orders of a set of keyed placements, as solution-finder 1.43 searches them
// (knewjade/solution-finder @0e7c935a: common/buildup/BuildUp.java, BuildUpStream.java,
// core/action/reachable/LockedReachable.java, DeepdropReachable.java). setup, spin and ren
// share it: they decide whether a result can be built, and which order their split fumens show.
//
// A KEYED placement is a piece placed in the field as given, where it may skip rows: its shape's
// k rows land on k increasing rows, and the rows it skips (between its lowest and highest) must
// be full, hence cleared, before it is placed (sfinder's "operation with key"). Its (x, y) are
// those of the shape in the field WITHOUT the skipped rows (y = its lowest row - shape min_y).
//
// A BUILD ORDER places the pieces one at a time: before each, the full rows of the field are
// removed (the rows above move down); the piece goes at its (x, y) lowered by the removed rows
// below it, once every row it skips has been removed; it must fit, rest on something (the floor
// or a block right below a cell) and be reachable; the removed rows come back (as full rows)
// after it is placed. The pieces are first sorted (stably) by y and skipped rows, and each step
// tries the pieces left in that order, so orders come in sfinder's depth-first order.
//
// Reachability (sfinder's LockedReachable): the soft drop model of movegen.hpp with SRS kicks
// and no 180-degree turns, where a state whose y reaches the "valid height" is free.
//  - Locked{height}: valid height = height (BuildUpStream).
//  - LockedBelowShape{height}: valid height = height - the shape's min_y (BuildUp).
//  - Deep: any state that fits with its top cell below the height (DeepdropReachable).

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"

namespace manyworlds::tetris {

// A piece placed where it may skip rows (see the top).
struct KeyedPlacement {
  Placement state;           // y: in the field without the skipped rows
  std::uint32_t skipped = 0;  // rows it skips (bit y), sfinder's needDeletedKey
  std::uint32_t rows = 0;     // rows it occupies (bit y), sfinder's usingKey

  // Its cells in the field as given.
  std::array<Cell, 4> cells() const;
  friend bool operator==(const KeyedPlacement&, const KeyedPlacement&) = default;
};

enum class BuildReach : std::uint8_t { Locked, LockedBelowShape, Deep };

// sfinder's LockedReachable.checks: whether `p` (which fits `field`) is reached under the soft
// drop model with `kicks` (no 180-degree turns) from a state whose y is at least `valid_height`,
// or from which the piece rises straight out of the field. Equivalent states of I, S, Z, O count.
bool locked_reachable(const Field& field, const Placement& p, int valid_height,
                      const KickTable& kicks = KickTable::srs());

// sfinder's RotateReachable.checks: whether the piece reaches `p` by a rotation (clockwise
// first, then counter-clockwise) whose kick lands exactly there, from a state that
// locked_reachable() reaches. No equivalent states (sfinder uses it for T only).
bool rotation_reachable(const Field& field, const Placement& p, int valid_height,
                        const KickTable& kicks = KickTable::srs());

// Whether some build order exists (BuildUp.existsValidBuildPattern with LockedBelowShape);
// false for no pieces, as in sfinder.
bool exists_build_order(const Field& field, const std::vector<KeyedPlacement>& pieces, int height,
                        BuildReach reach = BuildReach::LockedBelowShape,
                        const KickTable& kicks = KickTable::srs());

// The first build order in sfinder's order (BuildUpStream(...).findFirst()), as indices into
// `pieces`; nullopt when there is none.
std::optional<std::vector<int>> first_build_order(const Field& field,
                                                  const std::vector<KeyedPlacement>& pieces,
                                                  int height, BuildReach reach,
                                                  const KickTable& kicks = KickTable::srs());

// Where each piece of `order` goes when they are placed in that order: its state in the field
// as it is then (full rows removed), sfinder's OperationTransform.parseToOperations.
std::vector<Placement> states_in_order(const Field& field,
                                       const std::vector<KeyedPlacement>& pieces,
                                       const std::vector<int>& order);

// sfinder's number for a set of rows (KeyOperators: row y is bit (y % 6) * 10 + y / 6), which
// orders the pieces of equal y in a build order search.
std::uint64_t sfinder_row_key(std::uint32_t rows);

}  // namespace manyworlds::tetris
