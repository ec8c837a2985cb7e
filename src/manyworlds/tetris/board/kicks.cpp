#include "manyworlds/tetris/board/kicks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <vector>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"

namespace manyworlds::tetris {
namespace {

// The three tables solution-finder ships (kicks/*.properties at knewjade/solution-finder
// @0e7c935a), copied from tests/data/tetris/sfinder_*.properties, blank lines dropped.
constexpr std::string_view kSrsText = R"(L.NE=(0,0)(-1,0)(-1,+1)(0,-2)(-1,-2)
L.ES=(0,0)(+1,0)(+1,-1)(0,+2)(+1,+2)
L.SW=(0,0)(+1,0)(+1,+1)(0,-2)(+1,-2)
L.WN=(0,0)(-1,0)(-1,-1)(0,+2)(-1,+2)
L.NW=(0,0)(+1,0)(+1,+1)(0,-2)(+1,-2)
L.WS=(0,0)(-1,0)(-1,-1)(0,+2)(-1,+2)
L.SE=(0,0)(-1,0)(-1,+1)(0,-2)(-1,-2)
L.EN=(0,0)(+1,0)(+1,-1)(0,+2)(+1,+2)
J.NE=&L.NE
J.ES=&L.ES
J.SW=&L.SW
J.WN=&L.WN
J.NW=&L.NW
J.WS=&L.WS
J.SE=&L.SE
J.EN=&L.EN
S.NE=&L.NE
S.ES=&L.ES
S.SW=&L.SW
S.WN=&L.WN
S.NW=&L.NW
S.WS=&L.WS
S.SE=&L.SE
S.EN=&L.EN
Z.NE=&L.NE
Z.ES=&L.ES
Z.SW=&L.SW
Z.WN=&L.WN
Z.NW=&L.NW
Z.WS=&L.WS
Z.SE=&L.SE
Z.EN=&L.EN
T.NE=(0,0)(-1,0)(-1,+1)(0,-2)(@-1,-2)
T.ES=(0,0)(+1,0)(+1,-1)(0,+2)( +1,+2)
T.SW=(0,0)(+1,0)(+1,+1)(0,-2)(@+1,-2)
T.WN=(0,0)(-1,0)(-1,-1)(0,+2)( -1,+2)
T.NW=(0,0)(+1,0)(+1,+1)(0,-2)(@+1,-2)
T.WS=(0,0)(-1,0)(-1,-1)(0,+2)( -1,+2)
T.SE=(0,0)(-1,0)(-1,+1)(0,-2)(@-1,-2)
T.EN=(0,0)(+1,0)(+1,-1)(0,+2)( +1,+2)
I.NE=(+1, 0)(-1, 0)(+2, 0)(-1,-1)(+2,+2)
I.ES=( 0,-1)(-1,-1)(+2,-1)(-1,+1)(+2,-2)
I.SW=(-1, 0)(+1, 0)(-2, 0)(+1,+1)(-2,-2)
I.WN=( 0,+1)(+1,+1)(-2,+1)(+1,-1)(-2,+2)
I.NW=( 0,-1)(-1,-1)(+2,-1)(-1,+1)(+2,-2)
I.WS=(+1, 0)(-1, 0)(+2, 0)(-1,-1)(+2,+2)
I.SE=( 0,+1)(+1,+1)(-2,+1)(+1,-1)(-2,+2)
I.EN=(-1, 0)(+1, 0)(-2, 0)(+1,+1)(-2,-2)
O.NE=( 0,+1)
O.ES=(+1, 0)
O.SW=( 0,-1)
O.WN=(-1, 0)
O.NW=(+1, 0)
O.WS=( 0,+1)
O.SE=(-1, 0)
O.EN=( 0,-1)
)";

constexpr std::string_view kNoKicksText = R"(L.NE=(0,0)
L.ES=(0,0)
L.SW=(0,0)
L.WN=(0,0)
L.NW=(0,0)
L.WS=(0,0)
L.SE=(0,0)
L.EN=(0,0)
L.NS=(0,0)
L.EW=(0,0)
L.SN=(0,0)
L.WE=(0,0)
J.NE=&L.NE
J.ES=&L.ES
J.SW=&L.SW
J.WN=&L.WN
J.NW=&L.NW
J.WS=&L.WS
J.SE=&L.SE
J.EN=&L.EN
J.NS=&L.NS
J.EW=&L.EW
J.SN=&L.SN
J.WE=&L.WE
S.NE=&L.NE
S.ES=&L.ES
S.SW=&L.SW
S.WN=&L.WN
S.NW=&L.NW
S.WS=&L.WS
S.SE=&L.SE
S.EN=&L.EN
S.NS=( 0,+1)
S.EW=(+1, 0)
S.SN=( 0,-1)
S.WE=(-1, 0)
Z.NE=&L.NE
Z.ES=&L.ES
Z.SW=&L.SW
Z.WN=&L.WN
Z.NW=&L.NW
Z.WS=&L.WS
Z.SE=&L.SE
Z.EN=&L.EN
Z.NS=&S.NS
Z.EW=&S.EW
Z.SN=&S.SN
Z.WE=&S.WE
T.NE=&L.NE
T.ES=&L.ES
T.SW=&L.SW
T.WN=&L.WN
T.NW=&L.NW
T.WS=&L.WS
T.SE=&L.SE
T.EN=&L.EN
T.NS=&L.NS
T.EW=&L.WS
T.SN=&L.SE
T.WE=&L.EN
I.NE=(+1, 0)
I.ES=( 0,-1)
I.SW=(-1, 0)
I.WN=( 0,+1)
I.NW=( 0,-1)
I.WS=(+1, 0)
I.SE=( 0,+1)
I.EN=(-1, 0)
I.NS=(+1, 0)
I.EW=( 0,-1)
I.SN=(-1, 0)
I.WE=( 0,+1)
O.NE=( 0,+1)
O.ES=(+1, 0)
O.SW=( 0,-1)
O.WN=(-1, 0)
O.NW=(+1, 0)
O.WS=( 0,+1)
O.SE=(-1, 0)
O.EN=( 0,-1)
O.NS=(+1,+1)
O.EW=(+1,-1)
O.SN=(-1,-1)
O.WE=(-1,+1)
)";

constexpr std::string_view kNullpomino180Text = R"(L.NE=(0,0)(-1,0)(-1,+1)(0,-2)(-1,-2)
L.ES=(0,0)(+1,0)(+1,-1)(0,+2)(+1,+2)
L.SW=(0,0)(+1,0)(+1,+1)(0,-2)(+1,-2)
L.WN=(0,0)(-1,0)(-1,-1)(0,+2)(-1,+2)
L.NW=(0,0)(+1,0)(+1,+1)(0,-2)(+1,-2)
L.WS=(0,0)(-1,0)(-1,-1)(0,+2)(-1,+2)
L.SE=(0,0)(-1,0)(-1,+1)(0,-2)(-1,-2)
L.EN=(0,0)(+1,0)(+1,-1)(0,+2)(+1,+2)
L.NS=(0,0)(+1, 0)(+2, 0)(+1,-1)(+2,-1)(-1, 0)(-2, 0)(-1,-1)(-2,-1)( 0,+1)(+3, 0)(-3, 0)
L.EW=(0,0)( 0,-1)( 0,-2)(-1,-1)(-1,-2)( 0,+1)( 0,+2)(-1,+1)(-1,+2)(+1, 0)( 0,-3)( 0,+3)
L.SN=(0,0)(-1, 0)(-2, 0)(-1,+1)(-2,+1)(+1, 0)(+2, 0)(+1,+1)(+2,+1)( 0,-1)(-3, 0)(+3, 0)
L.WE=(0,0)( 0,-1)( 0,-2)(+1,-1)(+1,-2)( 0,+1)( 0,+2)(+1,+1)(+1,+2)(-1, 0)( 0,-3)( 0,+3)
J.NE=&L.NE
J.ES=&L.ES
J.SW=&L.SW
J.WN=&L.WN
J.NW=&L.NW
J.WS=&L.WS
J.SE=&L.SE
J.EN=&L.EN
J.NS=&L.NS
J.EW=&L.EW
J.SN=&L.SN
J.WE=&L.WE
S.NE=&L.NE
S.ES=&L.ES
S.SW=&L.SW
S.WN=&L.WN
S.NW=&L.NW
S.WS=&L.WS
S.SE=&L.SE
S.EN=&L.EN
S.NS=&L.NS
S.EW=&L.EW
S.SN=&L.SN
S.WE=&L.WE
Z.NE=&L.NE
Z.ES=&L.ES
Z.SW=&L.SW
Z.WN=&L.WN
Z.NW=&L.NW
Z.WS=&L.WS
Z.SE=&L.SE
Z.EN=&L.EN
Z.NS=&L.NS
Z.EW=&L.EW
Z.SN=&L.SN
Z.WE=&L.WE
T.NE=(0,0)(-1,0)(-1,+1)(0,-2)(@-1,-2)
T.ES=(0,0)(+1,0)(+1,-1)(0,+2)( +1,+2)
T.SW=(0,0)(+1,0)(+1,+1)(0,-2)(@+1,-2)
T.WN=(0,0)(-1,0)(-1,-1)(0,+2)( -1,+2)
T.NW=(0,0)(+1,0)(+1,+1)(0,-2)(@+1,-2)
T.WS=(0,0)(-1,0)(-1,-1)(0,+2)( -1,+2)
T.SE=(0,0)(-1,0)(-1,+1)(0,-2)(@-1,-2)
T.EN=(0,0)(+1,0)(+1,-1)(0,+2)( +1,+2)
T.NS=&L.NS
T.EW=&L.EW
T.SN=&L.SN
T.WE=&L.WE
I.NE=(+1, 0)(-1, 0)(+2, 0)(-1,-1)(+2,+2)
I.ES=( 0,-1)(-1,-1)(+2,-1)(-1,+1)(+2,-2)
I.SW=(-1, 0)(+1, 0)(-2, 0)(+1,+1)(-2,-2)
I.WN=( 0,+1)(+1,+1)(-2,+1)(+1,-1)(-2,+2)
I.NW=( 0,-1)(-1,-1)(+2,-1)(-1,+1)(+2,-2)
I.WS=(+1, 0)(-1, 0)(+2, 0)(-1,-1)(+2,+2)
I.SE=( 0,+1)(+1,+1)(-2,+1)(+1,-1)(-2,+2)
I.EN=(-1, 0)(+1, 0)(-2, 0)(+1,+1)(-2,-2)
I.NS=(+1,-1)( 0,-1)(-1,-1)(+2,-1)(+3,-1)(+1,-2)
I.EW=(-1,-1)(-1,-2)(-1,-3)(-1, 0)(-1,+1)(-2,-1)
I.SN=(-1,+1)( 0,+1)(+1,+1)(-2,+1)(-3,+1)(-1,+2)
I.WE=(+1,+1)(+1, 0)(+1,-1)(+1,+2)(+1,+3)(+2,+1)
O.NE=( 0,+1)
O.ES=(+1, 0)
O.SW=( 0,-1)
O.WN=(-1, 0)
O.NW=(+1, 0)
O.WS=( 0,+1)
O.SE=(-1, 0)
O.EN=( 0,-1)
O.NS=(+1,+1)
O.EW=(+1,-1)
O.SN=(-1,-1)
O.WE=(-1,+1)
)";

// The two tables below are srs with some keys replaced or added (with_keys()), in sfinder's
// convention: the first test is the in-place one, and the I and O offsets include the shift of
// rotating about (0,0) instead of the true centre. Sources and conversion: docs/tetris.md
// ("The kick tables of today's games") and tests/data/tetris/kicks/README.md.

// 180-degree keys both share: J S T Z turn as L; I in place, then one cell "up" in its frame
// (TETR.IO's I list, which Jstris's equals); O only re-centres (its cells never change).
constexpr std::string_view kShared180Keys = R"(J.NS=&L.NS
J.EW=&L.EW
J.SN=&L.SN
J.WE=&L.WE
S.NS=&L.NS
S.EW=&L.EW
S.SN=&L.SN
S.WE=&L.WE
Z.NS=&L.NS
Z.EW=&L.EW
Z.SN=&L.SN
Z.WE=&L.WE
T.NS=&L.NS
T.EW=&L.EW
T.SN=&L.SN
T.WE=&L.WE
I.NS=(+1,-1)(+1, 0)
I.EW=(-1,-1)( 0,-1)
I.SN=(-1,+1)(-1, 0)
I.WE=(+1,+1)( 0,+1)
O.NS=(+1,+1)
O.EW=(+1,-1)
O.SN=(-1,-1)
O.WE=(-1,+1)
)";

// Jstris: J L S T Z turn 180 degrees in place, then one cell "up" in the piece's frame (the
// 180-degree keys of knewjade/solution-finder @0e7c935a kicks/jstris180.properties).
constexpr std::string_view kJstris180Keys = R"(L.NS=(0,0)( 0,+1)
L.EW=(0,0)(+1, 0)
L.SN=(0,0)( 0,-1)
L.WE=(0,0)(-1, 0)
)";

// TETR.IO SRS+ (halp1/triangle @601843474704 src/engine/utils/kicks/data.ts, `kicks["SRS+"]`):
// its own I lists (the guideline's offsets, each list the mirror image of its mirrored
// transition's) and six 180-degree tests for J L S T Z.
constexpr std::string_view kSrsPlusKeys = R"(I.NE=(+1, 0)(+2, 0)(-1, 0)(-1,-1)(+2,+2)
I.ES=( 0,-1)(-1,-1)(+2,-1)(-1,+1)(+2,-2)
I.SW=(-1, 0)(+1, 0)(-2, 0)(+1,+1)(-2,-2)
I.WN=( 0,+1)(+1,+1)(-2,+1)(+1,-1)(-2,+2)
I.NW=( 0,-1)(-1,-1)(+2,-1)(+2,-2)(-1,+1)
I.WS=(+1, 0)(+2, 0)(-1, 0)(+2,+2)(-1,-1)
I.SE=( 0,+1)(-2,+1)(+1,+1)(-2,+2)(+1,-1)
I.EN=(-1, 0)(-2, 0)(+1, 0)(-2,-2)(+1,+1)
L.NS=(0,0)( 0,+1)(+1,+1)(-1,+1)(+1, 0)(-1, 0)
L.EW=(0,0)(+1, 0)(+1,+2)(+1,+1)( 0,+2)( 0,+1)
L.SN=(0,0)( 0,-1)(-1,-1)(+1,-1)(-1, 0)(+1, 0)
L.WE=(0,0)(-1, 0)(-1,+2)(-1,+1)( 0,+2)( 0,+1)
)";

std::optional<Rotation> rotation_from_letter(char c) {
  switch (c) {
    case 'N':
      return Rotation::North;
    case 'E':
      return Rotation::East;
    case 'S':
      return Rotation::South;
    case 'W':
      return Rotation::West;
    default:
      return std::nullopt;
  }
}

struct Key {
  Piece piece;
  Rotation from, to;
};

std::optional<Key> parse_key(std::string_view key) {
  if (key.size() != 4 || key[1] != '.') return std::nullopt;
  auto p = piece_from_letter(key[0]);
  auto a = rotation_from_letter(key[2]);
  auto b = rotation_from_letter(key[3]);
  if (!p || key[0] != piece_letter(*p) || !a || !b || *a == *b) return std::nullopt;
  return Key{*p, *a, *b};
}

// One parsed line: either offsets or a reference to another key.
struct Line {
  int number = 0;
  std::vector<Kick> kicks;
  std::uint16_t privileged = 0;  // bit i: offset i is marked `@`
  std::optional<Key> ref;
  bool resolved = false;
};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// The key of a table line (the text before `=`, trimmed); empty for blank and comment lines.
std::string_view line_key(std::string_view line) {
  line = trim(line);
  if (line.empty() || line[0] == '#' || line[0] == '!') return {};
  return trim(line.substr(0, line.find('=')));
}

// The table text `base` with the keys of `keys` replaced or added: base's lines whose key no
// text of `keys` gives, then those texts.
std::string with_keys(std::string_view base, std::initializer_list<std::string_view> keys) {
  std::vector<std::string_view> given;
  for (std::string_view text : keys) {
    for (std::string_view line : split_lines(text)) {
      if (!line_key(line).empty()) given.push_back(line_key(line));
    }
  }
  std::string out;
  for (std::string_view line : split_lines(base)) {
    if (std::find(given.begin(), given.end(), line_key(line)) != given.end()) continue;
    out.append(line).push_back('\n');
  }
  for (std::string_view text : keys) out.append(text);
  return out;
}

}  // namespace

KickTable KickTable::parse(std::string_view text, std::string_view source) {
  auto fail = [&](int line, const std::string& what) {
    return InputError(fmt::format("kicks {} line {}: {}", source, line, what));
  };
  std::array<std::optional<Line>, kPieceCount * 16> lines;
  int number = 0;
  for (std::string_view raw : split_lines(text)) {
    ++number;
    std::string_view line = trim(raw);
    if (line.empty() || line[0] == '#' || line[0] == '!') continue;
    std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) throw fail(number, "expected KEY=VALUE");
    std::string_view key_text = trim(line.substr(0, eq));
    std::string_view value = trim(line.substr(eq + 1));
    auto key = parse_key(key_text);
    if (!key) {
      throw fail(number, fmt::format("unknown key '{}' (expected e.g. T.NE: piece TILJSZO, "
                                     "rotations N E S W)",
                                     key_text));
    }
    int k = index(key->piece, key->from, key->to);
    if (lines[k]) {
      throw fail(number,
                 fmt::format("key {} given twice (first on line {})", key_text, lines[k]->number));
    }
    Line parsed;
    parsed.number = number;
    if (!value.empty() && value[0] == '&') {
      auto ref = parse_key(trim(value.substr(1)));
      if (!ref) throw fail(number, fmt::format("bad reference '{}'", value));
      parsed.ref = ref;
    } else {
      std::size_t i = 0;
      auto skip = [&] {
        while (i < value.size() && is_space(value[i])) ++i;
      };
      bool marked = false;  // an '@' before this offset
      auto number_at = [&](const char* what) -> int {
        skip();
        if (i < value.size() && value[i] == '@') {
          marked = true;
          ++i;
          skip();
        }
        int sign = 1;
        if (i < value.size() && (value[i] == '+' || value[i] == '-')) {
          sign = value[i] == '-' ? -1 : 1;
          ++i;
          skip();
        }
        if (i >= value.size() || value[i] < '0' || value[i] > '9') {
          throw fail(number,
                     fmt::format("expected the {} of an offset at column {}", what, eq + 2 + i));
        }
        int n = 0;
        while (i < value.size() && value[i] >= '0' && value[i] <= '9') {
          n = n * 10 + (value[i] - '0');
          if (n > 20) throw fail(number, "offset larger than 20");
          ++i;
        }
        skip();
        return sign * n;
      };
      auto expect = [&](char c) {
        skip();
        if (i >= value.size() || value[i] != c) {
          throw fail(number, fmt::format("expected '{}' at column {}", c, eq + 2 + i));
        }
        ++i;
      };
      while (true) {
        skip();
        if (i >= value.size()) break;
        expect('(');
        marked = false;
        int x = number_at("x");
        expect(',');
        int y = number_at("y");
        expect(')');
        if (parsed.kicks.size() == std::size_t(kMaxKicks)) {
          throw fail(number, fmt::format("more than {} offsets", kMaxKicks));
        }
        if (marked) parsed.privileged |= std::uint16_t(1u << parsed.kicks.size());
        parsed.kicks.push_back({std::int8_t(x), std::int8_t(y)});
      }
      if (parsed.kicks.empty()) throw fail(number, "no offsets (expected e.g. (0,0)(-1,0))");
      parsed.resolved = true;
    }
    lines[k] = std::move(parsed);
  }

  // Resolve references (chains allowed, cycles not).
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (!lines[k] || lines[k]->resolved) continue;
    std::vector<std::size_t> chain{k};
    std::size_t at = k;
    while (!lines[at]->resolved) {
      const Key& r = *lines[at]->ref;
      std::size_t next = std::size_t(index(r.piece, r.from, r.to));
      if (!lines[next]) {
        throw fail(lines[at]->number,
                   fmt::format("reference to missing key {}.{}{}", piece_letter(r.piece),
                               rotation_letter(r.from), rotation_letter(r.to)));
      }
      if (std::find(chain.begin(), chain.end(), next) != chain.end()) {
        throw fail(lines[at]->number, "references form a cycle");
      }
      chain.push_back(next);
      at = next;
    }
    for (std::size_t c : chain) {
      lines[c]->kicks = lines[at]->kicks;
      lines[c]->privileged = lines[at]->privileged;
      lines[c]->resolved = true;
    }
  }

  // 56 keys (90-degree rotations) or 84 (with 180).
  int n90 = 0, n180 = 0;
  for (int p = 0; p < kPieceCount; ++p) {
    for (int a = 0; a < 4; ++a) {
      for (int b = 0; b < 4; ++b) {
        if (a == b) continue;
        bool present = lines[index(Piece(p), Rotation(a), Rotation(b))].has_value();
        ((a + 2) % 4 == b ? n180 : n90) += present;
      }
    }
  }
  auto first_missing = [&](bool want180) {
    for (int p = 0; p < kPieceCount; ++p) {
      for (int a = 0; a < 4; ++a) {
        for (int b = 0; b < 4; ++b) {
          if (a == b || ((a + 2) % 4 == b) != want180) continue;
          if (!lines[index(Piece(p), Rotation(a), Rotation(b))]) {
            return fmt::format("{}.{}{}", piece_letter(Piece(p)), rotation_letter(Rotation(a)),
                               rotation_letter(Rotation(b)));
          }
        }
      }
    }
    return std::string();
  };
  if (n90 != 56 || (n180 != 0 && n180 != 28)) {
    bool which = n90 == 56;
    throw InputError(fmt::format(
        "kicks {}: {} keys, a table needs 56 (90-degree rotations) or 84 (with 180); missing {}",
        source, n90 + n180, first_missing(which)));
  }

  KickTable table;
  table.name_ = std::string(source);
  table.has_180_ = n180 == 28;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (!lines[k]) continue;
    Entry& e = table.entries_[k];
    e.count = lines[k]->kicks.size();
    e.privileged = lines[k]->privileged;
    std::copy(lines[k]->kicks.begin(), lines[k]->kicks.end(), e.kicks.begin());
  }
  return table;
}

const KickTable& KickTable::srs() {
  static const KickTable t = parse(kSrsText, "srs");
  return t;
}

const KickTable& KickTable::nokicks() {
  static const KickTable t = parse(kNoKicksText, "nokicks");
  return t;
}

const KickTable& KickTable::nullpomino180() {
  static const KickTable t = parse(kNullpomino180Text, "nullpomino180");
  return t;
}

const KickTable& KickTable::srsplus() {
  static const KickTable t = parse(with_keys(kSrsText, {kSrsPlusKeys, kShared180Keys}), "srsplus");
  return t;
}

const KickTable& KickTable::jstris180() {
  static const KickTable t =
      parse(with_keys(kSrsText, {kJstris180Keys, kShared180Keys}), "jstris180");
  return t;
}

const KickTable* KickTable::builtin(std::string_view name) {
  if (name == "srs") return &srs();
  if (name == "nokicks") return &nokicks();
  if (name == "nullpomino180") return &nullpomino180();
  if (name == "srsplus") return &srsplus();
  if (name == "jstris180") return &jstris180();
  return nullptr;
}

KickTable load_kicks(std::string_view spec) {
  std::string_view name = spec;
  if (!name.empty() && name[0] == '@') name.remove_prefix(1);
  if (spec == "default") return KickTable::srs();
  if (const KickTable* table = KickTable::builtin(name)) return *table;
  if (name.empty()) throw InputError("kicks: empty name");
  std::string path(name);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec) &&
      std::filesystem::is_regular_file(path + ".properties", ec)) {
    path += ".properties";
  }
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw InputError(
        fmt::format("kicks: '{}' is neither a built-in table ({}) nor a readable kick file", spec,
                    kBuiltinKickNames));
  }
  return KickTable::parse(read_text(path), path);
}

}  // namespace manyworlds::tetris
