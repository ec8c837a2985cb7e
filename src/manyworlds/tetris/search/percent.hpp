#pragma once
// Perfect-clear success rates as solution-finder's `percent` computes them
// (tests/data/tetris/percent_rules.md), with the hold optimization of seed 002.
//
// Rules: the rows of the lowest `clear_line` rows that are already full are cleared first;
// need = empty cells of the remaining clear area / 4 (InputError unless a multiple of 4).
// Every sequence of the patterns is truncated to pop = need + 1 pieces when hold is used and
// the patterns are longer than need, else to need pieces, and the set is de-duplicated: that
// is the denominator. A sequence succeeds when its pieces (with hold: the first piece starts
// in the hold slot and each step places the drawn or the held piece) can be placed one by one,
// each reachable under the drop model and lying below the remaining clear height (full rows
// clear at once and lower it), so that the clear area ends empty.
//
// Methods:
//  - Optimized (the seed's two passes): a placement order without hold works when a search
//    along it reaches the empty field; an input order works with hold when any of its
//    placement orders (hold::placement_orders: 2^(need-1), or 2^need with a spare piece) works.
//    "Works without hold" is memoized by (field, remaining order) in a graph of fields whose
//    reachable placements are generated once per (field, piece), so shared prefixes and fields
//    seen before cost nothing. Dead ends are cut by the fill oracle (tiling.hpp): a field
//    whose empty cells no set of the pieces still to come covers is never searched from (it
//    may be in the graph, whose successors are not tested). The held piece and the next one
//    are memoized as an unordered pair (the seed's twin observation). The threads share the
//    field graph (field_graph.hpp) and keep their own memos; each takes a contiguous share of
//    the sequences grouped by their last piece, so no two threads memoize the same state.
//  - Direct: an independent plain depth-first search with hold for every sequence (moves
//    generated afresh, only a per-sequence table of failed states), as sfinder does.
// Both are exact; any thread count gives the same results.

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "manyworlds/core/bigint.hpp"
#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"

namespace manyworlds::tetris {

enum class PercentMethod {
  Auto,       // Prefix above 20,000 sequences (with repeats, truncated) and at most
              // kAutoPrefixMaxPatterns patterns, else Optimized
  Optimized,  // the seed's two passes over a shared field graph, sequence by sequence
  Direct,     // an independent plain search per sequence (sfinder's way)
  Prefix,     // the prefix engine: the pattern's trie walked once (prefix_count.hpp)
};

// Auto runs the prefix engine for at most this many patterns (and Optimized beyond).
inline constexpr std::size_t kAutoPrefixMaxPatterns = 64;

struct PercentOptions {
  int clear_line = 4;
  bool use_hold = true;
  Drop drop = Drop::Softdrop;
  KickTable kicks = KickTable::srs();
  PercentMethod method = PercentMethod::Auto;
  unsigned threads = 1;
  bool progress = false;
  // Refuse (InputError) more sequences than this, counted with repeats after truncation;
  // 0: no limit. The CLI lifts it with --force.
  std::uint64_t max_sequences = 0;
  // The success tree: success and total for every prefix of 1..tree_depth pieces.
  int tree_depth = 3;
  // How many failing sequences PercentResult::failed keeps (the first ones in lexicographic
  // order); -1: all of them.
  std::int64_t failed_limit = 100;
  // When set, every failing sequence is handed to it, in lexicographic order, as the search
  // finds them (then PercentResult::failed stays empty): a long fail list streams this way.
  // Called from one thread at a time.
  std::function<void(const Sequence&)> on_failed;
  // Bytes the shared field graph may hold before it is dropped and rebuilt (between chunks of
  // work, when no thread is using it); 0: the method's own bound (256 MB for the optimized
  // method, 1 GB for the prefix engine, 640 MB for it without hold). Only caches are lost:
  // results do not change, which the tests check with a bound of 1 byte.
  std::size_t graph_budget = 0;
  // The prefix engine without hold: the most sequences (of the whole pattern) for which it
  // keeps continuation sets per (field, pattern state); past it, it walks the trie with
  // order languages as with hold. 0: 2^31. The tests lower it to check both ways.
  std::uint64_t no_hold_set_bits = 0;
  // The prefix engine without hold: whether the walk that looks for easy successes first asks
  // the sound fill oracle about the fields of the last few pieces. Unset: each thread decides
  // from its first tasks. Only the speed changes; the tests set it both ways.
  std::optional<bool> no_hold_sound_end;
};

// The clear area after the full rows are removed.
struct ClearArea {
  Field field;     // rows at or above `height` are those above the clear line, moved down
  int height = 0;  // remaining clear height
  int need = 0;    // pieces needed
};

// Throws InputError when clear_line is out of 1..24 or the empty cells are not a multiple of 4.
ClearArea prepare_clear_area(const Field& field, int clear_line);

// One line of the success tree: the sequences that start with `prefix`.
struct PercentTreeEntry {
  Sequence prefix;
  std::uint64_t success = 0;
  std::uint64_t total = 0;
};

struct PercentResult {
  int need = 0;
  int pop = 0;                  // pieces per searched sequence
  BigInt with_duplicates;       // sequences of the patterns counted with repeats, before truncation
  std::uint64_t total = 0;      // distinct truncated sequences
  std::uint64_t successes = 0;  // of them, those that perfect-clear
  PercentMethod method = PercentMethod::Auto;  // the method that ran
  // Every prefix of 1..tree_depth pieces that some sequence starts with, depth first in
  // lexicographic order (T I L J S Z O): T, TT, TI, ..., I, IT, ...
  std::vector<PercentTreeEntry> tree;
  // The first failed_limit failing sequences (all with -1) in lexicographic order, unless
  // they were streamed to on_failed.
  std::vector<Sequence> failed;
};

// Searches every distinct truncated sequence of the patterns.
PercentResult percent(const Field& field, const std::vector<Pattern>& patterns,
                      const PercentOptions& options);

// Whether `input` (pop pieces) succeeds, by the given method (Auto: Optimized); single-threaded.
bool sequence_succeeds(const ClearArea& area, const Sequence& input, const PercentOptions& o);

// "auto", "optimized", "direct", "prefix"
std::string_view method_name(PercentMethod method);
// Throws InputError for an unknown name.
PercentMethod parse_method(std::string_view name);

}  // namespace manyworlds::tetris
