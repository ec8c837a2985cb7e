#pragma once
// Kick tables in solution-finder's convention and file format
// (tests/data/tetris/kicks.md; sfinder's docs/source/contents/inputs.rst).
//
// A rotation from state A to state B tries the table's offsets (dx, dy) in order (y up); the
// first offset where the piece fits wins; when none fits the rotation does not happen. The
// offsets are relative to (x, y) of the state (cell (0,0) of its shape), so the I and O tables
// include the shift of rotating about (0,0) instead of the guideline centre.
//
// File format (Java properties): one key per line `P.AB=(x,y)(x,y)...` with P in TILJSZO and
// A, B in N E S W (CW: NE ES SW WN, CCW: NW WS SE EN, 180: NS SN EW WE); `&P.AB` copies another
// key's offsets; an `@` before an offset marks sfinder's special T-spin kick (no effect on
// reachability; privileged() reports it: a T-spin ending with that kick counts as a regular
// T-spin rather than a mini, as SRS's fifth test into a vertical T does); blank lines and lines
// starting with `#` or `!` are ignored. A table has exactly the 56 keys of the 90-degree rotations,
// or those and the 28 keys of 180-degree rotations (84).

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "manyworlds/tetris/board/field.hpp"

namespace manyworlds::tetris {

struct Kick {
  std::int8_t x = 0;
  std::int8_t y = 0;
  friend bool operator==(const Kick&, const Kick&) = default;
};

inline constexpr int kMaxKicks = 16;  // offsets per key (nullpomino180 uses 12)

// The names of the built-in tables, as error messages list them.
inline constexpr std::string_view kBuiltinKickNames =
    "srs, nokicks, nullpomino180, srsplus, jstris180";

class KickTable {
 public:
  // The offsets tried when `piece` rotates from `from` to `to` (90 or 180 degrees); empty
  // for a 180-degree rotation when the table has none, and for from == to.
  std::span<const Kick> tests(Piece piece, Rotation from, Rotation to) const {
    const Entry& e = entries_[index(piece, from, to)];
    return {e.kicks.data(), e.count};
  }
  // Whether offset `test` of tests(piece, from, to) is marked `@` (sfinder's privileged
  // T-spin kick).
  bool privileged(Piece piece, Rotation from, Rotation to, std::size_t test) const {
    return (entries_[index(piece, from, to)].privileged >> test) & 1;
  }
  bool has_180() const { return has_180_; }
  const std::string& name() const { return name_; }

  static const KickTable& srs();            // sfinder's kicks/srs.properties (the default)
  static const KickTable& nokicks();        // every rotation in place only, 180 included
  static const KickTable& nullpomino180();  // srs plus NullpoMino's 180-degree kicks
  // TETR.IO's SRS+: srs for J L S T Z, TETR.IO's own I lists, its 180-degree kicks (J L S T Z
  // six tests, I two; tests/data/tetris/kicks/srsplus.properties).
  static const KickTable& srsplus();
  // srs plus Jstris's 180-degree kicks: in place, then one cell "up" in the piece's frame
  // (tests/data/tetris/kicks/jstris180.properties).
  static const KickTable& jstris180();
  // The built-in table named `name` (one of kBuiltinKickNames, exact spelling), or nullptr.
  static const KickTable* builtin(std::string_view name);

  // Parses a table in the file format above; `source` names it in errors and becomes name().
  // Throws InputError "kicks SOURCE line N: ..." naming the problem.
  static KickTable parse(std::string_view text, std::string_view source);

 private:
  struct Entry {
    std::array<Kick, kMaxKicks> kicks{};
    std::size_t count = 0;
    std::uint16_t privileged = 0;  // bit i: offset i is marked `@`
  };
  static int index(Piece p, Rotation from, Rotation to) {
    return (int(p) * 4 + int(from)) * 4 + int(to);
  }
  std::array<Entry, kPieceCount * 16> entries_{};
  bool has_180_ = false;
  std::string name_;
};

// The table for a --kicks argument: `srs` or `default`; a built-in table's name (also with a
// leading `@`); `@NAME` or a path: the file NAME (or NAME.properties). Throws InputError.
KickTable load_kicks(std::string_view spec);

}  // namespace manyworlds::tetris
