#pragma once
// The longest REN (combo) of a piece queue, as solution-finder 1.43's `ren` searches it
// (knewjade/solution-finder @0e7c935a: searcher/ren/RenUsingHold.java, RenNoHold.java,
// searcher/core/RenSearcherCore.java, common/comparator/RenOrderComparator.java; its docs,
// contents/ren).
//
// A chain places the queue's pieces one after another on a field of 24 rows; every piece must
// clear at least one row (full rows drop out before the next piece), and the REN count of a
// chain is its number of pieces minus one. Without hold the pieces come in queue order; with
// hold the first piece starts in the hold slot and each step places the drawn piece or the held
// one (which the drawn piece then replaces); when the queue is used up the held piece is the
// last. A chain is reported when it is maximal: it used every piece, or neither choice of the
// next step can clear a row. Chains that never cleared a row are not reported.
//
// The search goes breadth first, one piece at a time. The states of a step (field after the
// clears, held piece) are kept once each, in sfinder's order: held piece T I L J S Z O, then
// none; then the field as four 64-bit words of six rows each (bit x + 10 y, lowest rows first)
// compared as numbers, lowest word first. Of two paths to the same state the first one found
// is kept. The placements of a piece are tried in the order sfinder's Java HashSet gives them
// (java_hash_set_order() with hash (x * 24 + y) * 4 + rotation), which decides which of several
// equal paths is kept and the order of the chains; the set of states does not depend on it.
// Placements are sfinder's candidates for the drop model (movegen.hpp's models at height 24),
// each stored as sfinder's MinoShifter stores it (sfinder_state(), search/path.hpp).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"

namespace manyworlds::tetris {

// The iteration order of a Java HashSet (or HashMap) into which keys with these hash codes
// (distinct, non-negative) were inserted in this order: indices into `hashes`. Buckets in
// ascending order (hash modulo a capacity of 16, doubled each time the size passes 3/4 of it,
// and whenever a bucket reaches 9 keys below a capacity of 64), each in insertion order.
std::vector<std::size_t> java_hash_set_order(std::span<const std::uint32_t> hashes);

struct RenOptions {
  bool use_hold = true;
  Drop drop = Drop::Softdrop;
  KickTable kicks = KickTable::srs();
  unsigned threads = 1;  // the states of a step are expanded in parallel; results identical
  // Steps with fewer states run on one thread (each state takes some microseconds: a second
  // thread would start and join for little work).
  std::size_t parallel_states = 256;
  bool progress = false;  // draw progress on stderr (core/progress.hpp)
};

struct RenChain {
  // The pieces placed, in order, each where it went in the field as it was then (rows cleared
  // before it removed), as sfinder_state() stores it.
  std::vector<Placement> placements;
  Field field;                // the field after the last piece's clears
  std::optional<Piece> hold;  // the piece left in the hold slot, if any
  int ren() const { return int(placements.size()) - 1; }
};

struct RenResult {
  std::vector<RenChain> chains;  // every maximal chain, in sfinder's order
  std::uint64_t states = 0;      // states expanded, over all steps
  int max_ren() const;           // -1 when there is no chain
};

// Every maximal chain of `queue` (1 or more pieces) on `field` (its full rows are cleared
// first). Throws InputError when the drop model needs 180-degree kicks the table does not have;
// Cancelled on Ctrl-C.
RenResult search_ren(const Field& field, std::span<const Piece> queue, const RenOptions& options);

// The placements of `piece` on `field` that sfinder's candidate for `drop` lists, in its order:
// each placement once (as sfinder_state()), lying below row 24, resting on something; softdrop
// and 180: reachable by `moves`'s model; harddrop: straight down; t-softdrop: T by soft drop,
// the others by hard drop. `moves` must be a generator for the soft drop model (Softdrop, or
// Softdrop180 for `drop` 180).
std::vector<Placement> ren_placements(const MoveGenerator& moves, Drop drop, const Field& field,
                                      Piece piece);

}  // namespace manyworlds::tetris
