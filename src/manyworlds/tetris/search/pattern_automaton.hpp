#pragma once
// The distinct sequences of a set of sfinder patterns (pattern.hpp), truncated to a length, as a
// deterministic automaton: one state per set of "where each pattern is" after a prefix, so the
// union of the patterns and the de-duplication sfinder does come for free, and nothing is
// expanded.
//
// A state after a prefix of k pieces holds, for each pattern, whether the prefix is still one
// of its prefixes and, if so, which pieces the element at position k has used so far (an
// element `*p4` or `[SZLJ]p2` draws distinct pieces). The transition on a piece keeps the
// patterns that allow it. Two prefixes with the same state have the same set of completions,
// so counts per state (completions(), the number of distinct sequences that complete it) are
// exact for the union. States are numbered from 0 (the empty prefix).

#include <array>
#include <cstdint>
#include <vector>

#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/tiling.hpp"

namespace manyworlds::tetris {

class PatternAutomaton {
 public:
  static constexpr std::int32_t kNone = -1;

  // The automaton of `patterns` (all of the same length) truncated to `length` pieces
  // (1 <= length <= their length). Throws InputError beyond `max_states` states.
  PatternAutomaton(const std::vector<Pattern>& patterns, int length,
                   std::size_t max_states = 20'000'000);

  int length() const { return length_; }
  std::size_t size() const { return states_.size(); }
  static constexpr std::int32_t root() { return 0; }

  // The state after `piece`, or kNone when no sequence continues with it.
  std::int32_t next(std::int32_t state, Piece piece) const {
    return states_[std::size_t(state)].next[std::size_t(piece)];
  }
  // Pieces already placed before this state.
  int depth(std::int32_t state) const { return states_[std::size_t(state)].depth; }
  // The number of distinct sequences of length() that start with a prefix in this state
  // (counting the rest only): 1 at depth length().
  std::uint64_t completions(std::int32_t state) const {
    return states_[std::size_t(state)].completions;
  }
  // The most pieces of each type any completion of the state still holds (the fill oracle's
  // upper bounds for what is to come).
  PieceCounts upcoming(std::int32_t state) const { return states_[std::size_t(state)].upcoming; }
  // The fewest pieces of each type any completion of the state holds (with upcoming(), the
  // fill oracle's bounds: for a bag, its pieces still to come are required).
  PieceCounts required(std::int32_t state) const { return states_[std::size_t(state)].required; }
  // A bit set of the pieces that continue the state.
  std::uint8_t pieces(std::int32_t state) const { return states_[std::size_t(state)].pieces; }

 private:
  struct State {
    std::array<std::int32_t, kPieceCount> next;
    std::uint64_t completions = 0;
    PieceCounts upcoming = 0;
    PieceCounts required = 0;
    std::uint8_t pieces = 0;
    std::uint8_t depth = 0;
  };
  std::vector<State> states_;
  int length_ = 0;
};

}  // namespace manyworlds::tetris
