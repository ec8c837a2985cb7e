// libFuzzer target: the Dirac Dice input parser (and validation of what it returns).

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "manyworlds/core/error.hpp"
#include "manyworlds/dice/dice.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    std::vector<int> starts = manyworlds::dice::parse_input(text);
    manyworlds::dice::validate(manyworlds::dice::Rules{}, starts);
  } catch (const manyworlds::InputError&) {
  }
  return 0;
}
