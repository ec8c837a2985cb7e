#include "manyworlds/tetris/search/build_order.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <numeric>
#include <tuple>

namespace manyworlds::tetris {

std::array<Cell, 4> PathPiece::cells() const {
  const Shape& s = shape(piece, rotation);
  std::array<int, 4> row_of{};
  int k = 0;
  for (int yy = 0; yy < 16 && k < 4; ++yy) {
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
        std::uint16_t used = 0;
        for (int v : rows) used |= std::uint16_t(1u << v);
        const auto span =
            std::uint16_t(((1u << (rows.back() + 1)) - 1) & ~((1u << rows.front()) - 1));
        for (int x = -s.min_x; x < kWidth - s.max_x; ++x) {
          f(PathPiece{piece, Rotation(r), std::int8_t(x), std::int8_t(rows.front() - s.min_y), used,
                      std::uint16_t(span & ~used)});
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

std::uint64_t sfinder_key_long(std::uint16_t rows) {
  std::uint64_t k = 0;
  for (int y = 0; y < 16; ++y) {
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

void sort_for_build(std::vector<PathPiece>& pieces) {
  std::stable_sort(pieces.begin(), pieces.end(), [](const PathPiece& a, const PathPiece& b) {
    if (a.y != b.y) return a.y < b.y;
    return sfinder_key_long(a.skipped) < sfinder_key_long(b.skipped);
  });
}

bool keys_consistent(std::span<const PathPiece> pieces, int height) {
  const std::uint16_t all_rows = std::uint16_t((1u << height) - 1);
  std::uint16_t valid = 0;
  std::vector<char> left(pieces.size(), 1);
  std::size_t remaining = pieces.size();
  while (remaining > 0) {
    std::uint16_t next_valid = all_rows;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      if (!left[i]) continue;
      const PathPiece& p = pieces[i];
      if ((valid | p.skipped) != valid) {
        next_valid &= std::uint16_t(~p.rows);
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

}  // namespace manyworlds::tetris
