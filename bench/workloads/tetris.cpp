// The fixed workloads of tetris: the tour's headline and the bench's work count.

#include <fmt/format.h>

#include "manyworlds/core/parallel.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"
#include "manyworlds/tetris/search/percent.hpp"
#include "workload.hpp"
#include "workloads.hpp"

namespace manyworlds::workloads {
using namespace manyworlds::tetris;

// The known counts: distinct hard-drop placements of each piece on an empty field, and the
// softdrop placements of T on the PCO field of sfinder's noKicks case with and without kicks.
TourLine tour_tetris() {
  MoveGenerator hard(KickTable::srs(), Drop::Harddrop);
  MoveList list;
  Json json = Json::object();
  for (Piece p : kAllPieces) {
    hard.generate(Field(), p, kMaxHeight, list);
    json[std::string(1, piece_letter(p))] = list.size();
  }
  Field tst = Field::parse("XX________/X_________/X_XXXXXXXX/X__XXXXXXX/X_XXXXXXXX");
  MoveGenerator soft(KickTable::srs(), Drop::Softdrop);
  MoveGenerator none(KickTable::nokicks(), Drop::Softdrop);
  soft.generate(tst, Piece::T, 6, list);
  std::size_t with = list.size();
  none.generate(tst, Piece::T, 6, list);
  std::size_t without = list.size();
  // The perfect-clear opener field of sfinder's own test (cases.tsv noKicks_srs): 514/840.
  Field pco = Field::parse("XXXXX____X/XXXXXX___X/XXXXXXX__X/XXXXXX___X");
  PercentResult rate = percent(pco, parse_patterns("*p4"), PercentOptions{});
  std::uint64_t total = rate.total;
  return {fmt::format("PCO *p4 with hold: {:.2f}% ({}/{}); T-spin triple slot: {} placements, "
                      "{} without kicks",
                      100.0 * double(rate.successes) / double(total), rate.successes, total, with,
                      without),
          {{"pco_successes", rate.successes},
           {"pco_sequences", total},
           {"harddrop_empty_field", json},
           {"tst_srs", with},
           {"tst_nokicks", without}}};
}

// Softdrop (SRS) placements of all seven pieces on 4000 fixed busy fields, 4 times over.
BenchLine bench_tetris(unsigned threads) {
  static const std::vector<Field> fields = busy_fields(4000, 2026);
  constexpr std::size_t kTasks = 16;
  std::vector<std::uint64_t> work(kTasks), digest(kTasks);
  parallel_for(kTasks, threads, [&](std::size_t t) {
    MoveGenerator gen(KickTable::srs(), Drop::Softdrop);
    MoveList list;
    std::uint64_t w = 0;
    Digest h;
    for (std::size_t i = t; i < fields.size(); i += kTasks) {
      for (int round = 0; round < 4; ++round) {
        for (Piece p : kAllPieces) {
          gen.generate(fields[i], p, kMaxHeight, list);
          w += list.size();
          for (const Placement& m : list) {
            h.add(std::uint64_t(m.rotation) << 16 | std::uint64_t(m.x) << 8 | std::uint64_t(m.y));
          }
        }
      }
    }
    work[t] = w;
    digest[t] = h.value;
  });
  std::uint64_t total = 0, sig = 0;
  for (std::size_t t = 0; t < kTasks; ++t) {
    total += work[t];
    sig = sig * 1000003 ^ digest[t];
  }
  return {"softdrop placements, 7 pieces x 4000 busy fields x 4", total,
          fmt::format("{:016x}", sig)};
}

}  // namespace manyworlds::workloads
