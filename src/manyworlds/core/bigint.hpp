#pragma once
// Exact big integers and their formatting: GMP's mpz_class, or, where there is no GMP
// (WebAssembly builds, MANYWORLDS_NO_GMP), the header-only BigNat (bignat.hpp) with the same
// subset of its interface. Every count the library keeps is non-negative.

#include <fmt/format.h>

#include <string>

#if defined(MANYWORLDS_NO_GMP)
#include "manyworlds/core/bignat.hpp"
#else
#include <gmpxx.h>
#endif

namespace manyworlds {

#if defined(MANYWORLDS_NO_GMP)
using BigInt = BigNat;
#else
using BigInt = mpz_class;
#endif

inline std::string to_string(const BigInt& value) {
  return value.get_str(10);
}

// acc += a * b (GMP's mpz_addmul).
inline void add_product(BigInt& acc, const BigInt& a, const BigInt& b) {
#if defined(MANYWORLDS_NO_GMP)
  acc.add_product(a, b);
#else
  mpz_addmul(acc.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
#endif
}

}  // namespace manyworlds

template <>
struct fmt::formatter<manyworlds::BigInt> : fmt::formatter<std::string> {
  template <typename Context>
  auto format(const manyworlds::BigInt& value, Context& ctx) const {
    return fmt::formatter<std::string>::format(value.get_str(10), ctx);
  }
};

// In JSON a big integer is a decimal string: counts can exceed 2^53, which JSON readers
// (JavaScript among them) hold exactly only up to there.
#include <nlohmann/json_fwd.hpp>

namespace nlohmann {
template <>
struct adl_serializer<manyworlds::BigInt> {
  template <typename BasicJson>
  static void to_json(BasicJson& out, const manyworlds::BigInt& value) {
    out = value.get_str(10);
  }
};
}  // namespace nlohmann
