// libFuzzer target for lock combinations: "ALPHABET\nX\nY" (the alphabet line may be empty for
// QLVR; Y is optional). Parses as the CLI does, then checks that the three ways of reading the
// relation agree: partner_length, partner (built in one buffer) and the seed's recursion on
// views. Bad input (InputError) is expected and swallowed; any disagreement traps.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "manyworlds/core/error.hpp"
#include "manyworlds/lock/lock.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace manyworlds::lock;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::size_t first = text.find('\n');
  std::string_view letters = first == std::string_view::npos ? "" : text.substr(0, first);
  std::string_view rest = first == std::string_view::npos ? text : text.substr(first + 1);
  std::size_t second = rest.find('\n');
  std::string_view x = rest.substr(0, second);
  std::string_view y = second == std::string_view::npos ? "" : rest.substr(second + 1);
  try {
    Alphabet alphabet = letters.empty() ? Alphabet() : Alphabet(letters);
    check_combination(x, alphabet, "x");
    check_combination(y, alphabet, "y");
    auto length = partner_length(x);
    bool is_related = related(x, y);
    if (!length) {
      if (is_related) __builtin_trap();
      return 0;
    }
    if (*length > 4096) return 0;  // keep each input cheap
    auto p = partner(x);
    if (!p || p->size() != *length) __builtin_trap();
    if (!related(x, *p)) __builtin_trap();
    if (is_related != (*p == y)) __builtin_trap();
    Derivation d = derive(x);
    if (d.partner != p || d.steps.empty() || d.steps.back().combination != x) __builtin_trap();
    if (*p == x && x.find_first_not_of("QLVR") != std::string_view::npos) __builtin_trap();
  } catch (const manyworlds::InputError&) {
  }
  return 0;
}
