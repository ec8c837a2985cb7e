// The fixed workloads of cards: the tour's headline and the bench's work count.

#include <fmt/format.h>

#include "manyworlds/cards/cards.hpp"
#include "workloads.hpp"

namespace manyworlds::workloads {

TourLine tour_cards() {
  cards::CountResult r = cards::count(4);
  return {fmt::format("4 cards: {} minimal flip sequences ({} up to card permutations)",
                      r.sequences, r.classes),
          {{"cards", 4}, {"sequences", r.sequences}, {"classes", r.classes}}};
}

// Counts for 1..5 cards with the symmetry method (the 5-card count dominates). The work is the
// number of canonical sequences counted (kept so that the recorded figures stay comparable;
// the node count is the tree's size, which the memo does not shrink).
BenchLine bench_cards(unsigned threads) {
  std::uint64_t work = 0;
  BigInt digest = 0;
  for (int n = 1; n <= 5; ++n) {
    cards::CountResult r = cards::count(n, {cards::Method::Symmetry, threads, false});
    work += r.classes.get_ui();
    digest = (digest * 1000003 + r.sequences) % BigInt("18446744073709551557");
  }
  return {"count 1..5 cards (symmetry; work: canonical sequences)", work,
          fmt::format("{:016x}", digest.get_ui())};
}

}  // namespace manyworlds::workloads
