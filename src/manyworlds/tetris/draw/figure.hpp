#pragma once
// solution-finder's `util fig` (entry/util/fig/, util/fig/ in knewjade/solution-finder 1.43):
// each fumen page from a start page to an end page drawn as a picture of its field with the
// page's piece, beside a hold box and next boxes, for an animated GIF or one PNG per page.
//
// What sfinder draws, and so what this draws (same sizes: 32-pixel cells, 2-pixel borders,
// 47-pixel boxes 5 pixels apart; its themes, theme.hpp):
// - Rows: -l N, or by default the highest block or piece cell of the pages drawn + 1 (1..23);
//   grown when the next boxes need more height than the field.
// - Frame `basic`: hold box left of the field, next boxes right of it; `right`: next boxes
//   and, at the bottom, the hold box, all right of the field; `no`: the field alone. Without a
//   hold box `basic` becomes `right`.
// - Hold and next: when a page at or before the start page has a quiz comment `#Q=[H](C)NEXT`
//   (the nearest one), the queue is C NEXT with H in hold, advanced by the pieces of the pages
//   from the quiz page to the start page; each page then uses its piece (the first in the
//   queue, or the held one: the hold and the queue's head swap, or, hold empty, the head goes
//   to hold first). Without a quiz the queue is the pieces of the pages drawn, and there is
//   no hold box. A page's next boxes show the queue after its piece. (A page whose piece the
//   quiz cannot give makes sfinder fail; here the quiz ends there with a warning and the queue
//   becomes the pieces of the following pages, hold empty.)
// - A page's picture: its field (before its piece) with full rows in the `clear` shade, its
//   piece in the `piece` shade, the hold and the next pieces in the `clear` shade.
//
// Files (fig_files): gif: `<output without extension>.gif`, one frame per page; png: one
// file per page, `<output's folder>/<subfolder>/<output's stem>_<page, 3 digits>.png` (sfinder
// names the subfolder after the date and time, yyyyMMdd_HHmmss); beyond sfinder: svg (one
// file per page, named as png) and html (one page of inline SVG pictures, named as gif).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/draw/picture.hpp"
#include "manyworlds/tetris/draw/theme.hpp"

namespace manyworlds::tetris {

enum class Frame { Basic, Right, None };
// "basic", "right", "no" (any case, as sfinder); InputError otherwise.
Frame parse_frame(std::string_view text);
std::string_view frame_name(Frame frame);  // "basic", "right", "no"

struct FigOptions {
  int start = 1;  // first page drawn, from 1
  int end = -1;   // last page drawn (inclusive); -1: the fumen's last page
  int rows = -1;  // field rows, 1..23; -1: the highest block or piece cell + 1
  Frame frame = Frame::Basic;
  bool hold = true;  // draw the hold box (only ever when a quiz gives a hold)
  int next = 5;      // next boxes, 0..14
  Theme theme = builtin_theme("default");
};

// The layout every picture shares, after sfinder's adjustments: what is drawn (frame `no`:
// no hold box and no next boxes).
struct FigLayout {
  Frame frame = Frame::Basic;
  bool hold = false;
  int rows = 1;
  int next = 5;
  int width = 0, height = 0;  // pixels
};

struct Figure {
  int page = 1;  // from 1
  Picture picture;
  std::optional<Piece> piece;  // the page's piece
  std::optional<Piece> hold;   // in the hold box (when shown)
  std::vector<Piece> next;     // in the next boxes
};

struct Figures {
  FigLayout layout;
  bool quiz = false;  // hold and next came from a quiz comment
  std::vector<Figure> pages;
  std::vector<std::string> warnings;  // e.g. a quiz that ends early
};

// The pictures of pages options.start .. options.end. Throws InputError for pages out of range,
// rows or next out of range, or a malformed quiz comment.
Figures draw_figures(const std::vector<fumen::Page>& pages, const FigOptions& options);

enum class FigFormat { Gif, Png, Svg, Html };
// "gif", "png" (sfinder), "svg", "html"; any case. InputError otherwise.
FigFormat parse_fig_format(std::string_view text);
std::string_view fig_format_name(FigFormat format);

struct FigFile {
  std::string path;
  std::string bytes;
  std::vector<int> pages;  // the pages it shows
};

// sfinder's yes/no option values (entry/NormalCommandLineWrapper.getBoolOption), any case:
// true t y ok yes on use allow enable visible / false f n no ng off avoid disable hidden.
// InputError naming `what` otherwise.
bool parse_switch(std::string_view text, std::string_view what);

// The files for `figures` in `format` (see above): `output` is sfinder's -o path, `subfolder`
// the folder png and svg pages go into beneath output's folder ("" for none). `delay`
// (hundredths of a second, 1..65535, checked for every format as sfinder does) and `loop`
// apply to gif.
std::vector<FigFile> fig_files(const Figures& figures, FigFormat format, std::string_view output,
                               std::string_view subfolder, int delay, bool loop);

}  // namespace manyworlds::tetris
