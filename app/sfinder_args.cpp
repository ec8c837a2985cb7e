#include "sfinder_args.hpp"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <span>
#include <string_view>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/sfinder/options.hpp"

namespace manyworlds::cli {
namespace {

namespace sf = tetris::sfinder;

struct Verb {
  std::vector<std::string_view> words;  // after the program name: {"tetris", "percent"}
  std::span<const sf::OptionSpec> (*options)();
};

// One row per verb that takes sfinder's spellings (see the header).
const std::vector<Verb> kVerbs = {
    {{"tetris", "percent"}, sf::percent_options}, {{"tetris", "util", "seq"}, sf::seq_options},
    {{"tetris", "path"}, sf::path_options},       {{"tetris", "saves"}, sf::saves_options},
    {{"tetris", "cover"}, sf::cover_options},
};

// The row whose words start the arguments (the longest), and how many words it has.
const Verb* find_verb(const std::vector<std::string>& args, std::size_t& words) {
  const Verb* best = nullptr;
  for (const Verb& v : kVerbs) {
    if (v.words.size() > args.size()) continue;
    bool match = true;
    for (std::size_t i = 0; i < v.words.size(); ++i) match = match && args[i] == v.words[i];
    if (match && (!best || v.words.size() > best->words.size())) best = &v;
  }
  words = best ? best->words.size() : 0;
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
  const Verb* verb = find_verb(args, words);
  if (!verb) return args;
  std::span<const sf::OptionSpec> specs = verb->options();
  std::vector<std::string> out(args.begin(), args.begin() + long(words));
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
    // A value left out: `--LONG` alone, which the verb reads as no value (sfinder drops empty
    // arguments, so `-p ''` gives -p no value either); for most options that means the default.
    if (values.empty()) out.push_back(name);
    for (const std::string& v : values) out.push_back(name + "=" + v);
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
