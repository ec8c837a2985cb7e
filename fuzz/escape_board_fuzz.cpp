// libFuzzer target: the escape board-file parser, and a strategy on what it accepts.
// The first byte picks the die (2..9 sides); the rest is the board file.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "manyworlds/core/error.hpp"
#include "manyworlds/escape/escape.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace manyworlds;
  if (size == 0) return 0;
  int sides = 2 + data[0] % 8;
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    escape::Board board = escape::parse_board(text, sides);
    escape::Board again = escape::parse_board(escape::format_board(board), sides);
    if (again.cells != board.cells || again.width != board.width) __builtin_trap();
    escape::CellNames names =
        escape::CellNames::make(board.size(), board.width, escape::Naming::Auto);
    if (names.parse(names.square(0).empty() ? "0" : names.square(0), "key") != 0) {
      __builtin_trap();
    }
    escape::Strategy strategy =
        escape::Strategy::make(board.size(), {sides, false}, escape::StrategyKind::Auto);
    std::size_t key = board.size() - 1;
    escape::Move move = strategy.move(board.cells, key);
    strategy.apply(board.cells, move);
    if (strategy.answer(board.cells) != key) __builtin_trap();
  } catch (const InputError&) {
  }
  return 0;
}
