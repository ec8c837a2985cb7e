#include "sfinder_args.hpp"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <span>
#include <string_view>

#include "cli.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"

namespace manyworlds::cli {
namespace {

namespace sf = tetris::sfinder;

// The table of the command that the arguments start with (the longest), and how many words
// name it; null when that command takes no sfinder spellings.
std::span<const sf::OptionSpec> find_table(const std::vector<std::string>& args,
                                           std::size_t& words) {
  std::span<const sf::OptionSpec> best;
  words = 0;
  for (const Command& c : commands()) {
    std::size_t n = c.groups.size() + 1;
    if (!c.sfinder || n > args.size() || n <= words) continue;
    bool match = args[n - 1] == c.name;
    for (std::size_t i = 0; i < c.groups.size(); ++i) match = match && args[i] == c.groups[i];
    if (match) {
      best = c.sfinder();
      words = n;
    }
  }
  return best;
}

// The values sfinder's parser gives an option that takes them (Arity::Many: all that follow).
std::vector<std::string> values_after(const std::vector<std::string>& args, std::size_t& i,
                                      sf::Arity arity) {
  std::vector<std::string> values;
  while (i + 1 < args.size() && args[i + 1] != "--" && sf::is_value(args[i + 1])) {
    values.push_back(args[++i]);
    if (arity == sf::Arity::One) break;
  }
  return values;
}

}  // namespace

std::vector<std::string> normalize_sfinder_args(const std::vector<std::string>& args) {
  std::size_t words = 0;
  std::span<const sf::OptionSpec> specs = find_table(args, words);
  if (specs.empty()) return args;
  std::vector<std::string> out(args.begin(), args.begin() + long(words));
  // sfinder's util fig parses the raw arguments (FigUtilSettingParser): an empty one is a value
  // (`-F ''` is an unsupported format). Its other verbs drop empty arguments first.
  const bool empty_is_value = specs.data() == sf::fig_options().data();
  for (std::size_t i = words; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--") {
      out.insert(out.end(), args.begin() + long(i), args.end());
      break;
    }
    sf::OptionMatch m = sf::match_option(specs, arg, /*lenient=*/true);
    if (!m.ambiguous.empty()) {
      throw UsageError(
          fmt::format("ambiguous option {} (could be --{})", arg, fmt::join(m.ambiguous, ", --")));
    }
    if (!m.spec) {
      out.push_back(arg);
      continue;
    }
    std::string name = "--" + std::string(m.spec->long_name);
    if (m.spec->arity == sf::Arity::None) {
      out.push_back(name);
      continue;
    }
    std::vector<std::string> values;
    if (m.value) values.push_back(*m.value);
    if (!m.value || (m.cluster && m.spec->arity == sf::Arity::Many)) {
      auto more = values_after(args, i, m.spec->arity);
      values.insert(values.end(), more.begin(), more.end());
    }
    if (!m.value && values.empty() && empty_is_value && i + 1 < args.size() &&
        args[i + 1].empty()) {
      values.push_back(args[++i]);
    }
    // A value left out: `--LONG` alone, which the verb reads as no value (sfinder drops empty
    // arguments, so `-p ''` gives -p no value either); for most options that means the default.
    if (values.empty()) out.push_back(name);
    for (const std::string& v : values) {
      if (v.empty()) {  // util fig's empty value: CLI11 reads `--NAME=` as no value
        out.push_back(name);
        out.push_back(v);
      } else {
        out.push_back(name + "=" + v);
      }
    }
  }
  return out;
}

void add_sfinder_options(CLI::App& verb, std::span<const sf::OptionSpec> table,
                         SfinderValues& values) {
  for (const sf::OptionSpec& spec : table) {
    if (spec.long_name == "help") continue;  // CLI11's own
    if (spec.names.empty() || spec.help.empty()) {
      throw std::logic_error(fmt::format("{}: sfinder's option --{} has no spelling or help",
                                         verb.get_name(), spec.long_name));
    }
    verb.add_option(std::string(spec.names), values[std::string(spec.long_name)],
                    std::string(spec.help))
        ->type_name(std::string(spec.type))
        ->expected(0, 1)           // a value left out arrives as ""
        ->allow_extra_args(false)  // else CLI11 splits "[SZ],[LJ]" as a list
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  }
}

sf::OptionValues option_values(const SfinderValues& values) {
  sf::OptionValues out;
  for (const auto& [name, given] : values) {
    for (const std::string& v : given) {
      out.add(name, v.empty() ? std::vector<std::string>{} : std::vector<std::string>{v});
    }
  }
  return out;
}

void use_sfinder_help(CLI::App& verb) {
  auto current = std::dynamic_pointer_cast<CLI::Formatter>(verb.get_formatter());
  auto formatter =
      current ? std::make_shared<CLI::Formatter>(*current) : std::make_shared<CLI::Formatter>();
  formatter->label("Usage", "usage");
  verb.formatter(formatter);
}

}  // namespace manyworlds::cli
