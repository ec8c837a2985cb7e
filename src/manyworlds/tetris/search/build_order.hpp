#pragma once
// Build orders of a set of pieces, the way solution-finder 1.43 searches them (knewjade/
// solution-finder @0e7c935a: common/buildup/BuildUp.java, BuildUpStream.java,
// common/comparator/OperationWithKeyComparator.java): shared by `path`, `setup`, `spin` and
// whatever else places a known set of pieces on a field one by one.
//
// A piece is given in the rows of the field as it stands before anything clears ("operation
// with key", PathPiece): its shape's rows land on increasing rows, and the rows it skips must be
// cleared before it goes in. A BUILD ORDER places every piece once: before each placement the
// full rows of the field built so far are taken out (they stay cleared: sfinder puts them back
// as full rows), the piece moves down by the cleared rows below its y, must have the rows it
// skips cleared, fit, rest on something and be reachable under the drop model with the free
// height of movegen.hpp. sfinder tries the pieces in list order, depth first (after sorting
// the list stably by y and skipped rows, which callers do: sort_for_build), so "the first
// order" is the first in that order.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <unordered_set>
#include <vector>

#include "manyworlds/core/flat_map.hpp"
#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/board/spin.hpp"

namespace manyworlds::tetris {

// The most rows a build search looks at (sfinder's path and setup stop at 10).
inline constexpr int kMaxBuildHeight = 10;

// One piece in the field as given (no rows removed): sfinder's MinoOperationWithKey.
struct PathPiece {
  Piece piece = Piece::T;
  Rotation rotation = Rotation::North;  // sfinder's representative state
  std::int8_t x = 0;
  std::int8_t y = 0;          // lowest row - shape min_y (sfinder's y); the cells are
                              // cells() (the shape's rows mapped onto `rows`)
  std::uint32_t rows = 0;     // rows of its cells (bit y)
  std::uint32_t skipped = 0;  // rows between its lowest and highest that it skips: they must be
                              // cleared before it is placed (sfinder's needDeletedKey)
  std::array<Cell, 4> cells() const;
  // Its state in the field without the rows it skips.
  Placement state() const { return {piece, rotation, x, y}; }
  friend bool operator==(const PathPiece&, const PathPiece&) = default;
};

// sfinder's representative rotation of a state (MinoShifter): I and S spawn or left, Z spawn or
// right, O spawn; T, L, J unchanged.
Rotation sfinder_rotation(Piece piece, Rotation r);

// Every keyed place of every piece in rows below `height` (at most kMaxHeight), in sfinder's
// enumeration: each piece, each representative rotation, each choice of increasing rows for
// its shape's rows, each column; f(place) for each (place.cells() gives its cells).
void for_each_keyed_place(int height, const std::function<void(const PathPiece&)>& f);

// Rows as sfinder stores them in a long (KeyOperators): row y at bit (y % 6) * 10 + y / 6.
// Used to order pieces as sfinder's comparators do.
std::uint64_t sfinder_key_long(std::uint32_t rows);

// sfinder's OperationWithKeyComparator: piece, rotation, x, y, skipped rows (as a long).
int compare_keyed(const PathPiece& a, const PathPiece& b);

// The list order sfinder searches build orders in: stably by y, then skipped rows (as a long).
bool build_list_less(const PathPiece& a, const PathPiece& b);
void sort_for_build(std::vector<PathPiece>& pieces);

// sfinder's BuildUp.checksKeyDirectly: rows clear as soon as every piece on them is placed, a
// piece can go once the rows it skips are clear; whether all pieces get placed. Rows below
// `height` only.
bool keys_consistent(std::span<const PathPiece> pieces, int height);

// A trie over sequences of one length; children by piece. Leaves carry an index.
class SequenceTrie {
 public:
  static constexpr std::int32_t kNone = -1;
  SequenceTrie() { nodes_.push_back(Node{}); }
  void add(const Sequence& s, std::uint32_t leaf);
  std::int32_t child(std::int32_t node, int piece) const {
    return nodes_[std::size_t(node)].child[std::size_t(piece)];
  }
  std::uint32_t leaf(std::int32_t node) const { return nodes_[std::size_t(node)].leaf; }

 private:
  struct Node {
    std::array<std::int32_t, kPieceCount> child{kNone, kNone, kNone, kNone, kNone, kNone, kNone};
    std::uint32_t leaf = 0;
  };
  std::vector<Node> nodes_;
};

// Reachable placements per (field, piece, free height), cached: one cache per thread. With a
// T-spin rule (sfinder's TSpinOrHarddropReachable) a T goes only where the rule allows it, its
// spin checked with `locked`; the other pieces go where `gen` (the hard drop) puts them. Fields
// of up to 12 rows.
class ReachCache {
 public:
  explicit ReachCache(const MoveGenerator& gen, std::optional<TSpinRule> t_spin = std::nullopt,
                      const MoveGenerator* locked = nullptr)
      : gen_(gen), t_spin_(t_spin), locked_(locked) {}

  // The placements of `piece` reachable on `f` with free height `appear`, resting on
  // something: a handle for contains().
  std::uint32_t moves(const Field& f, Piece piece, int appear);
  // Whether `p` (any state with its cells) is among them.
  bool contains(std::uint32_t moves, const Placement& p) const {
    int b = bit(canonical(p));
    return (pool_[moves][std::size_t(b / 64)] >> (b % 64)) & 1;
  }
  bool reachable(const Field& f, const Placement& p, int appear) {
    return contains(moves(f, p.piece, appear), p);
  }

 private:
  using Bits = std::array<std::uint64_t, 10>;
  static int bit(const Placement& p) { return (int(p.rotation) * 16 + p.y) * kWidth + p.x; }
  void t_spin_placements(const Field& f, int appear, Bits& bits) const;
  struct Key {
    std::array<std::uint64_t, 2> words{};
    std::uint8_t appear = 0;
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      return hash_mix(k.words[0] ^ hash_mix(k.words[1] + k.appear));
    }
  };
  const MoveGenerator& gen_;
  std::optional<TSpinRule> t_spin_;
  const MoveGenerator* locked_;
  FlatMap<Key, std::uint32_t, KeyHash> map_;
  std::vector<Bits> pool_;
};

// The build orders of a list of pieces on a field (rows below `height`): which can go next from
// each set already placed (bit i = pieces[i]), under one reachability model and free-height
// rule. At most 32 pieces. A graph may be reset() to another list and used again (its memos
// keep their memory).
class BuildGraph {
 public:
  enum class Height { Clear, Shape };  // free height H, or H - shape min_y (BuildUp.*ByOrder)

  // Without a cache, a piece can go wherever it rests on something (sfinder's
  // DeepdropReachable).
  explicit BuildGraph(ReachCache* cache, Height rule = Height::Clear)
      : cache_(cache), height_rule_(rule) {}
  // `pieces` must outlive the graph (or the next reset).
  BuildGraph(const Field& field, int height, const std::vector<PathPiece>& pieces,
             ReachCache* cache, Height rule = Height::Clear)
      : BuildGraph(cache, rule) {
    reset(field, height, pieces);
  }
  void reset(const Field& field, int height, const std::vector<PathPiece>& pieces);

  std::uint32_t full() const { return full_; }
  int size() const { return n_; }
  Piece piece(int i) const { return (*pieces_)[std::size_t(i)].piece; }

  // The pieces that can be placed next when `placed` are in.
  std::uint32_t next(std::uint32_t placed);

  // The first build order in list order (indices into the pieces). With a trie, only orders
  // whose piece sequence it holds count. Empty when there is none.
  std::vector<int> first_order(const SequenceTrie* trie = nullptr);
  bool buildable() { return !first_order().empty(); }

  // How many build orders there are (sfinder's BuildUpStream(...).count(); pieces of one type
  // are told apart). Saturates at 2^64 - 1.
  std::uint64_t count_orders();

  // Whether `p` rests on the floor or on a block right below one of its cells.
  static bool rests(const Field& f, const Placement& p);

 private:
  bool first(std::uint32_t placed, std::int32_t node, const SequenceTrie* trie,
             std::vector<int>& order);
  std::uint64_t count_from(std::uint32_t placed);

  struct U32Hash {
    std::size_t operator()(std::uint32_t k) const { return hash_mix(k); }
  };
  Field field_;
  int height_ = 0;
  const std::vector<PathPiece>* pieces_ = nullptr;
  ReachCache* cache_;
  Height height_rule_;
  int n_ = 0;
  std::uint32_t full_ = 0;
  std::vector<std::array<Row, kMaxBuildHeight>> rows_;
  // Memos: dense (by the placed set) for up to kDense pieces, else hashed.
  static constexpr int kDense = 14;
  bool dense() const { return n_ <= kDense; }
  std::vector<std::uint32_t> next_dense_;  // next + 1; 0 = not computed
  FlatMap<std::uint32_t, std::uint32_t, U32Hash> next_sparse_{16};
  std::vector<std::uint64_t> count_dense_;
  std::vector<char> count_known_;
  FlatMap<std::uint32_t, std::uint64_t, U32Hash> count_sparse_{16};
  std::vector<char> dead_dense_;  // first_order without a trie
  std::unordered_set<std::uint64_t> dead_;
};

// ---- Build orders on fields of up to kMaxHeight rows (spin) ------------------------------
//
// A depth-first search over the pieces in sort_for_build's order, with reachability as
// sfinder's LockedReachable decides it (knewjade/solution-finder @0e7c935a:
// core/action/reachable/LockedReachable.java, DeepdropReachable.java): the soft drop model of
// movegen.hpp with `kicks` and no 180-degree turns, searched backwards from the target, where a
// state whose y reaches the "valid height" is free, and so is one from which the piece rises
// straight out of the field.
//  - Locked{height}: valid height = height (BuildUpStream).
//  - LockedBelowShape{height}: valid height = height - the shape's min_y (BuildUp).
//  - Deep: any state that fits with its top cell below the height (DeepdropReachable).
enum class BuildReach : std::uint8_t { Locked, LockedBelowShape, Deep };

// Whether `p` lies inside the walls and above the floor on empty cells; rows at and above
// kMaxHeight count as empty (Field::can_place refuses them), as sfinder's reachability does.
bool fits_open_top(const Field& field, const Placement& p);

// sfinder's LockedReachable.checks: whether `p` (which fits `field`) is reached from a state
// whose y is at least `valid_height`, or from which the piece rises straight out of the field.
// Equivalent states of I, S, Z, O count.
bool locked_reachable(const Field& field, const Placement& p, int valid_height,
                      const KickTable& kicks = KickTable::srs());

// sfinder's RotateReachable.checks: whether the piece reaches `p` by a rotation (clockwise
// first, then counter-clockwise) whose kick lands exactly there, from a state that
// locked_reachable() reaches. No equivalent states (sfinder uses it for T only).
bool rotation_reachable(const Field& field, const Placement& p, int valid_height,
                        const KickTable& kicks = KickTable::srs());

// Whether some build order exists (BuildUp.existsValidBuildPattern with LockedBelowShape);
// false for no pieces, as in sfinder.
bool exists_build_order(const Field& field, const std::vector<PathPiece>& pieces, int height,
                        BuildReach reach = BuildReach::LockedBelowShape,
                        const KickTable& kicks = KickTable::srs());

// The first build order in sfinder's order (BuildUpStream(...).findFirst()), as indices into
// `pieces`; nullopt when there is none.
std::optional<std::vector<int>> first_build_order(const Field& field,
                                                  const std::vector<PathPiece>& pieces, int height,
                                                  BuildReach reach,
                                                  const KickTable& kicks = KickTable::srs());

// Where each piece of `order` goes when they are placed in that order on `field`: its state in
// the field as it is then (the full rows below it removed), sfinder's
// OperationTransform.parseToOperations.
std::vector<Placement> placed_states(const Field& field, std::span<const PathPiece> order);

}  // namespace manyworlds::tetris
