// BigNat (core/bignat.hpp), the big integer of the builds without GMP (WebAssembly), against
// GMP's mpz_class, the native builds' BigInt: every operation the library uses, on edge cases
// and on random operands of up to 12 limbs.

#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <utility>

#include "manyworlds/core/bignat.hpp"

namespace manyworlds {
namespace {

std::string str(const mpz_class& v) {
  return v.get_str(10);
}

// A random decimal of 0 to 12 chunks of 9 digits, or a small number.
std::string random_decimal(std::mt19937_64& rng) {
  if (rng() % 5 == 0) return std::to_string(rng() % 100);
  std::string s;
  int chunks = int(rng() % 13);
  for (int i = 0; i < chunks; ++i) s += std::to_string(rng() % 1'000'000'000);
  s.erase(0, std::min(s.find_first_not_of('0'), s.size()));
  return s.empty() ? "0" : s;
}

TEST(BigNat, EdgeCases) {
  const std::uint64_t max64 = ~std::uint64_t{0};
  EXPECT_EQ(BigNat().get_str(), "0");
  EXPECT_EQ(BigNat(0).get_str(), "0");
  EXPECT_EQ(BigNat(max64).get_str(), "18446744073709551615");
  EXPECT_EQ((BigNat(max64) + BigNat(1)).get_str(), "18446744073709551616");
  EXPECT_EQ((BigNat(max64) + BigNat(1) - BigNat(1)).get_str(), "18446744073709551615");
  EXPECT_EQ((BigNat(std::uint32_t(0xFFFFFFFF)) * BigNat(std::uint32_t(0xFFFFFFFF))).get_str(),
            "18446744065119617025");
  EXPECT_EQ((BigNat(1) << 64).get_str(), "18446744073709551616");
  EXPECT_EQ(((BigNat(1) << 64) >> 64).get_str(), "1");
  EXPECT_EQ((BigNat(5) >> 3).get_str(), "0");
  EXPECT_EQ((BigNat(0) << 100).get_str(), "0");
  EXPECT_EQ(BigNat("000123").get_str(), "123");
  // get_ui: the low 64 bits, as mpz_class's on LP64.
  EXPECT_EQ(((BigNat(7) << 64) + BigNat(max64)).get_ui(), max64);
  EXPECT_EQ(sgn(BigNat(0)), 0);
  EXPECT_EQ(sgn(BigNat(3)), 1);
  EXPECT_THROW(BigNat(-1), std::domain_error);
  EXPECT_THROW(BigNat(1) - BigNat(2), std::domain_error);
  EXPECT_THROW(BigNat("12a"), std::invalid_argument);
  // acc += acc * b, as mpz_addmul allows.
  BigNat acc(3);
  acc.add_product(acc, BigNat(5));
  EXPECT_EQ(acc.get_str(), "18");
  acc.add_product(acc, acc);
  EXPECT_EQ(acc.get_str(), "342");
}

TEST(BigNat, AgreesWithGmpOnRandomOperands) {
  std::mt19937_64 rng(12345);  // fixed: the same operands on every run
  for (int t = 0; t < 20000; ++t) {
    std::string sa = random_decimal(rng), sb = random_decimal(rng), sc = random_decimal(rng);
    BigNat a(sa), b(sb), c(sc);
    mpz_class ga(sa), gb(sb), gc(sc);
    SCOPED_TRACE(sa + " " + sb + " " + sc);
    ASSERT_EQ((a + b).get_str(), str(ga + gb));
    ASSERT_EQ((a * b).get_str(), str(ga * gb));
    if (ga >= gb) {
      ASSERT_EQ((a - b).get_str(), str(ga - gb));
    }
    BigNat x = c;
    mpz_class gx = gc;
    x.add_product(a, b);
    mpz_addmul(gx.get_mpz_t(), ga.get_mpz_t(), gb.get_mpz_t());
    ASSERT_EQ(x.get_str(), str(gx));
    BigNat y = a;
    y *= b;
    ASSERT_EQ(y.get_str(), str(ga * gb));
    y = BigNat(0);  // assignment keeps the storage; the value must still be right
    y += c;
    ASSERT_EQ(y.get_str(), sc);
    unsigned s = unsigned(rng() % 130);
    ASSERT_EQ((a << s).get_str(), str(mpz_class(ga << s)));
    ASSERT_EQ((a >> s).get_str(), str(mpz_class(ga >> s)));
    ASSERT_EQ(a < b, ga < gb);
    ASSERT_EQ(a == b, ga == gb);
    ASSERT_EQ(a.get_ui(), ga.get_ui());
    double d = a.get_d(), gd = ga.get_d();
    ASSERT_TRUE(d == gd || std::abs(d / gd - 1) < 1e-15) << d << " " << gd;
  }
}

}  // namespace
}  // namespace manyworlds
