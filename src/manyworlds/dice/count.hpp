#pragma once
// Count types for universe counts: 64- and 128-bit words while a bound proves the counts fit,
// GMP big integers beyond. Internal to the dice module.

#include <cstdint>

#include "manyworlds/core/bigint.hpp"

namespace manyworlds::dice::detail {

__extension__ typedef unsigned __int128 U128;

template <typename C>
inline void add_product(C& acc, const C& a, const C& b) {
  acc += a * b;
}
template <>
inline void add_product(BigInt& acc, const BigInt& a, const BigInt& b) {
  manyworlds::add_product(acc, a, b);
}

template <typename C>
inline bool is_zero(const C& value) {
  return value == 0;
}
template <>
inline bool is_zero(const BigInt& value) {
  return sgn(value) == 0;
}

template <typename C>
inline BigInt to_big(const C& value) {
  if constexpr (std::is_same_v<C, BigInt>) {
    return value;
  } else if constexpr (std::is_same_v<C, U128>) {
    BigInt high = static_cast<std::uint64_t>(value >> 64);
    BigInt low = static_cast<std::uint64_t>(value);
    return (high << 64) + low;
  } else {
    return BigInt(static_cast<std::uint64_t>(value));
  }
}

// The low 64 bits of `value`, from two 32-bit halves: get_ui() is an unsigned long, 32 bits on
// wasm32.
inline std::uint64_t low_u64(const BigInt& value) {
  BigInt high = value >> 32;
  return (static_cast<std::uint64_t>(high.get_ui()) & 0xFFFFFFFFu) << 32 |
         (static_cast<std::uint64_t>(value.get_ui()) & 0xFFFFFFFFu);
}

// `value` as C; the caller has proven that it fits.
template <typename C>
inline C from_big(const BigInt& value) {
  if constexpr (std::is_same_v<C, BigInt>) {
    return value;
  } else {
    BigInt high = value >> 64;
    BigInt low = value - (high << 64);
    C result = static_cast<C>(low_u64(low));
    if constexpr (std::is_same_v<C, U128>) result |= static_cast<U128>(low_u64(high)) << 64;
    return result;
  }
}

// Calls fn.template operator()<C>() with the smallest count type that holds `bits` bits.
template <typename Fn>
decltype(auto) with_count_type(double bits, Fn&& fn) {
  if (bits <= 63) return fn.template operator()<std::uint64_t>();
  if (bits <= 127) return fn.template operator()<U128>();
  return fn.template operator()<BigInt>();
}

}  // namespace manyworlds::dice::detail
