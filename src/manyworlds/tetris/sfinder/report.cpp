#include "manyworlds/tetris/sfinder/report.hpp"

#include "manyworlds/core/atomic_file.hpp"

namespace manyworlds::tetris::sfinder {

void Report::block(std::string_view name) {
  line(fmt::format("# {}", name));
}

void Report::line(std::string_view text) {
  text_ += text;
  text_ += '\n';
}

void Report::lines(const std::vector<std::string>& rows) {
  for (const std::string& row : rows) line(row);
}

void Report::patterns(const std::vector<std::string>& pattern_lines, std::string_view heading) {
  line(heading);
  for (std::size_t i = 0; i < pattern_lines.size() && i < 5; ++i) line("  " + pattern_lines[i]);
  if (pattern_lines.size() > 5) linef("  ... and more, total {} lines", pattern_lines.size());
}

void Report::warning(std::initializer_list<std::string_view> warning_lines) {
  line();
  line("####################################################################");
  for (std::string_view l : warning_lines) line(l);
  line("####################################################################");
  line();
}

void Report::stopwatch(std::initializer_list<std::string_view> between, long long milliseconds) {
  line("  -> Stopwatch start");
  for (std::string_view l : between) line(l);
  linef("  -> Stopwatch stop : avg.time = {} ms [1 counts]", milliseconds);
}

void Report::finalize() {
  block("Finalize");
  line("done");
}

std::string output_file_name(std::string_view base, std::string_view name,
                             std::string_view suffix) {
  std::string out(base);
  std::size_t dot = out.rfind('.');
  std::size_t slash = out.rfind('/');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) out.resize(dot);
  if (out.empty() || out.back() == '/') out += name;
  out += suffix;
  return out;
}

void prepare_log(const std::string& path) {
  prepare_file(path, "log file");
}

void write_log(const std::string& path, const Report& report) {
  write_file(path, report.text(), "log file");
}

}  // namespace manyworlds::tetris::sfinder
