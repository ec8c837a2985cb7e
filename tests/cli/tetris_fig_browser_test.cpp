// Pictures in a real browser: HTML pages of inline SVG (tetris fig -F html, and fields drawn
// with tetris::field_svg as the HTML outputs of path and cover draw them) rendered by headless
// Chromium: the page has the expected number of pictures, and the screenshot shows them with
// the colours our own rasteriser gives (so it is not blank, and SVG and PNG agree). Skipped,
// with a message, only where chromium is not installed (scripts/install-deps.sh --browser).

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <map>

#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/draw/figure.hpp"
#include "manyworlds/tetris/draw/image.hpp"
#include "manyworlds/tetris/draw/picture.hpp"
#include "run.hpp"
#include "testing/browser.hpp"
#include "testing/required.hpp"

namespace manyworlds::testing {
namespace {

using namespace manyworlds::tetris;

// tests/data/tetris/fig/README.md: tetris-fumen's quiz test and sfinder's doc example.
const std::string kQuiz = "v115@vhGSSYXAFLDmClcJSAVDEHBEooRBMoAVBUtfBAXsBAAANrBmnBAAAAAA";
const std::string kDoc = "v115@vhKSSJznBGjBXqBNpB0fBRmBasB/rB0qBAAA";

// How many pixels of each colour the images have together.
std::map<std::string, std::size_t> colour_counts(const std::vector<Image>& images) {
  std::map<std::string, std::size_t> counts;
  for (const Image& image : images) {
    for (int y = 0; y < image.height; ++y) {
      for (int x = 0; x < image.width; ++x) ++counts[image.at(x, y).hex()];
    }
  }
  return counts;
}

// Fields as `path` and `cover` will draw them: field_svg of each page of the doc fumen, in a
// page with nothing else. Every pixel of the screenshot is the background or a field's, so
// each colour's count must equal our rasteriser's count for the same pictures.
TEST(TetrisFigBrowser, FieldSvgsRenderAsRasterisedSlow) {
  auto chromium = find_chromium();
  MANYWORLDS_REQUIRE(chromium.has_value(), kNoChromium);
  std::vector<fumen::Page> pages = fumen::decode(kDoc);
  std::string html =
      "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head>"
      "<body style=\"margin:0;background:#fafafa\">"
      "<div style=\"display:flex;flex-wrap:wrap;gap:6px;align-items:flex-start\">";
  std::vector<Image> rasters;
  for (const fumen::Page& page : pages) {
    SvgOptions o;
    o.title = "a solution";
    html += field_svg(page, o);
    // The same picture, drawn by the library for PNG.
    int rows = std::max(1, page_height(page.field, page.piece));
    Picture p{field_width(o.style), field_height(rows, o.style), {}};
    draw_field(p, 0, 0, rows, page.field, page.piece, page.flags.lock, o.theme, o.style);
    rasters.push_back(rasterize(p));
  }
  html += "</div></body></html>\n";
  TempDir dir;
  std::string path = dir.path() + "/fields.html";
  write_file_atomically(path, html);

  Browser browser(*chromium);
  std::string dom = browser.dump_dom(path);
  EXPECT_EQ(count_occurrences(dom, "class=\"mw-field\""), pages.size());
  Pixels shot = browser.screenshot(path, 1000, 700);
  ASSERT_EQ(shot.width, 1000);
  std::size_t background = shot.count("#fafafa");
  EXPECT_LT(background, std::size_t(1000 * 700));  // not blank
  std::size_t drawn = 0;
  for (const auto& [colour, n] : colour_counts(rasters)) {
    EXPECT_EQ(shot.count(colour), n) << colour;
    drawn += n;
  }
  // Nothing else on the page.
  EXPECT_EQ(background + drawn, std::size_t(1000 * 700));
}

// `tetris fig -F html`: one <svg class="mw-fig"> per page, rendered as the PNG pages are.
TEST(TetrisFigBrowser, FigHtmlRendersEveryPageSlow) {
  auto chromium = find_chromium();
  MANYWORLDS_REQUIRE(chromium.has_value(), kNoChromium);
  TempDir dir;
  std::string path = dir.path() + "/quiz.html";
  RunResult r = run_manyworlds({"tetris", "fig", "-t", kQuiz, "-F", "html", "-o", path});
  ASSERT_EQ(r.exit_code, 0) << r.err;

  Browser browser(*chromium);
  EXPECT_EQ(count_occurrences(browser.dump_dom(path), "class=\"mw-fig\""), 7u);
  // 7 pictures of 452 x 274, two to a row: all inside a 1000 x 1400 window.
  Pixels shot = browser.screenshot(path, 1000, 1400);
  Figures figures = draw_figures(fumen::decode(kQuiz), FigOptions{});
  std::vector<Image> rasters;
  for (const Figure& f : figures.pages) rasters.push_back(rasterize(f.picture));
  auto counts = colour_counts(rasters);
  // Colours no caption text can take (the theme's empty cell and piece colours): exactly ours.
  const Theme theme = builtin_theme("default");
  std::vector<std::string> exact = {theme.cells[0].normal.hex()};
  for (fumen::Color c : {fumen::Color::T, fumen::Color::L, fumen::Color::S, fumen::Color::J}) {
    for (Rgb shade : {theme.cells[std::size_t(c)].normal, theme.cells[std::size_t(c)].clear,
                      theme.cells[std::size_t(c)].piece}) {
      exact.push_back(shade.hex());
    }
  }
  for (const std::string& colour : exact) EXPECT_EQ(shot.count(colour), counts[colour]) << colour;
  EXPECT_GT(counts[theme.cells[0].normal.hex()], 0u);
  // Not blank: at least the pictures' area is not the page's background.
  std::size_t area = 7 * 452 * 274;
  EXPECT_GE(std::size_t(1000 * 1400) - shot.count("#fafafa"), area);
}

}  // namespace
}  // namespace manyworlds::testing
