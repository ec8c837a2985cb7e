#include <fmt/format.h>

#include <string>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/dice/dice.hpp"

namespace manyworlds::dice {

void validate(const Rules& rules, std::span<const int> starts) {
  auto check = [](std::int64_t value, const char* what, std::int64_t min, std::int64_t max) {
    if (value < min || value > max) {
      throw InputError(fmt::format("{} {} is out of range [{}, {}]", what, value, min, max));
    }
  };
  check(rules.board, "board size", 1, kMaxBoard);
  check(rules.rolls_per_turn, "rolls per turn", 1, kMaxRollsPerTurn);
  check(rules.part1_sides, "part 1 die sides", 1, kMaxSides);
  check(rules.part1_target, "part 1 target", 1, kMaxTarget);
  check(rules.part2_sides, "part 2 die sides", 1, kMaxPart2Sides);
  check(rules.part2_target, "part 2 target", 1, kMaxTarget);
  check(static_cast<std::int64_t>(starts.size()), "number of players", 2, kMaxPlayers);
  for (std::size_t i = 0; i < starts.size(); ++i) {
    if (starts[i] < 1 || starts[i] > rules.board) {
      throw InputError(fmt::format("player {} starting position {} is off the board (1..{})", i + 1,
                                   starts[i], rules.board));
    }
  }
}

std::vector<int> parse_input(std::string_view text, int board) {
  std::vector<int> starts;
  int line_number = 0;
  for (std::string_view raw : Lines(text)) {
    ++line_number;
    std::string_view line = trim(raw);
    if (line.empty()) continue;
    auto bad = [&](const std::string& why) {
      return InputError(fmt::format("input line {}: {} (expected 'Player {} starting position: N')",
                                    line_number, why, starts.size() + 1));
    };
    constexpr std::string_view kPlayer = "Player ";
    constexpr std::string_view kStarting = " starting position:";
    if (line.substr(0, kPlayer.size()) != kPlayer) throw bad("not a player line");
    std::size_t colon = line.find(kStarting);
    if (colon == std::string_view::npos) throw bad("not a player line");
    std::string_view number = line.substr(kPlayer.size(), colon - kPlayer.size());
    std::int64_t player =
        parse_int(number, fmt::format("input line {}: player", line_number), 1, kMaxPlayers);
    if (player != static_cast<std::int64_t>(starts.size()) + 1) {
      throw bad(fmt::format("player {} out of order", player));
    }
    std::string_view position = line.substr(colon + kStarting.size());
    starts.push_back(static_cast<int>(parse_int(
        position, fmt::format("input line {}: starting position", line_number), 1, board)));
  }
  if (starts.size() < 2) {
    throw InputError(fmt::format("input has {} player line{}; at least 2 are needed", starts.size(),
                                 starts.size() == 1 ? "" : "s"));
  }
  return starts;
}

}  // namespace manyworlds::dice
