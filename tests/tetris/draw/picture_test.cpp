// Pictures of fumen pages: themes, the inline SVG of a field, raster images and their PNG/GIF
// files, and the layout of sfinder's `util fig` (hold, next, rows, frames). The comparison with
// sfinder's own pictures, pixel for pixel, is in tests/cli/tetris_fig_cli_test.cpp.

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <regex>

#include "manyworlds/core/error.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/draw/figure.hpp"
#include "manyworlds/tetris/draw/image.hpp"
#include "manyworlds/tetris/draw/picture.hpp"
#include "manyworlds/tetris/draw/theme.hpp"
#include "testing/image.hpp"
#include "testing/input_error.hpp"

namespace manyworlds::tetris {
namespace {

using fumen::Color;
using manyworlds::testing::error_of;

// tetris-fumen's quiz test (tests/data/tetris/fig/README.md): 7 pages, `#Q=[](L)TSJ`.
const std::string kQuiz = "v115@vhGSSYXAFLDmClcJSAVDEHBEooRBMoAVBUtfBAXsBAAANrBmnBAAAAAA";
// sfinder's util fig documentation example: 11 pages, no quiz.
const std::string kDoc = "v115@vhKSSJznBGjBXqBNpB0fBRmBasB/rB0qBAAA";

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++n;
  return n;
}

// ---- themes --------------------------------------------------------------------------------

// The values of sfinder 1.43's run/theme/default.properties and four.properties.
TEST(Theme, BuiltinThemesAreSfindersFiles) {
  Theme d = builtin_theme("default");
  EXPECT_EQ(d.cells[std::size_t(Color::T)].normal.hex(), "#b300b3");
  EXPECT_EQ(d.cells[std::size_t(Color::T)].clear.hex(), "#d900d9");
  EXPECT_EQ(d.cells[std::size_t(Color::T)].piece.hex(), "#ff00ff");
  EXPECT_EQ(d.cells[std::size_t(Color::L)].normal.hex(), "#b37724");
  EXPECT_EQ(d.cells[std::size_t(Color::Gray)].clear.hex(), "#d9d9d9");
  EXPECT_EQ(d.cells[std::size_t(Color::Empty)].normal.hex(), "#151500");
  EXPECT_EQ(d.border.hex(), "#000000");
  EXPECT_EQ(d.side_frame.hex(), "#333333");
  // Without BoxFrame: FigColors' defaults, #dddddd (hold) and #999999 (next).
  EXPECT_EQ(d.hold_frame.hex(), "#dddddd");
  EXPECT_EQ(d.next_frame.hex(), "#999999");
  Theme four = builtin_theme("four");
  EXPECT_EQ(four.hold_frame.hex(), "#808080");
  EXPECT_EQ(four.next_frame.hex(), "#808080");
  EXPECT_EQ(four.cells[std::size_t(Color::Empty)].normal.hex(), "#f3f3ed");
  EXPECT_EQ(builtin_theme("fumen").cells[std::size_t(Color::J)].normal.hex(), "#0000bb");
  EXPECT_EQ(builtin_theme("mipi").cells[std::size_t(Color::O)].piece.hex(), "#f0f000");
  EXPECT_EQ(builtin_theme_names().size(), 4u);
  EXPECT_EQ(error_of([] { builtin_theme("pastel"); }),
            "unknown theme 'pastel' (built in: default, fumen, four, mipi)");
}

std::string theme_text(const std::string& extra) {
  std::string text = "# a comment\n! another\nEmpty : #010203\nBorder=0x040506\n";
  for (const char* p : {"T", "I", "O", "S", "Z", "J", "L"}) {
    text += fmt::format("{0}.normal=#100000\n{0}.clear=#200000\n{0}.piece = #300000\n", p);
  }
  return text + "Gray.normal=#400000\nGray.clear=#500000\n" + extra;
}

TEST(Theme, ParsesJavaPropertiesAndColours) {
  Theme t = parse_theme(theme_text("SideFrame=#fff\n"), "mine");
  EXPECT_EQ(t.name, "mine");
  EXPECT_EQ(t.cells[0].normal.hex(), "#010203");
  EXPECT_EQ(t.border.hex(), "#040506");
  EXPECT_EQ(t.cells[std::size_t(Color::Z)].piece.hex(), "#300000");
  EXPECT_EQ(t.cells[std::size_t(Color::Gray)].piece.hex(), "#000000");  // always black
  // Java's Color.decode reads "#fff" as the integer 0xfff, not as CSS white.
  EXPECT_EQ(t.side_frame.hex(), "#000fff");
  EXPECT_EQ(parse_theme(theme_text("BoxFrame=#123456\n"), "b").hold_frame.hex(), "#123456");
}

TEST(Theme, BadFilesSayWhat) {
  EXPECT_EQ(error_of([] { parse_theme("Empty=#000000\n", "x"); }), "theme x: no I.normal");
  EXPECT_EQ(error_of([] { parse_theme(theme_text("Border=red\n"), "x"); }),
            "theme x: Border=red is not a colour (#rrggbb)");
  EXPECT_EQ(error_of([] { parse_theme(theme_text("Border=#1234567\n"), "x"); }),
            "theme x: Border=#1234567 is not a colour (#rrggbb)");
  EXPECT_EQ(error_of([] { parse_theme("", "x"); }), "theme x: no Empty");
}

// ---- SVG -----------------------------------------------------------------------------------

TEST(FieldSvg, EmptyFieldIsOneRowOfEmptyCells) {
  std::string svg = field_svg(fumen::ColorField{});
  // 10 cells of 16 px with 1 px borders: 10 * 17 + 1 = 171 wide, 17 + 1 = 18 high.
  EXPECT_TRUE(svg.starts_with(R"(<svg xmlns="http://www.w3.org/2000/svg" class="mw-field" )"
                              R"(width="171" height="18" viewBox="0 0 171 18")"))
      << svg;
  EXPECT_TRUE(svg.ends_with("</svg>"));
  EXPECT_EQ(count(svg, "<rect "), 11u);  // the border rectangle and 10 cells
  EXPECT_EQ(count(svg, "fill=\"#151500\""), 10u);
  EXPECT_EQ(svg.find("<title>"), std::string::npos);
}

TEST(FieldSvg, PagePieceAndClearedRowsAsUtilFigDrawsThem) {
  // Row 0 has 9 gray blocks and a hole at x = 9; an I piece standing in column 9 fills it.
  fumen::Page page;
  for (int x = 0; x < 9; ++x) page.field.set(x, 0, Color::Gray);
  page.field.set(0, 1, Color::T);
  page.piece = Placement{Piece::I, Rotation::East, 9, 2};  // cells (9, 0..3)
  SvgOptions o;
  o.title = "a <b> & \"c\"";
  std::string svg = field_svg(page, o);
  // Rows: up to the piece's top, y = 3: 4 rows -> 4 * 17 + 1 = 69 pixels.
  EXPECT_NE(svg.find(R"(width="171" height="69")"), std::string::npos);
  EXPECT_NE(svg.find("<title>a &lt;b&gt; &amp; &quot;c&quot;</title>"), std::string::npos);
  const Theme& t = o.theme;
  // Row 0 is full with the piece: its 9 gray blocks in the clear shade, the T (row 1) normal.
  EXPECT_EQ(count(svg, t.cells[std::size_t(Color::Gray)].clear.hex()), 9u);
  EXPECT_EQ(count(svg, t.cells[std::size_t(Color::Gray)].normal.hex()), 0u);
  EXPECT_EQ(count(svg, t.cells[std::size_t(Color::T)].normal.hex()), 1u);
  EXPECT_EQ(count(svg, t.cells[std::size_t(Color::I)].piece.hex()), 4u);
  // Cell (9, 0) is the bottom-right square: x = 9 * 17 + 1, y = 3 * 17 + 1.
  std::string i_piece = t.cells[std::size_t(Color::I)].piece.hex();
  EXPECT_NE(
      svg.find(fmt::format(R"(<rect x="154" y="52" width="16" height="16" fill="{}"/>)", i_piece)),
      std::string::npos);

  // Without the piece: 2 rows, nothing cleared; an unlocked piece clears nothing either.
  o.style.show_piece = false;
  std::string bare = field_svg(page, o);
  EXPECT_NE(bare.find(R"(height="35")"), std::string::npos);
  EXPECT_EQ(count(bare, t.cells[std::size_t(Color::I)].piece.hex()), 0u);
  page.flags.lock = false;
  o.style.show_piece = true;
  EXPECT_EQ(count(field_svg(page, o), t.cells[std::size_t(Color::Gray)].normal.hex()), 9u);
  page.flags.lock = true;
  o.style.highlight_clears = false;
  EXPECT_EQ(count(field_svg(page, o), t.cells[std::size_t(Color::Gray)].normal.hex()), 9u);
}

TEST(FieldSvg, RowsCellSizeAndTheirLimits) {
  SvgOptions o;
  o.rows = 4;
  o.style.cell = 8;
  o.style.gap = 0;
  std::string svg = field_svg(fumen::ColorField{}, o);
  EXPECT_NE(svg.find(R"(width="80" height="32")"), std::string::npos);
  EXPECT_EQ(count(svg, "<rect "), 41u);
  o.rows = 24;
  EXPECT_EQ(error_of([&] { field_svg(fumen::ColorField{}, o); }),
            "svg: rows 24 out of range 0..23");
  o.rows = 1;
  o.style.cell = 0;
  EXPECT_EQ(error_of([&] { field_svg(fumen::ColorField{}, o); }),
            "svg: cell size 0 out of range 1..256");
  o.style.cell = 16;
  o.style.gap = -1;
  EXPECT_EQ(error_of([&] { field_svg(fumen::ColorField{}, o); }), "svg: gap -1 out of range 0..64");
}

// The SVG and the raster image are the same boxes: every <rect> is one box, in order.
TEST(FieldSvg, SvgAndRasterShareTheBoxes) {
  fumen::Page page = fumen::decode_page(kDoc, 7);
  Picture picture;
  picture.width = field_width(FieldStyle{});
  picture.height = field_height(5, FieldStyle{});
  draw_field(picture, 0, 0, 5, page.field, page.piece, page.flags.lock, builtin_theme("default"),
             FieldStyle{});
  std::string svg = to_svg(picture);
  std::regex rect(
      R"re(<rect x="(-?\d+)" y="(-?\d+)" width="(\d+)" height="(\d+)" fill="(#[0-9a-f]{6})"/>)re");
  std::size_t i = 0;
  Image image = rasterize(picture);
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), rect); it != std::sregex_iterator();
       ++it, ++i) {
    ASSERT_LT(i, picture.boxes.size());
    const Box& b = picture.boxes[i];
    EXPECT_EQ(std::stoi((*it)[1]), b.x);
    EXPECT_EQ(std::stoi((*it)[2]), b.y);
    EXPECT_EQ((*it)[5], b.color.hex());
  }
  EXPECT_EQ(i, picture.boxes.size());
  // The last box painted wins: the centre of each box has the colour of the last box over it.
  for (const Box& b : picture.boxes) {
    int x = b.x + b.width / 2, y = b.y + b.height / 2;
    Rgb top = b.color;
    for (const Box& c : picture.boxes) {
      if (x >= c.x && x < c.x + c.width && y >= c.y && y < c.y + c.height) top = c.color;
    }
    EXPECT_EQ(image.at(x, y), top);
  }
}

// ---- PNG and GIF ---------------------------------------------------------------------------

Image gradient(int width, int height, int colours) {
  Image image{width, height, {}};
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      int v = (x + y * width) % colours;
      image.rgb.insert(image.rgb.end(),
                       {std::uint8_t(v), std::uint8_t(v * 7), std::uint8_t(v / 256)});
    }
  }
  return image;
}

TEST(Image, PngRoundTripsWithAndWithoutPalette) {
  for (int colours : {3, 256, 1000}) {
    Image image = gradient(37, 29, colours);
    std::string png = encode_png(image);
    ASSERT_TRUE(png.starts_with("\x89PNG\r\n\x1a\n"));
    manyworlds::testing::Pixels back = manyworlds::testing::decode_png(png);
    EXPECT_EQ(back.width, 37);
    EXPECT_EQ(back.height, 29);
    EXPECT_EQ(back.rgb, image.rgb) << colours;
  }
}

TEST(Image, GifFramesDelayAndLoopRoundTrip) {
  Picture p{60, 40, {{0, 0, 50, 40, {10, 20, 30}}}};  // the last 10 columns unpainted: black
  std::vector<Picture> frames;
  frames.push_back(p);
  p.boxes.push_back({5, 6, 7, 8, {200, 0, 0}});
  frames.push_back(p);
  frames.push_back(p);                               // unchanged
  p.boxes.push_back({50, 30, 20, 20, {0, 200, 0}});  // clipped at the edge
  p.boxes.push_back({-5, -5, 8, 8, {0, 0, 0}});      // black over the corner
  frames.push_back(p);
  for (bool loop : {true, false}) {
    std::string gif = encode_gif(frames, 7, loop);
    ASSERT_TRUE(gif.starts_with("GIF89a"));
    manyworlds::testing::Gif back = manyworlds::testing::decode_gif(gif);
    EXPECT_EQ(back.width, 60);
    EXPECT_EQ(back.height, 40);
    ASSERT_EQ(back.frames.size(), 4u);
    for (std::size_t i = 0; i < frames.size(); ++i) {
      EXPECT_EQ(back.frames[i].rgb, rasterize(frames[i]).rgb) << i;
      EXPECT_EQ(back.delays[i], 7);
    }
    EXPECT_EQ(back.loops, loop ? std::optional<int>(0) : std::nullopt);
  }
}

TEST(Image, GifErrors) {
  std::vector<Picture> frames = {Picture{4, 4, {}}};
  EXPECT_EQ(error_of([&] { encode_gif({}, 30, true); }), "gif: no frames");
  EXPECT_EQ(error_of([&] { encode_gif(frames, 0, true); }), "gif: delay 0 out of range 1..65535");
  frames.push_back(Picture{5, 4, {}});
  EXPECT_EQ(error_of([&] { encode_gif(frames, 30, true); }), "gif: frames differ in size");
  Picture many{40, 40, {}};
  for (int i = 1; i <= 256; ++i)
    many.boxes.push_back({i % 40, i / 40, 1, 1, {std::uint8_t(i), 1, 2}});
  EXPECT_EQ(error_of([&] { encode_gif({many}, 30, true); }), "gif: more than 256 colours");
  many.boxes.pop_back();  // 255 colours and black
  EXPECT_EQ(manyworlds::testing::decode_gif(encode_gif({many}, 30, true)).frames[0].rgb,
            rasterize(many).rgb);
}

// ---- util fig ------------------------------------------------------------------------------

// Sizes of sfinder's pictures (FigSetting: 32-pixel cells, 2-pixel borders, 47-pixel boxes,
// 5-pixel margins), which its files in tests/data/tetris/fig/ have: 342 + 55 = 397 wide with
// frame right, 452 with basic, 342 with no frame; 34 * rows + 2 high.
TEST(Figure, LayoutFollowsSfindersAdjustments) {
  auto quiz = fumen::decode(kQuiz);
  auto doc = fumen::decode(kDoc);
  FigOptions o;
  Figures f = draw_figures(quiz, o);
  EXPECT_EQ(f.layout.frame, Frame::Basic);
  EXPECT_TRUE(f.layout.hold);
  EXPECT_TRUE(f.quiz);
  EXPECT_EQ(f.layout.width, 452);
  EXPECT_EQ(f.layout.rows, 8);  // 5 next boxes need (52 * 5 + 5 - 2) / 34 -> 8 rows
  EXPECT_EQ(f.layout.height, 274);
  EXPECT_EQ(f.pages.size(), 7u);
  // Without a quiz: no hold, so basic becomes right.
  f = draw_figures(doc, o);
  EXPECT_EQ(f.layout.frame, Frame::Right);
  EXPECT_FALSE(f.layout.hold);
  EXPECT_EQ(f.layout.width, 397);
  // The hold box hidden: right as well.
  o.hold = false;
  f = draw_figures(quiz, o);
  EXPECT_EQ(f.layout.frame, Frame::Right);
  // Right with hold: one more box to fit (3 next + hold = 4 boxes: 7 rows).
  o.hold = true;
  o.frame = Frame::Right;
  o.next = 3;
  f = draw_figures(quiz, o);
  EXPECT_TRUE(f.layout.hold);
  EXPECT_EQ(f.layout.rows, 7);
  // No frame: the field alone; its rows: the highest block or piece + 1.
  o.frame = Frame::None;
  f = draw_figures(doc, o);
  EXPECT_EQ(f.layout.width, 342);
  EXPECT_EQ(f.layout.rows, 5);
  EXPECT_TRUE(f.pages[0].next.empty());
  o.rows = 2;
  EXPECT_EQ(draw_figures(doc, o).layout.height, 70);
  // 14 next boxes with a hold on the right need 15 boxes: 24 rows, one above the fumen's 23.
  o = FigOptions{};
  o.frame = Frame::Right;
  o.next = 14;
  f = draw_figures(quiz, o);
  EXPECT_EQ(f.layout.rows, 24);
  EXPECT_EQ(rasterize(f.pages[0].picture).height, 34 * 24 + 2);
}

std::string letters(const std::vector<Piece>& pieces) {
  std::string s;
  for (Piece p : pieces) s += piece_letter(p);
  return s;
}

// The quiz #Q=[](L)TSJ with the pages' pieces L, S (T to hold), -, T (from hold; J to hold),
// J (from hold), -, -: sfinder's pictures of these pages (tests/data/tetris/fig/quiz_003.png,
// quiz_004.png) show hold T / next J on page 3 and hold J on page 4.
TEST(Figure, QuizGivesHoldAndNext) {
  Figures f = draw_figures(fumen::decode(kQuiz), FigOptions{});
  std::vector<std::string> seen;
  for (const Figure& p : f.pages) {
    seen.push_back(fmt::format("{}:{}|{}|{}", p.page, p.piece ? piece_letter(*p.piece) : '-',
                               p.hold ? piece_letter(*p.hold) : '-', letters(p.next)));
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"1:L|-|TSJ", "2:S|T|J", "3:-|T|J", "4:T|J|", "5:J|-|",
                                            "6:-|-|", "7:-|-|"}));
  EXPECT_TRUE(f.warnings.empty());
  // Starting at page 3: the quiz of page 3's comment (#Q=[T](J)), or page 1's advanced.
  FigOptions o;
  o.start = 3;
  f = draw_figures(fumen::decode(kQuiz), o);
  EXPECT_EQ(letters(f.pages[0].next), "J");
  EXPECT_EQ(f.pages[0].hold, Piece::T);
  // Without a quiz the queue is the pages' pieces.
  f = draw_figures(fumen::decode(kDoc), FigOptions{});
  // The doc fumen's pieces, pages 1-6: L O J S T Z (`tetris show -P N`).
  EXPECT_EQ(f.pages[0].piece, Piece::L);
  EXPECT_EQ(letters(f.pages[0].next), "OJSTZ");
  EXPECT_FALSE(f.pages[0].hold.has_value());
}

std::vector<fumen::Page> quiz_pages(const std::string& comment, std::vector<Piece> pieces) {
  std::vector<fumen::Page> pages;
  for (Piece p : pieces) {
    fumen::Page page;
    page.piece = Placement{p, Rotation::North, 4, 0};
    page.flags.lock = false;
    pages.push_back(page);
  }
  pages.front().comment = comment;
  return pages;
}

TEST(Figure, QuizThatCannotGiveThePieceEndsWithAWarning) {
  // #Q=[](T)I: T, then O is neither the next piece (I) nor the hold (empty).
  Figures f = draw_figures(quiz_pages("#Q=[](T)I", {Piece::T, Piece::O, Piece::S}), FigOptions{});
  ASSERT_EQ(f.warnings.size(), 1u);
  EXPECT_EQ(f.warnings[0],
            "page 2 places O, which is neither the quiz's next piece (I) nor its hold (-): the "
            "quiz ends there, and the next boxes show the pieces of the following pages");
  EXPECT_EQ(letters(f.pages[1].next), "S");
  EXPECT_FALSE(f.pages[1].hold.has_value());
  // Hold empty: the head goes to hold and the piece after it is used.
  f = draw_figures(quiz_pages("#Q=[](T)IS", {Piece::I, Piece::S}), FigOptions{});
  EXPECT_TRUE(f.warnings.empty());
  EXPECT_EQ(f.pages[0].hold, Piece::T);
  EXPECT_EQ(f.pages[1].hold, Piece::T);
  EXPECT_TRUE(f.pages[1].next.empty());
}

TEST(Figure, MalformedQuizAndRanges) {
  for (const char* bad : {"#Q=", "#Q=[X](T)", "#Q=[](T", "#Q=(T)I", "#Q=[](T)I3"}) {
    EXPECT_EQ(error_of([&] { draw_figures(quiz_pages(bad, {Piece::T}), FigOptions{}); }),
              fmt::format("fig: page 1: quiz comment '{}' is not #Q=[H](C)NEXT", bad));
  }
  // An empty current piece is a quiz whose queue is only NEXT.
  EXPECT_TRUE(draw_figures(quiz_pages("#Q=[]()T", {Piece::T}), FigOptions{}).warnings.empty());
  auto doc = fumen::decode(kDoc);
  auto with = [&](auto set) {
    FigOptions o;
    set(o);
    return error_of([&] { draw_figures(doc, o); });
  };
  EXPECT_EQ(with([](FigOptions& o) { o.start = 0; }), "fig: start page 0 out of range 1..11");
  EXPECT_EQ(with([](FigOptions& o) { o.start = 12; }), "fig: start page 12 out of range 1..11");
  EXPECT_EQ(with([](FigOptions& o) { o.start = 5, o.end = 4; }),
            "fig: end page 4 out of range 5..11 (or -1 for the last)");
  EXPECT_EQ(with([](FigOptions& o) { o.end = 12; }),
            "fig: end page 12 out of range 1..11 (or -1 for the last)");
  EXPECT_EQ(with([](FigOptions& o) { o.rows = 0; }),
            "fig: line 0 out of range 1..23 (or -1: the highest block + 1)");
  EXPECT_EQ(with([](FigOptions& o) { o.rows = 24; }),
            "fig: line 24 out of range 1..23 (or -1: the highest block + 1)");
  EXPECT_EQ(with([](FigOptions& o) { o.next = -1; }), "fig: next -1 out of range 0..14");
  EXPECT_EQ(with([](FigOptions& o) { o.next = 15; }), "fig: next 15 out of range 0..14");
  EXPECT_EQ(error_of([] { draw_figures({}, FigOptions{}); }), "fig: the fumen has no pages");
}

TEST(Figure, OptionWords) {
  EXPECT_EQ(parse_frame("BASIC"), Frame::Basic);
  EXPECT_EQ(parse_frame("right"), Frame::Right);
  EXPECT_EQ(parse_frame("No"), Frame::None);
  EXPECT_EQ(error_of([] { parse_frame("left"); }), "frame: 'left' is not basic, right or no");
  EXPECT_EQ(parse_fig_format("PNG"), FigFormat::Png);
  EXPECT_EQ(parse_fig_format("html"), FigFormat::Html);
  EXPECT_EQ(error_of([] { parse_fig_format("jpg"); }),
            "format: 'jpg' is not gif, png, svg or html");
  for (const char* yes :
       {"true", "T", "y", "ok", "yes", "on", "use", "allow", "enable", "Visible"}) {
    EXPECT_TRUE(parse_switch(yes, "hold")) << yes;
  }
  for (const char* no : {"false", "f", "N", "no", "ng", "off", "avoid", "disable", "hidden"}) {
    EXPECT_FALSE(parse_switch(no, "hold")) << no;
  }
  EXPECT_EQ(error_of([] { parse_switch("maybe", "loop"); }),
            "loop: 'maybe' is not yes or no (true/false, visible/hidden, ...)");
}

TEST(Figure, FilesAndTheirNames) {
  FigOptions o;
  o.end = 3;
  Figures f = draw_figures(fumen::decode(kDoc), o);
  auto gif = fig_files(f, FigFormat::Gif, "out/pic.png", "", 30, true);
  ASSERT_EQ(gif.size(), 1u);
  EXPECT_EQ(gif[0].path, "out/pic.gif");
  EXPECT_EQ(gif[0].pages, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(manyworlds::testing::decode_gif(gif[0].bytes).frames.size(), 3u);
  EXPECT_EQ(fig_files(f, FigFormat::Gif, "out/", "", 30, true)[0].path, "out/fig.gif");
  auto png = fig_files(f, FigFormat::Png, "output/fig.gif", "20260101_120000", 30, true);
  ASSERT_EQ(png.size(), 3u);
  EXPECT_EQ(png[2].path, "output/20260101_120000/fig_003.png");
  EXPECT_EQ(png[2].pages, (std::vector<int>{3}));
  // Each PNG is the page's picture.
  EXPECT_EQ(manyworlds::testing::decode_png(png[1].bytes).rgb, rasterize(f.pages[1].picture).rgb);
  auto svg = fig_files(f, FigFormat::Svg, "a.b/name.x", "", 30, true);
  EXPECT_EQ(svg[0].path, "a.b/name_001.svg");
  EXPECT_TRUE(svg[0].bytes.starts_with("<svg ")) << svg[0].bytes.substr(0, 40);
  auto html = fig_files(f, FigFormat::Html, "name", "", 30, true);
  EXPECT_EQ(html[0].path, "name.html");
  EXPECT_EQ(count(html[0].bytes, "<svg "), 3u);
  EXPECT_EQ(count(html[0].bytes, "class=\"mw-fig\""), 3u);
  EXPECT_EQ(error_of([&] { fig_files(f, FigFormat::Png, "x", "", 0, true); }),
            "fig: delay 0 out of range 1..65535 (hundredths of a second)");
}

}  // namespace
}  // namespace manyworlds::tetris
