#include "manyworlds/tetris/sfinder/util_fumen.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "manyworlds/core/atomic_file.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/search/cover.hpp"
#include "manyworlds/tetris/sfinder/fumen_writers.hpp"
#include "manyworlds/tetris/sfinder/inputs.hpp"
#include "manyworlds/tetris/sfinder/report.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

// The pages as sfinder's Tetfu.decode reads them: no characters, no page; a page without a
// comment of its own has none.
std::vector<fumen::Page> decode_pages(std::string_view data) {
  std::string text(data);
  std::erase(text, '?');
  if (text.empty()) return {};
  std::vector<fumen::Page> pages;
  try {
    pages = fumen::decode("v115@" + text);
  } catch (const InputError& e) {
    throw InputError(fmt::format("util fumen: cannot read v115@{} ({})", data, e.what()));
  }
  for (fumen::Page& p : pages) {
    if (!p.own_comment) p.comment.clear();
  }
  return pages;
}

// The pages that place their piece, up to the first of them that rises or mirrors.
std::vector<const fumen::Page*> placing_pages(const std::vector<fumen::Page>& pages) {
  std::vector<const fumen::Page*> out;
  for (const fumen::Page& p : pages) {
    if (!p.piece || !p.flags.lock) continue;
    out.push_back(&p);
    if (p.flags.rise || p.flags.mirror) break;
  }
  return out;
}

// OperationTransform.parseToOperationWithKeys: the pieces replayed from `field`, each with its
// cells in the rows of `field` (the rows cleared before it put back).
std::vector<CoverPiece> keyed_pieces(Field field, const std::vector<const fumen::Page*>& pages) {
  std::vector<CoverPiece> out;
  for (const fumen::Page* page : pages) {
    std::optional<CoverPiece> piece = keyed_piece(field, *page->piece);
    if (!piece) throw InputError("util fumen: a piece does not fit in the 24 rows of the field");
    for (const Cell& c : piece->cells) field.set(c.x, c.y);
    out.push_back(*piece);
  }
  return out;
}

// OperationTransform.parseToOperations: each piece moved down by the rows cleared below its y
// when it is placed (full rows are cleared before each piece and put back after).
std::vector<Placement> replaced(Field field, const std::vector<CoverPiece>& pieces) {
  std::vector<Placement> out;
  for (const CoverPiece& piece : pieces) {
    std::uint32_t cleared = full_rows(field);
    Placement p = piece.placement;
    p.y = std::int8_t(p.y - std::popcount(cleared & ((1u << std::max(0, int(p.y))) - 1)));
    for (const Cell& c : shape(p.piece, p.rotation).cells) {
      int x = p.x + c.x, y = restore_row(p.y + c.y, cleared);
      if (x >= 0 && x < kWidth && y >= 0 && p.y + c.y >= 0) field.set(x, y);
    }
    out.push_back(p);
  }
  return out;
}

// An element with the page's flags and garbage row (no field, piece or comment yet).
TetfuElement flags_of(const fumen::Page& page) {
  TetfuElement e;
  e.lock = page.flags.lock;
  e.mirror = page.flags.mirror;
  e.rise = page.flags.rise;
  e.garbage.emplace();
  for (int x = 0; x < kWidth; ++x) (*e.garbage)[std::size_t(x)] = page.field.at(x, -1);
  return e;
}

}  // namespace

FumenMode parse_fumen_mode(std::string_view text) {
  std::string mode = lower(java_trim(text));
  if (mode == "reduce") return FumenMode::Reduce;
  if (mode == "remove-comment") return FumenMode::RemoveComment;
  if (mode == "filter") return FumenMode::Filter;
  throw InputError(
      fmt::format("util fumen: --mode '{}' is not one of reduce, remove-comment, filter", text));
}

std::string_view fumen_mode_name(FumenMode mode) {
  switch (mode) {
    case FumenMode::Reduce:
      return "reduce";
    case FumenMode::RemoveComment:
      return "remove-comment";
    case FumenMode::Filter:
      return "filter";
  }
  return "";
}

std::string fumen_reduce(std::string_view data) {
  std::vector<fumen::Page> pages = decode_pages(data);
  if (pages.empty()) throw InputError(fmt::format("util fumen: v115@{} has no page", data));
  const fumen::Page& head = pages.front();
  TetfuElement page;
  page.field = head.field;
  for (const CoverPiece& piece : keyed_pieces(head.field.blocks(), placing_pages(pages))) {
    for (const Cell& c : piece.cells) {
      if (c.y < fumen::kFieldHeight) {
        page.field->set(c.x, c.y, fumen::piece_color(piece.placement.piece));
      }
    }
  }
  page.comment = head.comment;
  return "v115@" + tetfu_encode({&page, 1});
}

std::string fumen_remove_comment(std::string_view data) {
  std::vector<TetfuElement> elements;
  for (const fumen::Page& p : decode_pages(data)) {
    TetfuElement e = flags_of(p);
    e.field = p.field;
    e.piece = p.piece;
    elements.push_back(std::move(e));
  }
  return "v115@" + tetfu_encode(elements);
}

std::string fumen_filter(std::string_view data, Piece removed) {
  std::vector<fumen::Page> pages = decode_pages(data);
  std::vector<const fumen::Page*> placing = placing_pages(pages);
  std::vector<TetfuElement> elements;
  if (!placing.empty()) {
    const fumen::Page& head = *placing.front();
    Field field = head.field.blocks();
    std::vector<CoverPiece> keyed = keyed_pieces(field, placing);
    std::vector<CoverPiece> kept;
    std::vector<const fumen::Page*> kept_pages;
    for (std::size_t i = 0; i < keyed.size(); ++i) {
      if (keyed[i].placement.piece == removed) continue;
      kept.push_back(keyed[i]);
      kept_pages.push_back(placing[i]);
    }
    std::vector<Placement> moved = replaced(field, kept);
    for (std::size_t i = 0; i < moved.size(); ++i) {
      const fumen::Page& p = *kept_pages[i];
      TetfuElement e = flags_of(p);
      if (i == 0) e.field = head.field;
      e.piece = moved[i];
      e.comment = p.comment;
      elements.push_back(std::move(e));
    }
  }
  return "v115@" + tetfu_encode(elements);
}

UtilFumenInput read_util_fumen_input(const OptionValues& options) {
  UtilFumenInput in;
  std::vector<std::string> texts;
  if (options.has("tetfu")) {
    for (const std::string& value : options.all("tetfu")) {
      for (const std::string& word : java_split(value, ' ')) texts.push_back(word);
    }
  } else {
    std::string path = options.first("field-path").value_or("input/field.txt");
    std::string text;
    try {
      text = read_text(path);
    } catch (const InputError& e) {
      throw InputError(fmt::format(
          "util fumen: no fumen: give -t FUMEN or a field file ({}; see --field-path)", e.what()));
    }
    for (const std::string& raw : java_lines(text)) {
      std::string_view line = raw;
      line = java_trim(line.substr(0, line.find('#')));
      if (!line.empty()) texts.emplace_back(line);
    }
    if (texts.empty())
      throw InputError(fmt::format("util fumen: the field file {} is empty", path));
  }
  // Tetfu.removeDomainData, isDataLater115, removePrefixData: the first fumen-like match (the
  // text itself when there is none, so that "v115@!!!!" is a fumen that cannot be read).
  for (const std::string& t : texts) {
    bool prefixed = t.starts_with("v115@") || t.starts_with("d115@") || t.starts_with("m115@");
    if (std::optional<std::string> data = fumen_in_line(t)) {
      in.fumens.push_back(data->substr(5));
    } else if (prefixed && t.find('@', 5) == std::string::npos) {
      in.fumens.push_back(t.substr(5));
    }
  }
  if (in.fumens.empty()) {
    throw InputError("util fumen: no v115 fumen given (v115@..., d115@ or m115@; or a URL)");
  }
  auto mode = options.first("mode");
  if (!mode) throw InputError("util fumen: give --mode reduce, remove-comment or filter");
  in.mode = parse_fumen_mode(*mode);
  if (in.mode == FumenMode::Filter) {
    auto filter = options.first("filter");
    if (!filter) throw InputError("util fumen: filter mode needs --filter PIECE (T I L J S Z O)");
    if (filter->size() != 1 ||
        std::string_view("TILJSZO").find((*filter)[0]) == std::string::npos) {
      throw InputError(fmt::format(
          "util fumen: --filter '{}' is not a piece: one of T I L J S Z O, in upper case",
          *filter));
    }
    in.filter = piece_from_letter((*filter)[0]);
  }
  if (auto log = options.first("log-path")) in.log_path = *log;
  return in;
}

UtilFumenRun run_util_fumen(const OptionValues& options) {
  UtilFumenRun run;
  run.input = read_util_fumen_input(options);
  prepare_log(run.input.log_path);
  std::string log;
  for (const std::string& data : run.input.fumens) {
    switch (run.input.mode) {
      case FumenMode::Reduce:
        run.lines.push_back(fumen_reduce(data));
        break;
      case FumenMode::RemoveComment:
        run.lines.push_back(fumen_remove_comment(data));
        break;
      case FumenMode::Filter:
        run.lines.push_back(fumen_filter(data, *run.input.filter));
        break;
    }
    log += run.lines.back() + "\n";
  }
  write_file(run.input.log_path, log, "log file");
  return run;
}

void write_text(fmt::memory_buffer& out, const UtilFumenRun& run) {
  for (const std::string& line : run.lines) append(out, "{}\n", line);
}

void to_json(Json& out, const UtilFumenRun& run) {
  out = {{"mode", std::string(fumen_mode_name(run.input.mode))},
         {"fumens", run.lines},
         {"log", run.input.log_path}};
  if (run.input.filter) out["filter"] = std::string(1, piece_letter(*run.input.filter));
}

}  // namespace manyworlds::tetris::sfinder
