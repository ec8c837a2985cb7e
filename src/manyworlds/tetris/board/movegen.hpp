#pragma once
// Reachable placements of a piece on a field, per drop model, as solution-finder defines them
// (tests/data/tetris/percent_rules.md, "Reachability"; sfinder's LockedCandidate,
// LockedReachable, HarddropCandidate, Locked180Candidate, SoftdropTOnlyCandidate).
//
// `height` is the clear height H (sfinder's appearY): a placement must lie entirely below row
// H (every cell y < H) and rest on something (the floor or a filled cell right below a cell).
//  - Harddrop: for each rotation and column, the piece starts as high as it fits below H
//    (top cell at row H - 1); if it fits there it falls straight down.
//  - Softdrop: a placement is reachable when a sequence of moves (left, right, one row down,
//    rotations with the table's kicks: the first fitting offset is the one taken) leads to it
//    from a free state. Free states: any state whose (x, y) has y >= H, and any state from
//    which the piece can rise straight up out of the field without hitting a block. A move
//    down from a state with y >= H does not count (sfinder's reverse search never climbs
//    past H - 1 except by rotation). No gravity, no move limit, no spawn position.
//  - Softdrop180: softdrop plus 180-degree rotations (the table must have them).
//  - TSoftdrop: T as softdrop, the other pieces as harddrop.
// Placements with the same cells are listed once, as canonical() states, in increasing order
// of (rotation, y, x).

#include <array>
#include <cstddef>
#include <memory>
#include <new>
#include <optional>
#include <string_view>
#include <type_traits>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"

namespace manyworlds::tetris {

enum class Drop : std::uint8_t { Softdrop, Harddrop, Softdrop180, TSoftdrop };

// The names of the models ("softdrop", "harddrop", "180", "t-softdrop"); board/spin.hpp reads
// them (parse_drop_type).
std::string_view drop_name(Drop drop);  // "softdrop", "harddrop", "180", "t-softdrop"

// A fixed-capacity list of placements (no allocation).
class MoveList {
 public:
  static constexpr std::size_t kCapacity = 4 * kWidth * (kMaxHeight + 4);
  void clear() { size_ = 0; }
  void push_back(const Placement& p) {
    ::new (static_cast<void*>(storage_ + size_++ * sizeof(Placement))) Placement(p);
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Placement& operator[](std::size_t i) const { return begin()[i]; }
  const Placement* begin() const {
    return std::launder(reinterpret_cast<const Placement*>(storage_));
  }
  const Placement* end() const { return begin() + size_; }

 private:
  // Raw storage, not an array of placements: a list is made for every expansion of a field,
  // and value-initializing its 1120 placements (4.5 KB) was 3.6 % of a prefix-engine count
  // (perf, `T,I,*p6,*p3`).
  static_assert(std::is_trivially_copyable_v<Placement> &&
                std::is_trivially_destructible_v<Placement>);
  alignas(Placement) unsigned char storage_[kCapacity * sizeof(Placement)];
  std::size_t size_ = 0;
};

// States (rotation, x, y) of one piece, as bits: which are reachable (MoveGenerator::
// softdrop_states), landed or not.
class ReachableStates {
 public:
  bool contains(Rotation r, int x, int y) const {
    return x >= 0 && x < kWidth && y >= 0 && y < kMaxHeight && (rows_[int(r)][y] >> x) & 1;
  }

 private:
  friend class MoveGenerator;
  std::array<std::array<Row, kMaxHeight>, 4> rows_{};
};

struct BoardTables;

class MoveGenerator {
 public:
  // Throws InputError when `drop` is Softdrop180 and the table has no 180-degree kicks.
  MoveGenerator(const KickTable& kicks, Drop drop);
  // The same check alone, without building the generator's tables.
  static void check(const KickTable& kicks, Drop drop);

  // Fills `out` with every distinct placement of `piece` on `field` reachable under the drop
  // model, lying entirely below row `height` (1..kMaxHeight). No allocation; safe to call from
  // several threads at once.
  void generate(const Field& field, Piece piece, int height, MoveList& out) const;

  // Every state of `piece` with y < `height` that the softdrop model reaches from a free state
  // (moves and rotations as above, 180-degree turns when the model is Softdrop180), resting on
  // something or not: sfinder's LockedReachable asked about one state, for all of them at once.
  // (x, y) is cell (0,0) of the state's shape, as in Placement.
  void softdrop_states(const Field& field, Piece piece, int height, ReachableStates& out) const;

  // Whether one placement (any of its equivalent states) is reachable; same rules.
  bool reachable(const Field& field, const Placement& p, int height) const;

  const KickTable& kicks() const { return kicks_; }
  Drop drop() const { return drop_; }

 private:
  KickTable kicks_;
  Drop drop_;
  int lowest_kick_ = 0;   // the most negative dy among the kicks in use (0 if none)
  int highest_kick_ = 0;  // the most positive dy among them (0 if none)
  std::shared_ptr<const BoardTables> boards_;  // for fields that fit a board (movegen.cpp)
};

}  // namespace manyworlds::tetris
