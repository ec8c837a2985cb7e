#include "manyworlds/tetris/sfinder/inputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/board/fumen.hpp"

namespace manyworlds::tetris::sfinder {
std::optional<std::pair<std::string, std::string>> OptionSources::first(
    std::string_view name) const {
  for (const auto& [values, source] : sources_) {
    if (auto v = values->first(name)) return std::pair{*v, source};
  }
  return std::nullopt;
}

bool OptionSources::has(std::string_view name) const {
  return std::any_of(sources_.begin(), sources_.end(),
                     [&](const auto& s) { return s.first->has(name); });
}

std::pair<std::vector<std::string>, std::string> OptionSources::all(std::string_view name) const {
  for (const auto& [values, source] : sources_) {
    auto v = values->all(name);
    if (!v.empty()) return {v, source};
  }
  return {};
}

std::optional<int> OptionSources::integer(std::string_view name) const {
  auto v = first(name);
  if (!v) return std::nullopt;
  auto n = java_int(v->first);
  if (!n) {
    throw InputError(fmt::format("{}: --{} '{}' is not an integer", v->second, name, v->first));
  }
  return n;
}

std::optional<bool> OptionSources::yes_no(std::string_view name) const {
  auto v = first(name);
  if (!v) return std::nullopt;
  auto b = java_bool(v->first);
  if (!b) {
    throw InputError(fmt::format("{}: --{} '{}' is not a yes/no word (yes, no, true, false, ...)",
                                 v->second, name, v->first));
  }
  return b;
}

std::optional<std::string> fumen_in_line(std::string_view line) {
  auto data_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '?' ||
           c == '+' || c == '/';
  };
  for (std::size_t i = 0; i + 5 < line.size(); ++i) {
    char k = line[i];
    if ((k != 'v' && k != 'm' && k != 'd') || line[i + 4] != '@') continue;
    if (!std::all_of(line.begin() + long(i) + 1, line.begin() + long(i) + 4,
                     [](char c) { return c >= '0' && c <= '9'; })) {
      continue;
    }
    std::size_t end = i + 5;
    while (end < line.size() && data_char(line[end])) ++end;
    if (end == i + 5) continue;
    std::string_view data = line.substr(i, end - i);
    if (data.substr(1, 4) != "115@") return std::nullopt;  // older data: not a fumen to sfinder
    return std::string(data);
  }
  return std::nullopt;
}

FieldFile load_fumen_page(const std::string& text, int page, std::span<const OptionSpec> table) {
  std::vector<fumen::Page> pages = fumen::decode(text);
  if (page < 1) {
    throw InputError(fmt::format("fumen: page {} out of range (pages start at 1)", page));
  }
  if (std::size_t(page) > pages.size()) {
    throw InputError(fmt::format("fumen: page {} out of range (the data has {} page{})", page,
                                 pages.size(), pages.size() == 1 ? "" : "s"));
  }
  const fumen::Page& p = pages[std::size_t(page) - 1];
  FieldFile out{p.merged(), parse_comment(p.comment, table), p.field};
  if (p.piece) {
    for (const Cell& c : shape(p.piece->piece, p.piece->rotation).cells) {
      int x = p.piece->x + c.x, y = p.piece->y + c.y;
      if (x >= 0 && x < kWidth && y >= 0 && y < fumen::kFieldHeight) {
        out.colors.set(x, y, fumen::piece_color(p.piece->piece));
      }
    }
  }
  return out;
}

namespace {

// The rows of a text field file, joined (ColoredFieldFactory.createColoredField): 10 marks a
// row, the last row is y = 0; `_` and space empty, a piece letter that piece's colour (percent
// and path read upper-case letters only), anything else gray.
FieldFile rows_field(const std::vector<std::string>& lines, std::string_view name) {
  std::string marks;
  for (const std::string& line : lines) marks += line;
  if (marks.size() % 10 != 0) {
    throw InputError(fmt::format("field file {}: {} marks in the rows, not a multiple of 10", name,
                                 marks.size()));
  }
  int rows = int(marks.size() / 10);
  if (rows > kMaxHeight) {
    throw InputError(fmt::format("field file {}: {} rows, at most {}", name, rows, kMaxHeight));
  }
  FieldFile out;
  for (int y = 0; y < rows; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      char mark = marks[std::size_t((rows - 1 - y) * 10 + x)];
      if (mark == '_' || mark == ' ') continue;
      out.field.set(x, y);
      auto piece = piece_from_letter(mark);
      if (y < fumen::kFieldHeight) {
        out.colors.set(
            x, y,
            piece && mark >= 'A' && mark <= 'Z' ? fumen::piece_color(*piece) : fumen::Color::Gray);
      }
    }
  }
  return out;
}

}  // namespace

NamedKicks load_named_kicks(std::string_view spec) {
  std::string name = lower(java_trim(spec));
  if (name == "default" || name == "srs") return {KickTable::srs(), "srs"};
  std::error_code ec;
  if (name.starts_with('@') || name.starts_with('+')) {
    std::string file = name.substr(1);
    std::string path = "kicks/" + file + ".properties";
    if (std::filesystem::is_regular_file(path, ec)) {
      return {KickTable::parse(read_text(path), path), lower(spec)};
    }
    if (const KickTable* table = KickTable::builtin(file)) return {*table, lower(spec)};
    throw InputError(fmt::format(
        "kicks: no file {} in the working folder, and '{}' is not one of the built-in tables ({})",
        path, file, kBuiltinKickNames));
  }
  std::string path(spec);
  if (std::filesystem::is_regular_file(path, ec)) {
    return {KickTable::parse(read_text(path), path), lower(spec)};
  }
  return {tetris::load_kicks(java_trim(spec)), lower(spec)};
}

std::string quiz_to_pattern(std::string_view text) {
  std::string out;
  for (char c : text) {
    char u = (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c;
    if (std::string_view("TIOSZLJ*").find(u) != std::string_view::npos) out += u;
  }
  return out;
}

std::optional<Pattern> parse_pattern_line(std::string_view line, int max_length) {
  std::string text(java_trim(line));
  if (text.size() >= 2 && text.front() == '\'' && text.back() == '\'') {
    text = text.substr(1, text.size() - 2);
  }
  if (text.starts_with("#Q=")) text = quiz_to_pattern(text);
  if (text.empty() || text.starts_with('#')) return std::nullopt;
  text = text.substr(0, text.find('#'));  // sfinder's tokenizer stops at '#'
  return parse_pattern(text, max_length);
}

std::vector<Pattern> parse_pattern_lines(const std::vector<std::string>& lines, int max_length) {
  std::vector<Pattern> patterns;
  for (const std::string& line : lines) {
    if (auto p = parse_pattern_line(line, max_length)) {
      if (!patterns.empty() && p->length() != patterns.front().length()) {
        throw InputError(fmt::format("patterns: '{}' has {} pieces but '{}' has {}",
                                     patterns.front().text, patterns.front().length(), p->text,
                                     p->length()));
      }
      patterns.push_back(std::move(*p));
    }
  }
  if (patterns.empty()) throw InputError("patterns: no pattern given (only blank or # lines)");
  return patterns;
}

std::optional<OptionValues> parse_comment(std::string_view comment,
                                          std::span<const OptionSpec> table) {
  std::string_view c = java_trim(comment);
  std::string text;
  bool leading_digit = !c.empty() && c[0] >= '0' && c[0] <= '9';
  if (c.starts_with("#Q=")) {
    text = "--patterns " + quiz_to_pattern(c);
  } else if (leading_digit) {
    text = "--clear-line " + std::string(c);
  } else {
    text = std::string(c);
  }
  std::vector<std::string> args;
  for (const std::string& part : java_split(text, ' ')) {
    std::string_view a = java_trim(part);
    if (!a.empty()) args.emplace_back(a);
  }
  try {
    OptionValues values = parse_options(table, args);
    // sfinder stops here with "Cannot parse clear-line option"; a digit followed by prose
    // (`1ページ目: ...`) is taken as prose instead.
    if (leading_digit && !java_int(values.first("clear-line").value_or(""))) return std::nullopt;
    return values;
  } catch (const InputError&) {
    return std::nullopt;  // not options: prose
  }
}

std::vector<std::string> java_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || text[i] == '\r') {
      lines.emplace_back(text.substr(start, i - start));
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      start = i + 1;
    }
  }
  if (start < text.size()) lines.emplace_back(text.substr(start));
  return lines;
}

std::vector<std::string> field_file_lines(std::string_view text) {
  std::vector<std::string> lines;
  for (const std::string& raw : java_lines(text)) {
    std::string_view line = raw;
    line = java_trim(line.substr(0, line.find('#')));
    if (!line.empty()) lines.emplace_back(line);
  }
  return lines;
}

// sfinder's field file (Loader.loadFieldData).
FieldFile parse_field_file(std::string_view text, std::string_view name, int page,
                           std::span<const OptionSpec> table, FieldLines field_lines) {
  const std::vector<std::string> lines = field_file_lines(text);
  if (lines.empty()) {
    throw InputError(fmt::format(
        "field file {}: no clear line and no rows (sfinder's format: the clear line, then rows "
        "of X and _)",
        name));
  }
  if (auto data = fumen_in_line(lines[0])) return load_fumen_page(*data, page, table);
  if (field_lines == FieldLines::RowsOnly) return rows_field(lines, name);
  auto clear_line = java_int(lines[0]);
  if (!clear_line) {
    throw InputError(
        fmt::format("field file {}: the first line '{}' is not the clear line", name, lines[0]));
  }
  FieldFile out = rows_field(std::vector<std::string>(lines.begin() + 1, lines.end()), name);
  out.options.emplace();
  out.options->add("clear-line", {std::to_string(*clear_line)});
  return out;
}

FieldInput read_field_input(const OptionValues& command_line, std::span<const OptionSpec> table,
                            FieldLines lines) {
  FieldInput in;
  OptionSources cli({{&command_line, "command line"}});
  int page = cli.integer("page", 1);
  if (command_line.has("tetfu")) {
    auto fumen_text = command_line.first("tetfu");
    if (!fumen_text) throw InputError("--tetfu needs a fumen (v115@...)");
    std::string text = *fumen_text == "-" ? std::string(trim(read_text("-"))) : *fumen_text;
    in.loaded = load_fumen_page(text, page, table);
    in.source = "fumen";
    in.second_source = "fumen comment";
  } else {
    std::string path = command_line.first("field-path").value_or("input/field.txt");
    std::string text;
    try {
      text = read_text(path);
    } catch (const InputError& e) {
      throw InputError(
          fmt::format("no field: give -t FUMEN or a field file ({}; see --field-path)", e.what()));
    }
    in.loaded = parse_field_file(text, path, page, table, lines);
    in.source = path;
    in.second_source = "field file " + path;
  }
  return in;
}

std::vector<std::string> read_pattern_lines(const std::vector<std::string>& values,
                                            const std::string& path, std::string_view verb) {
  std::vector<std::string> lines;
  if (!values.empty()) {
    for (const std::string& v : values) {
      for (std::string& part : java_split(v, ';')) lines.push_back(std::move(part));
    }
    return lines;
  }
  std::string text;
  try {
    text = read_text(path);
  } catch (const InputError& e) {
    // Only a missing file gets the hint; one that exists but cannot be used (too large,
    // unreadable) keeps its own one-line message.
    std::error_code ignored;
    if (std::filesystem::exists(path, ignored)) throw;
    throw InputError(
        fmt::format("{}no patterns: give -p PATTERN or a patterns file ({}; see --patterns-path)",
                    verb, e.what()));
  }
  return java_lines(text);
}

std::vector<std::string> read_pattern_lines(const OptionValues& command_line,
                                            const OptionValues& second,
                                            const std::string& second_source, std::string& source) {
  OptionSources sources({{&command_line, "command line"}, {&second, second_source}});
  if (sources.has("patterns")) {
    auto [values, from] = sources.all("patterns");
    source = from == "command line" ? "--patterns" : from;
    return read_pattern_lines(values, "", "");
  }
  auto given = sources.first("patterns-path");
  source = given ? given->first : "input/patterns.txt";
  return read_pattern_lines({}, source, "");
}

PercentInput read_percent_input(const OptionValues& command_line, std::span<const OptionSpec> table,
                                DropWords words) {
  PercentInput in;
  FieldInput field = read_field_input(command_line, table, FieldLines::AfterClearLine);
  in.field_source = field.source;
  in.second = field.loaded.options.value_or(OptionValues{});
  in.second_source = field.second_source;
  in.colors = field.loaded.colors;
  const OptionValues& second = in.second;
  OptionSources sources({{&command_line, "command line"}, {&second, in.second_source}});

  in.clear_line = sources.integer("clear-line", 4);
  if (in.clear_line < 1 || in.clear_line > kMaxHeight) {
    throw InputError(
        fmt::format("clear line {} out of range (1 to {})", in.clear_line, kMaxHeight));
  }
  for (int y = 0; y < kMaxHeight; ++y) {
    in.field.set_row(y, y < in.clear_line ? field.loaded.field.row(y) : Row(0));
  }

  in.pattern_lines = read_pattern_lines(command_line, second, in.second_source, in.patterns_source);
  if (in.pattern_lines.empty()) throw InputError("patterns: no pattern given");
  in.patterns = parse_pattern_lines(in.pattern_lines);

  if (auto hold = sources.first("hold")) {
    auto b = java_bool(hold->first);
    if (!b) {
      throw InputError(fmt::format(
          "{}: --hold '{}' is not a yes/no word (use, avoid, yes, no, true, false, ...)",
          hold->second, hold->first));
    }
    in.use_hold = *b;
  }
  if (auto kicks = sources.first("kicks")) {
    NamedKicks k = load_named_kicks(kicks->first);
    in.kicks = std::move(k.table);
    in.kicks_name = std::move(k.name);
  }
  if (auto drop = sources.first("drop")) {
    in.drop_type =
        parse_drop_type(drop->first, words == DropWords::WithTSpins ? "path" : "percent", words);
    in.drop = placing_drop(in.drop_type);
  }
  in.tree_depth = sources.integer("tree-depth", 3);
  in.failed_count = sources.integer("failed-count", 100);
  in.threads = std::max(sources.integer("threads", 0), 0);
  if (auto log = sources.first("log-path")) in.log_path = log->first;
  return in;
}

}  // namespace manyworlds::tetris::sfinder
