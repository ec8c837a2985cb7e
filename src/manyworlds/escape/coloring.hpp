#pragma once
// Colourings of the n-cube: the seed's old algorithm, proofs that none exist, and counts.
//
// A strategy for n cells is a colouring of the 2^n board states (vertices of the n-cube;
// flipping a cell walks an edge) with the n cells as colours such that every vertex has
// exactly one neighbour of each colour. Two vertices sharing a neighbour are at distance 2,
// so the condition is: vertices at distance 2 get different colours. It splits into two
// independent halves, the even-weight and the odd-weight vertices.
//
// Vertex numbering follows the seed: a board's vertex index has cell 0 as its most
// significant bit, and colour c means cell c. Neighbour j of v is v XOR 2^j (cell n-1-j).
//
// Counting argument: for a colour c, every vertex has exactly one neighbour of colour c and
// every vertex of colour c has n neighbours, so the class of c has 2^n / n vertices: n must
// divide 2^n, i.e. be a power of two.
//
// The allow-no-flip variant asks for every closed neighbourhood (a vertex and its n
// neighbours) to hold every colour: each colour class is a dominating set.
//
// Source: seed 001 ("How the old algorithm works"), the colouring search of
// danielmast/impossible_escape.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "manyworlds/core/bigint.hpp"
#include "manyworlds/core/progress.hpp"

namespace manyworlds::escape {

// The seed's search handles n up to 16 (2^16 vertices).
inline constexpr int kMaxColoringDimension = 16;

struct ColoringResult {
  int dimension = 0;
  std::vector<std::uint8_t> colors;  // colour of each vertex; empty when none was found
  std::uint64_t assignments = 0;     // colours given (first tries and retries)
  std::uint64_t backtracks = 0;      // vertices uncoloured again
};

// The seed's algorithm, ported straight: vertices are visited from vertex 0 by always moving
// to the first uncoloured neighbour (which walks the reflected Gray code); each gets the first
// colour not used by a vertex at distance 2, recomputed by listing the second-degree
// neighbours; on a dead end the last coloured vertex takes its next allowed colour, backing up
// further when it has none. Only for n a power of two, n <= 16 (else InputError).
ColoringResult color_hypercube_seed(int dimension);

// The same search (same order, same choices, same result and counts) with per-vertex counts
// of the colours at distance 2 kept up to date, so allowed colours are read, not recomputed.
ColoringResult color_hypercube(int dimension);

// Independent check: every vertex has exactly one neighbour of each colour.
bool is_perfect_coloring(int dimension, std::span<const std::uint8_t> colors);
// Independent check for the allow-no-flip variant: every closed neighbourhood has every colour.
bool is_dominating_coloring(int dimension, std::span<const std::uint8_t> colors);

// The colouring prisoner 2 reads under the XOR strategy, in seed vertex numbering.
std::vector<std::uint8_t> xor_coloring(int dimension);

// --- Proofs and counts -------------------------------------------------------------------

// Search over colourings of one half (even- or odd-weight vertices) of the n-cube where
// vertices at distance 2 differ: most-saturated vertex first, colours tried in order with new
// colours only in order of first use (colour symmetry), and a vertex with no colour left ends
// the branch. Exhaustive: `canonical` counts colourings up to renaming colours.
struct HalfSearch {
  int dimension = 0;
  int parity = 0;               // 0: even-weight half, 1: odd-weight half
  bool complete = true;         // false when stopped at the node limit
  std::uint64_t nodes = 0;      // colours tried
  std::uint64_t canonical = 0;  // colourings up to renaming colours (all use n colours)
  BigInt colorings;             // canonical * n! (each canonical one uses all n colours)
};

// Above this many nodes a half search stops (complete = false), unless the limit is 0.
inline constexpr std::uint64_t kHalfSearchNodeLimit = 200'000'000;

// `stop_at_first`: stop after the first colouring (existence only).
// `progress`, when given, is advanced by the colours tried (about 2.2 million at n = 8).
HalfSearch search_half(int dimension, int parity, bool stop_at_first,
                       std::uint64_t node_limit = kHalfSearchNodeLimit,
                       Progress* progress = nullptr);

struct CountResult {
  int dimension = 0;
  bool counting_argument_rules_out = false;  // n is not a power of two
  HalfSearch even;
  HalfSearch odd;
  BigInt colorings;  // even.colorings * odd.colorings
};

struct CountOptions {
  unsigned threads = 1;   // the two halves are searched side by side on two threads
  bool progress = false;  // draw the colours tried on stderr
};

// The number of valid colourings (strategies) for n cells, n = 1..kMaxCountDimension, by
// searching both halves. InputError beyond.
inline constexpr int kMaxCountDimension = 8;
CountResult count_colorings(int dimension, const CountOptions& options = {});

// Independent enumeration for tests: colours vertices 0, 1, 2, ... in order over the whole
// cube, checking distance-2 pairs as it goes; counts every valid colouring (n <= 4).
std::uint64_t count_colorings_brute_force(int dimension);

// Proof that no strategy exists for n (not a power of two): the half search finds no
// colouring of the even half. Exhaustive proofs are run for n <= kMaxProofDimension.
inline constexpr int kMaxProofDimension = 7;
struct ImpossibilityProof {
  int dimension = 0;
  std::string counting_argument;  // the counting argument in words, with numbers
  bool searched = false;          // whether the exhaustive search was run
  HalfSearch search;              // the even half; complete and canonical == 0 proves it
};
ImpossibilityProof prove_impossible(int dimension);

// --- Allow-no-flip variant ----------------------------------------------------------------

struct DominatingSearch {
  int dimension = 0;
  bool complete = true;              // false when stopped at the node limit
  std::uint64_t nodes = 0;           // colours tried
  std::vector<std::uint8_t> colors;  // a colouring found, or empty
};

// Largest n the dominating search is run for (n = 6 is out of its reach; its time at n = 5 is
// BM_NoFlipSearch/5 in docs/benchmarks.md).
inline constexpr int kMaxDominatingDimension = 5;
inline constexpr std::uint64_t kDominatingNodeLimit = 500'000'000;

// Search for a colouring of the n-cube with n colours in which every closed neighbourhood has
// every colour (a strategy when prisoner 1 may also do nothing). Vertices in index order,
// colour symmetry, and pruning: a closed neighbourhood missing more colours than it has
// uncoloured vertices, or a colour needing more new vertices (one covers n + 1 closed
// neighbourhoods) than are left in total, ends the branch.
DominatingSearch search_dominating(int dimension, std::uint64_t node_limit = kDominatingNodeLimit);

// The counting bound: every colour class of such a colouring dominates the cube, so when no
// dominating set of floor(2^n / n) boards exists, the n classes need more than 2^n boards and
// there is no strategy. The exhaustive search for a dominating set of at most `size` boards
// dominates the lowest undominated board by one of its n + 1 closed neighbours in turn, and
// ends a branch when the undominated boards outnumber what the remaining picks can cover.
struct DominatingSetSearch {
  int dimension = 0;
  int size = 0;
  bool exists = false;
  std::uint64_t nodes = 0;  // sets tried
};
inline constexpr int kMaxDominatingSetDimension = 6;
DominatingSetSearch search_dominating_set(int dimension, int size);

// Whether prisoner 1 has a strategy for n cells when he may also flip nothing, and why: a
// known strategy for n = 2^k (xor) and n = 2^k - 1 (Hamming code, both n <= 16) gives its
// colouring; else the dominating-set bound above (n <= kMaxDominatingSetDimension) proves there
// is none, or the dominating search (n <= kMaxDominatingDimension) decides; beyond, undecided.
struct AllowNoFlipAnswer {
  int dimension = 0;
  std::string method;  // how it was decided, in words (or why it was not)
  bool decided = true;
  std::uint64_t nodes = 0;           // sets or colours the deciding search tried; 0: no search
  std::vector<std::uint8_t> colors;  // a strategy's colouring, when one exists
  bool verified = false;             // the colouring passed is_dominating_coloring
};
AllowNoFlipAnswer decide_allow_no_flip(int dimension);

}  // namespace manyworlds::escape
