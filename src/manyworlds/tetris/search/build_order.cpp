#include "manyworlds/tetris/search/build_order.hpp"

#include <algorithm>
#include <bit>

namespace manyworlds::tetris {
namespace {

// Whether the shape of `p` fits: cells inside the walls and above the floor, on empty cells
// (rows at and above kMaxHeight are empty).
bool fits(const Field& field, Piece piece, Rotation rotation, int x, int y) {
  const Shape& s = shape(piece, rotation);
  if (x + s.min_x < 0 || x + s.max_x >= kWidth || y + s.min_y < 0) return false;
  for (const Cell& c : s.cells) {
    if (field.filled(x + c.x, y + c.y)) return false;
  }
  return true;
}

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
    if (y + 1 < appear_ && fits(field_, piece_, r, x, y + 1) && check(r, x, y + 1, From::None)) {
      return true;
    }
    if (from != From::Left && fits(field_, piece_, r, x - 1, y) &&
        check(r, x - 1, y, From::Right)) {
      return true;
    }
    if (from != From::Right && fits(field_, piece_, r, x + 1, y) &&
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
      if (!fits(field_, piece_, before, fx, fy)) continue;
      const Kick* taken = nullptr;
      for (const Kick& t : tests) {
        if (fits(field_, piece_, r, fx + t.x, fy + t.y)) {
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

// Field.isOnGround.
bool on_ground(const Field& field, const Placement& p) {
  const Shape& s = shape(p.piece, p.rotation);
  if (p.y + s.min_y <= 0) return true;
  for (const Cell& c : s.cells) {
    if (field.filled(p.x + c.x, p.y + c.y - 1)) return true;
  }
  return false;
}

std::uint32_t full_rows(const Field& field) {
  std::uint32_t out = 0;
  for (int y = 0; y < kMaxHeight; ++y) {
    if (field.row(y) == kFullRow) out |= 1u << y;
  }
  return out;
}

// The field without the rows of `rows` (rows above move down).
Field without_rows(const Field& field, std::uint32_t rows) {
  Field out;
  int to = 0;
  for (int y = 0; y < kMaxHeight; ++y) {
    if ((rows >> y) & 1) continue;
    out.set_row(to++, field.row(y));
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
            const std::vector<KeyedPlacement>& pieces, int height, BuildReach reach,
            const KickTable& kicks, OnOrder& on_order) {
  std::uint32_t cleared = full_rows(field);
  Field here = without_rows(field, cleared);
  for (std::size_t index = 0; index < list.size(); ++index) {
    int i = list[index];
    const KeyedPlacement& k = pieces[std::size_t(i)];
    if ((cleared & k.skipped) != k.skipped) continue;
    int below = std::popcount(cleared & ((1u << std::max(0, int(k.state.y))) - 1));
    Placement p = k.state;
    p.y = std::int8_t(p.y - below);
    if (!fits(here, p.piece, p.rotation, p.x, p.y) || !on_ground(here, p) ||
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

// The pieces in sfinder's starting order: stably by y, then by skipped rows (sfinder's key).
std::vector<int> sorted_list(const std::vector<KeyedPlacement>& pieces) {
  std::vector<int> list(pieces.size());
  for (std::size_t i = 0; i < list.size(); ++i) list[i] = int(i);
  std::stable_sort(list.begin(), list.end(), [&](int a, int b) {
    const KeyedPlacement& pa = pieces[std::size_t(a)];
    const KeyedPlacement& pb = pieces[std::size_t(b)];
    if (pa.state.y != pb.state.y) return pa.state.y < pb.state.y;
    return sfinder_row_key(pa.skipped) < sfinder_row_key(pb.skipped);
  });
  return list;
}

}  // namespace

std::array<Cell, 4> KeyedPlacement::cells() const {
  const Shape& s = shape(state.piece, state.rotation);
  // The shape's rows, lowest first, land on the rows of `rows`, lowest first.
  std::array<int, 4> real{};
  int n = 0;
  for (int y = 0; y < 32 && n < 4; ++y) {
    if ((rows >> y) & 1) real[std::size_t(n++)] = y;
  }
  std::array<Cell, 4> out{};
  for (std::size_t i = 0; i < 4; ++i) {
    const Cell& c = s.cells[i];
    out[i] = {std::int8_t(state.x + c.x), std::int8_t(real[std::size_t(c.y - s.min_y)])};
  }
  return out;
}

std::uint64_t sfinder_row_key(std::uint32_t rows) {
  std::uint64_t key = 0;
  for (int y = 0; y < kMaxHeight; ++y) {
    if ((rows >> y) & 1) key |= std::uint64_t(1) << ((y % 6) * 10 + y / 6);
  }
  return key;
}

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

bool exists_build_order(const Field& field, const std::vector<KeyedPlacement>& pieces, int height,
                        BuildReach reach, const KickTable& kicks) {
  if (pieces.empty()) return false;  // as sfinder's search, which needs a piece to succeed
  std::vector<int> list = sorted_list(pieces);
  std::vector<int> order;
  auto stop = [](const std::vector<int>&) { return true; };
  return search(field, list, order, pieces, height, reach, kicks, stop);
}

std::optional<std::vector<int>> first_build_order(const Field& field,
                                                  const std::vector<KeyedPlacement>& pieces,
                                                  int height, BuildReach reach,
                                                  const KickTable& kicks) {
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

std::vector<Placement> states_in_order(const Field& field,
                                       const std::vector<KeyedPlacement>& pieces,
                                       const std::vector<int>& order) {
  std::vector<Placement> out;
  Field f = field;
  for (int i : order) {
    std::uint32_t cleared = full_rows(f);
    const KeyedPlacement& k = pieces[std::size_t(i)];
    int below = std::popcount(cleared & ((1u << std::max(0, int(k.state.y))) - 1));
    Placement p = k.state;
    p.y = std::int8_t(p.y - below);
    out.push_back(p);
    Field here = without_rows(f, cleared);
    for (const Cell& c : shape(p.piece, p.rotation).cells) {
      if (p.x + c.x >= 0 && p.x + c.x < kWidth && p.y + c.y >= 0 && p.y + c.y < kMaxHeight) {
        here.set(p.x + c.x, p.y + c.y);
      }
    }
    f = with_full_rows(here, cleared);
  }
  return out;
}

}  // namespace manyworlds::tetris
