#pragma once
// The truly minimal set of `path` solutions: the fewest solutions whose sets of input
// sequences together cover every sequence some solution covers (a minimum set cover), proven
// minimal. solution-finder's "minimal" (Selector) only drops the solutions whose set another
// one contains; players asked for the real minimum (sfinder issue #2, sfinder-strict-minimal).
//
// Method: the instance is first reduced without losing any optimum (sequences no set holds are
// left out; a set inside another is dropped, one of equal sets kept; a set that alone holds
// some sequence is taken; a sequence held by every set holding another sequence is implied by
// it and left out; repeated to a fixpoint), then the rest is solved as the integer program
//   minimise sum x_j  subject to  sum_{j holds e} x_j >= 1 for every sequence e,  x binary
// by CBC (COIN-OR Branch and Cut, Debian's coinor-libcbc-dev), whose LP bound proves the
// answer optimal. docs/tetris.md says why CBC. Deterministic: one thread, fixed seed.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace manyworlds::tetris {

struct ExactCover {
  std::vector<int> chosen;            // indices into the sets, increasing
  bool optimal = false;               // CBC proved it (always, unless the time limit stopped it)
  std::size_t universe = 0;           // sequences some set holds
  std::size_t forced = 0;             // sets the reductions took
  std::size_t rows = 0, columns = 0;  // the integer program CBC solved
  std::int64_t nodes = 0;             // branch-and-bound nodes
  std::size_t lower_bound = 0;        // no cover is smaller (= chosen.size() when optimal)
};

// `sets[j]`: the increasing element indices set j holds. Throws InputError when CBC fails.
// `seconds`: CBC's time limit (0: none); past it the best cover found is returned, not optimal,
// with CBC's lower bound. Hard instances exist: sfinder's 6-line field with *p7 (1002
// solutions, 5040 sequences) is not proven within minutes.
ExactCover minimal_cover(const std::vector<const std::vector<std::uint32_t>*>& sets,
                         double seconds = 0);

// Whether `chosen` covers every element some set holds.
bool covers_all(const std::vector<const std::vector<std::uint32_t>*>& sets,
                const std::vector<int>& chosen);

}  // namespace manyworlds::tetris
