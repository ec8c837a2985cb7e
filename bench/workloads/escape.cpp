// The fixed workloads of escape: the tour's headline and the bench's work count.

#include <fmt/format.h>

#include "manyworlds/core/parallel.hpp"
#include "manyworlds/escape/coloring.hpp"
#include "manyworlds/escape/escape.hpp"
#include "workloads.hpp"

namespace manyworlds::workloads {
using namespace manyworlds::escape;

// The seed repository's example files, and every board and key on 16 cells.
TourLine tour_escape() {
  Board board = escape::parse_board(
      "10110101\n01101101\n10001001\n10010110\n00011000\n10101111\n10011001\n10101010");
  Strategy strategy = Strategy::make(board.size(), {}, StrategyKind::Auto);
  CellNames names = CellNames::make(board.size(), board.width, Naming::Auto);
  std::size_t parity = strategy.syndrome(board.cells);
  Move move = strategy.move(board.cells, 34);
  strategy.apply(board.cells, move);
  std::size_t answer = strategy.answer(board.cells);
  escape::VerifyOptions options;
  options.threads = resolve_threads(0);
  escape::VerifyResult r = escape::verify(Strategy::make(16, {}, StrategyKind::Auto), options);
  return {fmt::format("example: parity {}, flip {}, answer {}; n=16: {} cases, {} failures", parity,
                      names.square(*move), answer, r.cases, r.failures),
          {{"parity", parity},
           {"flip", *move},
           {"answer", answer},
           {"verify16_cases", r.cases},
           {"verify16_failures", r.failures}}};
}

// verify at n = 16 (every board and key), the seed's colouring search at n = 16, the count for
// n = 4 and the impossibility proof for n = 7.
BenchLine bench_escape(unsigned threads) {
  escape::VerifyOptions options;
  options.threads = threads;
  escape::VerifyResult v = escape::verify(Strategy::make(16, {}, StrategyKind::Auto), options);
  escape::ColoringResult c = escape::color_hypercube(16);
  escape::CountResult count = escape::count_colorings(4);
  escape::ImpossibilityProof proof = escape::prove_impossible(7);
  Digest digest;
  auto eat = [&](std::uint64_t x) { digest.add(x); };
  for (std::uint8_t color : c.colors) eat(color);
  eat(v.cases);
  eat(v.failures);
  eat(count.colorings.get_ui());
  eat(proof.search.canonical);
  std::uint64_t work =
      v.cases + c.assignments + count.even.nodes + count.odd.nodes + proof.search.nodes;
  return {"verify n=16, colour 16-cube, count n=4, prove n=7", work,
          fmt::format("{:016x}", digest.value)};
}

}  // namespace manyworlds::workloads
