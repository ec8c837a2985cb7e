#include "manyworlds/tetris/draw/figure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <deque>
#include <filesystem>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/draw/image.hpp"

namespace manyworlds::tetris {
namespace {

// sfinder's sizes (util/fig/FigSetting.java).
constexpr FieldStyle kStyle{32, 2, true, true};
constexpr int kBoxSize = 47;
constexpr int kBoxMargin = 5;
constexpr int kMinoBlock = 10;
constexpr int kMinoMargin = 1;
constexpr int kMaxNext = 14;  // the most boxes a 23-row field holds: (34 * 23 + 2 - 5) / 52

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The queue of util/fig/Bag.java: pieces to come and the hold.
class Bag {
 public:
  Bag(std::deque<Piece> queue, std::optional<Piece> hold) : queue_(std::move(queue)), hold_(hold) {}

  // The page places `piece`: the queue's head, or the held piece (the head goes to hold), or,
  // with the hold empty, the piece after the head (the head goes to hold first). False, and
  // no change, when it is none of them.
  bool use(Piece piece) {
    if (!queue_.empty() && queue_.front() == piece) {
      queue_.pop_front();
    } else if (hold_ == piece) {
      hold_ = pop();
    } else if (!hold_ && queue_.size() >= 2 && queue_[1] == piece) {
      hold_ = pop();
      queue_.pop_front();
    } else {
      return false;
    }
    return true;
  }
  std::vector<Piece> next(int count) const {
    auto end = queue_.begin() + std::min<std::ptrdiff_t>(count, std::ptrdiff_t(queue_.size()));
    return {queue_.begin(), end};
  }
  std::optional<Piece> hold() const { return hold_; }

 private:
  std::optional<Piece> pop() {
    if (queue_.empty()) return std::nullopt;
    Piece p = queue_.front();
    queue_.pop_front();
    return p;
  }
  std::deque<Piece> queue_;
  std::optional<Piece> hold_;
};

bool is_quiz(const fumen::Page& page) {
  return page.comment.starts_with("#Q=");
}

// `#Q=[H](C)NEXT`: hold H (may be empty), current C (may be empty), then the next pieces.
Bag parse_quiz(const std::string& comment, int page) {
  auto bad = [&] {
    return InputError(fmt::format("fig: page {}: quiz comment '{}' is not #Q=[H](C)NEXT", page,
                                  comment.substr(0, 60)));
  };
  std::string_view s(comment);
  s.remove_prefix(3);
  auto piece_at = [&](std::size_t i) -> std::optional<Piece> {
    if (i >= s.size()) throw bad();
    std::optional<Piece> p = piece_from_letter(s[i]);
    if (!p) throw bad();
    return p;
  };
  std::size_t i = 0;
  if (s.substr(i, 1) != "[") throw bad();
  ++i;
  std::optional<Piece> hold;
  if (s.substr(i, 1) != "]") hold = piece_at(i++);
  if (s.substr(i, 2) != "](") throw bad();
  i += 2;
  std::deque<Piece> queue;
  if (s.substr(i, 1) != ")") queue.push_back(*piece_at(i++));
  if (s.substr(i, 1) != ")") throw bad();
  for (++i; i < s.size(); ++i) queue.push_back(*piece_at(i));
  return Bag(std::move(queue), hold);
}

struct Geometry {
  int field_left = 0;
  std::optional<Box> hold;  // the box, when drawn
  std::vector<Box> next;
};

// Box positions of util/fig/position/{Basic,Right}PositionDecider.java.
Geometry geometry(const FigLayout& l) {
  Geometry g;
  int field_w = field_width(kStyle);
  if (l.frame == Frame::None) return g;
  int next_x;
  if (l.frame == Frame::Basic) {
    g.field_left = kBoxSize + 2 * kBoxMargin - kStyle.gap;
    next_x = g.field_left + field_w - kStyle.gap + kBoxMargin;
    if (l.hold) g.hold = Box{kBoxMargin, kBoxMargin, kBoxSize, kBoxSize, {}};
  } else {
    next_x = field_w - kStyle.gap + kBoxMargin;
    if (l.hold) {
      g.hold = Box{next_x, l.height - (kBoxSize + kBoxMargin), kBoxSize, kBoxSize, {}};
    }
  }
  for (int i = 0; i < l.next; ++i) {
    g.next.push_back(Box{next_x, (kBoxSize + kBoxMargin) * i + kBoxMargin, kBoxSize, kBoxSize, {}});
  }
  return g;
}

// A box's 2-pixel outline (columns x-1 .. x+width, rows y-1 .. y+height) with the corner
// pixels sfinder's Java 2D leaves out: drawRoundRect(arc 2) for next boxes (three pixels at
// each top corner, one at each bottom corner), arc 0 for the hold box (the two top corners).
void draw_outline(Picture& picture, const Box& b, Rgb c, bool rounded) {
  const int x = b.x, y = b.y, w = b.width, h = b.height;
  if (rounded) {
    picture.boxes.push_back(Box{x + 1, y - 1, w - 2, 1, c});
    picture.boxes.push_back(Box{x, y, w, 1, c});
    picture.boxes.push_back(Box{x - 1, y + 1, 2, h - 1, c});
    picture.boxes.push_back(Box{x + w - 1, y + 1, 2, h - 1, c});
    picture.boxes.push_back(Box{x + 1, y + h - 1, w - 2, 1, c});
    picture.boxes.push_back(Box{x, y + h, w, 1, c});
  } else {
    picture.boxes.push_back(Box{x, y - 1, w, 1, c});
    picture.boxes.push_back(Box{x - 1, y, w + 2, 1, c});
    picture.boxes.push_back(Box{x - 1, y + 1, 2, h - 1, c});
    picture.boxes.push_back(Box{x + w - 1, y + 1, 2, h - 1, c});
    picture.boxes.push_back(Box{x - 1, y + h - 1, w + 2, 2, c});
  }
}

// A box with its piece in spawn orientation, centred, in 10-pixel blocks 11 pixels apart
// (AllFigGenerator.drawMino); the piece in its `clear` shade.
void draw_box(Picture& picture, const Box& box, Rgb frame, bool rounded, std::optional<Piece> piece,
              const Theme& theme) {
  Rgb empty = theme.cells[0].normal;
  picture.boxes.push_back(Box{box.x, box.y, box.width, box.height, empty});
  draw_outline(picture, box, frame, rounded);
  if (!piece) return;
  const Shape& s = shape(*piece, Rotation::North);
  double mx = (s.max_x - s.min_x + 1) / 2.0 + s.min_x;
  double my = (-s.min_y - -s.max_y + 1) / 2.0 + -s.max_y;
  double cx = box.x + box.width / 2.0, cy = box.y + box.height / 2.0;
  const int size = kMinoBlock + kMinoMargin;
  Rgb color = theme.cells[std::size_t(fumen::piece_color(*piece))].clear;
  for (const Cell& c : s.cells) {
    int x = int(std::floor(cx + (c.x - mx) * size + kMinoMargin / 2.0));
    int y = int(std::floor(cy - (c.y + my) * size + kMinoMargin / 2.0));
    picture.boxes.push_back(Box{x, y, kMinoBlock, kMinoBlock, color});
  }
}

// sfinder's getRemoveExtensionFromPath: the path without its last extension; "fig" for a
// path naming no file.
std::filesystem::path without_extension(std::string_view output) {
  std::filesystem::path p(output);
  if (!p.has_filename()) return p / "fig";
  return p.parent_path() / p.stem();
}

}  // namespace

Frame parse_frame(std::string_view text) {
  std::string t = lower(text);
  if (t == "basic") return Frame::Basic;
  if (t == "right") return Frame::Right;
  if (t == "no") return Frame::None;
  throw InputError(fmt::format("frame: '{}' is not basic, right or no", text));
}

std::string_view frame_name(Frame frame) {
  switch (frame) {
    case Frame::Basic:
      return "basic";
    case Frame::Right:
      return "right";
    case Frame::None:
      return "no";
  }
  return "?";
}

FigFormat parse_fig_format(std::string_view text) {
  std::string t = lower(text);
  if (t == "gif") return FigFormat::Gif;
  if (t == "png") return FigFormat::Png;
  if (t == "svg") return FigFormat::Svg;
  if (t == "html") return FigFormat::Html;
  throw InputError(fmt::format("format: '{}' is not gif, png, svg or html", text));
}

std::string_view fig_format_name(FigFormat format) {
  switch (format) {
    case FigFormat::Gif:
      return "gif";
    case FigFormat::Png:
      return "png";
    case FigFormat::Svg:
      return "svg";
    case FigFormat::Html:
      return "html";
  }
  return "?";
}

Figures draw_figures(const std::vector<fumen::Page>& pages, const FigOptions& o) {
  const int count = int(pages.size());
  if (count == 0) throw InputError("fig: the fumen has no pages");
  if (o.start < 1 || o.start > count) {
    throw InputError(fmt::format("fig: start page {} out of range 1..{}", o.start, count));
  }
  int end = o.end == -1 ? count : o.end;
  if (end < o.start || end > count) {
    throw InputError(fmt::format("fig: end page {} out of range {}..{} (or -1 for the last)", o.end,
                                 o.start, count));
  }
  if (o.rows != -1 && (o.rows < 1 || o.rows > fumen::kFieldHeight)) {
    throw InputError(fmt::format("fig: line {} out of range 1..{} (or -1: the highest block + 1)",
                                 o.rows, fumen::kFieldHeight));
  }
  if (o.next < 0 || o.next > kMaxNext) {
    throw InputError(fmt::format("fig: next {} out of range 0..{}", o.next, kMaxNext));
  }

  // The nearest quiz at or before the start page gives hold and queue (FigUtilEntryPoint).
  int quiz_index = -1;
  for (int i = o.start - 1; i >= 0; --i) {
    if (is_quiz(pages[std::size_t(i)])) {
      quiz_index = i;
      break;
    }
  }
  Figures out;
  out.quiz = quiz_index >= 0;
  // The pieces of pages from..end-1, in order: the queue without a quiz.
  auto page_pieces = [&](int from) {
    std::deque<Piece> queue;
    for (int i = from; i < end; ++i) {
      if (const auto& p = pages[std::size_t(i)].piece) queue.push_back(p->piece);
    }
    return queue;
  };
  std::optional<Bag> bag;
  // Page i (from 0) places its piece. sfinder fails when the quiz cannot give that piece
  // (Bag.use recurses without end); here the quiz ends there, with a warning, and the queue
  // becomes the pieces of the following pages.
  auto use = [&](int i) {
    const auto& p = pages[std::size_t(i)].piece;
    if (!p || bag->use(p->piece)) return;
    std::vector<Piece> next = bag->next(1);
    out.warnings.push_back(fmt::format(
        "page {} places {}, which is neither the quiz's next piece ({}) nor its hold ({}): the "
        "quiz ends there, and the next boxes show the pieces of the following pages",
        i + 1, piece_letter(p->piece), next.empty() ? '-' : piece_letter(next.front()),
        bag->hold() ? piece_letter(*bag->hold()) : '-'));
    bag.emplace(page_pieces(i + 1), std::nullopt);
  };
  if (out.quiz) {
    bag = parse_quiz(pages[std::size_t(quiz_index)].comment, quiz_index + 1);
    for (int i = quiz_index; i < o.start - 1; ++i) use(i);
  } else {
    bag.emplace(page_pieces(o.start - 1), std::nullopt);
  }

  // FigUtilSettings.adjust: hold only with a quiz; rows; room for the next boxes.
  FigLayout& l = out.layout;
  l.hold = o.hold && out.quiz;
  l.frame = !l.hold && o.frame == Frame::Basic ? Frame::Right : o.frame;
  l.next = o.next;
  if (l.frame == Frame::None) l.hold = false, l.next = 0;  // the field alone
  if (o.rows == -1) {
    int highest = 0;
    for (int i = o.start - 1; i < end; ++i) {
      highest =
          std::max(highest, page_height(pages[std::size_t(i)].field, pages[std::size_t(i)].piece));
    }
    l.rows = std::clamp(highest + 1, 1, fumen::kFieldHeight);
  } else {
    l.rows = o.rows;
  }
  if (l.frame != Frame::None) {
    int boxes = l.hold && l.frame == Frame::Right ? l.next + 1 : l.next;
    int fits = (field_height(l.rows, kStyle) - kBoxMargin) / (kBoxSize + kBoxMargin);
    if (boxes > fits) {
      int need = (kBoxSize + kBoxMargin) * boxes + kBoxMargin;
      l.rows = (need - kStyle.gap + (kStyle.cell + kStyle.gap) - 1) / (kStyle.cell + kStyle.gap);
    }
  }
  const int field_w = field_width(kStyle);
  switch (l.frame) {
    case Frame::None:
      l.width = field_w;
      break;
    case Frame::Right:
      l.width = field_w - kStyle.gap + kBoxSize + 2 * kBoxMargin;
      break;
    case Frame::Basic:
      l.width = field_w - 2 * kStyle.gap + 2 * kBoxSize + 4 * kBoxMargin;
      break;
  }
  l.height = field_height(l.rows, kStyle);
  Geometry g = geometry(l);

  for (int i = o.start - 1; i < end; ++i) {
    const fumen::Page& page = pages[std::size_t(i)];
    Figure f;
    f.page = i + 1;
    f.picture.width = l.width;
    f.picture.height = l.height;
    if (l.frame != Frame::None) {
      f.picture.boxes.push_back(Box{0, 0, l.width, l.height, o.theme.side_frame});
    }
    draw_field(f.picture, g.field_left, 0, l.rows, page.field, page.piece, page.flags.lock, o.theme,
               kStyle);
    if (page.piece) f.piece = page.piece->piece;
    use(i);
    if (l.frame != Frame::None) {
      f.next = bag->next(l.next);
      for (std::size_t k = 0; k < f.next.size(); ++k) {
        draw_box(f.picture, g.next[k], o.theme.next_frame, true, f.next[k], o.theme);
      }
      if (g.hold) {
        f.hold = bag->hold();
        draw_box(f.picture, *g.hold, o.theme.hold_frame, false, f.hold, o.theme);
      }
    }
    out.pages.push_back(std::move(f));
  }
  return out;
}

bool parse_switch(std::string_view text, std::string_view what) {
  std::string t = lower(text);
  for (const char* yes :
       {"true", "t", "y", "ok", "yes", "on", "use", "allow", "enable", "visible"}) {
    if (t == yes) return true;
  }
  for (const char* no : {"false", "f", "n", "no", "ng", "off", "avoid", "disable", "hidden"}) {
    if (t == no) return false;
  }
  throw InputError(
      fmt::format("{}: '{}' is not yes or no (true/false, visible/hidden, ...)", what, text));
}

std::vector<FigFile> fig_files(const Figures& figures, FigFormat format, std::string_view output,
                               std::string_view subfolder, int delay, bool loop) {
  if (delay < 1 || delay > 65535) {
    throw InputError(
        fmt::format("fig: delay {} out of range 1..65535 (hundredths of a second)", delay));
  }
  std::vector<FigFile> files;
  std::vector<int> all;
  for (const Figure& f : figures.pages) all.push_back(f.page);
  std::filesystem::path base = without_extension(output);
  switch (format) {
    case FigFormat::Gif: {
      std::vector<Picture> frames;
      for (const Figure& f : figures.pages) frames.push_back(f.picture);
      files.push_back({base.string() + ".gif", encode_gif(frames, delay, loop), all});
      break;
    }
    case FigFormat::Html: {
      std::string html =
          "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<title>manyworlds tetris fig</title>\n<style>body{font-family:sans-serif;background:"
          "#fafafa}figure{display:inline-block;margin:8px}figcaption{font-size:13px}</style>\n"
          "</head>\n<body>\n";
      for (const Figure& f : figures.pages) {
        std::string title = fmt::format("page {}", f.page);
        html += fmt::format("<figure class=\"mw-page\">{}<figcaption>{}</figcaption></figure>\n",
                            to_svg(f.picture, "mw-fig", title), escape_markup(title));
      }
      html += "</body>\n</html>\n";
      files.push_back({base.string() + ".html", std::move(html), all});
      break;
    }
    case FigFormat::Png:
    case FigFormat::Svg: {
      std::filesystem::path folder = base.parent_path();
      if (!subfolder.empty()) folder /= std::filesystem::path(subfolder);
      std::string stem = base.filename().string();
      for (const Figure& f : figures.pages) {
        std::filesystem::path path =
            folder / fmt::format("{}_{:03}.{}", stem, f.page, fig_format_name(format));
        std::string bytes = format == FigFormat::Png
                                ? encode_png(rasterize(f.picture))
                                : to_svg(f.picture, "mw-fig", fmt::format("page {}", f.page));
        files.push_back({path.string(), std::move(bytes), {f.page}});
      }
      break;
    }
  }
  return files;
}

}  // namespace manyworlds::tetris
