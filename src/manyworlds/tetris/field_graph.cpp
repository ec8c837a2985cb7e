#include "manyworlds/tetris/field_graph.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <optional>

namespace manyworlds::tetris {
namespace {

// A cheap measure of how awkward a field is to finish (covered empty cells weigh most, then
// bumpiness): successors are tried best first, which only changes how fast a success is found.
int awkwardness(const Field& f, int height) {
  std::array<int, kWidth> top{};
  int holes = 0;
  for (int x = 0; x < kWidth; ++x) {
    int t = 0;
    for (int y = 0; y < height; ++y) {
      if (f.filled(x, y)) t = y + 1;
    }
    for (int y = 0; y < t; ++y) holes += !f.filled(x, y);
    top[std::size_t(x)] = t;
  }
  int bumps = 0;
  for (int x = 0; x + 1 < kWidth; ++x)
    bumps += std::abs(top[std::size_t(x)] - top[std::size_t(x) + 1]);
  return holes * 8 + bumps;
}

// The piece whose shape the empty cells below `height` make (exactly 4 of them), if any.
std::optional<Piece> shape_of_empty(const Field& f, int height) {
  std::array<unsigned, kMaxHeight + 4> empty{};  // room for low + i below
  int low = -1, high = -1;
  unsigned columns = 0;
  for (int y = 0; y < height; ++y) {
    empty[std::size_t(y)] = ~unsigned(f.row(y)) & kFullRow;
    if (empty[std::size_t(y)]) {
      if (low < 0) low = y;
      high = y;
      columns |= empty[std::size_t(y)];
    }
  }
  if (low < 0 || high - low > 3) return std::nullopt;
  int x0 = std::countr_zero(columns);
  for (Piece p : kAllPieces) {
    for (int r = 0; r < kRotationCount; ++r) {
      const Shape& s = shape(p, Rotation(r));
      if (s.max_y - s.min_y != high - low) continue;
      bool same = true;
      for (int i = 0; i <= high - low && same; ++i) {
        same = (empty[std::size_t(low + i)] >> x0) == unsigned(s.rows[std::size_t(i)]);
      }
      if (same) return p;
    }
  }
  return std::nullopt;
}

}  // namespace

FieldKey key_of(const Field& f, int height) {
  FieldKey k;
  k.height = height;
  for (int y = 0; y < height; ++y) k.words[y / 6] |= std::uint64_t(f.row(y)) << (10 * (y % 6));
  return k;
}

bool splittable(const Field& f, int height) {
  unsigned walls = 0x3FE;
  for (int y = 0; y < height; ++y) {
    unsigned r = f.row(y);
    walls &= r | (r << 1);
  }
  while (walls) {
    int x = std::countr_zero(walls);
    walls &= walls - 1;
    unsigned left = (1u << x) - 1;
    int empty = 0;
    for (int y = 0; y < height; ++y) empty += std::popcount(~unsigned(f.row(y)) & left);
    if (empty % 4) return false;
  }
  return true;
}

FieldGraph::FieldGraph(const Field& field, int height, const MoveGenerator& gen,
                       FillOracle& oracle, std::size_t max_bytes)
    : gen_(gen), oracle_(oracle), max_bytes_(max_bytes), root_field_(field), root_height_(height) {
  root_ = node(field, height);
}

std::size_t FieldGraph::memory() const {
  return nodes_.size() * sizeof(Node) + chunks_.size() * kChunk * sizeof(Id) + index_.memory() +
         fill_memo_.memory();
}

void FieldGraph::reset() {
  nodes_.clear();
  chunks_.clear();
  chunk_used_ = kChunk;
  index_.clear();
  fill_memo_.clear();
  root_ = node(root_field_, root_height_);
}

FieldGraph::Id FieldGraph::node(const Field& f, int height) {
  FieldKey k = key_of(f, height);
  if (const Id* known = index_.find(k)) return *known;
  Id id = Id(nodes_.size());
  index_.insert(k, id);
  Node n;
  n.field = f;
  n.first.fill(-1);
  n.count.fill(0);
  n.height = std::int8_t(height);
  int empty = 0;
  for (int y = 0; y < height; ++y) empty += kWidth - std::popcount(unsigned(f.row(y)));
  n.need = std::int8_t(empty / 4);
  n.finishers = height == 0 ? 0 : -1;
  nodes_.push_back(n);
  return id;
}

FieldGraph::Id* FieldGraph::allocate_edges(std::size_t n, std::int32_t& first) {
  first = 0;
  if (n == 0) return nullptr;
  if (chunk_used_ + n > kChunk) {
    chunks_.push_back(std::make_unique<Id[]>(kChunk));
    chunk_used_ = 0;
  }
  first = std::int32_t((chunks_.size() - 1) * kChunk + chunk_used_);
  Id* out = chunks_.back().get() + chunk_used_;
  chunk_used_ += n;
  return out;
}

void FieldGraph::expand(Id id, Piece piece) {
  const Field f = nodes_[std::size_t(id)].field;
  const int height = nodes_[std::size_t(id)].height;
  MoveList moves;
  gen_.generate(f, piece, height, moves);
  // (score, child) pairs, distinct children only.
  std::array<std::pair<int, Id>, MoveList::kCapacity> scored;
  std::size_t n = 0;
  for (const Placement& p : moves) {
    Field next = f;
    next.place(p);
    int h = height - next.clear_lines_below(height);
    if (h > 0 && (!splittable(next, h) || !oracle_.fillable(next, h))) continue;
    Id child = node(next, h);
    bool seen = false;
    for (std::size_t i = 0; i < n && !seen; ++i) seen = scored[i].second == child;
    if (!seen) scored[n++] = {h == 0 ? -1 : awkwardness(next, h), child};
  }
  std::stable_sort(scored.begin(), scored.begin() + std::ptrdiff_t(n),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::int32_t first = 0;
  Id* out = allocate_edges(n, first);
  for (std::size_t i = 0; i < n; ++i) out[i] = scored[i].second;  // n == 0: out is null
  Node& node = nodes_[std::size_t(id)];
  node.first[std::size_t(piece)] = first;
  node.count[std::size_t(piece)] = std::uint16_t(n);
}

FieldGraph::Edges FieldGraph::successors(Id id, Piece piece) {
  if (nodes_[std::size_t(id)].first[std::size_t(piece)] < 0) expand(id, piece);
  const Node& node = nodes_[std::size_t(id)];
  std::uint16_t count = node.count[std::size_t(piece)];
  if (count == 0) return {nullptr, nullptr};
  const Id* first = edge(node.first[std::size_t(piece)]);
  return {first, first + count};
}

std::uint8_t FieldGraph::finishers(Id id) {
  Node& n = nodes_[std::size_t(id)];
  if (n.finishers >= 0) return std::uint8_t(n.finishers);
  // Only a field with exactly 4 empty cells below its height can be finished by one piece, and
  // only by the piece whose shape those cells make: generate that piece's moves alone.
  std::uint8_t mask = 0;
  if (n.need == 1) {
    std::optional<Piece> piece = shape_of_empty(n.field, n.height);
    if (piece) {
      for (Id c : successors(id, *piece)) {
        if (nodes_[std::size_t(c)].height == 0) mask = std::uint8_t(1u << int(*piece));
      }
    }
  }
  nodes_[std::size_t(id)].finishers = std::int8_t(mask);
  return mask;
}

bool FieldGraph::fillable_with(Id id, PieceCounts available) {
  FillKey key{available, id};
  if (const bool* known = fill_memo_.find(key)) return *known;
  bool ok = oracle_.fillable(nodes_[std::size_t(id)].field, nodes_[std::size_t(id)].height,
                             available);
  fill_memo_.insert(key, ok);
  return ok;
}

}  // namespace manyworlds::tetris
