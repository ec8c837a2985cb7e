#pragma once
// T-spins the way solution-finder 1.43 recognises them (knewjade/solution-finder @0e7c935a:
// common/SpinChecker.java, searcher/spins/SpinCommons.java, SpinDefaultPriority), and sfinder's
// drop types (entry/DropType.java), which `path` and `cover` share: the four models of
// movegen.hpp plus the T-spin drops, where every piece but T hard drops and a T must be placed
// by a T-spin clearing at least 0 (tsz), 1 (tsm: mini too), or 1, 2, 3 (tss, tsd, tst: regular
// only) lines (core/action/reachable/TSpinOrHarddropReachable.java).

#include <cstdint>
#include <optional>
#include <string_view>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"

namespace manyworlds::tetris {

enum class DropType : std::uint8_t {
  Softdrop,
  Harddrop,
  Softdrop180,
  TSoftdrop,
  TSpinZero,
  TSpinMini,
  TSpinSingle,
  TSpinDouble,
  TSpinTriple,
};

// soft, softdrop, hard, harddrop, 180, softdrop180, tsoft, tsoftdrop, t-soft, t-softdrop,
// t_soft, t_softdrop, tsz, tspin0, tsm, tspinm, tss, tspin1, tsd, tspin2, tst, tspin3
// (trimmed, any case; sfinder's PathSettings / CoverSettings.setDropType); nullopt else.
std::optional<DropType> find_drop_type(std::string_view text);
// Which drop words a verb takes: the four models that place pieces (percent, setup, ren, moves),
// or the T-spin drops too (path, cover).
enum class DropWords : std::uint8_t { Placing, WithTSpins };
// The one parser of drop words: find_drop_type's words and "softdroptonly" (the name sfinder
// prints for t-softdrop), limited to `words`. Throws InputError for others, its message
// starting with `verb`.
DropType parse_drop_type(std::string_view text, std::string_view verb,
                         DropWords words = DropWords::WithTSpins);
// sfinder's report name (DropType in lower case): "softdrop", "softdroptonly", "tspinzero"...
std::string_view drop_type_name(DropType drop);
// The drop type of one of movegen.hpp's models.
DropType drop_type_of(Drop drop);
// The model of movegen.hpp that places the pieces: the hard drop for the T-spin drops.
Drop placing_drop(DropType drop);
// Whether 180-degree turns are allowed (the soft drop model sfinder's LockedReachable uses
// for -l, the T-spin checks and the CSV's build orders).
bool uses_180(DropType drop);

enum SpinKind : std::uint8_t { kNoSpin = 0, kMiniSpin = 1, kRegularSpin = 2 };

// A T-spin drop's rule: a T placement is allowed when it clears at least `lines` rows and is a
// T-spin (a regular one when `regular_only`).
struct TSpinRule {
  int lines = 0;
  bool regular_only = false;
  bool allows(int cleared, SpinKind spin) const {
    return cleared >= lines && spin != kNoSpin && (!regular_only || spin == kRegularSpin);
  }
};
std::optional<TSpinRule> t_spin_rule(DropType drop);

// sfinder's SpinChecker.check: how the T at `t` (reachable or not) is a T-spin on `field` (the
// field before the T, full rows removed), clearing `lines`: three of its four corners blocked,
// and a rotation into `t` (the kick the rotation takes lands exactly there) from a state below
// `height` that the soft drop model reaches (`states`: T's states on `field`, from
// MoveGenerator::softdrop_states with the same height). Of all such rotations the one of
// highest priority decides (sfinder's SpinDefaultPriority: regular, fin, iso, mini, neo).
SpinKind spin_kind(const Field& field, const Placement& t, int lines, const KickTable& kicks,
                   bool with_180, const ReachableStates& states, int height);

}  // namespace manyworlds::tetris
