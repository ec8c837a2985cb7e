#pragma once
// "Saves": which piece a perfect clear can leave over, and how often — what the community's
// saves calculators (e.g. Marfung37/PC-Saves-Get, reading sfinder's `path -f csv -k pattern`)
// compute from the CSV's "未使用ミノ" (unused pieces) column, here from the solutions directly.
//
// With hold and a pattern longer than the pieces needed, a sequence has need + 1 pieces and a
// perfect clear places `need` of them: the one left (in the hold slot or next in the queue) is
// SAVED. For each sequence of the patterns truncated to need + 1 pieces (counted as often as the
// patterns give it, as sfinder's CSV rows are), the saveable pieces are the sequence's pieces
// minus those of each solution that sequence builds (sfinder's piecesPattern, path.hpp). A
// sequence counts for a piece when that piece is saveable; for an expression when it
// perfect-clears and the expression holds on its saveable pieces.
//
// Expression syntax (a small grammar of our own, close to PC-Saves-Get's operators):
//   expr := or ;  or := and { ('|' | "or") and } ;  and := not { ('&' | "and") not } ;
//   not  := ('!' | "not") not | atom ;
//   atom := PIECE | '[' PIECE... ']' | '*' | '(' expr ')'
// PIECE is one of T I L J S Z O: true when that piece can be saved. [TI] = T | I; '*' is true
// for every sequence that perfect-clears (some piece is left over). Words are case-insensitive,
// white space is ignored. "T|I" = T or I can be kept; "T&I" = both can (by different
// solutions); "!T" = the sequence perfect-clears but never keeps T.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/path.hpp"

namespace manyworlds::tetris {

class SavesExpr {
 public:
  // Throws InputError "saves expression 'TEXT': ... at position N".
  static SavesExpr parse(std::string_view text);
  // `saveable`: bit Piece(i) set when that piece can be saved (0: the sequence fails).
  bool holds(std::uint8_t saveable) const;
  const std::string& text() const { return text_; }

  struct Node;

 private:
  std::string text_;
  std::shared_ptr<const Node> root_;
};

struct SavesRow {
  Sequence sequence;        // need + 1 pieces
  std::uint64_t count = 0;  // how often the patterns give it
  std::uint8_t saveable = 0;
};

struct SavesResult {
  int need = 0;
  std::vector<SavesRow> rows;                       // in pattern order
  std::uint64_t total = 0;                          // rows counted with repeats
  std::uint64_t successes = 0;                      // of them, those that perfect-clear
  std::array<std::uint64_t, kPieceCount> pieces{};  // per piece: sequences that can keep it
  std::vector<std::uint64_t> expressions;           // per expression
};

// From a path result computed with PathOptions::orders and hold. Throws InputError when the
// sequences leave no piece over (no hold, or a pattern no longer than the pieces needed).
SavesResult saves(const PathResult& r, const std::vector<Pattern>& patterns,
                  const std::vector<SavesExpr>& expressions);

}  // namespace manyworlds::tetris
