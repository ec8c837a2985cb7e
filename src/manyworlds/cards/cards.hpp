#pragma once
// Matt Parker's card-flip puzzle (Matt Parker's Maths Puzzles, MPMP 4, 2020).
//
// Rules. N cards lie on a table, each face up or face down; you cannot see them. You call out a
// fixed sequence of instructions, each "flip card c"; after every instruction (and before the
// first) you are told whether all cards are face down, and you win the moment they are. A
// sequence works when it wins whatever the starting state. It needs at least 2^N - 1
// instructions: after k instructions exactly one starting state shows all cards face down (the
// one equal to the flips made so far), and each of the 2^N states must be that one once.
//
// The Gray-code view. Write the state as an N-bit word; flipping card c XORs bit c. Start s is
// all-down after k instructions exactly when s equals the XOR of the first k flips (the prefix
// XOR p_k, p_0 = 0). So a sequence works exactly when its prefix XORs cover every state, and a
// sequence of the minimal length 2^N - 1 works exactly when its prefix XORs visit every state
// once: a Gray code starting at 0, i.e. a Hamiltonian path of the N-cube from the all-down
// vertex whose edge directions are the instructions. Counts: OEIS A003043 (1, 2, 18, 5712,
// 5859364320 for N = 1..5); unknown for N = 6.
//
// Encoding. Cards are numbered 0..N-1 (the seed's convention). A state is a word whose bit c
// is 1 when card c is face up; written as text, character c is card c ("0110": cards 1 and 2
// up). A sequence is a list of card numbers, one byte each.
//
// Symmetry. Renaming the cards (a permutation of 0..N-1 applied to every instruction) maps
// minimal sequences to minimal sequences. Every minimal sequence uses all N cards, so no
// renaming other than the identity fixes one: each class has exactly N! members, and exactly
// one of them is canonical (cards appear for the first time in the order 0, 1, 2, ...).
//
// Source: seed 003 (the Micrograx/mpmp4 repository: the recursive construction
// S(N) = S(N-1), N-1, S(N-1), the brute-force scan, and the Solutions files).

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/core/bigint.hpp"

namespace manyworlds::cards {

using Card = std::uint8_t;
using Sequence = std::vector<Card>;
using State = std::uint64_t;

// Limits. States are 64-bit words; `check` keeps one bit per state; `solve` counts steps in a
// 64-bit word; counting is exact up to 5 cards (6 is an open problem).
inline constexpr int kMaxCards = 64;
inline constexpr int kMaxCheckCards = 30;  // 2^30 bits = 128 MiB of visited states
inline constexpr int kMaxSolveCards = 63;
inline constexpr int kMaxCountCards = 5;
inline constexpr int kMaxEnumerateCards = 6;
inline constexpr int kMaxBruteCards = 4;

// 2^n - 1, the length of a minimal sequence for n cards (n <= 63).
inline std::uint64_t minimal_length(int n) {
  return (std::uint64_t{1} << n) - 1;
}

// ---- Text --------------------------------------------------------------------------------

// A sequence written as card numbers separated by spaces, commas or line ends, optionally in
// one pair of brackets (a line of the seed's Solutions files, "[0 1 0 2 0 1 0] "). Throws
// InputError naming the bad token. An empty sequence is allowed ("[]" or "").
Sequence parse_sequence(std::string_view text);

// A start state such as "0110" (character c is card c; 1 = face up). Brackets, commas and
// spaces between the digits are allowed ("[0,1,1,0]"). Throws InputError when it is empty, has
// other characters or more than kMaxCards cards.
struct StartState {
  int cards = 0;
  State state = 0;
};
StartState parse_start(std::string_view text);
std::string format_state(State state, int cards);

// Throws InputError when an instruction is outside 0..cards-1 (naming the first such one).
void validate(std::span<const Card> sequence, int cards);

enum class Format { Plain, Numpy };

// "0 1 0 2 0 1 0" (Plain) or "[0 1 0 2 0 1 0] " (Numpy, as in the Solutions files), without
// a line end.
std::string format_sequence(std::span<const Card> sequence, Format format);

// ---- Checking and playing ----------------------------------------------------------------

struct CheckResult {
  int cards = 0;
  std::uint64_t length = 0;
  bool works = false;    // every start reaches all-down
  bool minimal = false;  // works with exactly 2^cards - 1 instructions
  std::uint64_t unsolved_count = 0;
  std::vector<State> unsolved;  // the first `max_listed` unsolved starts, in increasing order
  // The first instruction after which the flips made so far equal those after an earlier
  // instruction (so it solves no new start), or 0 when there is none.
  std::uint64_t first_repeat = 0;
};

// Which starts the sequence solves (cards <= kMaxCheckCards). Lists at most `max_listed`
// unsolved starts but counts them all.
CheckResult check(std::span<const Card> sequence, int cards, std::size_t max_listed = 64);

struct PlayStep {
  std::uint64_t step = 0;  // 0 = before the first instruction
  int flipped = -1;        // the card flipped at this step (-1 at step 0)
  State state = 0;
};
struct PlayResult {
  int cards = 0;
  std::vector<PlayStep> steps;    // steps[0] is the start
  std::int64_t all_down_at = -1;  // the first step with every card face down, or -1
};

PlayResult play(std::span<const Card> sequence, int cards, State start);

// ---- Constructing ------------------------------------------------------------------------

// The seed's recursive construction S(1) = 0, S(N) = S(N-1), N-1, S(N-1), built literally in
// memory (for tests and small N).
Sequence recursive_solution(int cards);

// Its k-th instruction (k = 1 .. 2^N - 1) without building it: the number of trailing zeros
// of k (the reflected binary Gray code).
inline Card solution_card(std::uint64_t k) {
  return static_cast<Card>(__builtin_ctzll(k));
}

// Bytes that write_solution produces (format and line end included).
std::uint64_t solution_text_size(int cards, Format format);

// Streams S(cards) as text (format, then "\n") to `sink` in chunks of about `chunk` bytes.
void write_solution(int cards, Format format, const std::function<void(std::string_view)>& sink,
                    std::size_t chunk = 1 << 16);

// ---- Enumerating and counting ------------------------------------------------------------

enum class Method {
  Symmetry,  // depth-first search over canonical sequences only, times N!; threads
  Dfs,       // plain depth-first search over all sequences; threads
  Brute,     // the seed's scan of base-N strings without repeated consecutive instructions
};
std::string_view method_name(Method method);

struct CountOptions {
  Method method = Method::Symmetry;
  unsigned threads = 1;
  bool progress = false;
  bool memo = true;  // Symmetry, 5 cards: remember subtrees (false: slower, for checking it)
};

struct CountResult {
  int cards = 0;
  BigInt sequences;  // minimal sequences
  BigInt classes;    // classes under permutations of the cards
  // The size of the search tree (Symmetry, Dfs: the same with or without the memo and at any
  // thread count) or the candidate strings checked (Brute).
  std::uint64_t nodes = 0;
  std::uint64_t tasks = 0;  // independent prefixes the work was split into
};

// Exact counts for 1 <= cards <= kMaxCountCards (Brute: <= kMaxBruteCards). With Brute the
// classes are found by putting every solution found into canonical form and counting the
// distinct forms, independently of the N! argument.
CountResult count(int cards, const CountOptions& options = {});

// The canonical member of a sequence's class: cards renamed in order of first appearance.
Sequence canonical_form(std::span<const Card> sequence);

struct EnumerateOptions {
  bool canonical_only = false;  // one sequence per class (the canonical one)
  std::uint64_t limit = 0;      // stop after this many (0: all)
};

// Calls visit(sequence) for every minimal sequence for `cards` cards (1..kMaxEnumerateCards)
// in increasing lexicographic order; stops early when visit returns false or at the limit.
// Returns how many were visited.
std::uint64_t enumerate(int cards, const EnumerateOptions& options,
                        const std::function<bool(std::span<const Card>)>& visit);

// The seed's brute force: every base-N string of length 2^N - 1 from N^(L-2) up, skipping
// the strings with a repeated consecutive instruction, each checked by playing it. Calls
// visit for each working one, in increasing order; returns the number of candidates checked.
std::uint64_t brute_force(int cards, const std::function<void(std::span<const Card>)>& visit);

}  // namespace manyworlds::cards
