#pragma once
// The hold optimization of seed 002 ("Hold Optimization", TetrisPercent): which piece orders a
// hold slot turns an input order into, and back.
//
// With hold, the first piece goes to the hold slot; at each later step the drawn piece is
// either placed (the hold is unchanged) or swapped with the held piece, which is placed. A
// bag (input order) therefore yields several placement orders. The seed's vocabulary:
//   implies(b)    = the input orders that work with hold when placement order b works without
//                   hold ("ABC -> ABC ACB BAC CAB");
//   implied_by(b) = the placement orders of input order b ("ABC <- ABC BAC BCA ACB"): the
//                   bags without hold that are equivalent to b with hold.
// Representation 1 writes a bag as letters (A, B, C, ... = distinct pieces); representation 2
// writes a transformation as n-1 digits, digit j (0-based) in 0..j+1, applied to a bag by
// repeatedly taking the leftmost non-zero digit and moving the letter above it (digits are
// right-aligned under the bag) that many places to the left: "ABDC + 113 = CBDA".
// The seed's facts, all checked by tests: implies(b) = {x : x + t = b, t in {0,1}^(n-1)};
// implied_by(b) = {b + t : t in {0,1}^(n-1)}; implied_by(b) = rev(implies(rev(b))) (the
// reversal identity); implies(b) = implies(twin(b)) with twin = the last two letters swapped.
//
// sfinder's model is more general (repeated pieces, a spare piece when the pattern is longer
// than the pieces needed): placement_orders() gives the orders of `placed` pieces an input of
// any length yields.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace manyworlds::tetris::hold {

// Representation 2 applied to a bag of letters: "ABDC" + "113" = "CBDA". Digits must be
// n-1 long with digit j in 0..j+1; throws InputError otherwise.
std::string add(std::string_view bag, std::string_view digits);

// The inverse: subtract(add(b, t), t) == b.
std::string subtract(std::string_view bag, std::string_view digits);

// The digit string t with from + t = to (to a permutation of from, distinct letters).
std::string transformation(std::string_view from, std::string_view to);

// Every digit string of representation 2 for bags of n letters, in increasing order.
std::vector<std::string> all_transformations(int n);

// The seed's sets for distinct letters, sorted.
std::vector<std::string> implies(std::string_view bag);
std::vector<std::string> implied_by(std::string_view bag);

// The same sets by simulating the hold slot (independent of the digit representation).
std::vector<std::string> implied_by_simulated(std::string_view bag);
std::vector<std::string> implies_simulated(std::string_view bag);

std::string reversed(std::string_view bag);
std::string twin(std::string_view bag);  // the last two letters swapped

// The seed's rule for the digits of implied_by in the "to" direction: each digit d has at
// least d zeros immediately to its left, counting one invisible zero before the first digit.
bool satisfies_zero_rule(std::string_view digits);

// Placement orders (as index lists into the input) that an input of `input_length` pieces
// yields when `placed` pieces are placed (placed == input_length, or input_length - 1 with a
// spare piece left over), hold starting empty. Each order is listed once per choice sequence;
// there are 2^(placed-1) of them without a spare and 2^placed with one.
std::vector<std::vector<int>> placement_orders(int input_length, int placed);

}  // namespace manyworlds::tetris::hold
