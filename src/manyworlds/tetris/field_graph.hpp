#pragma once
// The fields a perfect-clear search reaches from a clear area, each stored once, with their
// successors per piece generated on first use and kept: the shared state space of the
// success-rate engines (percent.hpp, prefix_count.hpp).
//
// A successor of a field for a piece is the field after one reachable placement of the piece
// (movegen.hpp, under the area's clear height) with its full rows cleared. Successors that
// cannot be emptied any more are left out: those that a wall splits into parts whose empty
// cells are not multiples of 4 (splittable()), and those whose empty cells no set of
// tetrominoes covers (the fill oracle, tiling.hpp). Each (field, piece) lists distinct fields,
// the least awkward first (covered holes, then bumpiness): only the order in which searches try
// them depends on that.
//
// Fields are identified by the rows below their clear height plus that height (FieldKey): the
// rows above it are always those that were above the clear line.

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "manyworlds/core/flat_map.hpp"
#include "manyworlds/tetris/field.hpp"
#include "manyworlds/tetris/movegen.hpp"
#include "manyworlds/tetris/tiling.hpp"

namespace manyworlds::tetris {

// The rows below the clear height, 6 rows of 10 bits per word, and the height.
struct FieldKey {
  std::array<std::uint64_t, 4> words{};
  int height = 0;
  friend bool operator==(const FieldKey&, const FieldKey&) = default;
};

FieldKey key_of(const Field& f, int height);

struct FieldKeyHash {
  std::size_t operator()(const FieldKey& k) const {
    std::uint64_t h = std::uint64_t(k.height);
    for (auto w : k.words) h = hash_mix(h ^ w);
    return h;
  }
};

// A sound test that the clear area can still be emptied: a boundary between columns that no
// piece can cross (every row has a block on one side of it) splits the area, and each part
// must have a multiple of 4 empty cells.
bool splittable(const Field& f, int height);

class FieldGraph {
 public:
  using Id = std::int32_t;

  // `oracle` may be shared with other graphs (other threads). `max_bytes` bounds the graph:
  // past it, over_budget() says so and the owner calls reset() between units of work.
  FieldGraph(const Field& field, int height, const MoveGenerator& gen, FillOracle& oracle,
             std::size_t max_bytes = std::size_t(256) << 20);

  Id root() const { return root_; }
  const Field& field(Id id) const { return nodes_[std::size_t(id)].field; }
  int height(Id id) const { return nodes_[std::size_t(id)].height; }
  bool cleared(Id id) const { return nodes_[std::size_t(id)].height == 0; }
  // Pieces still needed: the empty cells below the clear height / 4.
  int need(Id id) const { return nodes_[std::size_t(id)].need; }

  // The successors of the field for the piece, generated on first use. The pointers stay
  // valid until reset().
  struct Edges {
    const Id* first;
    const Id* last;
    const Id* begin() const { return first; }
    const Id* end() const { return last; }
    std::size_t size() const { return std::size_t(last - first); }
  };
  Edges successors(Id id, Piece piece);

  // The pieces one placement of which clears the field (empty unless one piece is missing).
  std::uint8_t finishers(Id id);

  // Whether the empty cells can be covered with at most `available` pieces of each type.
  bool fillable_with(Id id, PieceCounts available);

  std::size_t size() const { return nodes_.size(); }
  std::size_t memory() const;
  bool over_budget() const { return memory() > max_bytes_; }
  // Drops every field but the root (ids are renumbered: only the root's stays).
  void reset();

 private:
  struct Node {
    Field field;
    std::array<std::int32_t, kPieceCount> first;  // edge index, -1 until generated
    std::array<std::uint16_t, kPieceCount> count;
    std::int8_t height;
    std::int8_t need;
    std::int8_t finishers;  // -1 until known
  };
  static constexpr std::size_t kChunk = std::size_t(1) << 16;

  Id node(const Field& f, int height);
  void expand(Id id, Piece piece);
  Id* allocate_edges(std::size_t n, std::int32_t& first);
  const Id* edge(std::int32_t index) const {
    return chunks_[std::size_t(index) / kChunk].get() + std::size_t(index) % kChunk;
  }

  const MoveGenerator& gen_;
  FillOracle& oracle_;
  std::size_t max_bytes_;
  std::deque<Node> nodes_;
  std::vector<std::unique_ptr<Id[]>> chunks_;
  std::size_t chunk_used_ = kChunk;  // entries used in the last chunk
  FlatMap<FieldKey, Id, FieldKeyHash> index_;
  struct FillKey {
    PieceCounts available;
    Id id;
    friend bool operator==(const FillKey&, const FillKey&) = default;
  };
  struct FillKeyHash {
    std::size_t operator()(const FillKey& k) const {
      return hash_mix(k.available ^ hash_mix(std::uint64_t(k.id)));
    }
  };
  FlatMap<FillKey, bool, FillKeyHash> fill_memo_{1024, std::size_t(128) << 20};
  Field root_field_;
  int root_height_ = 0;
  Id root_ = 0;
};

}  // namespace manyworlds::tetris
