#include "manyworlds/tetris/search/build_order.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <numeric>
#include <tuple>
#include <utility>

namespace manyworlds::tetris {

std::array<Cell, 4> PathPiece::cells() const {
  const Shape& s = shape(piece, rotation);
  std::array<int, 4> row_of{};
  int k = 0;
  for (int yy = 0; yy < 32 && k < 4; ++yy) {
    if ((rows >> yy) & 1) row_of[std::size_t(k++)] = yy;
  }
  std::array<Cell, 4> out{};
  for (std::size_t i = 0; i < 4; ++i) {
    const Cell& c = s.cells[i];
    out[i] = {std::int8_t(x + c.x), std::int8_t(row_of[std::size_t(c.y - s.min_y)])};
  }
  return out;
}

void for_each_keyed_place(int height, const std::function<void(const PathPiece&)>& f) {
  for (Piece piece : kAllPieces) {
    for (int r = 0; r < kRotationCount; ++r) {
      if (sfinder_rotation(piece, Rotation(r)) != Rotation(r)) continue;
      const Shape& s = shape(piece, Rotation(r));
      const int k = s.max_y - s.min_y + 1;
      if (k > height) continue;
      std::vector<int> rows(static_cast<std::size_t>(k));
      std::iota(rows.begin(), rows.end(), 0);
      while (true) {
        std::uint32_t used = 0;
        for (int v : rows) used |= 1u << v;
        const std::uint32_t span = ((1u << (rows.back() + 1)) - 1) & ~((1u << rows.front()) - 1);
        for (int x = -s.min_x; x < kWidth - s.max_x; ++x) {
          f(PathPiece{piece, Rotation(r), std::int8_t(x), std::int8_t(rows.front() - s.min_y), used,
                      span & ~used});
        }
        // The next choice of rows, in lexicographic order.
        int j = k - 1;
        while (j >= 0 && rows[std::size_t(j)] == height - k + j) --j;
        if (j < 0) break;
        ++rows[std::size_t(j)];
        for (int t = j + 1; t < k; ++t) rows[std::size_t(t)] = rows[std::size_t(t) - 1] + 1;
      }
    }
  }
}

Rotation sfinder_rotation(Piece piece, Rotation r) {
  switch (piece) {
    case Piece::I:
    case Piece::S:
      return (r == Rotation::North || r == Rotation::South) ? Rotation::North : Rotation::West;
    case Piece::Z:
      return (r == Rotation::North || r == Rotation::South) ? Rotation::North : Rotation::East;
    case Piece::O:
      return Rotation::North;
    default:
      return r;
  }
}

std::uint64_t sfinder_key_long(std::uint32_t rows) {
  std::uint64_t k = 0;
  for (int y = 0; y < kMaxHeight; ++y) {
    if ((rows >> y) & 1) k |= std::uint64_t(1) << ((y % 6) * 10 + y / 6);
  }
  return k;
}

int compare_keyed(const PathPiece& a, const PathPiece& b) {
  auto tie = [](const PathPiece& p) {
    return std::tuple(int(p.piece), int(p.rotation), int(p.x), int(p.y),
                      sfinder_key_long(p.skipped));
  };
  auto ta = tie(a), tb = tie(b);
  return ta < tb ? -1 : (tb < ta ? 1 : 0);
}

bool build_list_less(const PathPiece& a, const PathPiece& b) {
  if (a.y != b.y) return a.y < b.y;
  return sfinder_key_long(a.skipped) < sfinder_key_long(b.skipped);
}

void sort_for_build(std::vector<PathPiece>& pieces) {
  std::stable_sort(pieces.begin(), pieces.end(), build_list_less);
}

bool keys_consistent(std::span<const PathPiece> pieces, int height) {
  const std::uint32_t all_rows = (1u << height) - 1;
  std::uint32_t valid = 0;
  std::vector<char> left(pieces.size(), 1);
  std::size_t remaining = pieces.size();
  while (remaining > 0) {
    std::uint32_t next_valid = all_rows;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      if (!left[i]) continue;
      const PathPiece& p = pieces[i];
      if ((valid | p.skipped) != valid) {
        next_valid &= ~p.rows;
      } else {
        left[i] = 0;
        --remaining;
      }
    }
    if (remaining > 0 && next_valid == valid) return false;
    valid = next_valid;
  }
  return true;
}

void SequenceTrie::add(const Sequence& s, std::uint32_t leaf) {
  std::int32_t n = 0;
  for (int i = 0; i < s.length; ++i) {
    int p = int(s.at(i));
    if (nodes_[std::size_t(n)].child[std::size_t(p)] == kNone) {
      nodes_[std::size_t(n)].child[std::size_t(p)] = std::int32_t(nodes_.size());
      nodes_.push_back(Node{});
    }
    n = nodes_[std::size_t(n)].child[std::size_t(p)];
  }
  nodes_[std::size_t(n)].leaf = leaf;
}

// ---- ReachCache ---------------------------------------------------------------------------

std::uint32_t ReachCache::moves(const Field& f, Piece piece, int appear) {
  Key k;
  for (int y = 0; y < 12; ++y) {
    k.words[std::size_t(y / 6)] |= std::uint64_t(f.row(y)) << (10 * (y % 6));
  }
  k.words[1] |= std::uint64_t(int(piece)) << 60;
  k.appear = std::uint8_t(appear);
  if (const std::uint32_t* found = map_.find(k)) return *found;
  Bits bits{};
  if (t_spin_ && piece == Piece::T) {
    t_spin_placements(f, appear, bits);
  } else {
    MoveList moves;
    gen_.generate(f, piece, appear, moves);
    for (const Placement& m : moves) {
      int b = bit(m);
      bits[std::size_t(b / 64)] |= std::uint64_t(1) << (b % 64);
    }
  }
  std::uint32_t index = std::uint32_t(pool_.size());
  pool_.push_back(bits);
  map_.insert(k, index);
  return index;
}

// Every T placement on `f` resting on something that the T-spin rule allows
// (TSpinOrHarddropReachable.checks for a T: the spin's rotation must start from a state the
// soft drop reaches below `appear`, found once for the field).
void ReachCache::t_spin_placements(const Field& f, int appear, Bits& bits) const {
  ReachableStates states;
  bool have_states = false;
  for (int r = 0; r < 4; ++r) {
    const Shape& s = shape(Piece::T, Rotation(r));
    for (int y = -s.min_y; y < 16 && y + s.max_y < kMaxHeight; ++y) {
      for (int x = -s.min_x; x + s.max_x < kWidth; ++x) {
        Placement t{Piece::T, Rotation(r), std::int8_t(x), std::int8_t(y)};
        if (!f.can_place(t)) continue;
        Placement down = t;
        --down.y;
        if (y + s.min_y > 0 && f.can_place(down)) continue;  // floating
        Field placed = f;
        placed.place(t);
        int lines = 0;
        for (int row = 0; row < kMaxHeight; ++row) lines += placed.row(row) == kFullRow;
        if (lines < t_spin_->lines) continue;
        if (!have_states) {
          locked_->softdrop_states(f, Piece::T, appear, states);
          have_states = true;
        }
        SpinKind spin = spin_kind(f, t, lines, locked_->kicks(),
                                  locked_->drop() == Drop::Softdrop180, states, appear);
        if (!t_spin_->allows(lines, spin)) continue;
        int b = bit(t);
        bits[std::size_t(b / 64)] |= std::uint64_t(1) << (b % 64);
      }
    }
  }
}

// ---- BuildGraph ---------------------------------------------------------------------------

void BuildGraph::reset(const Field& field, int height, const std::vector<PathPiece>& pieces) {
  field_ = Field{};
  for (int y = 0; y < height; ++y) field_.set_row(y, field.row(y));
  height_ = height;
  pieces_ = &pieces;
  n_ = int(pieces.size());
  full_ = n_ >= 32 ? ~0u : ((1u << n_) - 1);
  rows_.assign(pieces.size(), {});
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    for (const Cell& c : pieces[i].cells()) rows_[i][std::size_t(c.y)] |= Row(1u << c.x);
  }
  if (dense()) {
    next_dense_.assign(std::size_t(1) << n_, 0);
  } else {
    next_sparse_.clear();
  }
  count_dense_.clear();
  count_known_.clear();
  count_sparse_.clear();
}

std::uint32_t BuildGraph::next(std::uint32_t placed) {
  if (dense()) {
    if (std::uint32_t known = next_dense_[placed]) return known - 1;
  } else if (const std::uint32_t* known = next_sparse_.find(placed)) {
    return *known;
  }
  std::array<Row, kMaxBuildHeight> rows{};
  for (int y = 0; y < height_; ++y) rows[std::size_t(y)] = field_.row(y);
  for (int i = 0; i < n_; ++i) {
    if ((placed >> i) & 1) {
      for (int y = 0; y < height_; ++y) {
        rows[std::size_t(y)] |= rows_[std::size_t(i)][std::size_t(y)];
      }
    }
  }
  std::uint16_t cleared = 0;
  Field compressed;
  int h = 0;
  for (int y = 0; y < height_; ++y) {
    if (rows[std::size_t(y)] == kFullRow) {
      cleared |= std::uint16_t(1u << y);
    } else {
      compressed.set_row(h++, rows[std::size_t(y)]);
    }
  }
  std::uint32_t out = 0;
  // The cache's answers for this field, by piece and free height (one lookup each).
  std::array<std::uint32_t, kPieceCount * 4> looked{};
  std::array<std::int8_t, kPieceCount * 4> appear_of{};
  int looked_count = 0;
  for (int i = 0; i < n_; ++i) {
    if ((placed >> i) & 1) continue;
    const PathPiece& p = (*pieces_)[std::size_t(i)];
    if ((cleared & p.skipped) != p.skipped) continue;
    int below = std::popcount(unsigned(cleared) & ((1u << p.y) - 1));
    Placement at{p.piece, p.rotation, p.x, std::int8_t(p.y - below)};
    bool ok;
    if (cache_) {
      const Shape& s = shape(p.piece, p.rotation);
      int appear = height_rule_ == Height::Clear ? height_ : height_ - s.min_y;
      std::uint32_t moves = 0;
      bool found = false;
      for (int k = 0; k < looked_count && !found; ++k) {
        if (appear_of[std::size_t(k)] == appear &&
            looked[std::size_t(k)] >> 28 == std::uint32_t(int(p.piece))) {
          moves = looked[std::size_t(k)] & 0x0FFFFFFF;
          found = true;
        }
      }
      if (!found) {
        moves = cache_->moves(compressed, p.piece, appear);
        if (looked_count < int(looked.size()) && moves < 0x10000000) {
          looked[std::size_t(looked_count)] = (std::uint32_t(int(p.piece)) << 28) | moves;
          appear_of[std::size_t(looked_count++)] = std::int8_t(appear);
        }
      }
      ok = cache_->contains(moves, at);
    } else {
      ok = rests(compressed, at);
    }
    if (ok) out |= 1u << i;
  }
  if (dense()) {
    next_dense_[placed] = out + 1;
  } else {
    next_sparse_.insert(placed, out);
  }
  return out;
}

std::vector<int> BuildGraph::first_order(const SequenceTrie* trie) {
  std::vector<int> order;
  if (trie || !dense()) {
    dead_.clear();
  } else {
    dead_dense_.assign(std::size_t(1) << n_, 0);
  }
  if (n_ > 0 && first(0, 0, trie, order)) return order;
  return {};
}

bool BuildGraph::first(std::uint32_t placed, std::int32_t node, const SequenceTrie* trie,
                       std::vector<int>& order) {
  if (placed == full_) return true;
  const bool dense_dead = !trie && dense();
  std::uint64_t key = (std::uint64_t(std::uint32_t(node)) << 32) | placed;
  if (dense_dead ? dead_dense_[placed] != 0 : dead_.count(key) != 0) return false;
  std::uint32_t m = next(placed);
  for (int i = 0; i < n_; ++i) {
    if (!((m >> i) & 1)) continue;
    std::int32_t child = 0;
    if (trie) {
      child = trie->child(node, int((*pieces_)[std::size_t(i)].piece));
      if (child == SequenceTrie::kNone) continue;
    }
    order.push_back(i);
    if (first(placed | (1u << i), child, trie, order)) return true;
    order.pop_back();
  }
  if (dense_dead) {
    dead_dense_[placed] = 1;
  } else {
    dead_.insert(key);
  }
  return false;
}

std::uint64_t BuildGraph::count_orders() {
  if (n_ == 0) return 0;  // sfinder finds no build order of nothing
  if (dense() && count_dense_.empty()) {
    count_dense_.assign(std::size_t(1) << n_, 0);
    count_known_.assign(std::size_t(1) << n_, 0);
  }
  return count_from(0);
}

std::uint64_t BuildGraph::count_from(std::uint32_t placed) {
  if (placed == full_) return 1;
  if (dense()) {
    if (count_known_[placed]) return count_dense_[placed];
  } else if (const std::uint64_t* known = count_sparse_.find(placed)) {
    return *known;
  }
  std::uint64_t total = 0;
  std::uint32_t m = next(placed);
  for (int i = 0; i < n_; ++i) {
    if (!((m >> i) & 1)) continue;
    std::uint64_t c = count_from(placed | (1u << i));
    total = c > std::numeric_limits<std::uint64_t>::max() - total
                ? std::numeric_limits<std::uint64_t>::max()
                : total + c;
  }
  if (dense()) {
    count_dense_[placed] = total;
    count_known_[placed] = 1;
  } else {
    count_sparse_.insert(placed, total);
  }
  return total;
}

bool BuildGraph::rests(const Field& f, const Placement& p) {
  for (const Cell& c : shape(p.piece, p.rotation).cells) {
    int x = p.x + c.x, y = p.y + c.y;
    if (y == 0 || f.filled(x, y - 1)) return true;
  }
  return false;
}

// ---- Build orders on fields of up to kMaxHeight rows --------------------------------------

bool fits_open_top(const Field& field, const Placement& p) {
  const Shape& s = shape(p.piece, p.rotation);
  if (p.x + s.min_x < 0 || p.x + s.max_x >= kWidth || p.y + s.min_y < 0) return false;
  for (const Cell& c : s.cells) {
    if (field.filled(p.x + c.x, p.y + c.y)) return false;
  }
  return true;
}

namespace {

// sfinder's LockedReachable: a depth-first search backwards from the target state; a state is
// free when its y reaches the valid height or when the piece can rise straight out of the
// field from it.
class LockedSearch {
 public:
  LockedSearch(const Field& field, Piece piece, int appear, const KickTable& kicks)
      : field_(field), piece_(piece), appear_(appear), kicks_(kicks) {}

  bool from(Rotation r, int x, int y) { return check(r, x, y, From::None); }
  // RotateReachable: by a clockwise turn, else a counter-clockwise one, into (r, x, y).
  bool by_rotation(Rotation r, int x, int y) {
    return rotated_into(r, x, y, rotate_ccw(r)) || rotated_into(r, x, y, rotate_cw(r));
  }

 private:
  enum class From : std::uint8_t { None, Left, Right };

  bool visited(Rotation r, int x, int y) {
    std::uint32_t& row = visited_[std::size_t(int(r))][std::size_t(y)];
    if ((row >> (x + 2)) & 1) return true;
    row |= 1u << (x + 2);
    return false;
  }

  // Field.canReachOnHarddrop: the piece can move straight up out of the field.
  bool rises_out(Rotation r, int x, int y) const {
    for (const Cell& c : shape(piece_, r).cells) {
      for (int yy = y + c.y + 1; yy < kMaxHeight; ++yy) {
        if (field_.filled(x + c.x, yy)) return false;
      }
    }
    return true;
  }

  bool check(Rotation r, int x, int y, From from) {
    if (appear_ <= y) return true;
    if (visited(r, x, y)) return false;
    if (rises_out(r, x, y)) return true;
    if (y + 1 < appear_ && fits_open_top(field_, {piece_, r, std::int8_t(x), std::int8_t(y + 1)}) &&
        check(r, x, y + 1, From::None)) {
      return true;
    }
    if (from != From::Left &&
        fits_open_top(field_, {piece_, r, std::int8_t(x - 1), std::int8_t(y)}) &&
        check(r, x - 1, y, From::Right)) {
      return true;
    }
    if (from != From::Right &&
        fits_open_top(field_, {piece_, r, std::int8_t(x + 1), std::int8_t(y)}) &&
        check(r, x + 1, y, From::Left)) {
      return true;
    }
    return rotated_into(r, x, y, rotate_ccw(r)) || rotated_into(r, x, y, rotate_cw(r));
  }

  // The states of rotation `before` whose turn into `r` takes the kick that lands on (x, y).
  bool rotated_into(Rotation r, int x, int y, Rotation before) {
    std::span<const Kick> tests = kicks_.tests(piece_, before, r);
    for (const Kick& k : tests) {
      int fx = x - k.x, fy = y - k.y;
      if (!fits_open_top(field_, {piece_, before, std::int8_t(fx), std::int8_t(fy)})) continue;
      const Kick* taken = nullptr;
      for (const Kick& t : tests) {
        if (fits_open_top(field_, {piece_, r, std::int8_t(fx + t.x), std::int8_t(fy + t.y)})) {
          taken = &t;
          break;
        }
      }
      if (taken && *taken == k && check(before, fx, fy, From::None)) return true;
    }
    return false;
  }

  const Field& field_;
  Piece piece_;
  int appear_;
  const KickTable& kicks_;
  // Bit x + 2 of visited_[r][y]: state (r, x, y) seen; y < appear <= kMaxHeight + 2.
  std::array<std::array<std::uint32_t, kMaxHeight + 4>, 4> visited_{};
};

// The states with the same cells as `p` (I, S, Z: two each; O: four), `p` first.
std::vector<Placement> same_cells(const Placement& p) {
  std::vector<Placement> out{p};
  Placement c = canonical(p);
  for (int r = 0; r < kRotationCount; ++r) {
    if (Rotation(r) == p.rotation) continue;
    Placement at0 = canonical({p.piece, Rotation(r), 0, 0});
    if (at0.rotation != c.rotation) continue;
    out.push_back({p.piece, Rotation(r), std::int8_t(c.x - at0.x), std::int8_t(c.y - at0.y)});
  }
  return out;
}

// The field with full rows inserted at the rows of `rows` (as numbered after the insertion).
Field with_full_rows(const Field& field, std::uint32_t rows) {
  Field out;
  int from = 0;
  for (int y = 0; y < kMaxHeight; ++y) {
    out.set_row(y, (rows >> y) & 1 ? kFullRow : field.row(from++));
  }
  return out;
}

// The state of `k` once the rows of `cleared` are removed: lowered by those below it.
Placement lowered(const PathPiece& k, std::uint32_t cleared) {
  int below = std::popcount(cleared & ((1u << std::max(0, int(k.y))) - 1));
  return {k.piece, k.rotation, k.x, std::int8_t(k.y - below)};
}

bool reaches(const Field& field, const Placement& p, int height, BuildReach reach,
             const KickTable& kicks) {
  const Shape& s = shape(p.piece, p.rotation);
  switch (reach) {
    case BuildReach::Deep:
      return p.y + s.max_y < height;
    case BuildReach::Locked:
      return locked_reachable(field, p, height, kicks);
    case BuildReach::LockedBelowShape:
      return locked_reachable(field, p, height - s.min_y, kicks);
  }
  return false;
}

// The depth-first search of BuildUp / BuildUpStream: `list` holds the pieces not yet placed in
// sfinder's order; `on_order` is called with each complete order and returns whether to stop.
template <typename OnOrder>
bool search(const Field& field, std::vector<int>& list, std::vector<int>& order,
            const std::vector<PathPiece>& pieces, int height, BuildReach reach,
            const KickTable& kicks, OnOrder& on_order) {
  std::uint32_t cleared = full_rows(field);
  Field here = without_rows(field, cleared);
  for (std::size_t index = 0; index < list.size(); ++index) {
    int i = list[index];
    const PathPiece& k = pieces[std::size_t(i)];
    if ((cleared & k.skipped) != k.skipped) continue;
    Placement p = lowered(k, cleared);
    if (!fits_open_top(here, p) || !BuildGraph::rests(here, p) ||
        !reaches(here, p, height, reach, kicks)) {
      continue;
    }
    list.erase(list.begin() + long(index));
    order.push_back(i);
    bool stop;
    if (list.empty()) {
      stop = on_order(order);
    } else {
      Field next = here;
      next.place(p);
      stop = search(with_full_rows(next, cleared), list, order, pieces, height, reach, kicks,
                    on_order);
    }
    order.pop_back();
    list.insert(list.begin() + long(index), i);
    if (stop) return true;
  }
  return false;
}

// The pieces' indices in sort_for_build's order.
std::vector<int> sorted_list(const std::vector<PathPiece>& pieces) {
  std::vector<int> list(pieces.size());
  for (std::size_t i = 0; i < list.size(); ++i) list[i] = int(i);
  std::stable_sort(list.begin(), list.end(), [&](int a, int b) {
    return build_list_less(pieces[std::size_t(a)], pieces[std::size_t(b)]);
  });
  return list;
}

}  // namespace

bool locked_reachable(const Field& field, const Placement& p, int valid_height,
                      const KickTable& kicks) {
  LockedSearch search(field, p.piece, valid_height, kicks);
  for (const Placement& q : same_cells(p)) {
    if (search.from(q.rotation, q.x, q.y)) return true;
  }
  return false;
}

bool rotation_reachable(const Field& field, const Placement& p, int valid_height,
                        const KickTable& kicks) {
  LockedSearch search(field, p.piece, valid_height, kicks);
  return search.by_rotation(p.rotation, p.x, p.y);
}

bool exists_build_order(const Field& field, const std::vector<PathPiece>& pieces, int height,
                        BuildReach reach, const KickTable& kicks) {
  if (pieces.empty()) return false;  // as sfinder's search, which needs a piece to succeed
  std::vector<int> list = sorted_list(pieces);
  std::vector<int> order;
  auto stop = [](const std::vector<int>&) { return true; };
  return search(field, list, order, pieces, height, reach, kicks, stop);
}

std::optional<std::vector<int>> first_build_order(const Field& field,
                                                  const std::vector<PathPiece>& pieces, int height,
                                                  BuildReach reach, const KickTable& kicks) {
  if (pieces.empty()) return std::vector<int>{};
  std::vector<int> list = sorted_list(pieces);
  std::vector<int> order;
  std::optional<std::vector<int>> first;
  auto stop = [&](const std::vector<int>& found) {
    first = found;
    return true;
  };
  search(field, list, order, pieces, height, reach, kicks, stop);
  return first;
}

std::vector<Placement> placed_states(const Field& field, std::span<const PathPiece> order) {
  std::vector<Placement> out;
  Field f = field;
  for (const PathPiece& k : order) {
    out.push_back(lowered(k, full_rows(f)));
    for (const Cell& c : k.cells()) {
      if (c.y < kMaxHeight) f.set(c.x, c.y);
    }
  }
  return out;
}

}  // namespace manyworlds::tetris
