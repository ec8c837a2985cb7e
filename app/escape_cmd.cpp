// `manyworlds escape`: the impossible chessboard escape. Verbs: flip (prisoner 1), find
// (prisoner 2), run (the seed's board.txt/key.txt/mode.txt folder), verify, color, count.

#include <fmt/format.h>

#include <map>
#include <memory>

#include "cli.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/escape/report.hpp"
#include "verb.hpp"

namespace manyworlds::cli {
namespace {

using escape::Naming;
using escape::StrategyKind;

const std::map<std::string, Naming> kNamings = {{"auto", Naming::Auto},
                                                {"index", Naming::Index},
                                                {"chess", Naming::Chess},
                                                {"seed", Naming::Seed}};

void add_rule_options(CLI::App& sub, escape::StrategyRequest& r) {
  const std::map<std::string, StrategyKind> strategies = {{"auto", StrategyKind::Auto},
                                                          {"xor", StrategyKind::Xor},
                                                          {"hamming", StrategyKind::Hamming},
                                                          {"dice", StrategyKind::DiceVector},
                                                          {"coloring", StrategyKind::Coloring}};
  sub.add_option("--strategy", r.kind,
                 "auto (default), xor, hamming (--allow-no-flip, n = 2^k - 1), dice (--dice), or "
                 "coloring (the seed's colouring search, n <= 16)")
      ->transform(CLI::CheckedTransformer(strategies, CLI::ignore_case))
      ->option_text("auto|xor|hamming|dice|coloring");
  sub.add_flag("--allow-no-flip", r.allow_no_flip,
               "Variant: prisoner 1 may also leave the board as it is");
  sub.add_option("--dice", r.dice, "Variant: cells hold D-sided dice turned one step (n = D^k)")
      ->check(CLI::Range(2, escape::kMaxSides));
}

void add_board_options(CLI::App& sub, escape::BoardRequest& r) {
  sub.add_option("-b,--board", r.board_file,
                 "Board file: rows of 0/1 or H/T (digits with --dice); - for stdin");
  sub.add_option("--cells", r.cells,
                 "The board inline, cells in reading order, e.g. 1011110100111010");
  sub.add_option("--naming", r.show.naming,
                 "Cell names: auto (squares on square boards; A4..D1 on 4x4), index, chess "
                 "(a1..h8), seed (A4 = 0 .. D1 = 15)")
      ->transform(CLI::CheckedTransformer(kNamings, CLI::ignore_case))
      ->option_text("auto|index|chess|seed");
  sub.add_flag(
      "--show-board", r.show.show_board,
      fmt::format("Draw the board even when it has more than {} cells", escape::kDrawLimit));
  add_rule_options(sub, r.strategy);
}

CLI::Option* add_size_option(CLI::App& sub, int& size, const char* description) {
  return sub.add_option("-n,--size", size, description)->required()->check(CLI::Range(1, 1 << 24));
}

}  // namespace

void setup_escape(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "escape", "The impossible chessboard escape: both prisoners, colourings, proofs, variants");
  sub->require_subcommand(1);

  auto flip = std::make_shared<escape::FlipRequest>();
  auto* f = sub->add_subcommand("flip", "Prisoner 1: the cell to flip so the board shows the key");
  add_board_options(*f, flip->board);
  f->add_option("-k,--key", flip->key, "The key's cell: an index or a square (c5, C2)")->required();
  f->add_flag("--write", flip->write, "Rewrite the board file after the flip (atomically)");
  f->add_option("-o,--output", flip->output, "Write the board after the flip to this file");
  on_run(*f, [flip](const RunContext&) { return escape::flip(*flip); });

  auto find = std::make_shared<escape::BoardRequest>();
  auto* d = sub->add_subcommand("find", "Prisoner 2: the key cell read from the board");
  add_board_options(*d, *find);
  on_run(*d, [find](const RunContext&) { return escape::find(*find); });

  auto run = std::make_shared<escape::RunRequest>();
  auto* r = sub->add_subcommand(
      "run", "The seed's program: board.txt, key.txt and mode.txt (1 or 2) in a folder");
  r->add_option("-d,--dir", run->dir, "The folder")->required();
  r->add_flag("--dry-run", run->dry_run, "Prisoner 1 does not rewrite board.txt");
  r->add_option("--naming", run->show.naming, "Cell names: auto, index, chess or seed")
      ->transform(CLI::CheckedTransformer(kNamings, CLI::ignore_case))
      ->option_text("auto|index|chess|seed");
  r->add_flag("--show-board", run->show.show_board, "Draw large boards too");
  add_rule_options(*r, run->strategy);
  on_run(*r, [run](const RunContext&) { return escape::run(*run); });

  auto verify = std::make_shared<escape::VerifyRequest>();
  auto verify_threads = std::make_shared<int>(0);
  auto* v = sub->add_subcommand(
      "verify", "Check a strategy on every board and key (n <= 16) or on random boards");
  add_size_option(*v, verify->size, "Number of cells");
  v->add_option("--samples", verify->options.samples,
                "Random boards checked when not exhaustive (1000)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  v->add_option("--seed", verify->options.seed, "Seed of the random boards (1)");
  add_rule_options(*v, verify->strategy);
  add_threads_option(*v, *verify_threads);
  add_force_flag(*v, verify->options.force);
  on_run(*v, [verify, verify_threads](const RunContext& context) {
    verify->options.threads = resolve_threads(*verify_threads);
    verify->options.progress = context.progress && !context.json;
    return escape::verify(*verify);
  });

  auto color = std::make_shared<escape::ColorRequest>();
  auto* c = sub->add_subcommand(
      "color", "Colour the n-cube by the seed's search, or prove that no colouring exists");
  add_size_option(*c, color->size, "Number of cells (the cube's dimension)");
  c->add_option("-m,--method", color->method, "fast (default) or seed (the straight port)")
      ->check(CLI::IsMember({"fast", "seed"}));
  c->add_flag("--allow-no-flip", color->allow_no_flip,
              "Variant: colour classes must dominate (prisoner 1 may flip nothing)");
  c->add_flag("--print", color->print, "List the colouring: one line 'vertex colour' per board");
  c->add_option("-o,--output", color->output, "Write the colouring to this file");
  on_run(*c, [color](const RunContext&) { return escape::color(*color); });

  auto count = std::make_shared<escape::CountRequest>();
  auto count_threads = std::make_shared<int>(0);
  auto* n = sub->add_subcommand("count", "The exact number of valid colourings for n cells");
  add_size_option(*n, count->size, "Number of cells");
  add_threads_option(*n, *count_threads);
  on_run(*n, [count, count_threads](const RunContext& context) {
    count->options.threads = resolve_threads(*count_threads);
    count->options.progress = context.progress && !context.json;
    return escape::count(*count);
  });
}

}  // namespace manyworlds::cli
