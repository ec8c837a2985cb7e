// flip, find, run and verify: the prisoners on one board, and a strategy on many.

#include "manyworlds/escape/report.hpp"

#include <filesystem>
#include <stdexcept>

#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/core/timer.hpp"

namespace manyworlds::escape {
namespace {

Board load_board(const BoardRequest& r) {
  if (r.board_file.empty() == r.cells.empty()) {
    throw UsageError("escape: give exactly one of --board FILE and --cells CELLS");
  }
  int sides = r.strategy.rules().sides;
  if (!r.board_file.empty()) {
    return parse_board(read_text(r.board_file, input_limit::kBoard), sides);
  }
  return parse_cells(r.cells, sides);
}

CellNames names_for(const Board& board, Naming naming) {
  return CellNames::make(board.size(), board.width, naming);
}

// Key names are read with square names whenever the board has them.
std::size_t parse_key(std::string_view text, const Board& board, Naming naming,
                      std::string_view what) {
  CellNames names = names_for(board, naming == Naming::Index ? Naming::Auto : naming);
  return names.parse(text, what);
}

// The seed's vertex numbers (cell 0 most significant) for coin boards of up to 64 cells.
std::optional<std::uint64_t> vertex_of(const Board& board, int sides) {
  if (sides != 2 || board.size() > 64) return std::nullopt;
  return seed_vertex_index(board.cells);
}

// Prisoner 1 on `board`; the board after the move goes to `write_path` when not empty.
PrisonerReport prisoner_one(Board board, std::string_view key_text, const ShowRequest& show,
                            const StrategyRequest& choice, const std::string& write_path,
                            std::string_view key_what) {
  PrisonerReport r;
  r.prisoner = 1;
  r.sides = choice.rules().sides;
  r.show_board = show.show_board;
  r.names = names_for(board, show.naming);
  r.key = parse_key(key_text, board, show.naming, key_what);
  Strategy strategy = Strategy::make(board.size(), choice.rules(), choice.kind);
  r.strategy = strategy.name();
  r.kind = strategy.kind();
  r.syndrome = strategy.syndrome(board.cells);
  r.move = strategy.move(board.cells, r.key);
  r.board = board;
  strategy.apply(board.cells, r.move);
  r.answer = strategy.answer(board.cells);
  if (r.answer != r.key) throw std::logic_error("strategy failed on this board");
  r.syndrome_after = strategy.syndrome(board.cells);
  if (!write_path.empty()) write_file_atomically(write_path, format_board(board));
  r.written = write_path;
  r.vertex = vertex_of(r.board, r.sides);
  r.vertex_after = vertex_of(board, r.sides);
  r.after = std::move(board);
  return r;
}

PrisonerReport prisoner_two(Board board, const ShowRequest& show, const StrategyRequest& choice) {
  PrisonerReport r;
  r.prisoner = 2;
  r.sides = choice.rules().sides;
  r.show_board = show.show_board;
  r.names = names_for(board, show.naming);
  Strategy strategy = Strategy::make(board.size(), choice.rules(), choice.kind);
  r.strategy = strategy.name();
  r.kind = strategy.kind();
  r.syndrome = strategy.syndrome(board.cells);
  r.answer = strategy.answer(board.cells);
  r.vertex = vertex_of(board, r.sides);
  r.board = std::move(board);
  return r;
}

std::string syndrome_name(StrategyKind kind) {
  switch (kind) {
    case StrategyKind::Hamming:
      return "Hamming syndrome";
    case StrategyKind::DiceVector:
      return "Z_D sum";
    case StrategyKind::Coloring:
      return "colour";
    default:
      return "parity";
  }
}

std::string move_text(const CellNames& names, Move move, int sides) {
  if (!move) return "none (the board already shows the key)";
  return fmt::format("{} {}", sides == 2 ? "flip" : "turn", names.both(*move));
}

// A grid with ranks on the left and column letters below when cells have square names.
void write_grid(fmt::memory_buffer& out, const Board& board, const CellNames& names) {
  std::string grid = draw_board(board);
  if (!names.has_squares()) {
    append(out, "{}", grid);
    return;
  }
  std::size_t row = 0;
  for (std::string_view line : split_lines(grid)) {
    append(out, "{:>3} | {}\n", names.side - row, line);
    ++row;
  }
  append(out, "      ");
  for (std::size_t c = 0; c < names.side; ++c) {
    if (c > 0) append(out, " ");
    append(out, "{}", static_cast<char>((names.upper ? 'A' : 'a') + c));
  }
  append(out, "\n");
}

void write_board(fmt::memory_buffer& out, const Board& board, const CellNames& names, bool show,
                 std::string_view title) {
  if (board.size() > kDrawLimit && !show) {
    append(out, "{}: {} cells in {} rows of {} (not drawn; --show-board draws it)\n", title,
           board.size(), board.rows(), board.width);
    return;
  }
  append(out, "{} ({} cells{}):\n", title, board.size(),
         board.rows() > 1 ? fmt::format(", {} x {}", board.rows(), board.width) : "");
  write_grid(out, board, names);
}

Json cell_json(const CellNames& names, std::size_t cell) {
  Json j = {{"cell", cell}};
  if (names.has_squares()) j["square"] = names.square(cell);
  return j;
}

Json move_json(const CellNames& names, Move move) {
  return move ? cell_json(names, *move) : Json(nullptr);
}

}  // namespace

// --- flip, find, run ---------------------------------------------------------------------------

PrisonerReport flip(const FlipRequest& request) {
  const BoardRequest& b = request.board;
  if (request.write && b.board_file.empty()) {
    throw UsageError("escape flip: --write needs --board FILE");
  }
  if (request.write && b.board_file == "-") {
    throw UsageError("escape flip: --write cannot rewrite stdin");
  }
  if (request.write && !request.output.empty()) {
    throw UsageError("escape flip: give --write or --output, not both");
  }
  Board board = load_board(b);
  std::string path = request.write ? b.board_file : request.output;
  return prisoner_one(std::move(board), request.key, b.show, b.strategy, path, "--key");
}

PrisonerReport find(const BoardRequest& request) {
  return prisoner_two(load_board(request), request.show, request.strategy);
}

PrisonerReport run(const RunRequest& request) {
  namespace fs = std::filesystem;
  fs::path dir(request.dir);
  std::string board_path = (dir / "board.txt").string();
  std::string mode_text(trim(read_text((dir / "mode.txt").string())));
  if (mode_text != "1" && mode_text != "2") {
    throw InputError(fmt::format("{}: mode is '{}', expected 1 (prisoner 1) or 2 (prisoner 2)",
                                 (dir / "mode.txt").string(), mode_text));
  }
  Board board =
      parse_board(read_text(board_path, input_limit::kBoard), request.strategy.rules().sides);
  if (mode_text == "2") return prisoner_two(std::move(board), request.show, request.strategy);
  std::string key_path = (dir / "key.txt").string();
  std::string key_text = read_text(key_path);
  return prisoner_one(std::move(board), key_text, request.show, request.strategy,
                      request.dry_run ? "" : board_path, key_path);
}

void write_text(fmt::memory_buffer& out, const PrisonerReport& r) {
  const CellNames& names = r.names;
  write_board(out, r.board, names, r.show_board, "board");
  append(out, "strategy: {}\n", r.strategy);
  if (r.prisoner == 2) {
    append(out, "{}: {}\n", syndrome_name(r.kind), r.syndrome);
    if (r.vertex) {
      append(out, "vertex (seed numbering, cell 0 most significant): {}\n", *r.vertex);
    }
    append(out, "prisoner 2: the key is under {}\n", names.both(r.answer));
    return;
  }
  append(out, "key: {}\n", names.both(r.key));
  append(out, "{}: {}\n", syndrome_name(r.kind), r.syndrome);
  append(out, "prisoner 1: {}\n", move_text(names, r.move, r.sides));
  if (r.vertex) {
    append(out, "vertex (seed numbering, cell 0 most significant): {} -> {}\n", *r.vertex,
           *r.vertex_after);
  }
  write_board(out, r.after, names, r.show_board, "board after");
  append(out, "prisoner 2 will read {} {}: key at {}\n", syndrome_name(r.kind), r.syndrome_after,
         names.both(r.answer));
  if (!r.written.empty()) append(out, "wrote {}\n", r.written);
}

void to_json(Json& out, const PrisonerReport& r) {
  const CellNames& names = r.names;
  if (r.prisoner == 2) {
    out = {{"prisoner", 2},          {"cells", r.board.size()},
           {"width", r.board.width}, {"strategy", r.strategy},
           {"syndrome", r.syndrome}, {"answer", cell_json(names, r.answer)}};
    if (r.vertex) out["vertex"] = *r.vertex;
    return;
  }
  out = {{"prisoner", 1},
         {"cells", r.after.size()},
         {"width", r.after.width},
         {"strategy", r.strategy},
         {"key", cell_json(names, r.key)},
         {"syndrome", r.syndrome},
         {"move", move_json(names, r.move)},
         {"board_before", cells_string(r.board)},
         {"board_after", cells_string(r.after)},
         {"answer", cell_json(names, r.answer)}};
  if (r.vertex) {
    out["vertex_before"] = *r.vertex;
    out["vertex_after"] = *r.vertex_after;
  }
  out["written"] = r.written.empty() ? Json(nullptr) : Json(r.written);
}

// --- verify ------------------------------------------------------------------------------------

VerifyReport verify(const VerifyRequest& request) {
  VerifyReport report;
  report.choice = request.strategy;
  report.options = request.options;
  Strategy strategy = Strategy::make(static_cast<std::size_t>(request.size),
                                     request.strategy.rules(), request.strategy.kind);
  report.strategy = strategy.name();
  Stopwatch watch;
  report.result = verify(strategy, request.options);
  report.seconds = watch.seconds();
  return report;
}

std::string failure(const VerifyReport& report) {
  const VerifyResult& r = report.result;
  if (r.failures == 0) return {};
  return fmt::format("verify: the strategy failed on {} of {} cases", r.failures, r.cases);
}

void write_text(fmt::memory_buffer& out, const VerifyReport& report) {
  const VerifyResult& r = report.result;
  const StrategyRequest& choice = report.choice;
  append(out, "verify: {} strategy on {} cells{}{}, {}\n", report.strategy, r.cells,
         choice.dice ? fmt::format(" ({}-sided dice)", choice.dice) : "",
         choice.allow_no_flip ? " (prisoner 1 may flip nothing)" : "",
         r.exhaustive ? "every board and every key"
                      : fmt::format("{} random boards from seed {}", report.options.samples,
                                    report.options.seed));
  append(out, "checked {} boards, {} cases: {} failures ({:.3f} s)\n", r.boards, r.cases,
         r.failures, report.seconds);
}

void to_json(Json& out, const VerifyReport& report) {
  const VerifyResult& r = report.result;
  out = {{"cells", r.cells},
         {"strategy", report.strategy},
         {"sides", report.choice.rules().sides},
         {"allow_no_flip", report.choice.allow_no_flip},
         {"exhaustive", r.exhaustive},
         {"boards", r.boards},
         {"cases", r.cases},
         {"failures", r.failures},
         {"seconds", report.seconds}};
  if (!r.exhaustive) {
    out["seed"] = report.options.seed;
    out["samples"] = report.options.samples;
  }
  if (r.first_failure) {
    out["first_failure"] = {{"board", r.first_failure->board},
                            {"key", r.first_failure->key},
                            {"answer", r.first_failure->answer}};
  }
}

}  // namespace manyworlds::escape
