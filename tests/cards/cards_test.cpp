// The cards library: text formats, check and play, the recursive construction, and the counts
// checked against each other (symmetry search, plain search, the seed's brute force) and
// against published numbers and files.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "manyworlds/cards/cards.hpp"
#include "manyworlds/core/error.hpp"
#include "reference.hpp"

namespace manyworlds::cards {
namespace {

#define EXPECT_THROW_MSG(statement, type, message)          \
  try {                                                     \
    statement;                                              \
    ADD_FAILURE() << "no exception: " #statement;           \
  } catch (const type& e) {                                 \
    EXPECT_EQ(std::string(e.what()), std::string(message)); \
  }

// Number of minimal sequences for N = 1..5 cards: OEIS A003043, as tests/data/cards/counts.tsv
// gives it.
const std::vector<std::uint64_t>& a003043() {
  static const std::vector<std::uint64_t> counts = published_counts();
  return counts;
}

TEST(CardsReference, CountsTableGoesToFiveCards) {
  ASSERT_EQ(a003043().size(), 6u);
  EXPECT_EQ(a003043()[4], reference_lines("4cards.txt").size());
}

// Sequences as byte strings (compared and sorted like the sequences themselves).
using Bytes = std::string;
Bytes bytes(std::span<const Card> s) {
  return Bytes(s.begin(), s.end());
}
Sequence sequence(const Bytes& b) {
  return Sequence(b.begin(), b.end());
}

std::vector<Bytes> all_sequences(int cards, bool canonical_only = false) {
  std::vector<Bytes> out;
  enumerate(cards, {canonical_only, 0}, [&](std::span<const Card> s) {
    out.push_back(bytes(s));
    return true;
  });
  return out;
}

// ---- Text ----

TEST(CardsText, ParsesSpacesCommasAndSolutionsLines) {
  Sequence expected{0, 1, 0, 2, 0, 1, 0};
  EXPECT_EQ(parse_sequence("0 1 0 2 0 1 0"), expected);
  EXPECT_EQ(parse_sequence("0,1,0,2,0,1,0"), expected);
  EXPECT_EQ(parse_sequence(" 0, 1,0 2\t0\n1 0\r\n"), expected);
  EXPECT_EQ(parse_sequence("[0 1 0 2 0 1 0] \r\n"), expected);
  EXPECT_EQ(parse_sequence("[]"), Sequence{});
  EXPECT_EQ(parse_sequence(""), Sequence{});
  EXPECT_EQ(parse_sequence("63 007"), (Sequence{63, 7}));
}

TEST(CardsText, RejectsBadSequences) {
  EXPECT_THROW_MSG(parse_sequence("0 1 x"), InputError,
                   "sequence: 'x' (instruction 3) is not a card number");
  EXPECT_THROW_MSG(parse_sequence("0 -1"), InputError,
                   "sequence: '-1' (instruction 2) is not a card number");
  EXPECT_THROW_MSG(parse_sequence("64"), InputError,
                   "sequence: card 64 (instruction 1) is out of range 0..63");
  EXPECT_THROW_MSG(parse_sequence("99999999999999999999999"), InputError,
                   "sequence: card 99999999999999999999... (instruction 1) is out of range 0..63");
  EXPECT_THROW_MSG(parse_sequence("[0 1"), InputError, "sequence: unbalanced brackets");
  EXPECT_THROW_MSG(parse_sequence("[0] [1]"), InputError, "sequence: unexpected bracket inside");
  EXPECT_THROW_MSG(parse_sequence("["), InputError, "sequence: unbalanced brackets");
}

TEST(CardsText, ParsesAndFormatsStartStates) {
  StartState s = parse_start("0110");
  EXPECT_EQ(s.cards, 4);
  EXPECT_EQ(s.state, 0b0110u);  // cards 1 and 2 face up
  EXPECT_EQ(format_state(s.state, s.cards), "0110");
  StartState t = parse_start("[1,0,0]");
  EXPECT_EQ(t.cards, 3);
  EXPECT_EQ(t.state, 1u);
  EXPECT_EQ(format_state(1, 3), "100");
  EXPECT_EQ(parse_start(std::string(64, '1')).state, ~State{0});
}

TEST(CardsText, RejectsBadStartStates) {
  EXPECT_THROW_MSG(parse_start(""), InputError, "start state: empty (e.g. 0110 for four cards)");
  EXPECT_THROW_MSG(parse_start("[]"), InputError, "start state: empty (e.g. 0110 for four cards)");
  EXPECT_THROW_MSG(
      parse_start("0120"), InputError,
      "start state: '0120' is not a card state (use 0 for face down, 1 for face up, e.g. 0110)");
  EXPECT_THROW_MSG(parse_start(std::string(65, '0')), InputError,
                   "start state: more than 64 cards");
}

TEST(CardsText, FormatsLikeTheSolutionsFiles) {
  Sequence s{0, 1, 0};
  EXPECT_EQ(format_sequence(s, Format::Numpy), "[0 1 0] ");
  EXPECT_EQ(format_sequence(s, Format::Plain), "0 1 0");
}

// ---- Check and play ----

TEST(CardsCheck, TheVideoSequenceWorksForFourCards) {
  CheckResult r = check(parse_sequence("0 1 0 2 0 1 0 3 0 1 0 2 0 1 0"), 4);
  EXPECT_TRUE(r.works);
  EXPECT_TRUE(r.minimal);
  EXPECT_EQ(r.unsolved_count, 0u);
  EXPECT_EQ(r.first_repeat, 0u);
}

TEST(CardsCheck, ListsTheStartsThatAreNeverAllDown) {
  // 0 1 0 1 visits 00, 10, 11, 01, 00 (card 0 first): 3 cards leave every state with card 2 up.
  CheckResult r = check(Sequence{0, 1, 0, 1}, 3);
  EXPECT_FALSE(r.works);
  EXPECT_EQ(r.unsolved_count, 4u);
  EXPECT_EQ(r.unsolved, (std::vector<State>{4, 5, 6, 7}));
  EXPECT_EQ(r.first_repeat, 4u);
  EXPECT_EQ(check(Sequence{0, 1, 0, 1}, 3, 2).unsolved.size(), 2u);
  CheckResult longer = check(Sequence{0, 1, 0, 1, 0}, 2);
  EXPECT_TRUE(longer.works);
  EXPECT_FALSE(longer.minimal);
}

TEST(CardsCheck, AgreesWithPlayingEveryStart) {
  std::mt19937 random(7);
  for (int trial = 0; trial < 300; ++trial) {
    int cards = 1 + static_cast<int>(random() % 5);
    Sequence s(random() % 40);
    for (auto& c : s) c = static_cast<Card>(random() % cards);
    CheckResult r = check(s, cards, 1000);
    std::vector<State> never;
    for (State start = 0; start < (State{1} << cards); ++start) {
      if (play(s, cards, start).all_down_at < 0) never.push_back(start);
    }
    EXPECT_EQ(r.unsolved, never);
    EXPECT_EQ(r.works, never.empty());
  }
}

TEST(CardsCheck, RejectsCardsOutOfRange) {
  EXPECT_THROW_MSG(check(Sequence{0, 1, 3}, 3), InputError,
                   "sequence: instruction 3 flips card 3, but with 3 cards the cards are 0..2");
  EXPECT_THROW_MSG(check(Sequence{1}, 1), InputError,
                   "sequence: instruction 1 flips card 1, but with 1 card the cards are 0..0");
  EXPECT_THROW_MSG(check(Sequence{0}, 31), InputError,
                   "check: the number of cards must be 1..30 (it keeps one bit per start state, "
                   "2^N bits), not 31");
}

TEST(CardsPlay, TracesOneStart) {
  PlayResult r = play(parse_sequence("0 1 0 2 0 1 0"), 3, parse_start("011").state);
  ASSERT_EQ(r.steps.size(), 8u);
  EXPECT_EQ(format_state(r.steps[0].state, 3), "011");
  EXPECT_EQ(r.steps[0].flipped, -1);
  EXPECT_EQ(format_state(r.steps[1].state, 3), "111");
  EXPECT_EQ(r.steps[1].flipped, 0);
  // The flips 0, 1, 0, 2 leave cards 1 and 2 flipped an odd number of times: start 011.
  EXPECT_EQ(r.all_down_at, 4);
  EXPECT_EQ(play(Sequence{}, 2, 0).all_down_at, 0);
  EXPECT_EQ(play(Sequence{0, 0}, 2, 3).all_down_at, -1);
}

// ---- Construction ----

TEST(CardsSolve, StreamedTextEqualsTheRecursiveConstruction) {
  for (int n = 1; n <= 18; ++n) {
    Sequence s = recursive_solution(n);
    ASSERT_EQ(s.size(), minimal_length(n));
    for (Format f : {Format::Plain, Format::Numpy}) {
      std::string text;
      write_solution(
          n, f, [&](std::string_view piece) { text += piece; }, 1000);
      EXPECT_EQ(text, format_sequence(s, f) + "\n") << n;
      EXPECT_EQ(text.size(), solution_text_size(n, f)) << n;
    }
  }
}

TEST(CardsSolve, TheConstructionWorksAndIsMinimal) {
  for (int n = 1; n <= 22; ++n) {
    std::string text;
    write_solution(n, Format::Plain, [&](std::string_view piece) { text += piece; });
    CheckResult r = check(parse_sequence(text), n);
    EXPECT_TRUE(r.minimal) << n;
  }
}

TEST(CardsSolve, SizesAndLimits) {
  // Card c appears 2^(29-c) times: cards 0..9 give 2^30 - 2^20 one-digit numbers, cards
  // 10..29 give 2^20 - 1 two-digit ones; 2^30 - 2 spaces and a line end:
  // 1072693248 + 2097150 + 1073741822 + 1.
  EXPECT_EQ(solution_text_size(30, Format::Plain), 2148532221u);
  EXPECT_THROW_MSG(recursive_solution(0), InputError,
                   "solve: the number of cards must be 1..63, not 0");
  EXPECT_THROW_MSG(solution_text_size(64, Format::Plain), InputError,
                   "solve: the number of cards must be 1..63, not 64");
}

// ---- Enumeration ----

TEST(CardsEnumerate, ReproducesTheSolutionsFiles) {
  for (int n : {3, 4}) {
    std::vector<std::string> expected = reference_lines(std::to_string(n) + "cards.txt");
    std::vector<std::string> got;
    for (const auto& s : all_sequences(n))
      got.push_back(format_sequence(sequence(s), Format::Numpy));
    EXPECT_EQ(got, expected) << n;
  }
}

TEST(CardsEnumerate, EveryListedSequenceIsMinimalAndSorted) {
  for (int n = 1; n <= 4; ++n) {
    std::vector<Bytes> all = all_sequences(n);
    EXPECT_EQ(all.size(), a003043()[n]);
    EXPECT_TRUE(std::is_sorted(all.begin(), all.end()));
    EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end());
    for (const auto& s : all) EXPECT_TRUE(check(sequence(s), n).minimal);
  }
}

TEST(CardsEnumerate, CanonicalOnesAreTheDistinctCanonicalForms) {
  for (int n = 1; n <= 4; ++n) {
    std::set<Bytes> forms;
    for (const auto& s : all_sequences(n)) forms.insert(bytes(canonical_form(sequence(s))));
    std::vector<Bytes> canonical = all_sequences(n, true);
    EXPECT_EQ(canonical, std::vector<Bytes>(forms.begin(), forms.end())) << n;
  }
}

TEST(CardsEnumerate, LimitAndStop) {
  std::uint64_t seen = enumerate(4, {false, 10}, [](std::span<const Card>) { return true; });
  EXPECT_EQ(seen, 10u);
  seen = enumerate(4, {}, [n = 0](std::span<const Card>) mutable { return ++n < 3; });
  EXPECT_EQ(seen, 3u);
  // The first sequences for 6 cards: the reflected Gray code first (the seed's construction).
  std::vector<Bytes> first;
  enumerate(6, {false, 2}, [&](std::span<const Card> s) {
    first.push_back(bytes(s));
    return true;
  });
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[0], bytes(recursive_solution(6)));
  EXPECT_LT(first[0], first[1]);
  EXPECT_TRUE(check(sequence(first[1]), 6).minimal);
  EXPECT_THROW_MSG(enumerate(7, {}, [](std::span<const Card>) { return true; }), InputError,
                   "enumerate: the number of cards must be 1..6, not 7");
}

// ---- Counting ----

TEST(CardsCount, ThreeMethodsAgreeWithOeisA003043UpToFourCards) {
  for (int n = 1; n <= 4; ++n) {
    CountResult symmetry = count(n, {Method::Symmetry, 1});
    CountResult dfs = count(n, {Method::Dfs, 1});
    CountResult brute = count(n, {Method::Brute, 1});
    EXPECT_EQ(symmetry.sequences, a003043()[n]) << n;
    EXPECT_EQ(dfs.sequences, a003043()[n]) << n;
    EXPECT_EQ(brute.sequences, a003043()[n]) << n;
    // Classes: the symmetry search counts canonical sequences; the plain search counts the
    // canonical ones among all it finds; brute force counts distinct canonical forms.
    EXPECT_EQ(symmetry.classes, dfs.classes) << n;
    EXPECT_EQ(symmetry.classes, brute.classes) << n;
  }
  // 1, 1, 3, 238 classes: A003043 / N! (each class has N! members).
  EXPECT_EQ(count(3).classes, 3);
  EXPECT_EQ(count(4).classes, 238);
}

TEST(CardsCount, BruteForceScansTheSeedsCandidates) {
  // N * (N-1)^(L-1) strings without repeated neighbours: 4 * 3^14 = 19131876 for 4 cards (the
  // seed's README).
  EXPECT_EQ(count(3, {Method::Brute}).nodes, 3u * 64u);
  EXPECT_EQ(count(4, {Method::Brute}).nodes, 19131876u);
  std::vector<Bytes> found;
  brute_force(3, [&](std::span<const Card> s) { found.push_back(bytes(s)); });
  EXPECT_EQ(found, all_sequences(3));
}

TEST(CardsCount, SameCountsAtAnyThreadCount) {
  for (Method m : {Method::Symmetry, Method::Dfs}) {
    CountResult one = count(4, {m, 1});
    for (unsigned threads : {2u, 3u, 8u}) {
      CountResult many = count(4, {m, threads});
      EXPECT_EQ(many.sequences, one.sequences);
      EXPECT_EQ(many.classes, one.classes);
      EXPECT_EQ(many.tasks, one.tasks);
      EXPECT_EQ(many.nodes, one.nodes);
    }
  }
}

TEST(CardsCount, RefusesWhatItCannotCount) {
  EXPECT_THROW_MSG(count(6), InputError,
                   "count: 6 cards are out of reach: the count is an open problem (more than "
                   "7.1e22 sequences, twice the number of Hamiltonian cycles of the 6-cube, OEIS "
                   "A066037)");
  EXPECT_THROW_MSG(count(0), InputError, "count: the number of cards must be 1..5, not 0");
  EXPECT_THROW_MSG(count(5, {Method::Brute}), InputError,
                   "brute force: the number of cards must be 1..4 (it tries N*(N-1)^(2^N-2) "
                   "strings: 5.8e18 for 5 cards), not 5");
}

// The size of the canonical search tree for 5 cards: count(5) with CountOptions::memo = false,
// which visits every node (SlowFiveCardsWithoutTheMemo runs it again).
constexpr std::uint64_t kFiveCardTreeNodes = 468933106;

// The memo is keyed by symmetry classes of states and shared between the threads, so what it
// holds depends on timing; the counts and the node count (the tree's size) must not.
TEST(CardsCount, FiveCardsMatchOeisA003043AtOneAndTwoThreads) {
  for (unsigned threads : {2u, 1u}) {
    CountResult r = count(5, {Method::Symmetry, threads});
    EXPECT_EQ(r.sequences, a003043()[5]) << threads;
    EXPECT_EQ(r.classes, a003043()[5] / 120) << threads;  // each class has 5! members
    EXPECT_EQ(r.nodes, kFiveCardTreeNodes) << threads;
  }
}

// The memo against the plain canonical search, which visits all of its nodes.
TEST(CardsCount, SlowFiveCardsWithoutTheMemo) {
  CountResult plain = count(5, {Method::Symmetry, 2, false, false});
  CountResult memo = count(5, {Method::Symmetry, 2});
  EXPECT_EQ(plain.sequences, a003043()[5]);
  EXPECT_EQ(plain.sequences, memo.sequences);
  EXPECT_EQ(plain.classes, memo.classes);
  EXPECT_EQ(plain.nodes, kFiveCardTreeNodes);
  EXPECT_EQ(plain.nodes, memo.nodes);
}

}  // namespace
}  // namespace manyworlds::cards
