#include "cli.hpp"

namespace manyworlds::cli {

void setup_dice(CLI::App& app);
TourLine tour_dice();
BenchLine bench_dice(unsigned threads);
void setup_cards(CLI::App& app);
TourLine tour_cards();
BenchLine bench_cards(unsigned threads);

const std::vector<Puzzle>& puzzles() {
  static const std::vector<Puzzle> all = {
      {"dice", setup_dice, tour_dice, bench_dice},
      {"cards", setup_cards, tour_cards, bench_cards},
  };
  return all;
}

}  // namespace manyworlds::cli
