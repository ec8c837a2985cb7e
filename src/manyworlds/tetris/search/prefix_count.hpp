#pragma once
// The prefix engine of `percent` (PercentMethod::Prefix): counts the sequences of a pattern
// that perfect-clear without expanding the pattern sequence by sequence.
//
// The distinct truncated sequences form a trie walked once through the pattern's automaton
// (pattern_automaton.hpp), so sequences that share a prefix share its search; the last draws
// are answered by memoized bit sets of the orders that clear a field (with hold, mapped
// through the hold slot; without hold, per field and automaton state). The method, step by
// step: docs/tetris.md, "Huge patterns: the prefix engine".
// Results are exact; they do not depend on the order states are tried in, nor on the number of
// threads (subtrees of the trie are tasks; their results are combined in order).

#include <cstdint>
#include <vector>

#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/percent.hpp"

namespace manyworlds::tetris {

// Fills r.successes, r.total, r.tree and r.failed (or streams to o.on_failed) for the distinct
// sequences of `patterns` truncated to r.pop pieces; r.need and r.pop must be set.
void count_by_prefixes(const ClearArea& area, const std::vector<Pattern>& patterns,
                       const PercentOptions& o, PercentResult& r);

}  // namespace manyworlds::tetris
