#pragma once
// solution-finder's `util fig` as one call (`tetris fig`): fumen pages drawn (draw/figure.hpp)
// and written as an animated GIF or one PNG per page (and, beyond sfinder, SVG files or one
// HTML page of inline SVG), with sfinder's inputs (-t, the field file) and its log.

#include <string>
#include <vector>

#include "manyworlds/core/render.hpp"
#include "manyworlds/tetris/draw/figure.hpp"

namespace manyworlds::tetris::sfinder {

// sfinder's option values, as given (read as sfinder reads them).
struct FigRequest {
  std::string fumen;       // the positional argument
  std::string tetfu;       // -t
  std::string field_path;  // -fp
  std::string format = "gif";
  std::string frame = "basic";
  std::string output = "output/fig.gif";
  std::string start = "1";
  std::string end = "-1";
  std::string line = "-1";
  std::string next = "5";
  std::string delay = "30";
  std::string loop = "true";
  std::string hold = "visible";
  std::string color = "default";
  std::string log_path;
  bool no_date_folder = false;  // png/svg pages beside --output, not in a date folder
};

struct FigRun {
  Figures figures;
  FigFormat format = FigFormat::Gif;
  std::string theme;
  int delay = 30;
  bool loop = true;
  std::vector<FigFile> files;  // written (their bytes kept for the JSON form's sizes)
  std::vector<std::string> warnings;
};

FigRun run_fig(const FigRequest& request);
void write_text(fmt::memory_buffer& out, const FigRun& run);
void to_json(Json& out, const FigRun& run);

}  // namespace manyworlds::tetris::sfinder
