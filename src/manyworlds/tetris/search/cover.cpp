#include "manyworlds/tetris/search/cover.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <memory>

#include "manyworlds/core/bigint.hpp"
#include "manyworlds/core/error.hpp"
#include "manyworlds/core/flat_map.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/board/movegen.hpp"
#include "manyworlds/tetris/board/spin.hpp"

namespace manyworlds::tetris {
namespace {

// sfinder's cover works on a field of 24 rows (CoverEntryPoint: height = 24).
constexpr int kHeight = kMaxHeight;
constexpr std::uint8_t kNoPiece = 7;

// `f` without the rows in `rows`; the rows above move down.
std::string lower_dashed(std::string_view text) {
  std::string s(trim(text));
  for (char& c : s) {
    c = char(std::tolower(static_cast<unsigned char>(c)));
    if (c == '_') c = '-';
  }
  return s;
}

}  // namespace

// ---- setups --------------------------------------------------------------------------------

std::string CoverSetup::label() const {
  return mirror ? data + "#mirror" : data;
}

std::string CoverSetup::url() const {
  return "http://fumen.zui.jp/?" + data + (mirror ? " (mirror)" : "");
}

namespace {

bool is_data_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '?' || c == '+' || c == '/';
}

// sfinder's Tetfu.removeDomainData: the first match of [vmd][0-9]{3}@[a-zA-Z0-9?+/]+, or the
// whole text.
std::string_view fumen_data(std::string_view text) {
  for (std::size_t i = 0; i + 5 < text.size(); ++i) {
    char c = text[i];
    if (c != 'v' && c != 'm' && c != 'd') continue;
    bool digits = true;
    for (std::size_t k = 1; k <= 3; ++k) {
      digits = digits && std::isdigit(static_cast<unsigned char>(text[i + k]));
    }
    if (!digits || text[i + 4] != '@' || !is_data_char(text[i + 5])) continue;
    std::size_t end = i + 5;
    while (end < text.size() && is_data_char(text[end])) ++end;
    return text.substr(i, end - i);
  }
  return text;
}

// Java's String.split(String.valueOf(delimiter)): trailing empty parts dropped.
std::vector<std::string_view> java_split(std::string_view text, char delimiter) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t at = text.find(delimiter, start);
    parts.push_back(text.substr(start, at == std::string_view::npos ? text.npos : at - start));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  if (parts.size() == 1) return parts;  // no delimiter: the text itself, even when empty
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  return parts;
}

// Integer.parseInt: an optional sign and decimal digits.
int parse_page_number(std::string_view text, std::string_view argument) {
  std::size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  long long value = 0;
  if (i == text.size()) {
    throw InputError(fmt::format("cover: '{}': page '{}' is not a number", argument, text));
  }
  for (; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i])) || value > 100'000'000) {
      throw InputError(fmt::format("cover: '{}': page '{}' is not a number", argument, text));
    }
    value = value * 10 + (text[i] - '0');
  }
  return int(negative ? -value : value);
}

}  // namespace

int restore_row(int r, std::uint32_t removed) {
  for (int y = 0; y < kHeight; ++y) {
    if (removed >> y & 1) continue;
    if (r-- == 0) return y;
  }
  return -1;
}

std::optional<CoverPiece> keyed_piece(const Field& field, const Placement& page_piece) {
  std::uint32_t cleared = full_rows(field);
  CoverPiece piece;
  const Shape& s = shape(page_piece.piece, page_piece.rotation);
  int lower = kHeight, upper = -1;
  for (std::size_t i = 0; i < 4; ++i) {
    int x = page_piece.x + s.cells[i].x;
    int y = restore_row(page_piece.y + s.cells[i].y, cleared);
    if (x < 0 || x >= kWidth || page_piece.y + s.cells[i].y < 0 || y < 0) return std::nullopt;
    piece.cells[i] = {std::int8_t(x), std::int8_t(y)};
    lower = std::min(lower, y);
    upper = std::max(upper, y);
  }
  std::uint32_t span = ((1u << (upper + 1)) - 1) & ~((1u << lower) - 1);  // rows lower..upper
  piece.need_cleared = cleared & span;
  piece.placement = page_piece;
  piece.placement.y = std::int8_t(lower - s.min_y);
  return piece;
}

std::optional<CoverSetup> read_cover_setup(std::string_view argument) {
  std::string_view input = fumen_data(argument);
  if (input.size() < 5 || (input.substr(0, 5) != "v115@" && input.substr(0, 5) != "d115@" &&
                           input.substr(0, 5) != "m115@")) {
    return std::nullopt;
  }
  // The page range: after the first "v115" (the prefix), between the first and second '#'.
  int start = 1, end = -1;
  std::string_view rest = argument.substr(argument.find(input.substr(0, 4)) + 4);
  std::vector<std::string_view> data_page = java_split(rest, '#');
  if (data_page.size() >= 2) {
    std::vector<std::string_view> start_end = java_split(data_page[1], ':');
    if (!start_end.empty() && !start_end[0].empty()) {
      start = parse_page_number(start_end[0], argument);
    }
    if (start_end.size() > 1 && !start_end[1].empty()) {
      end = parse_page_number(start_end[1], argument);
    }
  }
  std::vector<fumen::Page> pages = fumen::decode(input);
  const int count = int(pages.size());
  if (start < 1) {
    throw InputError(fmt::format("cover: '{}': the start page must be 1 or more", argument));
  }
  if (count < start) {
    throw InputError(
        fmt::format("cover: '{}': the start page must be at most {} (the pages)", argument, count));
  }
  if (end == -1) end = count;
  if (end < start) {
    throw InputError(
        fmt::format("cover: '{}': the end page must not be before the start page", argument));
  }
  if (count < end) {
    throw InputError(
        fmt::format("cover: '{}': the end page must be at most {} (the pages)", argument, count));
  }
  CoverSetup setup;
  setup.data = std::string(input);
  setup.field = pages[std::size_t(start - 1)].field.blocks();
  Field built = setup.field;
  for (int p = start; p <= end; ++p) {
    const fumen::Page& page = pages[std::size_t(p - 1)];
    if (!page.piece || !page.flags.lock) continue;
    std::optional<CoverPiece> piece = keyed_piece(built, *page.piece);
    if (!piece) {
      throw InputError(fmt::format("cover: '{}': a piece does not fit in the field", argument));
    }
    for (const Cell& c : piece->cells) built.set(c.x, c.y);
    setup.pieces.push_back(*piece);
  }
  return setup;
}

CoverSetup mirror_setup(const CoverSetup& setup) {
  auto mirror_piece = [](Piece p) {
    switch (p) {
      case Piece::L:
        return Piece::J;
      case Piece::J:
        return Piece::L;
      case Piece::S:
        return Piece::Z;
      case Piece::Z:
        return Piece::S;
      default:
        return p;
    }
  };
  auto mirror_rotation = [](Rotation r) {
    return r == Rotation::East ? Rotation::West : r == Rotation::West ? Rotation::East : r;
  };
  CoverSetup m = setup;
  m.mirror = true;
  for (int y = 0; y < kHeight; ++y) {
    Row row = setup.field.row(y), flipped = 0;
    for (int x = 0; x < kWidth; ++x) {
      if (row >> x & 1) flipped |= Row(1u << (kWidth - 1 - x));
    }
    m.field.set_row(y, flipped);
  }
  for (CoverPiece& piece : m.pieces) {
    const Placement& p = piece.placement;
    const Shape& before = shape(p.piece, p.rotation);
    Placement q{mirror_piece(p.piece), mirror_rotation(p.rotation), 0, 0};
    const Shape& after = shape(q.piece, q.rotation);
    int right = p.x + before.max_x, bottom = p.y + before.min_y;
    q.x = std::int8_t(kWidth - 1 - right - after.min_x);
    q.y = std::int8_t(bottom - after.min_y);
    piece.placement = q;
    for (Cell& c : piece.cells) c.x = std::int8_t(kWidth - 1 - c.x);
  }
  return m;
}

// ---- names ---------------------------------------------------------------------------------

CoverMode parse_cover_mode(std::string_view text) {
  const std::string s = lower_dashed(text);
  if (s == "normal") return CoverMode::Normal;
  if (s == "b2b") return CoverMode::B2BContinuous;
  if (s == "any" || s == "any-tspin" || s == "anytspin" || s == "tsm" || s == "tspinm") {
    return CoverMode::TSpinMini;
  }
  if (s == "tss" || s == "tspin1") return CoverMode::TSpinSingle;
  if (s == "tsd" || s == "tspin2") return CoverMode::TSpinDouble;
  if (s == "tst" || s == "tspin3") return CoverMode::TSpinTriple;
  if (s == "tetris") return CoverMode::Tetris;
  if (s == "tetris-end" || s == "tetrisend") return CoverMode::TetrisEnd;
  for (int n = 1; n <= 4; ++n) {
    for (const char* word : {"l", "line", "lines"}) {
      std::string base = fmt::format("{}{}", n, word);
      int index = int(CoverMode::OneLine) + 2 * (n - 1);
      if (s == base) return CoverMode(index);
      if (s == base + "-or-pc") return CoverMode(index + 1);
    }
  }
  throw InputError(fmt::format(
      "cover: mode '{}' is not one of normal, b2b, any, tss, tsd, tst, tetris, tetris-end, "
      "1L..4L, 1L-or-PC..4L-or-PC",
      text));
}

std::string_view cover_mode_name(CoverMode mode) {
  static constexpr std::string_view kNames[] = {
      "normal",     "b2bcontinuous",  "tspinmini", "tspinsingle",  "tspindouble", "tspintriple",
      "tetris",     "tetrisend",      "oneline",   "onelineorpc",  "twolines",    "twolinesorpc",
      "threelines", "threelinesorpc", "fourlines", "fourlinesorpc"};
  return kNames[int(mode)];
}

bool cover_mode_counts_lines(CoverMode mode) {
  return mode == CoverMode::Normal || int(mode) >= int(CoverMode::OneLine);
}

CoverSort parse_cover_sort(std::string_view text) {
  const std::string s = lower_dashed(text);
  if (s == "input") return CoverSort::Input;
  if (s == "success" || s == "success-desc") return CoverSort::SuccessDescending;
  if (s == "success-asc") return CoverSort::SuccessAscending;
  throw InputError(fmt::format(
      "cover: sort '{}' is not one of input, success, success-asc, success-desc", text));
}

// ---- the rules of one placement ------------------------------------------------------------

namespace {

// What placing one piece did, as the modes see it.
struct Outcome {
  Piece piece = Piece::T;
  int lines = 0;          // rows it cleared
  bool harddrop = false;  // nothing above it in its columns (sfinder's canReachOnHarddrop)
  bool perfect = false;   // the field is empty after the clear
  SpinKind spin = kNoSpin;
};

// The drop models and the mode: everything that decides whether one placement is allowed and
// how a sequence's progress through a mode changes. Shared, read-only, by all threads.
class Rules {
 public:
  explicit Rules(const CoverOptions& o)
      : o_(o),
        locked_(o.kicks, o.drop == DropType::Softdrop180 ? Drop::Softdrop180 : Drop::Softdrop),
        drop_(o.kicks, placing_drop(o.drop)) {
    switch (o.mode) {
      case CoverMode::Normal:
        counting_ = o.max_softdrop >= 0 || o.max_clear_line >= 0;
        min_lines_ = 1;
        break;
      case CoverMode::B2BContinuous:
      case CoverMode::TSpinMini:
      case CoverMode::TSpinSingle:
      case CoverMode::TSpinDouble:
      case CoverMode::TSpinTriple:
        mode_spins_ = true;
        break;
      case CoverMode::Tetris:
      case CoverMode::TetrisEnd:
        break;
      default: {
        int k = int(o.mode) - int(CoverMode::OneLine);
        counting_ = true;
        min_lines_ = k / 2 + 1;
        allows_pc_ = k % 2 == 1;
      }
    }
    if (counting_) {
      max_softdrop_ = o.max_softdrop < 0 ? -1 : std::min(o.max_softdrop, 255);
      max_clear_ = o.max_clear_line < 0 ? -1 : std::min(o.max_clear_line, 255);
    }
    t_spin_ = t_spin_rule(o.drop);
  }

  const CoverOptions& options() const { return o_; }
  const MoveGenerator& locked() const { return locked_; }
  const MoveGenerator& drop() const { return drop_; }
  // Whether the drop model places T only by a T-spin (then drop() is the hard drop for the
  // others).
  bool t_spin_drop() const { return t_spin_.has_value(); }
  // Whether a T placement clearing `lines` is allowed by the T-spin drop, given its spin.
  bool t_spin_drop_allows(int lines, SpinKind spin) const { return t_spin_->allows(lines, spin); }
  // Whether the spin of a T clearing `lines` must be known.
  bool needs_spin(Piece piece, int lines) const {
    if (piece != Piece::T) return false;
    return (mode_spins_ && lines > 0) || (t_spin_drop() && lines >= t_spin_->lines);
  }
  // Whether the last `last_softdrop` pieces may soft drop: piece k (from 0) of n.
  bool locked_at(int k, int n) const { return o_.last_softdrop > 0 && n - k <= o_.last_softdrop; }

  // Progress through the mode, packed in 16 bits; kFailed: the sequence can no longer build.
  static constexpr std::uint16_t kFailed = 0xFFFF;
  std::uint16_t initial() const {
    if (is_tspin_mode()) return std::uint16_t(std::clamp(o_.starting_b2b, 0, 127) << 1);
    return 0;
  }
  std::uint16_t advance(std::uint16_t s, const Outcome& o) const {
    switch (o_.mode) {
      case CoverMode::B2BContinuous:
        if (o.lines == 0) return s;
        if (o.piece == Piece::T) return o.spin != kNoSpin ? s : kFailed;
        if (o.piece == Piece::I) return o.lines == 4 ? s : kFailed;
        return kFailed;
      case CoverMode::TSpinMini:
      case CoverMode::TSpinSingle:
      case CoverMode::TSpinDouble:
      case CoverMode::TSpinTriple: {
        if (o.lines == 0) return s;
        int has = s & 1, left = s >> 1;
        if (o.piece == Piece::T && o.spin != kNoSpin) {
          int k = int(o_.mode) - int(CoverMode::TSpinMini);  // 0: any spin; else lines
          bool wanted = k == 0 || (o.spin == kRegularSpin && o.lines >= k);
          if (wanted) has = 1;
          left = std::max(0, left - 1);
        } else if (o.lines >= 4) {
          left = std::max(0, left - 1);
        } else if (left > 0) {
          return kFailed;
        }
        return std::uint16_t(left << 1 | has);
      }
      case CoverMode::Tetris:
        return o.piece == Piece::I && o.lines == 4 ? 1 : s;
      case CoverMode::TetrisEnd:
        return o.piece == Piece::I && o.lines == 4 ? 1 : 0;
      default:
        break;
    }
    if (!counting_) return s;
    int softdrops = s & 0xFF, clears = s >> 8;
    if (o.lines > 0 && o.lines < min_lines_ && !(allows_pc_ && o.perfect)) return kFailed;
    if (!o.harddrop && max_softdrop_ >= 0) ++softdrops;
    if (o.lines > 0 && max_clear_ >= 0) ++clears;
    if ((max_softdrop_ >= 0 && softdrops > max_softdrop_) ||
        (max_clear_ >= 0 && clears > max_clear_)) {
      return kFailed;
    }
    return std::uint16_t(clears << 8 | softdrops);
  }
  bool satisfied(std::uint16_t s) const {
    if (s == kFailed) return false;
    if (is_tspin_mode()) return s == 1;  // a wanted T-spin, the starting B2B count done
    if (o_.mode == CoverMode::Tetris || o_.mode == CoverMode::TetrisEnd) return s == 1;
    return true;
  }

 private:
  bool is_tspin_mode() const {
    return o_.mode >= CoverMode::TSpinMini && o_.mode <= CoverMode::TSpinTriple;
  }

  CoverOptions o_;
  MoveGenerator locked_;  // sfinder's LockedReachable (-l, and the T-spin checks)
  MoveGenerator drop_;    // the drop model (hard drop for the T-spin drops)
  bool mode_spins_ = false;
  bool counting_ = false;  // a line-counting mode with something to check
  int min_lines_ = 1;
  bool allows_pc_ = false;
  int max_softdrop_ = -1, max_clear_ = -1;
  std::optional<TSpinRule> t_spin_;  // the T-spin drops' rule; nullopt for the other drops
};

// One placement of a setup's piece on a field in the setup's rows, by sfinder's rules up to
// reachability: the full rows are cleared first, the piece's "need cleared" rows must be among
// them, it moves down by the cleared rows below its y, and must fit and rest on something.
struct Landing {
  Field cleared;          // the field with its full rows removed
  Placement at;           // the piece on `cleared`
  std::uint32_t removed;  // the rows removed
};

std::optional<Landing> land(const Field& field, const CoverPiece& piece, bool clear_lines) {
  Landing l;
  l.removed = clear_lines ? full_rows(field) : 0;
  if ((l.removed & piece.need_cleared) != piece.need_cleared) return std::nullopt;
  const Placement& p = piece.placement;
  int below = std::popcount(l.removed & ((1u << std::clamp(int(p.y), 0, 31)) - 1));
  l.at = p;
  l.at.y = std::int8_t(p.y - below);
  l.cleared = without_rows(field, l.removed);
  const Shape& s = shape(p.piece, p.rotation);
  if (l.at.y + s.min_y < 0 || l.at.y + s.max_y >= kHeight) return std::nullopt;
  if (!l.cleared.can_place(l.at)) return std::nullopt;
  Placement down = l.at;
  --down.y;
  if (l.at.y + s.min_y > 0 && l.cleared.can_place(down)) return std::nullopt;  // floating
  return l;
}

// The outcome of a landing (its spin left to the caller) and the field after it, in the
// setup's rows (sfinder puts the piece, then inserts the removed rows back as full rows).
Outcome outcome_of(const Landing& l, Field& next, const Field& before) {
  Outcome o;
  o.piece = l.at.piece;
  Field placed = l.cleared;
  placed.place(l.at);
  for (int y = 0; y < kHeight; ++y) o.lines += placed.row(y) == kFullRow;
  bool empty = true;
  for (int y = 0; y < kHeight; ++y)
    empty = empty && (placed.row(y) == 0 || placed.row(y) == kFullRow);
  o.perfect = empty;
  o.harddrop = true;
  next = before;
  for (const Cell& c : shape(l.at.piece, l.at.rotation).cells) {
    int x = l.at.x + c.x, y = l.at.y + c.y;
    for (int up = y + 1; up < kHeight && o.harddrop; ++up) o.harddrop = !l.cleared.filled(x, up);
    int row = restore_row(y, l.removed);
    if (row >= 0) next.set(x, row);
  }
  return o;
}

bool contains(const MoveList& moves, const Placement& p) {
  Placement c = canonical(p);
  for (const Placement& m : moves) {
    if (m == c) return true;
  }
  return false;
}

// ---- the optimized search ------------------------------------------------------------------

struct NodeKey {
  std::uint32_t placed = 0;
  std::array<Row, kHeight> rows{};
  friend bool operator==(const NodeKey&, const NodeKey&) = default;
};
struct NodeKeyHash {
  std::size_t operator()(const NodeKey& k) const {
    std::uint64_t h = k.placed;
    for (int y = 0; y < kHeight; y += 4) {
      std::uint64_t w = std::uint64_t(k.rows[y]) | std::uint64_t(k.rows[y + 1]) << 16 |
                        std::uint64_t(k.rows[y + 2]) << 32 | std::uint64_t(k.rows[y + 3]) << 48;
      h = hash_mix(h ^ w);
    }
    return std::size_t(h);
  }
};

// One setup's fields, keyed by the pieces placed (and the field), with every transition
// computed once, when first asked. One per thread.
class SetupGraph {
 public:
  struct Edge {
    std::int32_t next = -1;  // node after the placement, when it lands
    std::uint8_t flags = 0;
    std::uint8_t lines = 0;
    SpinKind spin = kNoSpin;
    bool harddrop = false;
    bool perfect = false;
  };
  enum : std::uint8_t { kDone = 1, kLands = 2, kDropReach = 4, kLockedDone = 8, kLockedReach = 16 };

  SetupGraph(const CoverSetup& setup, const Rules& rules)
      : setup_(setup), rules_(rules), n_(int(setup.pieces.size())), index_(64) {
    for (int i = 0; i < n_; ++i)
      by_piece_[int(setup.pieces[std::size_t(i)].placement.piece)].push_back(i);
    node_for(0, setup.field);
  }

  int size() const { return n_; }
  const std::vector<int>& ops_of(Piece p) const { return by_piece_[int(p)]; }
  int placed_count(std::uint32_t node) const { return std::popcount(nodes_[node].placed); }
  bool placed(std::uint32_t node, int op) const { return nodes_[node].placed >> op & 1; }

  // The transition of placing piece `op` at `node`, with the locked reach decided too when
  // `locked` (the last pieces under -l).
  Edge edge(std::uint32_t node, int op, bool locked) {
    std::size_t at = std::size_t(node) * std::size_t(n_) + std::size_t(op);
    if (!(edges_[at].flags & kDone)) compute(node, setup_.pieces[std::size_t(op)].placement.piece);
    if (locked && !(edges_[at].flags & kLockedDone)) {
      compute_locked(node, setup_.pieces[std::size_t(op)].placement.piece);
    }
    return edges_[at];
  }

 private:
  struct Node {
    Field field;
    std::uint32_t placed = 0;
  };

  std::uint32_t node_for(std::uint32_t placed, const Field& field) {
    NodeKey key{placed, field.rows()};
    if (const std::uint32_t* found = index_.find(key)) return *found;
    auto id = std::uint32_t(nodes_.size());
    nodes_.push_back({field, placed});
    edges_.resize(edges_.size() + std::size_t(n_));
    index_.insert(key, id);
    return id;
  }

  // Every edge of `node` for the pieces of type `piece`.
  void compute(std::uint32_t node, Piece piece) {
    const Field field = nodes_[node].field;
    const std::uint32_t placed = nodes_[node].placed;
    bool generated = false;
    bool have_states = false;
    for (int op : by_piece_[int(piece)]) {
      Edge e;
      e.flags = kDone;
      std::optional<Landing> l;
      if (!(placed >> op & 1))
        l = land(field, setup_.pieces[std::size_t(op)], rules_.options().clear_lines);
      if (l) {
        Field next;
        Outcome o = outcome_of(*l, next, field);
        e.flags |= kLands;
        e.lines = std::uint8_t(o.lines);
        e.harddrop = o.harddrop;
        e.perfect = o.perfect;
        if (rules_.needs_spin(piece, o.lines)) {
          if (!have_states) {
            rules_.locked().softdrop_states(l->cleared, Piece::T, kHeight, states_);
            have_states = true;
          }
          e.spin = spin_kind(l->cleared, l->at, o.lines, rules_.options().kicks,
                             rules_.options().drop == DropType::Softdrop180, states_, kHeight);
        }
        bool reach;
        if (piece == Piece::T && rules_.t_spin_drop()) {
          reach = rules_.t_spin_drop_allows(o.lines, e.spin);
        } else {
          if (!generated) {
            rules_.drop().generate(l->cleared, piece, kHeight, moves_);
            generated = true;
          }
          reach = contains(moves_, l->at);
        }
        if (reach) e.flags |= kDropReach;
        e.next = std::int32_t(node_for(placed | 1u << op, next));
      }
      edges_[std::size_t(node) * std::size_t(n_) + std::size_t(op)] = e;
    }
  }

  void compute_locked(std::uint32_t node, Piece piece) {
    const Field field = nodes_[node].field;
    bool generated = false;
    for (int op : by_piece_[int(piece)]) {
      Edge& e = edges_[std::size_t(node) * std::size_t(n_) + std::size_t(op)];
      e.flags |= kLockedDone;
      if (!(e.flags & kLands)) continue;
      std::optional<Landing> l =
          land(field, setup_.pieces[std::size_t(op)], rules_.options().clear_lines);
      if (!generated) {
        rules_.locked().generate(l->cleared, piece, kHeight, moves_);
        generated = true;
      }
      if (contains(moves_, l->at)) e.flags |= kLockedReach;
    }
  }

  const CoverSetup& setup_;
  const Rules& rules_;
  int n_;
  std::array<std::vector<int>, kPieceCount> by_piece_;
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  FlatMap<NodeKey, std::uint32_t, NodeKeyHash> index_;
  MoveList moves_;
  ReachableStates states_;
};

// A state of the walk: node (32 bits) | held piece (8) | progress (16).
using State = std::uint64_t;
inline State pack(std::uint32_t node, std::uint8_t hold, std::uint16_t progress) {
  return State(node) << 24 | State(hold) << 16 | progress;
}
inline std::uint32_t node_of(State s) {
  return std::uint32_t(s >> 24);
}
inline std::uint8_t hold_of(State s) {
  return std::uint8_t(s >> 16);
}
inline std::uint16_t progress_of(State s) {
  return std::uint16_t(s);
}

// Walks the sorted sequences of one setup as a trie: levels_[j] holds the states after the
// first j+1 pieces drawn, kept while the next sequence shares those pieces.
class Walker {
 public:
  Walker(SetupGraph& graph, const Rules& rules) : graph_(graph), rules_(rules) {
    levels_.resize(std::size_t(kMaxSequenceLength) + 2);
  }

  bool builds(const Sequence& s) {
    const int n = graph_.size();
    const bool hold = rules_.options().use_hold;
    if (n == 0 || s.length < n) return false;
    const int m = hold ? std::min(s.length, n + 1) : n;
    int common = 0;
    if (m == last_m_) {
      while (common < m && s.at(common) == last_.at(common)) ++common;
      if (common == m) return last_result_;
    }
    for (int j = common; j < m; ++j) {
      std::vector<State>& to = levels_[std::size_t(j)];
      to.clear();
      if (hold && j == 0) {
        to.push_back(pack(0, std::uint8_t(s.at(0)), rules_.initial()));
        continue;
      }
      if (!hold && j == 0) {
        start_.assign(1, pack(0, kNoPiece, rules_.initial()));
        step(start_, std::uint8_t(s.at(0)), to);
        continue;
      }
      step(levels_[std::size_t(j - 1)], std::uint8_t(s.at(j)), to);
    }
    const std::vector<State>* last = &levels_[std::size_t(m - 1)];
    if (hold && m == n) {  // as many pieces as the setup: the held one goes last
      step(*last, kNoPiece, flush_);
      last = &flush_;
    }
    bool result = false;
    for (State st : *last) result = result || rules_.satisfied(progress_of(st));
    last_ = s;
    last_m_ = m;
    last_result_ = result;
    return result;
  }

 private:
  // The states after one more piece drawn (kNoPiece: none left), placing one piece.
  void step(const std::vector<State>& from, std::uint8_t drawn, std::vector<State>& to) {
    const bool hold = rules_.options().use_hold;
    to.clear();
    for (State st : from) {
      std::uint32_t node = node_of(st);
      std::uint8_t held = hold_of(st);
      std::uint16_t progress = progress_of(st);
      if (hold) {
        if (held != kNoPiece) place(node, Piece(held), drawn, progress, to);
        if (drawn != kNoPiece) place(node, Piece(drawn), held, progress, to);
      } else {
        place(node, Piece(drawn), kNoPiece, progress, to);
      }
    }
    std::sort(to.begin(), to.end());
    to.erase(std::unique(to.begin(), to.end()), to.end());
  }

  void place(std::uint32_t node, Piece piece, std::uint8_t keep, std::uint16_t progress,
             std::vector<State>& to) {
    const int k = graph_.placed_count(node);
    const bool locked = rules_.locked_at(k, graph_.size());
    for (int op : graph_.ops_of(piece)) {
      if (graph_.placed(node, op)) continue;
      SetupGraph::Edge e = graph_.edge(node, op, locked);
      if (!(e.flags & SetupGraph::kLands)) continue;
      bool reach =
          locked ? (e.flags & SetupGraph::kLockedReach) : (e.flags & SetupGraph::kDropReach);
      if (!reach) continue;
      Outcome o{piece, e.lines, e.harddrop, e.perfect, e.spin};
      std::uint16_t next = rules_.advance(progress, o);
      if (next == Rules::kFailed) continue;
      to.push_back(pack(std::uint32_t(e.next), keep, next));
    }
  }

  SetupGraph& graph_;
  const Rules& rules_;
  std::vector<std::vector<State>> levels_;
  std::vector<State> start_, flush_;
  Sequence last_;
  int last_m_ = -1;
  bool last_result_ = false;
};

// ---- the direct search (sfinder's Cover.canBuild / canBuildWithHold) -----------------------

// sfinder's search for one setup and one sequence, nothing kept between sequences: the pieces
// of each type in page order, tried in sequence order (with hold: the held piece first, then
// the drawn one); every placement checked afresh.
class DirectSearch {
 public:
  DirectSearch(const CoverSetup& setup, const Rules& rules)
      : setup_(setup), rules_(rules), n_(int(setup.pieces.size())) {}

  bool builds(const Sequence& s) {
    if (n_ == 0 || s.length < n_) return false;
    seq_ = s;
    used_ = 0;
    if (!rules_.options().use_hold) return without_hold(setup_.field, 0, rules_.initial());
    return with_hold(setup_.field, 1, std::uint8_t(s.at(0)), rules_.initial());
  }

 private:
  bool without_hold(const Field& field, int depth, std::uint16_t progress) {
    return try_piece(field, depth, seq_.at(depth), kNoPiece, progress, n_ - depth, false);
  }

  bool with_hold(const Field& field, int depth, std::uint8_t held, std::uint16_t progress) {
    std::uint8_t drawn = depth < seq_.length ? std::uint8_t(seq_.at(depth)) : kNoPiece;
    if (held != kNoPiece &&
        try_piece(field, depth, Piece(held), drawn, progress, n_ - depth + 1, true)) {
      return true;
    }
    return drawn != kNoPiece &&
           try_piece(field, depth, Piece(drawn), held, progress, n_ - depth + 1, true);
  }

  bool try_piece(const Field& field, int depth, Piece piece, std::uint8_t next_hold,
                 std::uint16_t progress, int remaining, bool hold) {
    for (int op = 0; op < n_; ++op) {
      const CoverPiece& cp = setup_.pieces[std::size_t(op)];
      if (cp.placement.piece != piece || (used_ >> op & 1)) continue;
      std::optional<Landing> l = land(field, cp, rules_.options().clear_lines);
      if (!l) continue;
      Field next;
      Outcome o = outcome_of(*l, next, field);
      if (rules_.needs_spin(piece, o.lines)) {
        ReachableStates states;
        rules_.locked().softdrop_states(l->cleared, Piece::T, kHeight, states);
        o.spin = spin_kind(l->cleared, l->at, o.lines, rules_.options().kicks,
                           rules_.options().drop == DropType::Softdrop180, states, kHeight);
      }
      bool reach;
      if (remaining <= rules_.options().last_softdrop) {
        reach = rules_.locked().reachable(l->cleared, l->at, kHeight);
      } else if (piece == Piece::T && rules_.t_spin_drop()) {
        reach = rules_.t_spin_drop_allows(o.lines, o.spin);
      } else {
        reach = rules_.drop().reachable(l->cleared, l->at, kHeight);
      }
      if (!reach) continue;
      std::uint16_t after = rules_.advance(progress, o);
      if (after == Rules::kFailed) continue;
      bool last = hold ? depth == n_ : depth + 1 == n_;
      if (last) {
        if (rules_.satisfied(after)) return true;
        continue;
      }
      used_ |= 1u << op;
      bool ok = hold ? with_hold(next, depth + 1, next_hold, after)
                     : without_hold(next, depth + 1, after);
      used_ &= ~(1u << op);
      if (ok) return true;
    }
    return false;
  }

  const CoverSetup& setup_;
  const Rules& rules_;
  int n_;
  Sequence seq_;
  std::uint32_t used_ = 0;
};

constexpr int kMaxCoverPieces = 32;

void check_setup(const CoverSetup& setup) {
  if (int(setup.pieces.size()) > kMaxCoverPieces) {
    throw InputError(fmt::format("cover: {}: {} pieces, at most {} are supported", setup.label(),
                                 setup.pieces.size(), kMaxCoverPieces));
  }
}

}  // namespace

bool cover_builds(const CoverSetup& setup, const Sequence& sequence, const CoverOptions& options) {
  check_setup(setup);
  Rules rules(options);
  if (options.method == CoverMethod::Direct) return DirectSearch(setup, rules).builds(sequence);
  SetupGraph graph(setup, rules);
  return Walker(graph, rules).builds(sequence);
}

CoverResult cover(const std::vector<CoverSetup>& setups, const std::vector<Pattern>& patterns,
                  const CoverOptions& options) {
  if (patterns.empty()) throw InputError("cover: no pattern");
  if (options.max_sequences != 0) {
    BigInt total = count_with_duplicates(patterns);
    if (total > BigInt(options.max_sequences)) {
      throw InputError(fmt::format(
          "cover: {} sequences of {} pieces, beyond {}: use a narrower pattern, or --force",
          total.get_str(10), patterns.front().length(), options.max_sequences));
    }
  }
  return cover_sequences(setups, enumerate(patterns, patterns.front().length()), options);
}

CoverResult cover_sequences(const std::vector<CoverSetup>& setups,
                            const std::vector<Sequence>& sequences, const CoverOptions& options) {
  if (setups.empty()) throw InputError("cover: no setup to cover");
  for (const CoverSetup& s : setups) check_setup(s);
  Rules rules(options);  // checks the drop model against the kicks
  CoverResult r;
  r.sequences = sequences;
  const std::size_t n = r.sequences.size();
  const std::size_t count = setups.size();
  r.success.assign(count, std::vector<std::uint8_t>(n, 0));

  // Units are (setup, sequence) pairs, setup-major: each thread's share holds long runs of
  // sorted sequences of one setup, whose prefixes its walker and graph share.
  const std::size_t units = n * count;
  const unsigned threads = std::max(1u, options.threads);
  std::size_t chunk = std::clamp<std::size_t>(units / (std::size_t(threads) * 32), 16, 1024);
  struct Worker {
    std::vector<std::unique_ptr<SetupGraph>> graphs;
  };
  std::vector<Worker> workers(threads);
  Progress progress("cover", units, options.progress);
  parallel_for_ranges(units, threads, chunk, [&](std::size_t begin, std::size_t end, unsigned w) {
    if (cancel_requested()) {
      throw_if_cancelled(
          fmt::format("cover: {} of {} (setup, sequence) pairs", progress.done(), units));
    }
    Worker& worker = workers[w];
    if (worker.graphs.empty()) worker.graphs.resize(count);
    std::size_t i = begin;
    while (i < end) {
      const std::size_t s = i / n;
      const std::size_t stop = std::min(end, (s + 1) * n);
      if (options.method == CoverMethod::Direct) {
        DirectSearch search(setups[s], rules);
        for (; i < stop; ++i) r.success[s][i % n] = search.builds(r.sequences[i % n]);
      } else {
        auto& graph = worker.graphs[s];
        if (!graph) graph = std::make_unique<SetupGraph>(setups[s], rules);
        Walker walker(*graph, rules);
        for (; i < stop; ++i) r.success[s][i % n] = walker.builds(r.sequences[i % n]);
      }
    }
    progress.advance(end - begin);
  });

  if (options.priority) {
    for (std::size_t q = 0; q < n; ++q) {
      bool taken = false;
      for (std::size_t s = 0; s < count; ++s) {
        if (taken) r.success[s][q] = 0;
        taken = taken || r.success[s][q];
      }
    }
  }
  r.counts.assign(count, 0);
  for (std::size_t q = 0; q < n; ++q) {
    bool any = false, all = true;
    for (std::size_t s = 0; s < count; ++s) {
      r.counts[s] += r.success[s][q];
      any = any || r.success[s][q];
      all = all && r.success[s][q];
    }
    r.or_count += any;
    r.and_count += all;
  }
  r.order.resize(count);
  for (std::size_t s = 0; s < count; ++s) r.order[s] = int(s);
  if (options.sort == CoverSort::SuccessAscending) {
    std::stable_sort(r.order.begin(), r.order.end(), [&](int a, int b) {
      return r.counts[std::size_t(a)] < r.counts[std::size_t(b)];
    });
  } else if (options.sort == CoverSort::SuccessDescending) {
    std::stable_sort(r.order.begin(), r.order.end(), [&](int a, int b) {
      return r.counts[std::size_t(a)] > r.counts[std::size_t(b)];
    });
  }
  r.accumulated_or.assign(count, 0);
  r.accumulated_and.assign(count, 0);
  for (std::size_t q = 0; q < n; ++q) {
    bool any = false, all = true;
    for (std::size_t k = 0; k < count; ++k) {
      bool ok = r.success[std::size_t(r.order[k])][q];
      any = any || ok;
      all = all && ok;
      r.accumulated_or[k] += any;
      r.accumulated_and[k] += all;
    }
  }
  return r;
}

}  // namespace manyworlds::tetris
