#include "manyworlds/tetris/movegen.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

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
struct Bounds {
  int limit;
  int top;
  int rows;
};
Bounds bounds_for(const Field& field, int height, int lowest_kick) {
  const int limit = std::min(kRows, std::max(height + 4, field.height() + 2));
  const int top = std::min(kRows, height - lowest_kick);
  return {limit, top, std::min(kRows, std::max(limit + 1, top))};
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

Drop parse_drop(std::string_view name) {
  if (name == "softdrop" || name == "soft") return Drop::Softdrop;
  if (name == "harddrop" || name == "hard") return Drop::Harddrop;
  if (name == "180" || name == "softdrop180") return Drop::Softdrop180;
  if (name == "t-softdrop" || name == "tsoftdrop") return Drop::TSoftdrop;
  throw InputError(fmt::format(
      "drop: unknown model '{}' (expected softdrop, harddrop, 180 or t-softdrop)", name));
}

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

MoveGenerator::MoveGenerator(const KickTable& kicks, Drop drop) : kicks_(kicks), drop_(drop) {
  for (Piece p : kAllPieces) {
    for (int a = 0; a < 4; ++a) {
      for (int b = 0; b < 4; ++b) {
        for (const Kick& k : kicks.tests(p, Rotation(a), Rotation(b))) {
          lowest_kick_ = std::min(lowest_kick_, int(k.y));
        }
      }
    }
  }
  if (drop == Drop::Softdrop180 && !kicks.has_180()) {
    throw InputError(fmt::format(
        "drop 180: kick table '{}' has no 180-degree kicks (use e.g. --kicks @nullpomino180)",
        kicks.name()));
  }
}

void MoveGenerator::generate(const Field& field, Piece piece, int height, MoveList& out) const {
  if (height < 1 || height > kMaxHeight) {
    throw InputError(fmt::format("clear height {} out of range 1..{}", height, kMaxHeight));
  }
  const Bounds b = bounds_for(field, height, lowest_kick_);
  Masks fits;
  compute_fits(field, piece, b.limit, b.rows, fits);
  Masks landed;
  for (auto& rotation : landed) std::fill_n(rotation.begin(), height, Row(0));
  bool hard = drop_ == Drop::Harddrop || (drop_ == Drop::TSoftdrop && piece != Piece::T);
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
  const Bounds b = bounds_for(field, height, lowest_kick_);
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
