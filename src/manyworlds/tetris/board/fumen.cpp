// Fumen v115 (and v110) decoding and encoding, following the npm package tetris-fumen 1.1.3
// (knewjade) step by step so that both read and write the same pages: the base-64 buffer, the
// run-length field differences, the piece/flag word, JavaScript escape()d comments in fumen's
// 97-value comment alphabet, and the quiz (#Q=) state that advances with the pieces.

#include "manyworlds/tetris/board/fumen.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "manyworlds/core/error.hpp"

namespace manyworlds::tetris::fumen {
namespace {

constexpr std::string_view kBase64 =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::string_view kCommentTable =
    " !\"#$%&'()*+,-./"
    "0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";
constexpr int kCommentBase = int(kCommentTable.size()) + 1;  // 97, as in tetris-fumen

// ---- the quiz comment (#Q=[HOLD](CURRENT)NEXT...), a port of tetris-fumen's Quiz ----------

// A character of a JavaScript string, or `undefined` when past its end.
struct JsChar {
  bool defined = false;
  char c = 0;
  bool is(char x) const { return defined && c == x; }
  bool empty_or_undefined() const { return !defined; }
  std::string str() const { return defined ? std::string(1, c) : std::string("undefined"); }
};

JsChar js_at(const std::string& s, long i) {
  if (i < 0 || std::size_t(i) >= s.size()) return {};
  return {true, s[std::size_t(i)]};
}
long js_index_of(const std::string& s, char c) {
  auto i = s.find(c);
  return i == std::string::npos ? -1 : long(i);
}
std::string js_substr(const std::string& s, long from) {
  if (from < 0) from = 0;
  return std::size_t(from) >= s.size() ? std::string() : s.substr(std::size_t(from));
}

// Strings in the quiz are either "" (tetris-fumen's '' for a missing piece) or one character;
// `undefined` is kept as the text "undefined", as JavaScript's template strings would.
struct QuizError {};

bool is_space_js(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool matches_quiz_pattern(const std::string& q) {
  // ^#Q=\[[TIOSZJL]?]\([TIOSZJL]?\)[TIOSZJL]*;?.*$  (case-insensitive; no line breaks left)
  auto piece = [](char c) {
    return std::string_view("TIOSZJLtioszjl").find(c) != std::string_view::npos;
  };
  std::size_t i = 0;
  if (q.compare(0, 4, "#Q=[") != 0) return false;
  i = 4;
  if (i < q.size() && piece(q[i])) ++i;
  if (i >= q.size() || q[i] != ']') return false;
  ++i;
  if (i >= q.size() || q[i] != '(') return false;
  ++i;
  if (i < q.size() && piece(q[i])) ++i;
  if (i >= q.size() || q[i] != ')') return false;
  return true;  // the rest ([TIOSZJL]*;?.*) matches anything
}

class Quiz {
 public:
  explicit Quiz(const std::string& text) : quiz_(verify(text)) {}
  const std::string& str() const { return quiz_; }

  static bool is_quiz_comment(const std::string& c) { return c.rfind("#Q=", 0) == 0; }

  bool can_operate() const {
    std::string q = quiz_;
    if (q.rfind("#Q=[]();", 0) == 0) q = js_substr(quiz_, 8);
    return q.rfind("#Q=", 0) == 0 && q != "#Q=[]()";
  }
  Quiz next_if_end() const {
    if (quiz_.rfind("#Q=[]();", 0) == 0) return Quiz(js_substr(quiz_, 8));
    return *this;
  }
  Quiz format() const {
    Quiz q = next_if_end();
    if (q.quiz_ == "#Q=[]()") return Quiz("");
    std::string current = q.current(), hold = q.hold();
    if (current.empty() && hold != "") return Quiz("#Q=[](" + hold + ")" + q.least());
    if (current.empty()) {
      std::string least = q.least();
      JsChar head = js_at(least, 0);
      if (!head.defined) return Quiz("");
      if (head.c == ';') return Quiz(js_substr(least, 1));
      return Quiz("#Q=[](" + head.str() + ")" + js_substr(least, 1));
    }
    return q;
  }
  // Advances by one piece used (tetris-fumen's getOperation + operate); throws QuizError.
  Quiz operate(Piece used) const {
    std::string name(1, piece_letter(used));
    std::string current = this->current(), hold = this->hold(), next = this->next();
    if (name == current) return direct();
    if (name == hold) return swap();
    if (hold.empty()) {
      if (name == next) return stock();
    } else if (current.empty() && name == next) {
      return direct();
    }
    throw QuizError{};
  }

 private:
  static std::string verify(const std::string& quiz) {
    std::string replaced;
    // trim() then remove every run of white space
    for (char c : quiz) {
      if (!is_space_js(c)) replaced += c;
    }
    if (replaced.empty() || quiz == "#Q=[]()" || quiz.rfind("#Q=", 0) != 0) return quiz;
    if (!matches_quiz_pattern(replaced)) throw QuizError{};
    return replaced;
  }
  std::string next() const {
    JsChar c = js_at(quiz_, js_index_of(quiz_, ')') + 1);
    if (!c.defined || c.c == ';') return "";
    return c.str();
  }
  std::string least() const { return js_substr(quiz_, js_index_of(quiz_, ')') + 1); }
  std::string current() const {
    JsChar c = js_at(quiz_, js_index_of(quiz_, '(') + 1);
    if (c.is(')')) return "";
    return c.str();
  }
  std::string hold() const {
    JsChar c = js_at(quiz_, js_index_of(quiz_, '[') + 1);
    if (c.is(']')) return "";
    return c.str();
  }
  std::string least_after_next2() const {
    long i = js_index_of(quiz_, ')');
    if (js_at(quiz_, i + 1).is(';')) return js_substr(quiz_, i + 1);
    return js_substr(quiz_, i + 2);
  }
  Quiz direct() const {
    if (current().empty()) {
      std::string least = least_after_next2();
      return Quiz("#Q=[" + hold() + "](" + js_at(least, 0).str() + ")" + js_substr(least, 1));
    }
    return Quiz("#Q=[" + hold() + "](" + next() + ")" + least_after_next2());
  }
  Quiz swap() const {
    if (hold().empty()) throw QuizError{};
    return Quiz("#Q=[" + current() + "](" + next() + ")" + least_after_next2());
  }
  Quiz stock() const {
    if (!hold().empty() || next().empty()) throw QuizError{};
    std::string least = least_after_next2();
    std::string head = least.empty() ? std::string() : least.substr(0, 1);
    if (least.size() > 1) return Quiz("#Q=[" + current() + "](" + head + ")" + least.substr(1));
    return Quiz("#Q=[" + current() + "](" + head + ")");
  }

  std::string quiz_;
};

// The quiz after the page's piece, as both the decoder and the encoder advance it.
void advance_quiz(std::optional<Quiz>& quiz, const std::optional<Placement>& piece, bool lock) {
  if (!quiz || !quiz->can_operate() || !lock) return;
  if (piece) {
    try {
      quiz = quiz->next_if_end().operate(piece->piece);
      return;
    } catch (const QuizError&) {
    }
  }
  quiz = quiz->format();
}

// ---- comments: JavaScript escape()/unescape() over UTF-16, from and to UTF-8 ----------------

std::u16string utf8_to_utf16(std::string_view s) {
  std::u16string out;
  for (std::size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    char32_t cp = 0xFFFD;
    std::size_t len = 1;
    auto cont = [&](std::size_t k) {
      return i + k < s.size() && (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    };
    if (c < 0x80) {
      cp = c;
    } else if ((c & 0xE0) == 0xC0 && cont(1)) {
      cp = ((c & 0x1Fu) << 6) | (s[i + 1] & 0x3F);
      len = 2;
      if (cp < 0x80) cp = 0xFFFD;
    } else if ((c & 0xF0) == 0xE0 && cont(1) && cont(2)) {
      cp = ((c & 0x0Fu) << 12) | ((s[i + 1] & 0x3Fu) << 6) | (s[i + 2] & 0x3F);
      len = 3;
      if (cp < 0x800 || (cp >= 0xD800 && cp < 0xE000)) cp = 0xFFFD;
    } else if ((c & 0xF8) == 0xF0 && cont(1) && cont(2) && cont(3)) {
      cp = ((c & 0x07u) << 18) | ((s[i + 1] & 0x3Fu) << 12) | ((s[i + 2] & 0x3Fu) << 6) |
           (s[i + 3] & 0x3F);
      len = 4;
      if (cp < 0x10000 || cp > 0x10FFFF) cp = 0xFFFD;
    }
    i += len;
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out += char16_t(0xD800 + (cp >> 10));
      out += char16_t(0xDC00 + (cp & 0x3FF));
    } else {
      out += char16_t(cp);
    }
  }
  return out;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

// UTF-16 to UTF-8; a lone surrogate becomes U+FFFD.
std::string utf16_to_utf8(const std::u16string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char32_t u = s[i];
    if (u >= 0xD800 && u < 0xDC00 && i + 1 < s.size() && s[i + 1] >= 0xDC00 && s[i + 1] < 0xE000) {
      append_utf8(out, 0x10000 + ((u - 0xD800) << 10) + (s[i + 1] - 0xDC00));
      ++i;
    } else if (u >= 0xD800 && u < 0xE000) {
      append_utf8(out, 0xFFFD);
    } else {
      append_utf8(out, u);
    }
  }
  return out;
}

std::string js_escape(std::string_view utf8) {
  static constexpr std::string_view kKeep =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@*_+-./";
  std::string out;
  for (char16_t u : utf8_to_utf16(utf8)) {
    if (u < 0x80 && kKeep.find(char(u)) != std::string_view::npos) {
      out += char(u);
    } else if (u < 0x100) {
      out += fmt::format("%{:02X}", unsigned(u));
    } else {
      out += fmt::format("%u{:04X}", unsigned(u));
    }
  }
  return out;
}

// solution-finder's TetfuTable.escape: like escape() but keeping spaces, and with the hex digits
// unpadded ("%A" for a line feed, "%u3042", "%u101").
std::string sfinder_escape(std::string_view utf8) {
  static constexpr std::string_view kKeep =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz 0123456789@*_+-./";
  std::string out;
  for (char16_t u : utf8_to_utf16(utf8)) {
    if (u < 0x80 && kKeep.find(char(u)) != std::string_view::npos) {
      out += char(u);
    } else if (u < 0x100) {
      out += fmt::format("%{:X}", unsigned(u));
    } else {
      out += fmt::format("%u{:X}", unsigned(u));
    }
  }
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string js_unescape(std::string_view s) {
  std::u16string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%') {
      if (i + 5 < s.size() && s[i + 1] == 'u') {
        int a = hex_value(s[i + 2]), b = hex_value(s[i + 3]), c = hex_value(s[i + 4]),
            d = hex_value(s[i + 5]);
        if (a >= 0 && b >= 0 && c >= 0 && d >= 0) {
          out += char16_t((a << 12) | (b << 8) | (c << 4) | d);
          i += 5;
          continue;
        }
      }
      if (i + 2 < s.size()) {
        int a = hex_value(s[i + 1]), b = hex_value(s[i + 2]);
        if (a >= 0 && b >= 0) {
          out += char16_t((a << 4) | b);
          i += 2;
          continue;
        }
      }
    }
    out += char16_t(static_cast<unsigned char>(s[i]));
  }
  return utf16_to_utf8(out);
}

// ---- the field as tetris-fumen's InnerField: 23 rows and the garbage row ------------------

void fill(ColorField& f, const Placement& p) {
  for (const Cell& c : shape(p.piece, p.rotation).cells) {
    if (p.y + c.y < kFieldHeight) f.set(p.x + c.x, p.y + c.y, piece_color(p.piece));
  }
}

void clear_lines(ColorField& f) {
  int to = 0;
  for (int y = 0; y < kFieldHeight; ++y) {
    bool full = true;
    for (int x = 0; x < kWidth; ++x) full = full && f.at(x, y) != Color::Empty;
    if (full) continue;
    if (to != y) {
      for (int x = 0; x < kWidth; ++x) f.set(x, to, f.at(x, y));
    }
    ++to;
  }
  for (; to < kFieldHeight; ++to) {
    for (int x = 0; x < kWidth; ++x) f.set(x, to, Color::Empty);
  }
}

void rise_garbage(ColorField& f) {
  for (int y = kFieldHeight - 1; y >= 0; --y) {
    for (int x = 0; x < kWidth; ++x) f.set(x, y, f.at(x, y - 1));
  }
  for (int x = 0; x < kWidth; ++x) f.set(x, -1, Color::Empty);
}

void mirror(ColorField& f) {
  for (int y = 0; y < kFieldHeight; ++y) {
    for (int x = 0; x < kWidth / 2; ++x) {
      Color a = f.at(x, y);
      f.set(x, y, f.at(kWidth - 1 - x, y));
      f.set(kWidth - 1 - x, y, a);
    }
  }
}

// The field the next page starts from.
void apply_page(ColorField& f, const Page& page) {
  if (!page.flags.lock) return;
  if (page.piece) fill(f, *page.piece);
  clear_lines(f);
  if (page.flags.rise) rise_garbage(f);
  if (page.flags.mirror) mirror(f);
}

// Inside the columns and rows 0..23 (solution-finder's fields).
bool piece_inside_24(const Placement& p) {
  for (const Cell& c : shape(p.piece, p.rotation).cells) {
    int x = p.x + c.x, y = p.y + c.y;
    if (x < 0 || x >= kWidth || y < 0 || y > kFieldHeight) return false;
  }
  return true;
}

bool piece_inside(const Placement& p) {
  for (const Cell& c : shape(p.piece, p.rotation).cells) {
    int x = p.x + c.x, y = p.y + c.y;
    if (x < 0 || x >= kWidth || y < 0 || y >= kFieldHeight) return false;
  }
  return true;
}

// Per piece and rotation: fumen's stored position minus tetris-fumen's (x, y)
// (action.js decodeCoordinate / encodePosition).
Cell fumen_offset(Piece p, Rotation r) {
  switch (p) {
    case Piece::O:
      if (r == Rotation::West) return {-1, 1};
      if (r == Rotation::South) return {-1, 0};
      if (r == Rotation::North) return {0, 1};
      return {0, 0};
    case Piece::I:
      if (r == Rotation::South) return {-1, 0};
      if (r == Rotation::West) return {0, 1};
      return {0, 0};
    case Piece::S:
      if (r == Rotation::North) return {0, 1};
      if (r == Rotation::East) return {1, 0};
      return {0, 0};
    case Piece::Z:
      if (r == Rotation::North) return {0, 1};
      if (r == Rotation::West) return {-1, 0};
      return {0, 0};
    default:
      return {0, 0};
  }
}

// fumen's rotation numbers: 0 reverse, 1 right, 2 spawn, 3 left.
constexpr std::array<Rotation, 4> kFumenRotation = {Rotation::South, Rotation::East,
                                                    Rotation::North, Rotation::West};
int fumen_rotation_number(Rotation r) {
  for (int i = 0; i < 4; ++i) {
    if (kFumenRotation[i] == r) return i;
  }
  return 2;
}

class Reader {
 public:
  explicit Reader(std::vector<int> values) : values_(std::move(values)) {}
  bool empty() const { return pos_ >= values_.size(); }
  long poll(int digits, int page) {
    long value = 0, scale = 1;
    for (int i = 0; i < digits; ++i) {
      if (pos_ >= values_.size()) {
        throw InputError(
            fmt::format("fumen: data ends in the middle of page {} (truncated)", page));
      }
      value += values_[pos_++] * scale;
      scale *= 64;
    }
    return value;
  }

 private:
  std::vector<int> values_;
  std::size_t pos_ = 0;
};

void push(std::string& out, long value, int digits) {
  for (int i = 0; i < digits; ++i) {
    out += kBase64[std::size_t(value % 64)];
    value /= 64;
  }
}

}  // namespace

char color_letter(Color c) {
  return "_ILOZTJSX"[int(c)];
}

Color piece_color(Piece p) {
  static constexpr std::array<Color, kPieceCount> colors = {Color::T, Color::I, Color::L, Color::J,
                                                            Color::S, Color::Z, Color::O};
  return colors[int(p)];
}

std::optional<Piece> color_piece(Color c) {
  switch (c) {
    case Color::I:
      return Piece::I;
    case Color::L:
      return Piece::L;
    case Color::O:
      return Piece::O;
    case Color::Z:
      return Piece::Z;
    case Color::T:
      return Piece::T;
    case Color::J:
      return Piece::J;
    case Color::S:
      return Piece::S;
    default:
      return std::nullopt;
  }
}

Field ColorField::blocks() const {
  Field f;
  for (int y = 0; y < kFieldHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      if (at(x, y) != Color::Empty) f.set(x, y);
    }
  }
  return f;
}

int ColorField::height() const {
  for (int y = kFieldHeight - 1; y >= 0; --y) {
    for (int x = 0; x < kWidth; ++x) {
      if (at(x, y) != Color::Empty) return y + 1;
    }
  }
  return 0;
}

bool ColorField::garbage_empty() const {
  for (int x = 0; x < kWidth; ++x) {
    if (at(x, -1) != Color::Empty) return false;
  }
  return true;
}

Field Page::merged() const {
  Field f = field.blocks();
  if (piece) {
    for (const Cell& c : shape(piece->piece, piece->rotation).cells) {
      int x = piece->x + c.x, y = piece->y + c.y;
      if (x >= 0 && x < kWidth && y >= 0 && y < kFieldHeight) f.set(x, y);
    }
  }
  return f;
}

std::vector<Page> decode(std::string_view text) {
  // Version prefix anywhere in the text (a URL is fine); data ends at '&'.
  std::size_t at = std::string_view::npos;
  int field_top = 23;
  for (std::size_t i = 0; i + 5 <= text.size(); ++i) {
    char v = text[i];
    if ((v == 'v' || v == 'm' || v == 'd') && text[i + 4] == '@' &&
        (text.substr(i + 1, 3) == "115" || text.substr(i + 1, 3) == "110")) {
      at = i;
      field_top = text.substr(i + 1, 3) == "115" ? 23 : 21;
      break;
    }
  }
  if (at == std::string_view::npos) {
    throw InputError("fumen: no 'v115@' (or d115@, m115@, v110@) data found");
  }
  std::string_view data = text.substr(at + 5);
  if (auto amp = data.find('&'); amp != std::string_view::npos) data = data.substr(0, amp);
  std::vector<int> values;
  for (std::size_t i = 0; i < data.size(); ++i) {
    char c = data[i];
    if (c == '?' || c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    auto v = kBase64.find(c);
    if (v == std::string_view::npos) {
      throw InputError(fmt::format("fumen: character '{}' at position {} is not fumen data",
                                   (c >= ' ' && c <= '~')
                                       ? std::string(1, c)
                                       : fmt::format("\\x{:02x}", static_cast<unsigned char>(c)),
                                   at + 5 + i + 1));
    }
    values.push_back(int(v));
  }
  if (values.empty()) throw InputError("fumen: no data after the version prefix");

  const int field_blocks = (field_top + 1) * kWidth;
  Reader buffer(std::move(values));
  std::vector<Page> pages;
  ColorField prev;
  int repeat = -1;
  std::optional<Quiz> quiz;
  std::string last_comment;
  while (!buffer.empty()) {
    const int number = int(pages.size()) + 1;
    if (number > 100000) throw InputError("fumen: more than 100000 pages");
    ColorField current = prev;
    if (repeat > 0) {
      --repeat;
    } else {
      int index = 0;
      bool changed = true;
      while (index < field_blocks) {
        long block = buffer.poll(2, number);
        long diff = block / field_blocks;
        long count = block % field_blocks;
        if (diff == 8 && count == field_blocks - 1) changed = false;
        if (index + count + 1 > field_blocks) {
          throw InputError(fmt::format("fumen: page {}: field data runs past the field", number));
        }
        for (long k = 0; k <= count; ++k, ++index) {
          int x = index % kWidth;
          int y = field_top - index / kWidth - 1;
          int value = int(current.at(x, y)) + int(diff) - 8;
          if (value < 0 || value > 8) {
            throw InputError(fmt::format(
                "fumen: page {}: cell ({}, {}) gets colour {}, outside 0..8", number, x, y, value));
          }
          current.set(x, y, Color(value));
        }
      }
      if (!changed) repeat = int(buffer.poll(1, number));
    }

    long action = buffer.poll(3, number);
    int type = int(action % 8);
    action /= 8;
    Rotation rotation = kFumenRotation[action % 4];
    action /= 4;
    long position = action % field_blocks;
    action /= field_blocks;
    Page page;
    page.flags.rise = action % 2;
    action /= 2;
    page.flags.mirror = action % 2;
    action /= 2;
    page.flags.colorize = action % 2;
    action /= 2;
    bool has_comment = action % 2;
    action /= 2;
    page.flags.lock = !(action % 2);
    action /= 2;
    if (action != 0) {
      throw InputError(fmt::format("fumen: page {}: piece value out of range", number));
    }
    if (type != 0) {
      std::optional<Piece> piece = color_piece(Color(type));
      Cell off = fumen_offset(*piece, rotation);
      Placement p{*piece, rotation, std::int8_t(position % kWidth - off.x),
                  std::int8_t(field_top - position / kWidth - 1 - off.y)};
      if (!piece_inside(p)) {
        throw InputError(fmt::format("fumen: page {}: the {} piece lies outside the field", number,
                                     piece_letter(*piece)));
      }
      page.piece = p;
    }

    std::optional<std::string> comment;
    if (has_comment) {
      long length = buffer.poll(2, number);
      std::string flat;
      for (long k = 0; k < (length + 3) / 4; ++k) {
        long v = buffer.poll(5, number);
        for (int c = 0; c < 4; ++c) {
          long index = v % kCommentBase;
          v /= kCommentBase;
          if (index >= long(kCommentTable.size())) {
            throw InputError(fmt::format("fumen: page {}: comment character value {} out of range",
                                         number, index));
          }
          flat += kCommentTable[std::size_t(index)];
        }
      }
      std::string text = js_unescape(std::string_view(flat).substr(0, std::size_t(length)));
      last_comment = text;
      comment = text;
      quiz.reset();
      if (Quiz::is_quiz_comment(text)) {
        try {
          quiz = Quiz(text);
        } catch (const QuizError&) {
        }
      }
    } else if (pages.empty()) {
      comment = std::string();
    } else if (quiz) {
      try {
        comment = quiz->format().str();
      } catch (const QuizError&) {
        throw InputError(fmt::format("fumen: page {}: invalid quiz state", number));
      }
    }

    page.flags.quiz = quiz.has_value();
    try {
      advance_quiz(quiz, page.piece, page.flags.lock);
    } catch (const QuizError&) {
      throw InputError(fmt::format("fumen: page {}: invalid quiz state", number));
    }
    page.comment = comment ? *comment : last_comment;
    page.own_comment = has_comment;
    page.field = current;
    apply_page(current, page);
    prev = current;
    pages.push_back(std::move(page));
  }
  return pages;
}

ColorField next_field(const Page& page) {
  ColorField f = page.field;
  apply_page(f, page);
  return f;
}

Page decode_page(std::string_view text, int page) {
  std::vector<Page> pages = decode(text);
  if (page < 1 || std::size_t(page) > pages.size()) {
    throw InputError(fmt::format("fumen: page {} out of range (the data has {} page{})", page,
                                 pages.size(), pages.size() == 1 ? "" : "s"));
  }
  return pages[std::size_t(page) - 1];
}

namespace {

// The data of `pages` (without the prefix and the '?' separators). With `sfinder_rules`, as
// solution-finder's Tetfu.encode writes it: a comment whenever it differs from the previous
// page's (quiz or not), and the colour flag on the first page only.
std::string encode_values(const std::vector<Page>& pages, bool sfinder_rules) {
  std::string buffer;
  long last_repeat = -1;
  ColorField prev;
  std::optional<std::string> prev_comment = std::string();
  std::optional<Quiz> prev_quiz;
  constexpr int kBlocks = (kFieldHeight + 1) * kWidth;
  for (std::size_t index = 0; index < pages.size(); ++index) {
    const Page& page = pages[index];
    // solution-finder's fields have a 24th row, hidden from fumen: its writer also takes a piece
    // reaching into it (the row is not drawn; its cells are not kept here).
    if (page.piece && !(sfinder_rules ? piece_inside_24(*page.piece) : piece_inside(*page.piece))) {
      throw InputError(fmt::format("fumen: page {}: the {} piece lies outside the field", index + 1,
                                   piece_letter(page.piece->piece)));
    }
    // Field: run-length coded differences from the inherited field, top row first.
    std::string values;
    auto diff_at = [&](int i) {
      int x = i % kWidth, y = kFieldHeight - i / kWidth - 1;
      return int(page.field.at(x, y)) - int(prev.at(x, y)) + 8;
    };
    int run_diff = diff_at(0), counter = -1;
    for (int i = 0; i < kBlocks; ++i) {
      int d = diff_at(i);
      if (d != run_diff) {
        push(values, long(run_diff) * kBlocks + counter, 2);
        counter = 0;
        run_diff = d;
      } else {
        ++counter;
      }
    }
    push(values, long(run_diff) * kBlocks + counter, 2);
    bool changed = !(run_diff == 8 && counter == kBlocks - 1);
    if (changed) {
      buffer += values;
      last_repeat = -1;
    } else if (last_repeat < 0 || buffer[std::size_t(last_repeat)] == '/') {
      buffer += values;
      buffer += 'A';
      last_repeat = long(buffer.size()) - 1;
    } else {
      char& c = buffer[std::size_t(last_repeat)];
      c = kBase64[kBase64.find(c) + 1];
    }

    // Comment: written only when it differs from what the decoder would infer.
    std::optional<std::string> current_comment;
    if (index != 0 || !page.comment.empty()) current_comment = page.comment;
    std::optional<std::string> next_comment;
    if (sfinder_rules) {
      if (page.comment != (index == 0 ? std::string() : pages[index - 1].comment)) {
        next_comment = page.comment;
      }
    } else if (current_comment) {
      // A quiz whose next form is not a valid quiz (format() throws) matches no comment: the
      // comment is then written out, which decodes to itself.
      bool same_as_quiz = false;
      if (prev_quiz) {
        try {
          same_as_quiz = prev_quiz->format().str() == *current_comment;
        } catch (const QuizError&) {
        }
      }
      std::optional<Quiz> parsed;
      if (Quiz::is_quiz_comment(*current_comment)) {
        try {
          parsed = Quiz(*current_comment);
        } catch (const QuizError&) {
        }
      }
      if (parsed) {
        if (!same_as_quiz) {
          next_comment = current_comment;
          prev_comment = next_comment;
          prev_quiz = parsed;
        }
      } else if (same_as_quiz) {
        prev_comment = current_comment;
        prev_quiz.reset();
      } else {
        if (prev_comment != current_comment) next_comment = current_comment;
        if (prev_comment != current_comment) prev_comment = next_comment;
        prev_quiz.reset();
      }
    } else {
      prev_quiz.reset();
    }
    advance_quiz(prev_quiz, page.piece, page.flags.lock);

    long action = !page.flags.lock;
    action = action * 2 + (next_comment ? 1 : 0);
    action = action * 2 + (sfinder_rules ? index == 0 : page.flags.colorize);
    action = action * 2 + page.flags.mirror;
    action = action * 2 + page.flags.rise;
    long position = (kFieldHeight - 22 - 1) * kWidth + 0;  // no piece: x 0, y 22
    int rotation = 0, type = 0;
    if (page.piece) {
      const Placement& p = *page.piece;
      Cell off = fumen_offset(p.piece, p.rotation);
      position = long(kFieldHeight - (p.y + off.y) - 1) * kWidth + (p.x + off.x);
      rotation = fumen_rotation_number(p.rotation);
      type = int(piece_color(p.piece));
    }
    action = (action * kBlocks + position) * 4 + rotation;
    action = action * 8 + type;
    // A piece stored in the 24th row has a position below 0, which solution-finder adds to the
    // flags as they are (the page reads back wrong) or, with no flag set, cannot write at all.
    if (action < 0) {
      throw InputError(fmt::format("fumen: page {}: the {} piece lies outside the field", index + 1,
                                   piece_letter(page.piece->piece)));
    }
    push(buffer, action, 3);

    if (next_comment) {
      std::string escaped = sfinder_rules ? sfinder_escape(page.comment) : js_escape(page.comment);
      std::size_t length = std::min<std::size_t>(escaped.size(), 4095);
      push(buffer, long(length), 2);
      for (std::size_t i = 0; i < length; i += 4) {
        long value = 0, scale = 1;
        for (std::size_t k = 0; k < 4 && i + k < length; ++k) {
          value += long(kCommentTable.find(escaped[i + k])) * scale;
          scale *= kCommentBase;
        }
        push(buffer, value, 5);
      }
    }
    apply_page(prev = page.field, page);
  }
  return buffer;
}

}  // namespace

std::string encode_sfinder(const std::vector<Page>& pages) {
  std::string buffer = encode_values(pages, true);
  // Tetfu.encode: a '?' after every character whose index is 41 modulo 47, the last included.
  std::string out;
  for (std::size_t i = 0; i < buffer.size(); ++i) {
    out += buffer[i];
    if (i % 47 == 41) out += '?';
  }
  return out;
}

std::string encode(const std::vector<Page>& pages) {
  std::string buffer = encode_values(pages, false);
  // tetris-fumen inserts '?' after the first 42 characters and then every 47.
  std::string out = "v115@";
  if (buffer.size() < 41) return out + buffer;
  out += buffer.substr(0, 42);
  for (std::size_t i = 42; i < buffer.size(); i += 47) {
    out += '?';
    out += buffer.substr(i, 47);
  }
  return out;
}

}  // namespace manyworlds::tetris::fumen
