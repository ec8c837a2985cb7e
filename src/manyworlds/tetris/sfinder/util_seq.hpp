#pragma once
// solution-finder's `util seq`: expanding patterns into sequences (piece orders), optionally
// through hold, with filters. Rules from sfinder 1.43 (knewjade/solution-finder @0e7c935a:
// entry/util/seq/*, common/order/Count*OrderLookUp*, common/pattern/*, common/iterable/*;
// docs/source/contents/util/seq.rst).
//
// Each pattern (a --patterns value split at `;`, or a line of input/patterns.txt) is expanded
// on its own, in sfinder's order: elements left to right, the first varying slowest; an element
// that takes k pieces of a set lists the k-subsets of the set (in index order; when k is more
// than half the set, by the pieces left out), and each subset's orders in Johnson-Trotter order
// (adjacent swaps) from the subset's own order. Sets are in piece order T I L J S Z O (sfinder
// keeps bracket sets in a Java HashSet, whose order depends on the JVM: its output for patterns
// with brackets holds the same sequences in another order). Modes:
//  - pass: the sequences themselves.
//  - forward: every order the sequence can be played in with hold (the first piece starts in
//    the hold slot, or, with head hold off, the hold starts empty): length - 1 pieces by
//    default, or --length.
//  - backward: every sequence that can be played, with hold, in the order given: length + 1
//    pieces by default (or --length); a piece that is never played (it ends in the hold) is `*`.
//  - backward-and-pass (backward-pass): backward, then every `*` as each of the seven pieces.
// Then, in this order: the hold-count filter (`-n hold<=1`), the cut to --length pieces, the
// piece-count filters (`-n T=2`, operators = == != < <= > >=, either side), the regular
// expressions (--expression must be found in the sequence, --not-expression must not;
// ECMAScript syntax here, Java's in sfinder: the same for the piece strings players write, but
// Java-only forms such as lookbehind or possessive quantifiers are errors here), and the
// duplicates are dropped unless --distinct is no.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/core/render.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"

namespace manyworlds::tetris::sfinder {

enum class SeqMode { Pass, Forward, Backward, BackwardAndPass };
// pass, forward, backward, backward-pass, backward-and-pass (trimmed, any case).
SeqMode parse_seq_mode(std::string_view word);

enum class Compare { Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual };

// One count equation: the number of a piece (or of holds) compared with a value.
struct CountEquation {
  bool hold = false;
  Piece piece = Piece::T;
  Compare op = Compare::Equal;
  int value = 0;
  bool test(int count) const;
};
// sfinder's --num values (EquationInterpreter): each split at commas; `T=2`, `2<=hold`, ...
// Throws InputError for a missing or unknown operator or operand, a negative value, or two hold
// equations.
std::vector<CountEquation> parse_count_equations(const std::vector<std::string>& values);

struct SeqOptions {
  std::vector<std::string> patterns;  // one pattern each (sfinder's generators)
  SeqMode mode = SeqMode::Pass;
  int length = -1;  // <= 0: by mode (pass: the pattern's, forward: - 1, backward: + 1)
  bool distinct = true;
  std::string expression;      // must be found (after trimming; empty: no filter)
  std::string not_expression;  // must not be found
  std::vector<CountEquation> equations;
  bool head_hold = true;  // the first piece starts in the hold slot (-hh yes)
};

// Reads util seq's options given on the command line by their long names
// (sfinder::seq_options()); without --patterns, reads input/patterns.txt. Throws InputError.
SeqOptions read_seq_options(const OptionValues& command_line);

// An upper bound of the lines expand_sequences() prints (before filters and duplicates),
// saturating at UINT64_MAX. Throws InputError for a bad pattern.
std::uint64_t estimate_sequences(const SeqOptions& options);

// Prints (calls `emit` with) every resulting sequence, in sfinder's order. Throws InputError for
// a bad pattern or regular expression, or a forward expansion of too few pieces.
void expand_sequences(const SeqOptions& options, const std::function<void(std::string_view)>& emit);

// The sequences of one pattern in sfinder's order (the pass mode without filters).
std::vector<std::string> pattern_sequences(const Pattern& pattern);

// One sequence reachable through hold: positions[j] is the position, in the sequence given,
// of the piece at j (-1: any piece, one that ends in the hold), and the number of holds.
struct HoldOrder {
  std::vector<int> positions;
  int holds = 0;
};
// sfinder's CountForwardOrderLookUp and CountReverseOrderLookUp, one order at a time. Forward:
// the orders of `to_depth` pieces out of a sequence (of more pieces when `over`), starting with
// its first piece in the hold slot unless `empty_hold`. Backward: the sequences of
// `from_depth` pieces that play as the `to_depth` pieces 0, 1, ... (positions of the result's
// pieces in that order, -1 unknown). sfinder makes each list by doubling it per piece, a copy
// of every order so far taking the other choice; order number `index` is made here alone,
// into `out`, bit d of the index being the choice at the d-th doubling.
void forward_order(int to_depth, bool over, bool empty_hold, std::uint64_t index, HoldOrder& out);
void backward_order(int to_depth, int from_depth, bool empty_hold, std::uint64_t index,
                    HoldOrder& out);

// The size of those lists (2^depth orders) without making them: how many forward orders of
// (to_depth, over) there are and the largest position in them, how many backward orders of
// from_depth, and the positions of the first backward order.
std::uint64_t forward_order_count(int to_depth, bool over);
int forward_order_reach(int to_depth, bool over);
std::uint64_t backward_order_count(int from_depth);
std::vector<int> first_backward_positions(int to_depth, int from_depth);

// `util seq` as one call: the options read, the estimate checked (beyond kMaxSeqLinesUnforced
// lines asks for `force`), the lines expanded.
inline constexpr std::uint64_t kMaxSeqLinesUnforced = 10'000'000;
struct SeqLines {
  std::vector<std::string> lines;
};
SeqLines run_util_seq(const OptionValues& command_line, bool force);
void write_text(fmt::memory_buffer& out, const SeqLines& result);
void to_json(Json& out, const SeqLines& result);

}  // namespace manyworlds::tetris::sfinder
