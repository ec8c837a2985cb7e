#include <fmt/format.h>

#include <algorithm>

#include "cli.hpp"
#include "manyworlds/core/error.hpp"

namespace manyworlds::cli {

void setup_dice(CLI::App& app);
void setup_lock(CLI::App& app);
void setup_escape(CLI::App& app);
void setup_cards(CLI::App& app);
void setup_tetris_show(CLI::App& tetris);
void setup_tetris_moves(CLI::App& tetris);
void setup_tetris_patterns(CLI::App& tetris);
void setup_tetris_percent(CLI::App& tetris);
void setup_tetris_setup_percent(CLI::App& tetris);
void setup_tetris_cover(CLI::App& tetris);
void setup_tetris_fig(CLI::App& tetris);
void setup_tetris_path(CLI::App& tetris);
void setup_tetris_saves(CLI::App& tetris);
void setup_tetris_setup(CLI::App& tetris);
void setup_tetris_spin(CLI::App& tetris);
void setup_tetris_util_seq(CLI::App& util);
void setup_tetris_ren(CLI::App& tetris);
void setup_tetris_combo(CLI::App& tetris);
void setup_tetris_verify_kicks(CLI::App& verify);
void setup_tetris_util_fumen(CLI::App& util);
void setup_tetris_util_fig(CLI::App& util);
void setup_tour(CLI::App& app);
void setup_bench(CLI::App& app);

namespace sf = tetris::sfinder;

const std::vector<Command>& commands() {
  static const std::vector<Command> all = {
      {{}, "dice", setup_dice},
      {{}, "lock", setup_lock},
      {{}, "escape", setup_escape},
      {{}, "cards", setup_cards},
      {{"tetris"}, "show", setup_tetris_show},
      {{"tetris"}, "moves", setup_tetris_moves},
      {{"tetris"}, "patterns", setup_tetris_patterns},
      {{"tetris"}, "percent", setup_tetris_percent, sf::percent_options},
      {{"tetris"}, "setup-percent", setup_tetris_setup_percent},
      {{"tetris"}, "cover", setup_tetris_cover, sf::cover_options},
      {{"tetris"}, "fig", setup_tetris_fig, sf::fig_options},
      {{"tetris"}, "path", setup_tetris_path, sf::path_options},
      {{"tetris"}, "saves", setup_tetris_saves, sf::saves_options},
      {{"tetris"}, "setup", setup_tetris_setup, sf::setup_options},
      {{"tetris"}, "spin", setup_tetris_spin, sf::spin_options},
      {{"tetris"}, "ren", setup_tetris_ren, sf::ren_options},
      {{"tetris"}, "combo", setup_tetris_combo, sf::ren_options},
      {{"tetris", "util"}, "seq", setup_tetris_util_seq, sf::seq_options},
      {{"tetris", "util"}, "fumen", setup_tetris_util_fumen, sf::util_fumen_options},
      {{"tetris", "util"}, "fig", setup_tetris_util_fig, sf::fig_options},
      {{"tetris", "verify"}, "kicks", setup_tetris_verify_kicks, sf::verify_kicks_options},
      {{}, "tour", setup_tour},
      {{}, "bench", setup_bench},
  };
  return all;
}

const std::vector<Group>& groups() {
  static const std::vector<Group> all = {
      {{"tetris"},
       "Tetris (solution-finder conventions): fields, placements, fumen, success rates"},
      {{"tetris", "util"}, "sfinder's utilities"},
      {{"tetris", "verify"}, "sfinder's checks of its inputs"},
  };
  return all;
}

namespace {

// The CLI11 node of a group, made (with its parents) when first asked for.
CLI::App& group_node(CLI::App& app, const std::vector<std::string_view>& words) {
  CLI::App* node = &app;
  for (std::size_t n = 1; n <= words.size(); ++n) {
    std::string name(words[n - 1]);
    auto named = [&](const CLI::App* sub) { return sub->get_name() == name; };
    const std::vector<CLI::App*> found = node->get_subcommands(named);
    CLI::App* child = found.empty() ? nullptr : found.front();
    if (!child) {
      const Group* group = nullptr;
      for (const Group& g : groups()) {
        if (std::equal(g.words.begin(), g.words.end(), words.begin(), words.begin() + long(n))) {
          if (g.words.size() == n) group = &g;
        }
      }
      if (!group) throw std::logic_error("no group " + name + " in the registry");
      child = node->add_subcommand(name, std::string(group->help));
      child->require_subcommand(1);
    }
    node = child;
  }
  return *node;
}

}  // namespace

void add_commands(CLI::App& app, const std::vector<std::string>& args) {
  // Only what the arguments name is set up: a short run's start-up is mostly building the
  // command tree. A whole command path (`tetris percent`) sets up that command alone; a first
  // word that names a puzzle or group sets up its commands (for its help and its errors);
  // anything else, everything.
  auto path_named = [&](const Command& c) {
    if (args.size() <= c.groups.size()) return false;
    return std::equal(c.groups.begin(), c.groups.end(), args.begin()) &&
           args[c.groups.size()] == c.name;
  };
  auto first = [](const Command& c) { return c.groups.empty() ? c.name : c.groups.front(); };
  auto first_named = [&](const Command& c) { return !args.empty() && first(c) == args.front(); };
  const auto& all = commands();
  auto chosen = std::find_if(all.begin(), all.end(), path_named);
  if (chosen != all.end()) {
    chosen->setup(group_node(app, chosen->groups));
    return;
  }
  const bool named = std::any_of(all.begin(), all.end(), first_named);
  for (const Command& c : all) {
    if (!named || first_named(c)) c.setup(group_node(app, c.groups));
  }
}

void check_verb(const CLI::App& app, const std::vector<std::string>& args) {
  auto children = [](const CLI::App* node) {
    return node->get_subcommands([](const CLI::App*) { return true; });
  };
  auto names = [&](const CLI::App* node) {
    std::vector<std::string> out;
    for (const CLI::App* sub : children(node)) out.push_back(sub->get_name());
    return fmt::format("{}", fmt::join(out, ", "));
  };
  const CLI::App* node = &app;
  std::string path;
  for (const std::string& arg : args) {
    if (arg.starts_with("-")) return;  // an option: CLI11 judges the rest
    const CLI::App* child = nullptr;
    for (const CLI::App* sub : children(node)) {
      if (sub->get_name() == arg) child = sub;
    }
    if (!child) {
      if (node == &app) {
        throw UsageError(fmt::format("unknown command '{}' (commands: {})", arg, names(node)));
      }
      if (node->get_require_subcommand_min() == 0) return;  // a verb's own arguments
      throw UsageError(fmt::format("{}: unknown verb '{}' (verbs: {})", path, arg, names(node)));
    }
    path += (path.empty() ? "" : " ") + arg;
    node = child;
  }
  if (node != &app && node->get_require_subcommand_min() > 0) {
    throw UsageError(fmt::format("{}: give a verb (verbs: {})", path, names(node)));
  }
}

}  // namespace manyworlds::cli
