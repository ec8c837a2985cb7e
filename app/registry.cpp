#include "cli.hpp"

namespace manyworlds::cli {

void setup_dice(CLI::App& app);
void setup_lock(CLI::App& app);
void setup_escape(CLI::App& app);
void setup_cards(CLI::App& app);
void setup_tetris(CLI::App& app);

const std::vector<Puzzle>& puzzles() {
  static const std::vector<Puzzle> all = {
      {"dice", setup_dice},
      {"lock", setup_lock},
      {"escape", setup_escape},
      {"cards", setup_cards},
      {"tetris", setup_tetris},
  };
  return all;
}

}  // namespace manyworlds::cli
