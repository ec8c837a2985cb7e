#pragma once
// Fumen (https://fumen.zui.jp, Harddrop's "fumen" diagram editor) version 1.15 data: decode and
// encode, with the same model and results as the npm package tetris-fumen (knewjade).
//
// A fumen string is `v115@DATA` (also `d115@` = the same data, `m115@` = mobile; a whole URL
// `https://fumen.zui.jp/?v115@...` is accepted and `?` separators inside the data are ignored).
// DATA is base-64 text (alphabet A-Za-z0-9+/): per page, a run-length coded difference of the
// field from the previous page (skipped when repeated), the page's piece, flags and an optional
// comment (escaped text). A page's field has 23 rows (y = 0..22 from the bottom) of 10 cells
// plus one garbage row below (y = -1), each cell empty, a piece colour or gray.
// Page semantics (tetris-fumen): page.field is the field BEFORE the page's piece; the next
// page's field is this one with the piece locked (when `lock`), full rows cleared, the garbage
// row risen (when `rise`) and mirrored (when `mirror`). A comment `#Q=[H](C)NEXT` is a quiz;
// its state advances with the pieces as fumen does.
//
// solution-finder reads a page as: the field plus the page's piece merged in, no line clear
// (FumenLoader.loadField) -> FumenPage::merged().

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "manyworlds/tetris/board/field.hpp"

namespace manyworlds::tetris::fumen {

// Cell contents, numbered as in fumen: 0 empty, 1 I, 2 L, 3 O, 4 Z, 5 T, 6 J, 7 S, 8 gray.
enum class Color : std::uint8_t { Empty, I, L, O, Z, T, J, S, Gray };
char color_letter(Color c);  // '_', 'I', 'L', 'O', 'Z', 'T', 'J', 'S', 'X'
Color piece_color(Piece p);
std::optional<Piece> color_piece(Color c);  // nullopt for Empty and Gray

inline constexpr int kFieldHeight = 23;  // rows 0..22, plus the garbage row -1

class ColorField {
 public:
  Color at(int x, int y) const { return cells_[index(x, y)]; }  // y in -1..22
  void set(int x, int y, Color c) { cells_[index(x, y)] = c; }
  // Rows 0..22: every non-empty cell filled (the garbage row is not part of the field).
  Field blocks() const;
  // Highest non-empty play row + 1 (0 when rows 0..22 are empty).
  int height() const;
  bool garbage_empty() const;
  friend bool operator==(const ColorField&, const ColorField&) = default;

 private:
  static int index(int x, int y) { return (y + 1) * kWidth + x; }
  std::array<Color, kWidth*(kFieldHeight + 1)> cells_{};
};

struct Flags {
  bool lock = true;      // the page's piece locks into the next page's field
  bool mirror = false;   // the next page's field is mirrored
  bool colorize = true;  // guideline colours
  bool rise = false;     // the garbage row rises into the next page's field
  bool quiz = false;     // the comment is a quiz (#Q=...)
  friend bool operator==(const Flags&, const Flags&) = default;
};

struct Page {
  ColorField field;                // before the page's piece
  std::optional<Placement> piece;  // the page's piece (fumen's "operation"), if any
  std::string comment;             // UTF-8; "" when none
  Flags flags;
  // decode(): the page's data carries its comment (false: the comment is the previous page's,
  // or the quiz's next state). solution-finder reads a page without one as "".
  bool own_comment = false;
  // The field with the page's piece merged in (cells inside rows 0..22), no line clear: what
  // solution-finder reads from the page.
  Field merged() const;
};

// The field the page after `page` inherits: the page's field with its piece locked (when
// `lock`), full rows cleared, the garbage row risen (`rise`) and mirrored (`mirror`).
ColorField next_field(const Page& page);

// All pages. Throws InputError ("fumen: ...") for a bad prefix, a character outside the
// alphabet, truncated data, out-of-range values.
std::vector<Page> decode(std::string_view text);
// One page, 1-based `page`; throws InputError when it is out of range.
Page decode_page(std::string_view text, int page);

// v115 data ("v115@...") that decode() and tetris-fumen read back to the same pages.
// Fields are stored as differences from the field each page inherits (as fumen does);
// a piece must be in bounds (InputError otherwise).
std::string encode(const std::vector<Page>& pages);

// The data part (no "v115@") as solution-finder's Tetfu.encode writes it, for its output files:
// a comment is written whenever it differs from the previous page's (quizzes included) and
// escaped as sfinder escapes it (spaces kept, "%A" rather than "%0A"), the colour flag is set on
// the first page only, and a '?' follows every character whose index is 41 modulo 47 (so a
// string of 42 characters ends in '?').
std::string encode_sfinder(const std::vector<Page>& pages);

}  // namespace manyworlds::tetris::fumen
