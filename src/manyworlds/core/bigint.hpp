#pragma once
// Exact big integers (GMP's mpz_class) and their formatting.

#include <fmt/format.h>
#include <gmpxx.h>

#include <string>

namespace manyworlds {

using BigInt = mpz_class;

inline std::string to_string(const BigInt& value) {
  return value.get_str(10);
}

}  // namespace manyworlds

template <>
struct fmt::formatter<mpz_class> : fmt::formatter<std::string> {
  template <typename Context>
  auto format(const mpz_class& value, Context& ctx) const {
    return fmt::formatter<std::string>::format(value.get_str(10), ctx);
  }
};

// In JSON a big integer is a decimal string: counts can exceed 2^53, which JSON readers
// (JavaScript among them) hold exactly only up to there.
#include <nlohmann/json_fwd.hpp>

namespace nlohmann {
template <>
struct adl_serializer<mpz_class> {
  template <typename BasicJson>
  static void to_json(BasicJson& out, const mpz_class& value) {
    out = value.get_str(10);
  }
};
}  // namespace nlohmann
