#include "cli.hpp"

namespace manyworlds::cli {

void setup_dice(CLI::App& app);
TourLine tour_dice();
BenchLine bench_dice(unsigned threads);
void setup_tetris(CLI::App& app);
TourLine tour_tetris();
BenchLine bench_tetris(unsigned threads);

const std::vector<Puzzle>& puzzles() {
  static const std::vector<Puzzle> all = {
      {"dice", setup_dice, tour_dice, bench_dice},
      {"tetris", setup_tetris, tour_tetris, bench_tetris},
  };
  return all;
}

}  // namespace manyworlds::cli
