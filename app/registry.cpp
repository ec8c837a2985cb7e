#include "cli.hpp"

namespace manyworlds::cli {

void setup_dice(CLI::App& app);
TourLine tour_dice();
BenchLine bench_dice(unsigned threads);

const std::vector<Puzzle>& puzzles() {
  static const std::vector<Puzzle> all = {
      {"dice", setup_dice, tour_dice, bench_dice},
  };
  return all;
}

}  // namespace manyworlds::cli
