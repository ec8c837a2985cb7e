// `manyworlds escape`: the impossible chessboard escape. Verbs: flip (prisoner 1), find
// (prisoner 2), run (the seed's board.txt/key.txt/mode.txt folder), verify, color, count.

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>

#include "cli.hpp"
#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/escape/coloring.hpp"
#include "manyworlds/escape/escape.hpp"

namespace manyworlds::cli {
namespace {

using escape::Board;
using escape::CellNames;
using escape::Move;
using escape::Naming;
using escape::Strategy;
using escape::StrategyKind;

// Boards larger than this are not drawn unless --show-board.
constexpr std::size_t kDrawLimit = 1024;

struct CommonOptions {
  std::string board_file;
  std::string cells;
  Naming naming = Naming::Auto;
  StrategyKind strategy = StrategyKind::Auto;
  bool allow_no_flip = false;
  int dice = 0;  // 0: coins
  bool show_board = false;
  bool json = false;

  escape::Rules rules() const { return {dice == 0 ? 2 : dice, allow_no_flip}; }
};

void add_rule_options(CLI::App& sub, CommonOptions& o) {
  const std::map<std::string, StrategyKind> strategies = {{"auto", StrategyKind::Auto},
                                                          {"xor", StrategyKind::Xor},
                                                          {"hamming", StrategyKind::Hamming},
                                                          {"dice", StrategyKind::DiceVector},
                                                          {"coloring", StrategyKind::Coloring}};
  sub.add_option("--strategy", o.strategy,
                 "auto (default), xor, hamming (--allow-no-flip, n = 2^k - 1), dice (--dice), or "
                 "coloring (the seed's colouring search, n <= 16)")
      ->transform(CLI::CheckedTransformer(strategies, CLI::ignore_case))
      ->option_text("auto|xor|hamming|dice|coloring");
  sub.add_flag("--allow-no-flip", o.allow_no_flip,
               "Variant: prisoner 1 may also leave the board as it is");
  sub.add_option("--dice", o.dice, "Variant: cells hold D-sided dice turned one step (n = D^k)")
      ->check(CLI::Range(2, escape::kMaxSides));
}

void add_board_options(CLI::App& sub, CommonOptions& o) {
  sub.add_option("-b,--board", o.board_file,
                 "Board file: rows of 0/1 or H/T (digits with --dice); - for stdin");
  sub.add_option("--cells", o.cells,
                 "The board inline, cells in reading order, e.g. 1011110100111010");
  const std::map<std::string, Naming> namings = {{"auto", Naming::Auto},
                                                 {"index", Naming::Index},
                                                 {"chess", Naming::Chess},
                                                 {"seed", Naming::Seed}};
  sub.add_option("--naming", o.naming,
                 "Cell names: auto (squares on square boards; A4..D1 on 4x4), index, chess "
                 "(a1..h8), seed (A4 = 0 .. D1 = 15)")
      ->transform(CLI::CheckedTransformer(namings, CLI::ignore_case))
      ->option_text("auto|index|chess|seed");
  sub.add_flag("--show-board", o.show_board,
               fmt::format("Draw the board even when it has more than {} cells", kDrawLimit));
  add_rule_options(sub, o);
}

Board load_board(const CommonOptions& o) {
  if (o.board_file.empty() == o.cells.empty()) {
    throw UsageError("escape: give exactly one of --board FILE and --cells CELLS");
  }
  int sides = o.rules().sides;
  if (!o.board_file.empty())
    return escape::parse_board(read_text(o.board_file, input_limit::kBoard), sides);
  return escape::parse_cells(o.cells, sides);
}

Json cell_json(const CellNames& names, std::size_t cell) {
  Json j = {{"cell", cell}};
  if (names.has_squares()) j["square"] = names.square(cell);
  return j;
}

Json move_json(const CellNames& names, Move move) {
  return move ? cell_json(names, *move) : Json(nullptr);
}

std::string move_text(const CellNames& names, Move move, int sides) {
  if (!move) return "none (the board already shows the key)";
  return fmt::format("{} {}", sides == 2 ? "flip" : "turn", names.both(*move));
}

// A grid with ranks on the left and column letters below when cells have square names.
std::string draw(const Board& board, const CellNames& names) {
  std::string grid = escape::draw_board(board);
  if (!names.has_squares()) return grid;
  std::string out;
  std::size_t row = 0;
  for (std::string_view line : split_lines(grid)) {
    out += fmt::format("{:>3} | {}\n", names.side - row, line);
    ++row;
  }
  out += "      ";
  for (std::size_t c = 0; c < names.side; ++c) {
    if (c > 0) out += ' ';
    out += static_cast<char>((names.upper ? 'A' : 'a') + c);
  }
  out += '\n';
  return out;
}

void print_board(const Board& board, const CellNames& names, bool show, std::string_view title) {
  if (board.size() > kDrawLimit && !show) {
    fmt::print("{}: {} cells in {} rows of {} (not drawn; --show-board draws it)\n", title,
               board.size(), board.rows(), board.width);
    return;
  }
  fmt::print("{} ({} cells{}):\n{}", title, board.size(),
             board.rows() > 1 ? fmt::format(", {} x {}", board.rows(), board.width) : "",
             draw(board, names));
}

std::string syndrome_name(const Strategy& s) {
  switch (s.kind()) {
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

// The seed's vertex numbers (cell 0 most significant) for coin boards of up to 64 cells.
std::optional<std::uint64_t> vertex_of(const Board& board, int sides) {
  if (sides != 2 || board.size() > 64) return std::nullopt;
  return escape::seed_vertex_index(board.cells);
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

// --- flip / find / run ----------------------------------------------------------------------

struct FlipOptions {
  CommonOptions common;
  std::string key;
  bool write = false;
  std::string output;
};

// Prisoner 1 on `board`; writes the result to `write_path` when not empty.
void prisoner_one(Board board, const std::string& key_text, const CommonOptions& o,
                  const std::string& write_path, std::string_view key_what) {
  escape::Rules rules = o.rules();
  CellNames names = names_for(board, o.naming);
  std::size_t key = parse_key(key_text, board, o.naming, key_what);
  Strategy strategy = Strategy::make(board.size(), rules, o.strategy);
  Board before = board;
  std::size_t syndrome = strategy.syndrome(board.cells);
  Move move = strategy.move(board.cells, key);
  strategy.apply(board.cells, move);
  std::size_t answer = strategy.answer(board.cells);
  if (answer != key) throw std::logic_error("strategy failed on this board");
  if (!write_path.empty()) write_file_atomically(write_path, escape::format_board(board));

  auto vb = vertex_of(before, rules.sides), va = vertex_of(board, rules.sides);
  if (o.json) {
    Json j = {{"prisoner", 1},
              {"cells", board.size()},
              {"width", board.width},
              {"strategy", std::string(strategy.name())},
              {"key", cell_json(names, key)},
              {"syndrome", syndrome},
              {"move", move_json(names, move)},
              {"board_before", escape::cells_string(before)},
              {"board_after", escape::cells_string(board)},
              {"answer", cell_json(names, answer)}};
    if (vb) {
      j["vertex_before"] = *vb;
      j["vertex_after"] = *va;
    }
    j["written"] = write_path.empty() ? Json(nullptr) : Json(write_path);
    print_json(j);
    return;
  }
  print_board(before, names, o.show_board, "board");
  fmt::print("strategy: {}\n", strategy.name());
  fmt::print("key: {}\n", names.both(key));
  fmt::print("{}: {}\n", syndrome_name(strategy), syndrome);
  fmt::print("prisoner 1: {}\n", move_text(names, move, rules.sides));
  if (vb) fmt::print("vertex (seed numbering, cell 0 most significant): {} -> {}\n", *vb, *va);
  print_board(board, names, o.show_board, "board after");
  fmt::print("prisoner 2 will read {} {}: key at {}\n", syndrome_name(strategy),
             strategy.syndrome(board.cells), names.both(answer));
  if (!write_path.empty()) fmt::print("wrote {}\n", write_path);
}

void prisoner_two(const Board& board, const CommonOptions& o) {
  CellNames names = names_for(board, o.naming);
  Strategy strategy = Strategy::make(board.size(), o.rules(), o.strategy);
  std::size_t syndrome = strategy.syndrome(board.cells);
  std::size_t answer = strategy.answer(board.cells);
  auto vertex = vertex_of(board, o.rules().sides);
  if (o.json) {
    Json j = {{"prisoner", 2},        {"cells", board.size()},
              {"width", board.width}, {"strategy", std::string(strategy.name())},
              {"syndrome", syndrome}, {"answer", cell_json(names, answer)}};
    if (vertex) j["vertex"] = *vertex;
    print_json(j);
    return;
  }
  print_board(board, names, o.show_board, "board");
  fmt::print("strategy: {}\n", strategy.name());
  fmt::print("{}: {}\n", syndrome_name(strategy), syndrome);
  if (vertex) fmt::print("vertex (seed numbering, cell 0 most significant): {}\n", *vertex);
  fmt::print("prisoner 2: the key is under {}\n", names.both(answer));
}

void run_flip(const FlipOptions& f) {
  if (f.write && f.common.board_file.empty())
    throw UsageError("escape flip: --write needs --board FILE");
  if (f.write && f.common.board_file == "-")
    throw UsageError("escape flip: --write cannot rewrite stdin");
  if (f.write && !f.output.empty())
    throw UsageError("escape flip: give --write or --output, not both");
  Board board = load_board(f.common);
  std::string path = f.write ? f.common.board_file : f.output;
  prisoner_one(std::move(board), f.key, f.common, path, "--key");
}

void run_find(const CommonOptions& o) {
  prisoner_two(load_board(o), o);
}

struct RunOptions {
  CommonOptions common;
  std::string dir;
  bool dry_run = false;
};

void run_run(const RunOptions& r) {
  namespace fs = std::filesystem;
  fs::path dir(r.dir);
  std::string board_path = (dir / "board.txt").string();
  std::string mode_text(trim(read_text((dir / "mode.txt").string())));
  if (mode_text != "1" && mode_text != "2") {
    throw InputError(fmt::format("{}: mode is '{}', expected 1 (prisoner 1) or 2 (prisoner 2)",
                                 (dir / "mode.txt").string(), mode_text));
  }
  Board board =
      escape::parse_board(read_text(board_path, input_limit::kBoard), r.common.rules().sides);
  if (mode_text == "2") {
    prisoner_two(board, r.common);
    return;
  }
  std::string key_path = (dir / "key.txt").string();
  std::string key_text = read_text(key_path);
  prisoner_one(std::move(board), key_text, r.common, r.dry_run ? "" : board_path, key_path);
}

// --- verify ----------------------------------------------------------------------------------

struct VerifyCmdOptions {
  CommonOptions common;
  int size = 0;
  std::uint64_t samples = 1000;
  std::uint64_t seed = 1;
  int threads = 0;
  bool force = false;
};

void run_verify(const VerifyCmdOptions& v) {
  const CommonOptions& o = v.common;
  Strategy strategy = Strategy::make(static_cast<std::size_t>(v.size), o.rules(), o.strategy);
  escape::VerifyOptions options;
  options.samples = v.samples;
  options.seed = v.seed;
  options.threads = resolve_threads(v.threads);
  options.progress = show_progress() && !o.json;
  options.force = v.force;
  Stopwatch watch;
  escape::VerifyResult r = escape::verify(strategy, options);
  double seconds = watch.seconds();
  if (o.json) {
    Json j = {{"cells", r.cells},           {"strategy", std::string(strategy.name())},
              {"sides", o.rules().sides},   {"allow_no_flip", o.allow_no_flip},
              {"exhaustive", r.exhaustive}, {"boards", r.boards},
              {"cases", r.cases},           {"failures", r.failures},
              {"seconds", seconds}};
    if (!r.exhaustive) {
      j["seed"] = v.seed;
      j["samples"] = v.samples;
    }
    if (r.first_failure) {
      j["first_failure"] = {{"board", r.first_failure->board},
                            {"key", r.first_failure->key},
                            {"answer", r.first_failure->answer}};
    }
    print_json(j);
  } else {
    fmt::print("verify: {} strategy on {} cells{}{}, {}\n", strategy.name(), r.cells,
               o.dice ? fmt::format(" ({}-sided dice)", o.dice) : "",
               o.allow_no_flip ? " (prisoner 1 may flip nothing)" : "",
               r.exhaustive ? "every board and every key"
                            : fmt::format("{} random boards from seed {}", v.samples, v.seed));
    fmt::print("checked {} boards, {} cases: {} failures ({:.3f} s)\n", r.boards, r.cases,
               r.failures, seconds);
  }
  if (r.failures != 0) {
    throw InputError(
        fmt::format("verify: the strategy failed on {} of {} cases", r.failures, r.cases));
  }
}

// --- color -----------------------------------------------------------------------------------

struct ColorOptions {
  int size = 0;
  std::string method = "fast";
  bool allow_no_flip = false;
  bool print = false;
  std::string output;
  bool json = false;
};

std::string coloring_text(const std::vector<std::uint8_t>& colors) {
  std::string out;
  for (std::size_t v = 0; v < colors.size(); ++v) out += fmt::format("{} {}\n", v, colors[v]);
  return out;
}

void emit_coloring(const ColorOptions& c, const std::vector<std::uint8_t>& colors, Json& j) {
  if (!c.output.empty()) {
    write_file_atomically(c.output, coloring_text(colors));
    j["written"] = c.output;
  }
  if (c.print) j["colors"] = colors;
}

void color_no_flip(const ColorOptions& c) {
  const int n = c.size;
  Json j = {{"size", n}, {"allow_no_flip", true}};
  std::vector<std::uint8_t> colors;
  std::string how;
  bool decided = true;
  std::uint64_t nodes = 0;
  auto un = static_cast<std::size_t>(n);
  if (n <= 16 && (escape::is_power_of_two(un) || escape::is_power_of_two(un + 1))) {
    escape::Rules rules{2, true};
    colors = escape::strategy_coloring(Strategy::make(un, rules, StrategyKind::Auto));
    how = escape::is_power_of_two(un) ? "xor strategy" : "Hamming code";
  } else if (n <= escape::kMaxDominatingSetDimension &&
             !escape::search_dominating_set(n, (1 << n) / n).exists) {
    escape::DominatingSetSearch bound = escape::search_dominating_set(n, (1 << n) / n);
    nodes = bound.nodes;
    how = fmt::format(
        "every colour class must dominate the {}-cube; an exhaustive search finds no dominating "
        "set of {} boards or fewer, so the {} classes need at least {} x {} = {} > {} boards",
        n, (1 << n) / n, n, n, (1 << n) / n + 1, n * ((1 << n) / n + 1), 1 << n);
  } else if (n <= escape::kMaxDominatingDimension) {
    escape::DominatingSearch s = escape::search_dominating(n);
    nodes = s.nodes;
    decided = s.complete;
    colors = std::move(s.colors);
    how = "exhaustive search";
  } else {
    decided = false;
    how = n > 16 ? "n > 16" : "beyond the search's reach";
  }
  bool exists = !colors.empty();
  bool verified = exists && escape::is_dominating_coloring(n, colors);
  if (exists && !verified) throw std::logic_error("allow-no-flip colouring failed its check");
  j["method"] = how;
  j["decided"] = decided;
  j["exists"] = decided ? Json(exists) : Json(nullptr);
  if (nodes) j["nodes"] = nodes;
  j["verified"] = verified;
  if (exists) emit_coloring(c, colors, j);
  if (c.json) {
    print_json(j);
    return;
  }
  if (exists) {
    fmt::print(
        "allow-no-flip, n = {}: a strategy exists ({}); every board and its {} neighbours "
        "show all {} colours: verified\n",
        n, how, n, n);
    if (nodes) fmt::print("search: {} colours tried\n", nodes);
  } else if (decided) {
    fmt::print("allow-no-flip, n = {}: no strategy exists: {} ({} sets tried)\n", n, how, nodes);
  } else {
    fmt::print(
        "allow-no-flip, n = {}: not decided ({}); strategies are known for n = 2^k and "
        "n = 2^k - 1\n",
        n, how);
  }
  if (c.print && exists) fmt::print("{}", coloring_text(colors));
  if (!c.output.empty() && exists) fmt::print("wrote {}\n", c.output);
}

void run_color(const ColorOptions& c) {
  if (c.allow_no_flip) {
    color_no_flip(c);
    return;
  }
  const int n = c.size;
  if (!escape::is_power_of_two(static_cast<std::uint64_t>(n))) {
    if (c.print || !c.output.empty()) {
      throw InputError(fmt::format("no colouring exists for n = {} to print or write", n));
    }
    escape::ImpossibilityProof p = escape::prove_impossible(n);
    Json j = {{"size", n},
              {"exists", false},
              {"counting_argument", p.counting_argument},
              {"searched", p.searched}};
    if (p.searched) {
      j["search"] = {{"half", "even-weight boards"},
                     {"complete", p.search.complete},
                     {"nodes", p.search.nodes},
                     {"colorings_found", p.search.canonical}};
    }
    if (c.json) {
      print_json(j);
      return;
    }
    fmt::print("n = {}: no strategy exists.\n", n);
    fmt::print("counting argument: {}.\n", p.counting_argument);
    if (p.searched) {
      fmt::print(
          "exhaustive search: no colouring of the {} even-weight boards of the {}-cube with {} "
          "colours gives boards at distance 2 different colours ({} colours tried, search "
          "complete), so none of the whole cube exists\n",
          std::uint64_t{1} << (n - 1), n, n, p.search.nodes);
    } else {
      fmt::print("exhaustive search: not run for n > {}\n", escape::kMaxProofDimension);
    }
    return;
  }
  if (n > escape::kMaxColoringDimension) {
    throw InputError(fmt::format(
        "color: the colouring search is for n up to {} (2^n boards), not {}; the xor strategy "
        "covers every power of two (escape verify --size {})",
        escape::kMaxColoringDimension, n, n));
  }
  Stopwatch watch;
  escape::ColoringResult r =
      c.method == "seed" ? escape::color_hypercube_seed(n) : escape::color_hypercube(n);
  double seconds = watch.seconds();
  bool verified = escape::is_perfect_coloring(n, r.colors);
  if (!verified) throw std::logic_error("colouring failed its independent check");
  std::vector<std::uint8_t> xor_colors = escape::xor_coloring(n);
  std::size_t same = 0;
  for (std::size_t v = 0; v < xor_colors.size(); ++v) same += xor_colors[v] == r.colors[v];
  Json j = {{"size", n},
            {"exists", true},
            {"method", c.method},
            {"vertices", r.colors.size()},
            {"assignments", r.assignments},
            {"backtracks", r.backtracks},
            {"verified", verified},
            {"same_as_xor", same},
            {"seconds", seconds}};
  emit_coloring(c, r.colors, j);
  if (c.json) {
    print_json(j);
    return;
  }
  fmt::print(
      "coloured the {}-cube ({} boards) with {} colour{} by the seed's search ({} method): "
      "{} colours given, {} backtracks, {:.3f} s\n",
      n, r.colors.size(), n, n == 1 ? "" : "s", c.method, r.assignments, r.backtracks, seconds);
  fmt::print("independent check: every board has exactly one neighbour of each colour: ok\n");
  fmt::print("agrees with the xor strategy's colouring on {} of {} boards\n", same,
             r.colors.size());
  if (c.print) fmt::print("{}", coloring_text(r.colors));
  if (!c.output.empty()) fmt::print("wrote {}\n", c.output);
}

// --- count -----------------------------------------------------------------------------------

struct CountOptions {
  int size = 0;
  int threads = 0;
  bool json = false;
};

void run_count(const CountOptions& c) {
  bool power = escape::is_power_of_two(static_cast<std::uint64_t>(c.size));
  if (c.size > escape::kMaxCountDimension && !power) {
    // Beyond the search, the counting argument alone gives the (exact) answer 0.
    std::string why = escape::prove_impossible(c.size).counting_argument;
    if (c.json) {
      print_json({{"size", c.size},
                  {"colorings", big_json(BigInt(0))},
                  {"method", "counting argument"},
                  {"counting_argument", why}});
    } else {
      fmt::print("n = {}: 0 valid colourings (counting argument: {})\n", c.size, why);
    }
    return;
  }
  if (c.size > escape::kMaxCountDimension) {
    throw InputError(fmt::format(
        "count: n = {} is beyond reach (counted for n = 1..{}); for n = 16 the halves alone have "
        "2^15 boards each",
        c.size, escape::kMaxCountDimension));
  }
  Stopwatch watch;
  escape::HalfSearch halves[2];
  Progress progress("count: colours tried", 0, show_progress() && !c.json);
  parallel_for(2, resolve_threads(c.threads), [&](std::size_t h) {
    halves[h] = escape::search_half(c.size, static_cast<int>(h), false, 0, &progress);
  });
  BigInt total = halves[0].colorings * halves[1].colorings;
  double seconds = watch.seconds();
  if (c.json) {
    Json j = {{"size", c.size}, {"colorings", big_json(total)}};
    for (int h = 0; h < 2; ++h) {
      j[h == 0 ? "even_half" : "odd_half"] = {{"colorings", big_json(halves[h].colorings)},
                                              {"up_to_renaming_colors", halves[h].canonical},
                                              {"nodes", halves[h].nodes}};
    }
    j["seconds"] = seconds;
    print_json(j);
    return;
  }
  fmt::print("n = {}: {} valid colourings (strategies for prisoner 2's reading)\n", c.size, total);
  for (int h = 0; h < 2; ++h) {
    fmt::print("  {} half: {} colourings ({} up to renaming colours; {} colours tried)\n",
               h == 0 ? "even" : "odd", halves[h].colorings, halves[h].canonical, halves[h].nodes);
  }
  if (!escape::is_power_of_two(static_cast<std::uint64_t>(c.size))) {
    fmt::print("  (n is not a power of two: the counting argument rules every colouring out)\n");
  }
}

}  // namespace

void setup_escape(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "escape", "The impossible chessboard escape: both prisoners, colourings, proofs, variants");
  sub->require_subcommand(1);

  auto flip = std::make_shared<FlipOptions>();
  auto* f = sub->add_subcommand("flip", "Prisoner 1: the cell to flip so the board shows the key");
  add_board_options(*f, flip->common);
  f->add_option("-k,--key", flip->key, "The key's cell: an index or a square (c5, C2)")->required();
  f->add_flag("--write", flip->write, "Rewrite the board file after the flip (atomically)");
  f->add_option("-o,--output", flip->output, "Write the board after the flip to this file");
  add_json_flag(*f, flip->common.json);
  f->callback([flip] { run_flip(*flip); });

  auto find = std::make_shared<CommonOptions>();
  auto* d = sub->add_subcommand("find", "Prisoner 2: the key cell read from the board");
  add_board_options(*d, *find);
  add_json_flag(*d, find->json);
  d->callback([find] { run_find(*find); });

  auto run = std::make_shared<RunOptions>();
  auto* r = sub->add_subcommand(
      "run", "The seed's program: board.txt, key.txt and mode.txt (1 or 2) in a folder");
  r->add_option("-d,--dir", run->dir, "The folder")->required();
  r->add_flag("--dry-run", run->dry_run, "Prisoner 1 does not rewrite board.txt");
  const std::map<std::string, Naming> namings = {{"auto", Naming::Auto},
                                                 {"index", Naming::Index},
                                                 {"chess", Naming::Chess},
                                                 {"seed", Naming::Seed}};
  r->add_option("--naming", run->common.naming, "Cell names: auto, index, chess or seed")
      ->transform(CLI::CheckedTransformer(namings, CLI::ignore_case))
      ->option_text("auto|index|chess|seed");
  r->add_flag("--show-board", run->common.show_board, "Draw large boards too");
  add_rule_options(*r, run->common);
  add_json_flag(*r, run->common.json);
  r->callback([run] { run_run(*run); });

  auto verify = std::make_shared<VerifyCmdOptions>();
  auto* v = sub->add_subcommand(
      "verify", "Check a strategy on every board and key (n <= 16) or on random boards");
  v->add_option("-n,--size", verify->size, "Number of cells")
      ->required()
      ->check(CLI::Range(1, 1 << 24));
  v->add_option("--samples", verify->samples, "Random boards checked when not exhaustive (1000)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  v->add_option("--seed", verify->seed, "Seed of the random boards (1)");
  add_rule_options(*v, verify->common);
  add_threads_option(*v, verify->threads);
  add_force_flag(*v, verify->force);
  add_json_flag(*v, verify->common.json);
  v->callback([verify] { run_verify(*verify); });

  auto color = std::make_shared<ColorOptions>();
  auto* c = sub->add_subcommand(
      "color", "Colour the n-cube by the seed's search, or prove that no colouring exists");
  c->add_option("-n,--size", color->size, "Number of cells (the cube's dimension)")
      ->required()
      ->check(CLI::Range(1, 1 << 24));
  c->add_option("-m,--method", color->method, "fast (default) or seed (the straight port)")
      ->check(CLI::IsMember({"fast", "seed"}));
  c->add_flag("--allow-no-flip", color->allow_no_flip,
              "Variant: colour classes must dominate (prisoner 1 may flip nothing)");
  c->add_flag("--print", color->print, "List the colouring: one line 'vertex colour' per board");
  c->add_option("-o,--output", color->output, "Write the colouring to this file");
  add_json_flag(*c, color->json);
  c->callback([color] { run_color(*color); });

  auto count = std::make_shared<CountOptions>();
  auto* n = sub->add_subcommand("count", "The exact number of valid colourings for n cells");
  n->add_option("-n,--size", count->size, "Number of cells")
      ->required()
      ->check(CLI::Range(1, 1 << 24));
  add_threads_option(*n, count->threads);
  add_json_flag(*n, count->json);
  n->callback([count] { run_count(*count); });
}

}  // namespace manyworlds::cli
