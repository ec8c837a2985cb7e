#include "manyworlds/tetris/board/movegen.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <vector>

#include "manyworlds/core/error.hpp"

namespace manyworlds::tetris {
namespace {

// States are tracked row by row: for a rotation r and a y, a 10-bit mask of the x positions.
// y runs over 0..kRows-1: a placement lies below H <= 24, free states above H matter up to
// H + 20 (kick files allow offsets up to 20), and the harddrop test looks up to y = 24 + 2.
constexpr int kRows = 48;
using Masks = std::array<std::array<Row, kRows>, 4>;

inline Row shift_x(Row m, int dx) {
  return dx >= 0 ? Row((m << dx) & kFullRow) : Row(m >> -dx);
}

// The rows of the masks one generation uses. Rows [0, rows) of fits are written: those under
// `top`, the free states the flood fill starts from (flood()), and at least one from `limit`
// up, where every in-bounds position fits, so a read higher up takes row rows - 1.
// `board`: whether the softdrop model can work on whole boards (flood_board() below): the
// states it tracks (rows under `top`), every row a kick takes them to, and the rows with
// blocks or under `limit` fit in kBoardRows rows.
struct Bounds {
  int limit;
  int top;
  int rows;
  bool board;
};
constexpr int kBoardRows = 12;
Bounds bounds_for(const Field& field, int height, int lowest_kick, int highest_kick) {
  const int limit = std::min(kRows, std::max(height + 4, field.height() + 2));
  const int top = std::min(kRows, height - lowest_kick);
  return {limit, top, std::min(kRows, std::max(limit + 1, top)),
          top + highest_kick <= kBoardRows && limit <= kBoardRows};
}

// fits[r][y]: x positions where the piece in rotation r at (x, y) is inside the field and
// overlaps no block, for y < limit; from `limit` up every in-bounds position fits (the caller
// picks a limit at or above the field's height + 2, where no cell can touch a block). Only
// rows [0, rows) are written (Bounds).
void compute_fits(const Field& field, Piece piece, int limit, int rows, Masks& fits) {
  for (int r = 0; r < 4; ++r) {
    const Shape& s = shape(piece, Rotation(r));
    Row valid = Row(((1u << (kWidth - s.max_x + s.min_x)) - 1) << -s.min_x);
    for (int y = 0; y < rows; ++y) {
      if (y + s.min_y < 0) {
        fits[r][y] = 0;
        continue;
      }
      if (y >= limit) {
        fits[r][y] = valid;
        continue;
      }
      Row blocked = 0;
      for (const Cell& c : s.cells) blocked |= shift_x(field.row(y + c.y), -c.x);
      fits[r][y] = Row(valid & ~blocked);
    }
  }
}

// Adds the placements in `landed` (per rotation and y) to `out`, merging equivalent states
// and listing canonical states by (rotation, y, x).
void emit(Piece piece, const Masks& landed, int height, MoveList& out) {
  Masks merged;  // rows below `height` are read; a canonical state lies at most a row off
  for (auto& rotation : merged) std::fill_n(rotation.begin(), std::min(kRows, height + 2), Row(0));
  for (int r = 0; r < 4; ++r) {
    for (int y = 0; y < height; ++y) {
      Row m = landed[r][y];
      if (!m) continue;
      Placement probe{piece, Rotation(r), 0, std::int8_t(y)};
      Placement c = canonical(probe);
      merged[int(c.rotation)][c.y] |= shift_x(m, c.x);
    }
  }
  out.clear();
  for (int r = 0; r < 4; ++r) {
    for (int y = 0; y < height; ++y) {
      unsigned m = merged[r][y];
      while (m) {
        int x = std::countr_zero(m);
        m &= m - 1;
        out.push_back({piece, Rotation(r), std::int8_t(x), std::int8_t(y)});
      }
    }
  }
}

// sfinder's HarddropCandidate: the piece enters with its lowest cell in row H and falls; it
// stops above the first position (tested from one row lower down) where it does not fit, and
// counts when it then lies entirely below H.
// `limit`: from this row up every in-bounds position fits (compute_fits), so the fall can be
// followed from there.
void harddrop(const Masks& fits, Piece piece, int height, int limit, Masks& landed) {
  for (int r = 0; r < 4; ++r) {
    const Shape& s = shape(piece, Rotation(r));
    int start = height - s.min_y;
    Row valid = Row(((1u << (kWidth - s.max_x + s.min_x)) - 1) << -s.min_x);
    Row falling = valid;
    for (int y = std::min(start, limit) - 1; y >= -s.min_y && falling; --y) {
      Row stop = Row(falling & ~fits[r][y]);
      if (stop && y + 1 + s.max_y < height) landed[r][y + 1] |= stop;
      falling &= fits[r][y];
    }
    if (falling && -s.min_y + s.max_y < height) landed[r][-s.min_y] |= falling;
  }
}

// Every state below H reachable from a free state (the flood fill of the softdrop model), into
// `reach`. `lowest_kick`: the most negative dy of any kick; a free state higher than
// H - lowest_kick - 1 cannot rotate below H, so only the free rows under that matter.
// Rows of `reach` from `top` up are not written (nor read).
void flood(const Masks& fits, Piece piece, int height, const KickTable& kicks, bool with_180,
           const Bounds& b, Masks& reach) {
  const int top = b.top;
  const int last = b.rows - 1;  // fits rows above it equal it
  for (auto& rotation : reach) std::fill_n(rotation.begin(), top, Row(0));
  std::array<std::uint64_t, 4> pending{};
  for (int r = 0; r < 4; ++r) {
    // Free states: those the piece can rise from straight out of the field, and any state at
    // or above H.
    Row clear = fits[r][last];
    for (int y = last - 1; y >= height; --y) clear &= fits[r][y];
    for (int y = height - 1; y >= 0; --y) {
      clear &= fits[r][y];
      reach[r][y] = clear;
      if (clear) pending[r] |= std::uint64_t(1) << y;
    }
    for (int y = height; y < top; ++y) {
      reach[r][y] = fits[r][y];
      if (fits[r][y]) pending[r] |= std::uint64_t(1) << y;
    }
  }
  const int turns = with_180 ? 3 : 2;
  const std::array<int, 3> turn_by = {1, 3, 2};
  bool any = true;
  while (any) {
    any = false;
    for (int r = 0; r < 4; ++r) {
      while (pending[r]) {
        any = true;
        int y = std::countr_zero(pending[r]);
        pending[r] &= pending[r] - 1;
        Row m = reach[r][y];
        const Row f = fits[r][y];
        if (y < height) {
          // Left and right within the row.
          while (true) {
            Row grown = Row((m | ((m << 1) & kFullRow) | (m >> 1)) & f);
            if (grown == m) break;
            m = grown;
          }
          reach[r][y] = m;
          // One row down.
          if (y > 0) {
            Row fresh = Row(m & fits[r][y - 1] & ~reach[r][y - 1]);
            if (fresh) {
              reach[r][y - 1] |= fresh;
              pending[r] |= std::uint64_t(1) << (y - 1);
            }
          }
        }
        // Rotations: each source takes the first kick that fits.
        for (int t = 0; t < turns; ++t) {
          int to = (r + turn_by[t]) & 3;
          Row remaining = m;
          for (const Kick& k : kicks.tests(piece, Rotation(r), Rotation(to))) {
            if (!remaining) break;
            int ty = y + k.y;
            if (ty < 0) continue;
            Row moved = Row(shift_x(remaining, k.x) & fits[to][std::min(ty, last)]);
            if (!moved) continue;
            remaining &= Row(~shift_x(moved, -k.x));
            if (ty < height) {
              Row fresh = Row(moved & ~reach[to][ty]);
              if (fresh) {
                reach[to][ty] |= fresh;
                pending[to] |= std::uint64_t(1) << ty;
              }
            }
          }
        }
      }
    }
  }
}

// The same flood fill on whole boards: the states of one rotation with y < kBoardRows as one
// 120-bit number, bit 10 * y + x, so that a move (left, right, down, a kick) is one shift of all
// rows at once, masked to the columns it cannot have wrapped into. The rows are filled to a
// fixed point, rotation by rotation, instead of row by row from a work list: the reachable set
// is the same least fixed point (a state's kick depends only on the state and the field), and
// on a perfect-clear field (6 tracked rows) it takes a few rounds of about 40 operations each
// instead of a visit per row and rotation (bench_tetris: BM_SoftdropPerfectClear4).
__extension__ typedef unsigned __int128 Board;

constexpr Board board_rows(int from, int to) {  // rows [from, to)
  Board b = 0;
  for (int y = from; y < to; ++y) b |= Board(kFullRow) << (10 * y);
  return b;
}
// Per dx in [-kBoardRows, kBoardRows] (index dx + kBoardRows): the columns a shift by dx can
// reach without wrapping into the next or previous row; none when |dx| >= kWidth.
struct ColumnMasks {
  std::array<Board, 2 * kBoardRows + 1> keep{};
  constexpr ColumnMasks() {
    for (int dx = -kBoardRows; dx <= kBoardRows; ++dx) {
      if (dx <= -kWidth || dx >= kWidth) continue;
      Row row = dx >= 0 ? Row((kFullRow << dx) & kFullRow) : Row(kFullRow >> -dx);
      Board b = 0;
      for (int y = 0; y < kBoardRows; ++y) b |= Board(row) << (10 * y);
      keep[std::size_t(dx + kBoardRows)] = b;
    }
  }
  Board at(int dx) const {
    return dx < -kBoardRows || dx > kBoardRows ? Board(0) : keep[std::size_t(dx + kBoardRows)];
  }
};
constexpr ColumnMasks kColumns;

inline Board shift_board(Board b, int d) {
  if (d >= 128 || d <= -128) return 0;
  return d >= 0 ? b << d : b >> -d;
}

// Board row y of b.
inline Row board_row(Board b, int y) {
  return Row(b >> (10 * y)) & kFullRow;
}

// Rows [0, h) of a board, per h.
struct LowRows {
  std::array<Board, kBoardRows + 1> below{};
  constexpr LowRows() {
    for (int h = 0; h <= kBoardRows; ++h) below[std::size_t(h)] = board_rows(0, h);
  }
};
constexpr LowRows kLowRows;

}  // namespace

// What the board functions below need of the pieces and the kick table, worked out once per
// generator.
struct BoardTables {
  struct ShapeEntry {
    std::array<int, 4> cell_shifts;  // a shift bringing each cell's field bit over (x, y)
    Board in_bounds;                 // the states inside the field
    int max_y;
    int canonical_rotation;
    int canonical_shift;  // from a state to its canonical() one
  };
  struct BoardKick {
    Board keep;  // the columns the shift can reach (ColumnMasks)
    int shift;
  };
  // A turn's kicks are kicks[first, first + count): one array for all of them, as large as
  // the table needs (a fixed room of kMaxKicks per turn made the tables 59 KB, touched afresh
  // by every generator a short count makes).
  struct Turn {
    std::uint16_t first = 0;
    std::uint16_t count = 0;
  };
  std::array<std::array<ShapeEntry, 4>, kPieceCount> shapes;
  std::array<Turn, kPieceCount * 16> turns;  // (piece * 4 + from) * 4 + to
  std::vector<BoardKick> kicks;

  explicit BoardTables(const KickTable& table) {
    for (Piece piece : kAllPieces) {
      for (int r = 0; r < 4; ++r) {
        const Shape& s = shape(piece, Rotation(r));
        ShapeEntry& e = shapes[std::size_t(piece)][std::size_t(r)];
        for (std::size_t i = 0; i < 4; ++i) e.cell_shifts[i] = -(s.cells[i].x + 10 * s.cells[i].y);
        const Row valid = Row(((1u << (kWidth - s.max_x + s.min_x)) - 1) << -s.min_x);
        e.in_bounds = 0;
        for (int y = std::max(0, -s.min_y); y < kBoardRows; ++y) {
          e.in_bounds |= Board(valid) << (10 * y);
        }
        e.max_y = s.max_y;
        const Placement c = canonical({piece, Rotation(r), 0, 0});
        e.canonical_rotation = int(c.rotation);
        e.canonical_shift = c.x + 10 * c.y;
        for (int to = 0; to < 4; ++to) {
          Turn& t = turns[std::size_t((int(piece) * 4 + r) * 4 + to)];
          t.first = std::uint16_t(kicks.size());
          for (const Kick& k : table.tests(piece, Rotation(r), Rotation(to))) {
            kicks.push_back({kColumns.at(k.x), k.x + 10 * k.y});
            ++t.count;
          }
        }
      }
    }
  }
};

namespace {

// fits as boards (compute_fits()): bit (x, y) when the piece in rotation r at (x, y) is inside
// the field and overlaps no block. A shift of the field's board brings each cell of the shape
// over (x, y); only in-bounds states are kept, whose cells all lie in columns 0..9, so no
// shift wraps. The field has no block from row kBoardRows - 2 up (Bounds::board).
std::array<Board, 4> board_fits(const BoardTables& t, const Field& field, Piece piece) {
  Board blocks = 0;
  for (int y = 0; y < kBoardRows; ++y) blocks |= Board(field.row(y)) << (10 * y);
  std::array<Board, 4> fit{};
  for (std::size_t r = 0; r < 4; ++r) {
    const BoardTables::ShapeEntry& e = t.shapes[std::size_t(piece)][r];
    Board blocked = 0;
    for (int shift : e.cell_shifts) blocked |= shift_board(blocks, shift);
    fit[r] = e.in_bounds & ~blocked;
  }
  return fit;
}

// b shifted down by k rows, the rows from above all ones.
inline Board down_ones(Board b, int k) {
  return (b >> (10 * k)) | (~Board(0) << (128 - 10 * k));
}

// The free states of flood() on boards, per rotation: under H, those that can rise straight
// out (every state from them up fits; rows from kBoardRows up are all in-bounds states), and
// every state from H up to `top`. The AND of each row with all the rows above it, by doubling.
std::array<Board, 4> free_states(const std::array<Board, 4>& fit, int height, const Bounds& b) {
  const Board low = kLowRows.below[std::size_t(height)];
  const Board free_rows = kLowRows.below[std::size_t(b.top)] & ~low;
  const Board above = ~kLowRows.below[kBoardRows];
  std::array<Board, 4> at{};
  for (int r = 0; r < 4; ++r) {
    Board rise = fit[r] | above;
    rise &= down_ones(rise, 1);
    rise &= down_ones(rise, 2);
    rise &= down_ones(rise, 4);
    rise &= down_ones(rise, 8);
    at[r] = (rise & low) | (fit[r] & free_rows);
  }
  return at;
}

// The states of rotation r that rest on something (the floor, or a row lower does not fit)
// and lie below H: where a reachable state is a placement.
inline Board landing(const BoardTables& t, const std::array<Board, 4>& fit, Piece piece, int r,
                     int height) {
  const BoardTables::ShapeEntry& e = t.shapes[std::size_t(piece)][std::size_t(r)];
  if (e.max_y >= height) return 0;
  return fit[std::size_t(r)] & ~(fit[std::size_t(r)] << 10) &
         kLowRows.below[std::size_t(height - e.max_y)];
}

// flood() on boards: every state below `top` the softdrop model reaches from the free states
// `at`, per rotation.
std::array<Board, 4> flood_board(const BoardTables& t, const std::array<Board, 4>& fit, Piece piece,
                                 int height, bool with_180, std::array<Board, 4> at) {
  const Board low = kLowRows.below[std::size_t(height)];
  const Board right1 = kColumns.at(1), left1 = kColumns.at(-1);
  const int turns = with_180 ? 3 : 2;
  const std::array<int, 3> turn_by = {1, 3, 2};
  // done[r]: the states whose moves have been followed. A state's moves do not depend on what
  // else is reached, so each round follows only the states reached since the last one.
  std::array<Board, 4> done{};
  bool changed = true;
  while (changed) {
    changed = false;
    for (int r = 0; r < 4; ++r) {
      if (at[r] == done[r]) continue;
      changed = true;
      // Left, right and down from the states under H, to a fixed point.
      const Board f = fit[r] & low;
      Board m = at[r];
      while (true) {
        const Board s = m & low;
        const Board grown = m | ((((s << 1) & right1) | ((s >> 1) & left1) | (s >> 10)) & f);
        if (grown == m) break;
        m = grown;
      }
      at[r] = m;
      // Rotations: each state takes the first kick that fits.
      const Board from = m & ~done[r];
      done[r] = m;
      for (int k = 0; k < turns; ++k) {
        const int to = (r + turn_by[std::size_t(k)]) & 3;
        const BoardTables::Turn& turn = t.turns[std::size_t((int(piece) * 4 + r) * 4 + to)];
        const BoardTables::BoardKick* kicks = t.kicks.data() + turn.first;
        Board remaining = from;
        for (int i = 0; i < turn.count && remaining; ++i) {
          const BoardTables::BoardKick& kick = kicks[i];
          const Board moved = shift_board(remaining, kick.shift) & kick.keep & fit[to];
          if (!moved) continue;
          remaining &= ~shift_board(moved, -kick.shift);
          at[to] |= moved & low;
        }
      }
    }
  }
  return at;
}

// The softdrop model on boards: like softdrop() and emit(), the placements into `out`.
void softdrop_board(const BoardTables& t, const Field& field, Piece piece, int height,
                    bool with_180, const Bounds& b, MoveList& out) {
  const std::array<Board, 4> fit = board_fits(t, field, piece);
  std::array<Board, 4> at = free_states(fit, height, b);
  std::array<Board, 4> lands{};
  bool all_free = true;
  for (int r = 0; r < 4; ++r) {
    lands[std::size_t(r)] = landing(t, fit, piece, r, height);
    all_free = all_free && (lands[std::size_t(r)] & ~at[std::size_t(r)]) == 0;
  }
  // The flood only adds states: when every landing state is free already (no overhang to tuck
  // under, as on most fields near a perfect clear), it cannot add a placement.
  if (!all_free) at = flood_board(t, fit, piece, height, with_180, at);
  std::array<Board, 4> merged{};
  for (std::size_t r = 0; r < 4; ++r) {
    const Board landed = at[r] & lands[r];
    if (!landed) continue;
    const BoardTables::ShapeEntry& e = t.shapes[std::size_t(piece)][r];
    merged[std::size_t(e.canonical_rotation)] |= shift_board(landed, e.canonical_shift);
  }
  out.clear();
  for (int r = 0; r < 4; ++r) {
    // In increasing (y, x) order: the low word's bits, then the high word's.
    for (int half = 0; half < 2; ++half) {
      auto word = std::uint64_t(merged[r] >> (64 * half));
      while (word) {
        const int i = std::countr_zero(word) + 64 * half;
        word &= word - 1;
        out.push_back({piece, Rotation(r), std::int8_t(i % 10), std::int8_t(i / 10)});
      }
    }
  }
}

// The softdrop model: the reachable states that rest on something and lie below H.
void softdrop(const Masks& fits, Piece piece, int height, const KickTable& kicks, bool with_180,
              const Bounds& b, Masks& landed) {
  Masks reach;
  flood(fits, piece, height, kicks, with_180, b, reach);
  for (int r = 0; r < 4; ++r) {
    const Shape& s = shape(piece, Rotation(r));
    for (int y = 0; y + s.max_y < height; ++y) {
      Row below = y > 0 ? fits[r][y - 1] : Row(0);
      landed[r][y] = Row(landed[r][y] | (reach[r][y] & ~below));
    }
  }
}

}  // namespace

std::string_view drop_name(Drop drop) {
  switch (drop) {
    case Drop::Softdrop:
      return "softdrop";
    case Drop::Harddrop:
      return "harddrop";
    case Drop::Softdrop180:
      return "180";
    case Drop::TSoftdrop:
      return "t-softdrop";
  }
  return "softdrop";
}

void MoveGenerator::check(const KickTable& kicks, Drop drop) {
  if (drop == Drop::Softdrop180 && !kicks.has_180()) {
    throw InputError(fmt::format(
        "drop 180: kick table '{}' has no 180-degree kicks (use e.g. --kicks @nullpomino180)",
        kicks.name()));
  }
}

MoveGenerator::MoveGenerator(const KickTable& kicks, Drop drop) : kicks_(kicks), drop_(drop) {
  check(kicks, drop);
  boards_ = std::make_shared<const BoardTables>(kicks);
  for (Piece p : kAllPieces) {
    for (int a = 0; a < 4; ++a) {
      for (int b = 0; b < 4; ++b) {
        for (const Kick& k : kicks.tests(p, Rotation(a), Rotation(b))) {
          lowest_kick_ = std::min(lowest_kick_, int(k.y));
          highest_kick_ = std::max(highest_kick_, int(k.y));
        }
      }
    }
  }
}

void MoveGenerator::generate(const Field& field, Piece piece, int height, MoveList& out) const {
  if (height < 1 || height > kMaxHeight) {
    throw InputError(fmt::format("clear height {} out of range 1..{}", height, kMaxHeight));
  }
  const Bounds b = bounds_for(field, height, lowest_kick_, highest_kick_);
  bool hard = drop_ == Drop::Harddrop || (drop_ == Drop::TSoftdrop && piece != Piece::T);
  if (!hard && b.board) {
    softdrop_board(*boards_, field, piece, height, drop_ == Drop::Softdrop180, b, out);
    return;
  }
  Masks fits;
  compute_fits(field, piece, b.limit, b.rows, fits);
  Masks landed;
  for (auto& rotation : landed) std::fill_n(rotation.begin(), height, Row(0));
  if (hard) {
    harddrop(fits, piece, height, b.limit, landed);
  } else {
    softdrop(fits, piece, height, kicks_, drop_ == Drop::Softdrop180, b, landed);
  }
  emit(piece, landed, height, out);
}

void MoveGenerator::softdrop_states(const Field& field, Piece piece, int height,
                                    ReachableStates& out) const {
  if (height < 1 || height > kMaxHeight) {
    throw InputError(fmt::format("clear height {} out of range 1..{}", height, kMaxHeight));
  }
  const Bounds b = bounds_for(field, height, lowest_kick_, highest_kick_);
  if (b.board) {
    const std::array<Board, 4> fit = board_fits(*boards_, field, piece);
    const std::array<Board, 4> at = flood_board(
        *boards_, fit, piece, height, drop_ == Drop::Softdrop180, free_states(fit, height, b));
    for (int r = 0; r < 4; ++r) {
      for (int y = 0; y < kMaxHeight; ++y) out.rows_[r][y] = y < height ? board_row(at[r], y) : 0;
    }
    return;
  }
  Masks fits;
  compute_fits(field, piece, b.limit, b.rows, fits);
  Masks reach;
  flood(fits, piece, height, kicks_, drop_ == Drop::Softdrop180, b, reach);
  for (int r = 0; r < 4; ++r) {
    for (int y = 0; y < kMaxHeight; ++y) out.rows_[r][y] = y < height ? reach[r][y] : Row(0);
  }
}

bool MoveGenerator::reachable(const Field& field, const Placement& p, int height) const {
  MoveList moves;
  generate(field, p.piece, height, moves);
  Placement c = canonical(p);
  for (const Placement& m : moves) {
    if (m == c) return true;
  }
  return false;
}

}  // namespace manyworlds::tetris
