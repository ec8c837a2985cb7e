// The relation as a partial function, derivations, alphabets and input checks.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "manyworlds/core/error.hpp"
#include "manyworlds/lock/lock.hpp"

namespace manyworlds::lock {
namespace {

// Every string over `letters` of length exactly n.
std::vector<std::string> all_strings(const std::string& letters, int n) {
  std::vector<std::string> out{""};
  for (int i = 0; i < n; ++i) {
    std::vector<std::string> next;
    for (const auto& s : out) {
      for (char c : letters) next.push_back(s + c);
    }
    out.swap(next);
  }
  return out;
}

std::string reversed(std::string s) {
  return {s.rbegin(), s.rend()};
}

TEST(LockRelation, EachRuleByHand) {
  // The four properties as stated in the puzzle (seed 000).
  EXPECT_EQ(partner("QVLQ"), "VL");                // Q: QxQ -> x
  EXPECT_EQ(partner("QQ"), "");                    // Q with the empty x
  EXPECT_EQ(partner("LQVLQ"), "QVL");              // L: Lx -> Qy
  EXPECT_EQ(partner("VQVLQ"), "LV");               // V: Vx -> reverse(y)
  EXPECT_EQ(partner("RQVLQ"), "VLVL");             // R: Rx -> yy
  EXPECT_EQ(partner("VRLVQVRLVQ"), "VRLVQVRLVQ");  // the seed's first solution
}

TEST(LockRelation, NoPartner) {
  for (const char* x : {"", "Q", "QV", "VQL", "LLL", "X", "VXQQ", "QXVQX"}) {
    EXPECT_FALSE(partner(x).has_value()) << x;
    EXPECT_FALSE(partner_length(x).has_value()) << x;
    EXPECT_FALSE(derive(x).no_partner_reason.empty()) << x;
  }
}

// f built rule by rule from its definition, independently of partner().
std::optional<std::string> f_by_definition(const std::string& x) {
  if (x.size() >= 2 && x.front() == 'Q' && x.back() == 'Q') return x.substr(1, x.size() - 2);
  if (x.empty()) return std::nullopt;
  auto inner = f_by_definition(x.substr(1));
  if (!inner) return std::nullopt;
  switch (x[0]) {
    case 'L':
      return "Q" + *inner;
    case 'V':
      return reversed(*inner);
    case 'R':
      return *inner + *inner;
    default:
      return std::nullopt;
  }
}

TEST(LockRelation, PartnerAgreesWithTheDefinitionAndTheSeedsRecursionOnAllShortStrings) {
  std::uint64_t with_partner = 0;
  for (int n = 0; n <= 7; ++n) {
    for (const auto& x : all_strings("QLVRX", n)) {
      auto y = partner(x);
      ASSERT_EQ(y, f_by_definition(x)) << x;
      auto length = partner_length(x);
      ASSERT_EQ(length.has_value(), y.has_value()) << x;
      if (!y) continue;
      ++with_partner;
      ASSERT_EQ(*length, y->size()) << x;
      ASSERT_TRUE(related(x, *y)) << x;
      // A few other partners are rejected: f is a function.
      ASSERT_FALSE(related(x, *y + "Q")) << x;
      if (!y->empty()) {
        ASSERT_FALSE(related(x, y->substr(1))) << x;
        std::string changed = *y;
        changed[0] = changed[0] == 'V' ? 'L' : 'V';
        ASSERT_FALSE(related(x, changed)) << x;
      }
    }
  }
  EXPECT_GT(with_partner, 1000u);
}

TEST(LockRelation, DerivationGoesFromTheInnermostQOutwards) {
  Derivation d = derive("VRLVQVRLVQ");
  ASSERT_TRUE(d.partner);
  ASSERT_EQ(d.steps.size(), 5u);
  EXPECT_EQ(d.steps[0].rule, 'Q');
  EXPECT_EQ(d.steps[0].combination, "QVRLVQ");
  EXPECT_EQ(d.steps[0].partner, "VRLV");
  EXPECT_EQ(d.steps[1].rule, 'V');
  EXPECT_EQ(d.steps[1].partner, "VLRV");
  EXPECT_EQ(d.steps[2].rule, 'L');
  EXPECT_EQ(d.steps[2].partner, "QVLRV");
  EXPECT_EQ(d.steps[3].rule, 'R');
  EXPECT_EQ(d.steps[3].partner, "QVLRVQVLRV");
  EXPECT_EQ(d.steps[4].combination, "VRLVQVRLVQ");
  EXPECT_EQ(d.steps[4].partner, "VRLVQVRLVQ");
}

TEST(LockRelation, PartnerBuildsInOneBufferWithEveryDirection) {
  for (int n = 0; n <= 8; ++n) {
    for (const auto& x : all_strings("LVR", n)) {
      for (const char* inner : {"QQ", "QVQ", "QLRQ", "QVVLQ"}) {
        ASSERT_EQ(partner(x + inner), f_by_definition(x + inner)) << x + inner;
        ASSERT_EQ(derive(x + inner).partner, partner(x + inner)) << x + inner;
      }
    }
  }
}

TEST(LockRelation, HugePartnersAreMeasuredNotBuilt) {
  // R^40 L QQ is related to 2^40 Q's.
  std::string x = std::string(40, 'R') + "LQQ";
  EXPECT_EQ(partner_length(x), std::size_t{1} << 40);
  EXPECT_THROW(partner(x), InputError);
  EXPECT_TRUE(partner_length(std::string(200, 'R') + "LQQ").has_value());  // saturates
  EXPECT_FALSE(related(x, "QQ"));
  // A long V run after the R's costs nothing in partner() (V only flips the reading direction),
  // while writing out every step of the derivation is refused.
  std::string flips = std::string(20, 'R') + std::string(100000, 'V') + "LQVQ";
  auto y = partner(flips);
  ASSERT_TRUE(y);
  EXPECT_EQ(*y, f_by_definition(std::string(20, 'R') + "LQVQ"));
  EXPECT_THROW(derive(flips), InputError);
}

TEST(LockRelation, ViewReadsForwardsAndReversedWithoutCopying) {
  std::string s = "QLVRX";
  detail::View v(s);
  EXPECT_EQ(v.reverse().str(), "XRVLQ");
  EXPECT_EQ(v.substr(1, 3).str(), "LVR");
  EXPECT_EQ(v.reverse().substr(1, 3).str(), "RVL");
  EXPECT_EQ(v.reverse().substr(1, 3).reverse().str(), "LVR");
  EXPECT_TRUE(v.substr(1, 3) == v.reverse().substr(1, 3).reverse());
}

TEST(LockAlphabet, Errors) {
  struct Case {
    const char* letters;
    const char* message;
  };
  for (const Case& c : std::vector<Case>{
           {"", "--alphabet is empty (it needs Q, L, V and R)"},
           {"QLV", "--alphabet 'QLV' lacks R (the rules need Q, L, V and R)"},
           {"LVRX", "--alphabet 'LVRX' lacks Q (the rules need Q, L, V and R)"},
           {"QLVRQ", "--alphabet 'QLVRQ': the letter Q appears twice"},
           {"QLVRx", "--alphabet 'QLVRx': 'x' is not an upper-case letter A-Z"},
       }) {
    try {
      Alphabet a(c.letters);
      ADD_FAILURE() << c.letters;
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), c.message);
    }
  }
  EXPECT_EQ(Alphabet("QLVRX").bits_per_letter(), 3);
  EXPECT_EQ(Alphabet().bits_per_letter(), 2);
}

TEST(LockAlphabet, CombinationLettersAreChecked) {
  Alphabet a;
  EXPECT_NO_THROW(check_combination("QLVR", a, "x"));
  try {
    check_combination("VRLX", a, "x");
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "x: 'X' at position 4 is not in the alphabet QLVR");
  }
  try {
    check_combination(std::string("V\0Q", 3), a, "x");
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "x: byte 0x00 at position 2 is not in the alphabet QLVR");
  }
  EXPECT_NO_THROW(check_combination("VRLX", Alphabet("QLVRX"), "x"));
}

TEST(LockFormula, GeneratorMatchesTheClosedFormCount) {
  // The reference README: j(j + 1) at n >= 10 with n = 2, 3 (mod 4), j = floor((n - 6) / 4).
  for (int n = 1; n <= 300; ++n) {
    auto list = makay_solutions(n);
    ASSERT_EQ(list.size(), makay_count(n)) << n;
    for (const auto& s : list) ASSERT_TRUE(related(s, s)) << s;
  }
  // Pinned from the reference README: 2, 2, 6, 6, 12, 12, 20, 20 at 10, 11, 14, 15, ...
  std::vector<std::uint64_t> counts;
  for (int n : {10, 11, 14, 15, 18, 19, 22, 23}) counts.push_back(makay_count(n));
  EXPECT_EQ(counts, (std::vector<std::uint64_t>{2, 2, 6, 6, 12, 12, 20, 20}));
}

}  // namespace
}  // namespace manyworlds::lock
