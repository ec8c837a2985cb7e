#include "manyworlds/tetris/sfinder/ren.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/timer.hpp"
#include "manyworlds/tetris/sfinder/fumen_writers.hpp"
#include "manyworlds/tetris/sfinder/html.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"
#include "manyworlds/tetris/sfinder/report.hpp"
#include "manyworlds/version.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

// FieldView.toReducedString: every row from the highest one with a block down to row 0.
std::vector<std::string> reduced_rows(const Field& field) {
  std::vector<std::string> rows;
  for (int y = field.height() - 1; y >= 0; --y) {
    std::string row;
    for (int x = 0; x < kWidth; ++x) row += field.filled(x, y) ? 'X' : '_';
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string queue_text(const std::vector<Piece>& queue) {
  std::string s;
  for (Piece p : queue) s += piece_letter(p);
  return s;
}

}  // namespace

RenInput read_ren_input(const OptionValues& command_line) {
  RenInput in;
  FieldInput field = read_field_input(command_line, ren_options(), FieldLines::RowsOnly);
  in.field = field.loaded.field;
  const OptionValues second = field.loaded.options.value_or(OptionValues{});
  std::string patterns_source;
  in.pattern_lines = read_pattern_lines(command_line, second, field.second_source, patterns_source);
  // The command line first, then the fumen comment (PriorityCommandLineWrapper).
  auto option = [&](std::string_view name) -> std::optional<std::pair<std::string, std::string>> {
    if (auto v = command_line.first(name)) return std::pair{*v, std::string("command line")};
    if (auto v = second.first(name)) return std::pair{*v, field.second_source};
    return std::nullopt;
  };
  if (auto kicks = option("kicks")) {
    NamedKicks k = load_named_kicks(kicks->first);
    in.kicks = std::move(k.table);
    in.kicks_name = std::move(k.name);
  }
  if (auto log = option("log-path")) in.log_path = log->first;
  if (auto out = option("output-base")) in.output_path = out->first;
  in.output_path = output_file_name(in.output_path, "ren", ".html");
  if (auto hold = option("hold")) {
    std::optional<bool> use = java_bool(hold->first);
    if (!use) {
      throw InputError(fmt::format(
          "{}: --hold '{}' is not a yes/no word (use, avoid, yes, no, true, false, ...)",
          hold->second, hold->first));
    }
    in.use_hold = *use;
  }
  if (auto drop = option("drop")) in.drop = parse_drop_type(drop->first, "ren", DropWords::Placing);
  return in;
}

std::vector<Piece> ren_queue(const std::vector<std::string>& pattern_lines) {
  if (pattern_lines.empty()) throw InputError("ren: no sequence given (-p TOLJISZ)");
  std::vector<Pattern> patterns = parse_pattern_lines(pattern_lines, kMaxRenPieces);
  BigInt sequences = count_with_duplicates(patterns);
  if (sequences != 1) {
    throw InputError(fmt::format(
        "ren: the patterns give {} sequences; give one sequence (no *, no [..] of several "
        "pieces, one line)",
        sequences.get_str()));
  }
  std::vector<Piece> queue;
  for (const PatternElement& e : patterns.front().elements) {
    queue.push_back(Piece(std::countr_zero(unsigned(e.pieces))));
  }
  return queue;
}

std::vector<int> ren_columns(const RenResult& result) {
  std::vector<int> keys;
  std::vector<std::uint32_t> hashes;
  for (const RenChain& c : result.chains) {
    if (std::find(keys.begin(), keys.end(), c.ren()) == keys.end()) {
      keys.push_back(c.ren());
      hashes.push_back(std::uint32_t(c.ren()));
    }
  }
  std::vector<int> columns;
  for (std::size_t i : java_hash_set_order(hashes)) columns.push_back(keys[i]);
  std::reverse(columns.begin(), columns.end());
  return columns;
}

std::string ren_link_text(const RenChain& chain) {
  std::string out;
  for (const Placement& p : chain.placements) {
    if (!out.empty()) out += ' ';
    out += piece_letter(p.piece);
    out += '-';
    out += java_rotation_name(p.rotation);
  }
  return out;
}

std::string ren_report(const RenInput& in, const std::vector<Piece>& queue, const RenResult& r,
                       const std::vector<int>& columns, std::string_view version,
                       long long milliseconds) {
  Report t;
  t.block("Setup Field");
  std::vector<std::string> rows = reduced_rows(in.field);
  if (rows.empty()) rows.emplace_back();
  t.lines(rows);
  t.line();
  t.block("Initialize / User-defined");
  t.linef("Using hold: {}", in.use_hold ? "use" : "avoid");
  t.linef("Kicks: {}", in.kicks_name);
  t.linef("Drop: {}", drop_type_name(in.drop));
  t.linef("Version: {}", version);
  t.line("Searching sequence:");
  t.linef("  {}", queue_text(queue));
  t.line();
  t.block("Search");
  t.stopwatch({"     ... searching", "     ... done"}, milliseconds);
  t.line();
  t.block("Output");
  if (columns.empty()) {
    t.line("  Found solutions = 0");
  } else {
    t.linef("  Found solutions = {} (Max {} Ren)", r.chains.size(), columns.front());
  }
  return t.text();
}

std::string ren_html(const RenInput& in, const RenResult& r, const std::vector<int>& columns) {
  auto column = [](int ren) {
    return HtmlColumn{fmt::format("{}ren", ren), fmt::format("{} Ren", ren), std::nullopt};
  };
  HtmlBuilder html("Ren Result");
  html.header(fmt::format("{} solutions", r.chains.size()));
  for (const RenChain& c : r.chains) {
    html.entry(
        column(c.ren()),
        fmt::format("<div><a href='http://fumen.zui.jp/?v115@{}' target='_blank'>{}</a></div>",
                    placed_sequence_fumen(in.field, kMaxHeight, c.placements), ren_link_text(c)),
        0);
  }
  std::vector<std::string> order;
  for (int k : columns) order.push_back(column(k).id);
  return html.text(order, true, "");  // ren writes no line breaks
}

RenRun run_ren(const RenRequest& request) {
  RenRun run;
  run.input = read_ren_input(request.options);
  const RenInput& in = run.input;
  prepare_log(in.log_path);
  prepare_file(in.output_path, "output file");
  run.queue = ren_queue(in.pattern_lines);
  RenOptions options;
  options.use_hold = in.use_hold;
  options.drop = placing_drop(in.drop);
  options.kicks = in.kicks;
  options.threads = request.threads;
  options.progress = request.progress;
  Stopwatch watch;
  run.result = search_ren(in.field, run.queue, options);
  run.seconds = watch.seconds();
  run.columns = ren_columns(run.result);
  run.report = ren_report(in, run.queue, run.result, run.columns, kVersion,
                          static_cast<long long>(run.seconds * 1000));
  run.html = ren_html(in, run.result, run.columns);
  write_file(in.log_path, run.report, "log file");
  write_file(in.output_path, run.html, "output file");
  return run;
}

void write_text(fmt::memory_buffer& out, const RenRun& run) {
  append(out, "{}", run.report);
}

void to_json(Json& out, const RenRun& run) {
  const RenInput& in = run.input;
  Json chains = Json::array();
  for (const RenChain& c : run.result.chains) {
    Json placements = Json::array();
    for (const Placement& p : c.placements) {
      placements.push_back({{"piece", std::string(1, piece_letter(p.piece))},
                            {"rotation", std::string(java_rotation_name(p.rotation))},
                            {"x", p.x},
                            {"y", p.y}});
    }
    chains.push_back(
        {{"ren", c.ren()},
         {"pieces", ren_link_text(c)},
         {"fumen", "v115@" + placed_sequence_fumen(in.field, kMaxHeight, c.placements)},
         {"placements", placements}});
  }
  out = {{"sequence", queue_text(run.queue)},
         {"hold", in.use_hold ? "use" : "avoid"},
         {"kicks", in.kicks_name},
         {"drop", std::string(drop_type_name(in.drop))},
         {"solutions", run.result.chains.size()},
         {"max_ren", run.result.max_ren()},
         {"columns", run.columns},
         {"chains", chains},
         {"states", run.result.states},
         {"html", in.output_path},
         {"log", in.log_path},
         {"seconds", run.seconds}};
}

}  // namespace manyworlds::tetris::sfinder
