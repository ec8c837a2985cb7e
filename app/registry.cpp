#include "cli.hpp"

namespace manyworlds::cli {

void setup_dice(CLI::App& app);
TourLine tour_dice();
BenchLine bench_dice(unsigned threads);
void setup_lock(CLI::App& app);
TourLine tour_lock();
BenchLine bench_lock(unsigned threads);
void setup_escape(CLI::App& app);
TourLine tour_escape();
BenchLine bench_escape(unsigned threads);
void setup_cards(CLI::App& app);
TourLine tour_cards();
BenchLine bench_cards(unsigned threads);
void setup_tetris(CLI::App& app);
TourLine tour_tetris();
BenchLine bench_tetris(unsigned threads);

const std::vector<Puzzle>& puzzles() {
  static const std::vector<Puzzle> all = {
      {"dice", setup_dice, tour_dice, bench_dice},
      {"lock", setup_lock, tour_lock, bench_lock},
      {"escape", setup_escape, tour_escape, bench_escape},
      {"cards", setup_cards, tour_cards, bench_cards},
      {"tetris", setup_tetris, tour_tetris, bench_tetris},
  };
  return all;
}

}  // namespace manyworlds::cli
