#pragma once
// The verbs that look at one thing: a fumen page (`tetris show`), the placements of a piece on
// it (`tetris moves`), the sequences of patterns (`tetris patterns`). Each is a request, one
// call and a result with its text and JSON forms (core/render.hpp).

#include <optional>
#include <string>
#include <vector>

#include "manyworlds/core/bigint.hpp"
#include "manyworlds/core/render.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/kicks.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/board/pattern.hpp"

namespace manyworlds::tetris {

// A fumen argument: the text itself, or "-" for standard input.
std::string fumen_argument(const std::string& argument);

struct ShowRequest {
  std::string fumen;  // or "-"
  int page = 1;
  bool color = false;  // ANSI colours in the text form (the CLI sets it for a terminal)
};
struct ShowResult {
  fumen::Page page;
  int number = 1;
  std::size_t pages = 1;
  bool color = false;
};
ShowResult show(const ShowRequest& request);
void write_text(fmt::memory_buffer& out, const ShowResult& result);
void to_json(Json& out, const ShowResult& result);

struct MovesRequest {
  std::string fumen;  // or "-"
  int page = 1;
  std::string piece;
  std::string drop = "softdrop";
  std::string kicks = "srs";
  int clear_line = kMaxHeight;
  bool fumen_pages = false;  // the placements as fumen pages, one each
};
struct MovesResult {
  Piece piece = Piece::T;
  Drop drop = Drop::Softdrop;
  std::string kicks;
  int clear_line = kMaxHeight;
  int page = 1;
  Field field;
  std::vector<Placement> placements;
  std::optional<std::string> fumen;  // with fumen_pages
};
MovesResult moves(const MovesRequest& request);
void write_text(fmt::memory_buffer& out, const MovesResult& result);
void to_json(Json& out, const MovesResult& result);

struct PatternsRequest {
  std::string pattern;  // or
  std::string file;     // a patterns file ("-": standard input)
  bool list = false;    // also the distinct sequences
  int length = 0;       // truncate to this many pieces (0: the patterns' length)
  bool force = false;   // list more than kPatternsListLimit
};
inline constexpr std::uint64_t kPatternsListLimit = 1'000'000;
struct PatternsResult {
  std::vector<Pattern> patterns;
  int length = 0;
  BigInt with_duplicates;
  std::optional<std::vector<Sequence>> distinct;  // when known (listed, or few enough)
  bool list = false;
};
PatternsResult count_patterns(const PatternsRequest& request);
void write_text(fmt::memory_buffer& out, const PatternsResult& result);
void to_json(Json& out, const PatternsResult& result);

}  // namespace manyworlds::tetris
