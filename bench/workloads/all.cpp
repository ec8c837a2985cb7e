#include <algorithm>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/timer.hpp"
#include "workloads.hpp"

namespace manyworlds::workloads {

const std::vector<Workload>& all() {
  static const std::vector<Workload> list = {
      {"dice", tour_dice, bench_dice},       {"lock", tour_lock, bench_lock},
      {"escape", tour_escape, bench_escape}, {"cards", tour_cards, bench_cards},
      {"tetris", tour_tetris, bench_tetris},
  };
  return list;
}

TourReport tour() {
  TourReport report;
  for (const Workload& w : all()) {
    Stopwatch watch;
    TourLine line = w.tour();
    report.rows.push_back({w.puzzle, std::move(line), watch.seconds()});
  }
  return report;
}

void write_text(fmt::memory_buffer& out, const TourReport& report) {
  std::size_t width = 0;
  for (const auto& row : report.rows) width = std::max(width, row.line.headline.size());
  for (const auto& row : report.rows) {
    append(out, "{:<7} {:<{}} {:>10.3f} ms\n", row.puzzle, row.line.headline, width,
           row.seconds * 1e3);
  }
}

void to_json(Json& out, const TourReport& report) {
  out = Json::array();
  for (const auto& row : report.rows) {
    out.push_back({{"puzzle", row.puzzle}, {"seconds", row.seconds}, {"result", row.line.json}});
  }
}

BenchReport bench(const std::vector<std::string>& only, int repeat, unsigned threads) {
  for (const auto& name : only) {
    bool known = std::any_of(all().begin(), all().end(),
                             [&](const Workload& w) { return name == w.puzzle; });
    if (!known) throw UsageError(fmt::format("bench: no puzzle named '{}'", name));
  }
  BenchReport report;
  report.repeat = repeat;
  report.threads = threads;
  for (const Workload& w : all()) {
    if (!only.empty() && std::find(only.begin(), only.end(), w.puzzle) == only.end()) continue;
    std::vector<double> times;
    BenchLine line;
    for (int run = 0; run < repeat; ++run) {
      Stopwatch watch;
      BenchLine this_run = w.bench(threads);
      times.push_back(watch.seconds());
      if (run > 0 && (this_run.work != line.work || this_run.signature != line.signature)) {
        throw InputError(
            fmt::format("bench: {} gave different results on repeated runs", w.puzzle));
      }
      line = this_run;
    }
    report.rows.push_back({w.puzzle, line, median(times)});
  }
  return report;
}

void write_text(fmt::memory_buffer& out, const BenchReport& report) {
  for (const auto& row : report.rows) {
    append(out, "{:<7} {:<52} work {:>14}  signature {}  median {:>10.3f} ms\n", row.puzzle,
           row.line.workload, row.line.work, row.line.signature, row.median_seconds * 1e3);
  }
}

void to_json(Json& out, const BenchReport& report) {
  out = Json::array();
  for (const auto& row : report.rows) {
    out.push_back({{"puzzle", row.puzzle},
                   {"workload", row.line.workload},
                   {"work", row.line.work},
                   {"signature", row.line.signature},
                   {"median_seconds", row.median_seconds},
                   {"runs", report.repeat},
                   {"threads", report.threads}});
  }
}

}  // namespace manyworlds::workloads
