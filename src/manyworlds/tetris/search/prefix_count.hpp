#pragma once
// The prefix engine of `percent` (PercentMethod::Prefix): counts the sequences of a pattern
// that perfect-clear without expanding the pattern sequence by sequence.
//
// Method. The distinct truncated sequences form a trie, walked depth first through the
// pattern's automaton (pattern_automaton.hpp): siblings share their prefix, and a prefix is
// searched once for all the sequences that start with it. Along a prefix the engine keeps the
// set of search states it reaches: (field, held piece) pairs with hold, fields without. These
// sets are built lazily: a state is produced (from the states of the shorter prefix, through
// the field graph of field_graph.hpp) only when a longer prefix asks for one more, so when an
// early state already answers every continuation the rest are never generated.
// The last R draws (R = 3 or 4) are not walked one sequence at a time: for a field needing R
// or R + 1 more pieces, its order language (the placement orders, no hold, that clear it: a bit
// set over the 8^R codes, 3 bits per piece, first piece most significant, so bit ranges are
// prefixes) is computed once by an exhaustive search and memoized per field; with hold it is
// mapped through a table to the draw sequences that, with the held piece, can give one of
// those orders. A prefix's successes are the bits of the union over its states within the
// continuations the pattern allows, and the union stops as soon as it holds all of them. With
// hold and one piece more than needed, a prefix that succeeds without the last piece shows as
// a state whose set is full, so it costs one lookup.
// Without hold (when the pattern has at most PercentOptions::no_hold_set_bits sequences, 2^31
// by default) the last R draws are not the limit: for a field f reached in automaton state q
// the engine computes W(f, q), the completions of q that clear f, as a bit set over those
// completions numbered in order (so a set has completions(q) bits, not 7^r): the union over
// each piece p the state allows and each successor c of f for p of p then W(c, next(q, p)),
// one piece to go being the pieces that clear f in one placement. Only the pieces the pattern
// allows are placed, and W is memoized per (field, state) and shared by all threads, so the
// prefixes that reach the same state share it (after `*p7`'s first six pieces, 720 prefixes
// reach each of 7 states). A task is a prefix of the trie: the fields its pieces reach, placed
// in order, then the union of their sets, which stops once it holds every continuation.
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
