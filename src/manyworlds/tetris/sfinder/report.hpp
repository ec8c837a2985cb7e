#pragma once
// sfinder's report and files, written once for every verb: the console report that each verb
// also writes to its log file (-lp), in blocks headed "# Name" (sfinder's entry/*EntryPoint),
// and the names of its output files (-o).

#include <fmt/format.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace manyworlds::tetris::sfinder {

class Report {
 public:
  // "# Setup Field", "# Initialize / User-defined", ...
  void block(std::string_view name);
  void line(std::string_view text = {});
  template <typename... Args>
  void linef(fmt::format_string<Args...> format, Args&&... args) {
    line(fmt::format(format, std::forward<Args>(args)...));
  }
  void lines(const std::vector<std::string>& rows);
  // "Searching patterns:" (or `heading`), the first five pattern lines indented, then
  // "  ... and more, total N lines" when there are more.
  void patterns(const std::vector<std::string>& pattern_lines,
                std::string_view heading = "Searching patterns:");
  // sfinder's warning box: a blank line, a row of #, the lines, a row of #, a blank line.
  void warning(std::initializer_list<std::string_view> lines);
  // "  -> Stopwatch start", the lines between, "  -> Stopwatch stop : avg.time = N ms [1 counts]".
  void stopwatch(std::initializer_list<std::string_view> between, long long milliseconds);
  // "# Finalize", "done".
  void finalize();

  const std::string& text() const { return text_; }

 private:
  std::string text_;
};

// sfinder's base-name rule for output files: `base` without its extension (from the last '.'
// after the last '/'), `name` appended when that leaves nothing or a folder ("out/" ->
// "out/spin"), then `suffix` (".html", "_unique.csv").
std::string output_file_name(std::string_view base, std::string_view name, std::string_view suffix);

// The log file: its folders are made before the search (as sfinder does), and the report is
// written to it after. InputError (one line) when either fails.
void prepare_log(const std::string& path);
void write_log(const std::string& path, const Report& report);

}  // namespace manyworlds::tetris::sfinder
