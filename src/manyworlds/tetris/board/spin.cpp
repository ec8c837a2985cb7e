#include "manyworlds/tetris/board/spin.hpp"

#include <fmt/format.h>

#include <cctype>
#include <string>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"

namespace manyworlds::tetris {

std::optional<DropType> find_drop_type(std::string_view text) {
  std::string s(trim(text));
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (s == "soft" || s == "softdrop") return DropType::Softdrop;
  if (s == "hard" || s == "harddrop") return DropType::Harddrop;
  if (s == "180" || s == "softdrop180") return DropType::Softdrop180;
  if (s == "tsoft" || s == "tsoftdrop" || s == "t-soft" || s == "t-softdrop" || s == "t_soft" ||
      s == "t_softdrop") {
    return DropType::TSoftdrop;
  }
  if (s == "tsz" || s == "tspin0") return DropType::TSpinZero;
  if (s == "tsm" || s == "tspinm") return DropType::TSpinMini;
  if (s == "tss" || s == "tspin1") return DropType::TSpinSingle;
  if (s == "tsd" || s == "tspin2") return DropType::TSpinDouble;
  if (s == "tst" || s == "tspin3") return DropType::TSpinTriple;
  return std::nullopt;
}

DropType parse_drop_type(std::string_view text, std::string_view verb, DropWords words) {
  std::optional<DropType> drop = find_drop_type(text);
  std::string lowered(trim(text));
  for (char& c : lowered) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (lowered == "softdroptonly") drop = DropType::TSoftdrop;
  if (drop && (words == DropWords::WithTSpins || !t_spin_rule(*drop))) return *drop;
  throw InputError(fmt::format("{}: drop '{}' is not one of softdrop, harddrop, 180, t-softdrop{}",
                               verb, text,
                               words == DropWords::WithTSpins ? ", tsz, tsm, tss, tsd, tst" : ""));
}

std::string_view drop_type_name(DropType drop) {
  static constexpr std::string_view kNames[] = {"softdrop",      "harddrop",    "softdrop180",
                                                "softdroptonly", "tspinzero",   "tspinmini",
                                                "tspinsingle",   "tspindouble", "tspintriple"};
  return kNames[int(drop)];
}

DropType drop_type_of(Drop drop) {
  switch (drop) {
    case Drop::Softdrop:
      return DropType::Softdrop;
    case Drop::Harddrop:
      return DropType::Harddrop;
    case Drop::Softdrop180:
      return DropType::Softdrop180;
    case Drop::TSoftdrop:
      return DropType::TSoftdrop;
  }
  return DropType::Softdrop;
}

Drop placing_drop(DropType drop) {
  switch (drop) {
    case DropType::Softdrop:
      return Drop::Softdrop;
    case DropType::Softdrop180:
      return Drop::Softdrop180;
    case DropType::TSoftdrop:
      return Drop::TSoftdrop;
    default:
      return Drop::Harddrop;
  }
}

bool uses_180(DropType drop) {
  return drop == DropType::Softdrop180;
}

std::optional<TSpinRule> t_spin_rule(DropType drop) {
  switch (drop) {
    case DropType::TSpinZero:
      return TSpinRule{0, false};
    case DropType::TSpinMini:
      return TSpinRule{1, false};
    case DropType::TSpinSingle:
      return TSpinRule{1, true};
    case DropType::TSpinDouble:
      return TSpinRule{2, true};
    case DropType::TSpinTriple:
      return TSpinRule{3, true};
    default:
      return std::nullopt;
  }
}

namespace {

bool fits(const Field& f, Rotation rotation, int x, int y) {
  return f.can_place({Piece::T, rotation, std::int8_t(x), std::int8_t(y)});
}

// A cell a T's corner test counts as blocked: a block, a wall or below the floor.
bool blocked(const Field& field, int x, int y) {
  return x < 0 || x >= kWidth || y < 0 || field.filled(x, y);
}

}  // namespace

SpinKind spin_kind(const Field& field, const Placement& t, int lines, const KickTable& kicks,
                   bool with_180, const ReachableStates& states, int height) {
  const int x = t.x, y = t.y;
  const bool sw = blocked(field, x - 1, y - 1), nw = blocked(field, x - 1, y + 1),
             se = blocked(field, x + 1, y - 1), ne = blocked(field, x + 1, y + 1);
  // sfinder's SpinCommons.canTSpin: three of the four corners blocked.
  if (sw + nw + se + ne < 3) return kNoSpin;
  bool front = false;  // both corners on the side the T points to
  switch (t.rotation) {
    case Rotation::North:
      front = nw && ne;
      break;
    case Rotation::South:
      front = sw && se;
      break;
    case Rotation::West:
      front = sw && nw;
      break;
    case Rotation::East:
      front = se && ne;
      break;
  }
  const Shape& after = shape(Piece::T, t.rotation);
  int best = -1;
  SpinKind kind = kNoSpin;
  // Clockwise (sfinder's Right), counter-clockwise (Left), 180.
  for (int d = 0; d < (with_180 ? 3 : 2); ++d) {
    Rotation from = d == 0   ? rotate_ccw(t.rotation)
                    : d == 1 ? rotate_cw(t.rotation)
                             : rotate_180(t.rotation);
    std::span<const Kick> tests = kicks.tests(Piece::T, from, t.rotation);
    const Shape& before = shape(Piece::T, from);
    for (const Kick& k : tests) {
      int bx = x - k.x, by = y - k.y;
      if (bx + before.min_x < 0 || bx + before.max_x >= kWidth || by + before.min_y < 0 ||
          by + before.max_y >= height || !fits(field, from, bx, by)) {
        continue;
      }
      // The kick the rotation from (bx, by) takes.
      int taken = -1, to_x = 0, to_y = 0;
      for (std::size_t j = 0; j < tests.size(); ++j) {
        int tx = bx + tests[j].x, ty = by + tests[j].y;
        if (tx + after.min_x < 0 || tx + after.max_x >= kWidth || ty + after.min_y < 0) continue;
        if (!fits(field, t.rotation, tx, ty)) continue;
        taken = int(j);
        to_x = tx;
        to_y = ty;
        break;
      }
      if (taken < 0 || to_x != x || to_y != y) continue;
      if (!states.contains(from, bx, by)) continue;
      bool regular = front || kicks.privileged(Piece::T, from, t.rotation, std::size_t(taken));
      // Names: from the reverse side into a vertical T, test 3 is a neo (iso with the front
      // filled), test 4 a fin.
      bool named =
          (d == 1 && t.rotation == Rotation::East) || (d == 0 && t.rotation == Rotation::West);
      int priority;
      if (regular) {
        priority = !named || taken < 3 || taken > 4 ? 5 : taken == 4 ? 4 : front ? 3 : 1;
      } else {
        priority = named && taken == 3 ? 1 : 2;
      }
      priority += lines * 10;
      if (priority > best) {
        best = priority;
        kind = regular ? kRegularSpin : kMiniSpin;
      }
    }
  }
  return kind;
}

}  // namespace manyworlds::tetris
