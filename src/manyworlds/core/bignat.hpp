#pragma once
// A small exact unsigned big integer, header-only: the subset of GMP's mpz_class the library
// uses (every count it keeps is non-negative), for builds without GMP (WebAssembly: Debian
// ships no wasm GMP). Limbs are 32 bits with 64-bit products, which WebAssembly has natively
// (i64.mul); schoolbook multiplication is fine at the sizes the library meets (dice counts of
// a few thousand bits at most).

#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace manyworlds {

class BigNat {
 public:
  BigNat() = default;
  template <std::integral T>
  BigNat(T value) {  // NOLINT: implicit, as mpz_class
    if constexpr (std::is_signed_v<T>) {
      if (value < 0) throw std::domain_error("BigNat: negative value");
    }
    auto v = static_cast<std::uint64_t>(value);
    while (v != 0) {
      limbs_.push_back(static_cast<std::uint32_t>(v));
      v >>= 32;
    }
  }
  explicit BigNat(std::string_view decimal) {
    for (char c : decimal) {
      if (c < '0' || c > '9') throw std::invalid_argument("BigNat: not a decimal number");
      mul_small(10);
      add_small(static_cast<std::uint32_t>(c - '0'));
    }
  }
  explicit BigNat(const char* decimal) : BigNat(std::string_view(decimal)) {}
  BigNat(const BigNat&) = default;
  BigNat(BigNat&&) noexcept = default;
  // Assignment keeps the limbs' storage when it is large enough (as GMP does): the dice tables
  // set their cells to 0 and fill them again on every move.
  BigNat& operator=(const BigNat& other) {
    if (this != &other) limbs_.assign(other.limbs_.begin(), other.limbs_.end());
    return *this;
  }
  BigNat& operator=(BigNat&& other) noexcept {
    if (other.limbs_.size() <= limbs_.capacity()) {
      limbs_.assign(other.limbs_.begin(), other.limbs_.end());
    } else {
      limbs_ = std::move(other.limbs_);
    }
    return *this;
  }

  bool is_zero() const { return limbs_.empty(); }
  // The low 64 bits (mpz_class::get_ui gives the low word).
  std::uint64_t get_ui() const {
    std::uint64_t v = 0;
    if (!limbs_.empty()) v = limbs_[0];
    if (limbs_.size() > 1) v |= std::uint64_t(limbs_[1]) << 32;
    return v;
  }
  double get_d() const {
    double d = 0;
    for (std::size_t i = limbs_.size(); i-- > 0;) d = d * 4294967296.0 + limbs_[i];
    return d;
  }
  std::string get_str(int base = 10) const {
    if (base != 10) throw std::invalid_argument("BigNat: base 10 only");
    if (limbs_.empty()) return "0";
    std::vector<std::uint32_t> rest = limbs_;
    std::vector<std::uint32_t> chunks;  // base 10^9, least significant first
    while (!rest.empty()) {
      std::uint64_t rem = 0;
      for (std::size_t i = rest.size(); i-- > 0;) {
        std::uint64_t cur = (rem << 32) | rest[i];
        rest[i] = static_cast<std::uint32_t>(cur / 1'000'000'000u);
        rem = cur % 1'000'000'000u;
      }
      while (!rest.empty() && rest.back() == 0) rest.pop_back();
      chunks.push_back(static_cast<std::uint32_t>(rem));
    }
    std::string out = std::to_string(chunks.back());
    for (std::size_t i = chunks.size() - 1; i-- > 0;) {
      std::string part = std::to_string(chunks[i]);
      out.append(9 - part.size(), '0');
      out += part;
    }
    return out;
  }

  BigNat& operator+=(const BigNat& b) {
    if (limbs_.size() < b.limbs_.size()) limbs_.resize(b.limbs_.size(), 0);
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < limbs_.size(); ++i) {
      carry += std::uint64_t(limbs_[i]) + (i < b.limbs_.size() ? b.limbs_[i] : 0);
      limbs_[i] = static_cast<std::uint32_t>(carry);
      carry >>= 32;
      if (carry == 0 && i >= b.limbs_.size()) break;
    }
    if (carry) limbs_.push_back(static_cast<std::uint32_t>(carry));
    return *this;
  }
  // Requires *this >= b (counts never go negative).
  BigNat& operator-=(const BigNat& b) {
    if (*this < b) throw std::domain_error("BigNat: negative difference");
    std::int64_t borrow = 0;
    for (std::size_t i = 0; i < limbs_.size(); ++i) {
      std::int64_t cur = std::int64_t(limbs_[i]) - (i < b.limbs_.size() ? b.limbs_[i] : 0) - borrow;
      borrow = cur < 0;
      limbs_[i] = static_cast<std::uint32_t>(cur + (borrow << 32));
      if (borrow == 0 && i >= b.limbs_.size()) break;
    }
    trim();
    return *this;
  }
  BigNat& operator*=(const BigNat& b) {
    if (b.limbs_.size() == 1) {
      mul_small(b.limbs_[0]);
      return *this;
    }
    BigNat product;
    product.add_product(*this, b);
    return *this = std::move(product);
  }
  // *this += a * b without a temporary (GMP's mpz_addmul).
  void add_product(const BigNat& a, const BigNat& b) {
    if (a.is_zero() || b.is_zero()) return;
    if (&a == this || &b == this) {  // acc += acc * b: from a copy, as GMP allows
      const BigNat copy = *this;
      add_product(&a == this ? copy : a, &b == this ? copy : b);
      return;
    }
    // The outer loop runs over the shorter factor (often one limb: a die's ways).
    const BigNat& longer = a.limbs_.size() >= b.limbs_.size() ? a : b;
    const BigNat& shorter = &longer == &a ? b : a;
    const std::size_t n = longer.limbs_.size();
    if (limbs_.size() < n + shorter.limbs_.size()) limbs_.resize(n + shorter.limbs_.size(), 0);
    for (std::size_t i = 0; i < shorter.limbs_.size(); ++i) {
      const std::uint64_t m = shorter.limbs_[i];
      std::uint32_t* out = limbs_.data() + i;
      const std::uint32_t* in = longer.limbs_.data();
      std::uint64_t carry = 0;
      for (std::size_t j = 0; j < n; ++j) {
        carry += m * in[j] + out[j];
        out[j] = static_cast<std::uint32_t>(carry);
        carry >>= 32;
      }
      for (std::size_t k = i + n; carry != 0; ++k) {
        if (k == limbs_.size()) limbs_.push_back(0);
        carry += limbs_[k];
        limbs_[k] = static_cast<std::uint32_t>(carry);
        carry >>= 32;
      }
    }
    trim();
  }
  BigNat& operator<<=(unsigned bits) {
    if (is_zero()) return *this;
    limbs_.insert(limbs_.begin(), bits / 32, 0);
    if (unsigned s = bits % 32) {
      std::uint32_t carry = 0;
      for (std::size_t i = bits / 32; i < limbs_.size(); ++i) {
        std::uint32_t next = limbs_[i] >> (32 - s);
        limbs_[i] = (limbs_[i] << s) | carry;
        carry = next;
      }
      if (carry) limbs_.push_back(carry);
    }
    return *this;
  }
  BigNat& operator>>=(unsigned bits) {
    std::size_t words = bits / 32;
    if (words >= limbs_.size()) return *this = BigNat();
    limbs_.erase(limbs_.begin(), limbs_.begin() + std::ptrdiff_t(words));
    if (unsigned s = bits % 32) {
      for (std::size_t i = 0; i < limbs_.size(); ++i) {
        limbs_[i] = (limbs_[i] >> s) | (i + 1 < limbs_.size() ? limbs_[i + 1] << (32 - s) : 0);
      }
    }
    trim();
    return *this;
  }

  friend BigNat operator+(BigNat a, const BigNat& b) { return a += b; }
  friend BigNat operator-(BigNat a, const BigNat& b) { return a -= b; }
  friend BigNat operator*(const BigNat& a, const BigNat& b) {
    BigNat product;
    product.add_product(a, b);
    return product;
  }
  friend BigNat operator<<(BigNat a, unsigned bits) { return a <<= bits; }
  friend BigNat operator>>(BigNat a, unsigned bits) { return a >>= bits; }
  friend bool operator==(const BigNat&, const BigNat&) = default;
  friend std::strong_ordering operator<=>(const BigNat& a, const BigNat& b) {
    if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() <=> b.limbs_.size();
    for (std::size_t i = a.limbs_.size(); i-- > 0;) {
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] <=> b.limbs_[i];
    }
    return std::strong_ordering::equal;
  }
  // GMP's sgn(): 0 or 1 here.
  friend int sgn(const BigNat& a) { return a.is_zero() ? 0 : 1; }

 private:
  void trim() {
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
  }
  void mul_small(std::uint32_t m) {
    if (m == 0) {
      limbs_.clear();
      return;
    }
    std::uint64_t carry = 0;
    for (auto& limb : limbs_) {
      carry += std::uint64_t(limb) * m;
      limb = static_cast<std::uint32_t>(carry);
      carry >>= 32;
    }
    if (carry) limbs_.push_back(static_cast<std::uint32_t>(carry));
  }
  void add_small(std::uint32_t a) { *this += BigNat(a); }

  std::vector<std::uint32_t> limbs_;  // least significant first, no leading zero limb
};

}  // namespace manyworlds
