#include "manyworlds/tetris/sfinder/verify_kicks.hpp"

#include <fmt/format.h>

#include <array>
#include <cstdlib>

#include "manyworlds/tetris/sfinder/fumen_writers.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

// The three turns in sfinder's order (RotateDirection.valuesWith180) and their comment names.
struct Turn {
  int quarter_turns;
  std::string_view name;
};
constexpr std::array<Turn, 3> kTurns = {{{1, "right"}, {3, "left"}, {2, "180"}}};

std::string url(std::string_view data) {
  return fmt::format("https://fumen.zui.jp/?D115@{}", data);
}

}  // namespace

std::string verify_kicks_fumen(const KickTable& kicks, Piece piece, Rotation from) {
  const Shape& s = shape(piece, from);
  const int cx = std::abs(s.min_x) < std::abs(s.max_x) ? 4 : 5;
  const int cy = 10;
  // The gray copy of the starting piece, on every page that shows a field.
  fumen::ColorField gray;
  for (const Cell& c : s.cells) gray.set(cx + c.x, cy + c.y, fumen::Color::Gray);
  std::vector<TetfuElement> elements;
  TetfuElement start;
  start.field = gray;
  start.piece = Placement{piece, from, std::int8_t(cx), std::int8_t(cy)};
  start.comment = fmt::format("from {}-{}", piece_letter(piece), java_rotation_name(from));
  elements.push_back(start);
  for (const Turn& turn : kTurns) {
    if (turn.quarter_turns == 2 && !kicks.has_180()) {
      TetfuElement none;
      none.comment = "180 is not supported";
      elements.push_back(none);
      continue;
    }
    Rotation to = Rotation((int(from) + turn.quarter_turns) % 4);
    auto tests = kicks.tests(piece, from, to);
    for (std::size_t i = 0; i < tests.size(); ++i) {
      TetfuElement page;
      page.field = gray;
      page.piece = Placement{piece, to, std::int8_t(cx + tests[i].x), std::int8_t(cy + tests[i].y)};
      page.comment = fmt::format("to {}: test {}{}", turn.name, i + 1,
                                 kicks.privileged(piece, from, to, i) ? " @" : "");
      page.lock = false;
      elements.push_back(page);
    }
  }
  return tetfu_encode(elements);
}

VerifyKicksRun run_verify_kicks(const OptionValues& options) {
  VerifyKicksRun run;
  NamedKicks k = load_named_kicks(options.first("kicks").value_or("srs"));
  run.kicks = std::move(k.table);
  run.kicks_name = std::move(k.name);
  for (Piece piece : kAllPieces) {
    for (int r = 0; r < kRotationCount; ++r) {
      run.entries.push_back(
          {piece, Rotation(r), verify_kicks_fumen(run.kicks, piece, Rotation(r))});
    }
  }
  return run;
}

void write_text(fmt::memory_buffer& out, const VerifyKicksRun& run) {
  for (const auto& e : run.entries) {
    append(out, "{} (from {}):\n{}\n", piece_letter(e.piece), java_rotation_name(e.from),
           url(e.data));
  }
}

void to_json(Json& out, const VerifyKicksRun& run) {
  Json entries = Json::array();
  for (const auto& e : run.entries) {
    Json turns = Json::object();
    for (const Turn& turn : kTurns) {
      Rotation to = Rotation((int(e.from) + turn.quarter_turns) % 4);
      if (turn.quarter_turns == 2 && !run.kicks.has_180()) {
        turns[std::string(turn.name)] = nullptr;
        continue;
      }
      Json tests = Json::array();
      auto offsets = run.kicks.tests(e.piece, e.from, to);
      for (std::size_t i = 0; i < offsets.size(); ++i) {
        tests.push_back({{"x", offsets[i].x},
                         {"y", offsets[i].y},
                         {"special", run.kicks.privileged(e.piece, e.from, to, i)}});
      }
      turns[std::string(turn.name)] = tests;
    }
    entries.push_back({{"piece", std::string(1, piece_letter(e.piece))},
                       {"from", std::string(java_rotation_name(e.from))},
                       {"url", url(e.data)},
                       {"tests", turns}});
  }
  out = {{"kicks", run.kicks_name}, {"fumens", entries}};
}

}  // namespace manyworlds::tetris::sfinder
