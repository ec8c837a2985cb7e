#include "manyworlds/tetris/draw/theme.hpp"

#include <fmt/format.h>

#include <map>
#include <optional>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"

namespace manyworlds::tetris {
namespace {

// The property files of sfinder 1.43's `theme/` folder (distribution/theme/*.properties),
// key for key; parsed by parse_theme like any user file.
constexpr std::string_view kDefault = R"(T.normal=#b300b3
O.normal=#b3b300
I.normal=#00b3b3
S.normal=#00b300
Z.normal=#bf0000
J.normal=#0077b3
L.normal=#b37724
Gray.normal=#b3b3b3
T.clear=#d900d9
O.clear=#d9d900
I.clear=#00d9d9
S.clear=#00d900
Z.clear=#d90000
J.clear=#0090d9
L.clear=#d9912b
Gray.clear=#d9d9d9
T.piece=#ff00ff
O.piece=#ffff00
I.piece=#00ffff
S.piece=#00ff00
Z.piece=#ff0000
J.piece=#00aaff
L.piece=#ffaa33
Empty=#151500
Border=#000000
SideFrame=#333333
)";

constexpr std::string_view kFour = R"(T.normal=#b451ac
O.normal=#f7d33e
I.normal=#41afde
S.normal=#66c65c
Z.normal=#ef624d
J.normal=#1983bf
L.normal=#ef9535
Gray.normal=#686868
T.clear=#cc5fc4
O.clear=#f9de49
I.clear=#3bbcf5
S.clear=#72d467
Z.clear=#f97563
J.clear=#1893de
L.clear=#f9a54b
Gray.clear=#848484
T.piece=#cc5fc4
O.piece=#f9de49
I.piece=#3bbcf5
S.piece=#72d467
Z.piece=#f97563
J.piece=#1893de
L.piece=#f9a54b
Empty=#f3f3ed
Border=#f3f3ed
SideFrame=#fcfcfc
BoxFrame=#808080
)";

constexpr std::string_view kFumen = R"(T.normal=#990099
O.normal=#999900
I.normal=#009999
S.normal=#009900
Z.normal=#990000
J.normal=#0000BB
L.normal=#996600
Gray.normal=#999999
T.clear=#cc33cc
O.clear=#cccc33
I.clear=#33cccc
S.clear=#33cc33
Z.clear=#cc3333
J.clear=#3333cc
L.clear=#cc9933
Gray.clear=#cccccc
T.piece=#ff00ff
O.piece=#ffff00
I.piece=#00ffff
S.piece=#00ff00
Z.piece=#ff0000
J.piece=#0000ff
L.piece=#ff9900
Empty=#000000
Border=#333333
SideFrame=#333333
)";

constexpr std::string_view kMipi = R"(T.normal=#d000d0
O.normal=#f0f000
I.normal=#00f0f0
S.normal=#00f000
Z.normal=#f00000
J.normal=#00a0f0
L.normal=#f0a030
Gray.normal=#d0d0d0
T.clear=#d000d0
O.clear=#f0f000
I.clear=#00f0f0
S.clear=#00f000
Z.clear=#f00000
J.clear=#00a0f0
L.clear=#f0a030
Gray.clear=#d0d0d0
T.piece=#d000d0
O.piece=#f0f000
I.piece=#00f0f0
S.piece=#00f000
Z.piece=#f00000
J.piece=#00a0f0
L.piece=#f0a030
Empty=#303000
Border=#000000
SideFrame=#333333
)";

// Java's Color.decode for the spellings theme files use: '#', "0x" or "0X" and 1 to 6 hex
// digits (the integer 0xRRGGBB, so "#fff" is 0x000fff as in Java, not CSS's white).
std::optional<Rgb> parse_color(std::string_view text) {
  if (text.starts_with('#')) {
    text.remove_prefix(1);
  } else if (text.starts_with("0x") || text.starts_with("0X")) {
    text.remove_prefix(2);
  } else {
    return std::nullopt;
  }
  if (text.empty() || text.size() > 6) return std::nullopt;
  std::uint32_t value = 0;
  for (char c : text) {
    int digit = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
    if (digit < 0) return std::nullopt;
    value = value * 16 + std::uint32_t(digit);
  }
  return Rgb{std::uint8_t(value >> 16), std::uint8_t(value >> 8), std::uint8_t(value)};
}

// Java properties, the subset theme files use: key, then '=' or ':' (or white space), then the
// value; '#' and '!' start comment lines. Later keys win, as in Java.
std::map<std::string, std::string, std::less<>> parse_properties(std::string_view text) {
  std::map<std::string, std::string, std::less<>> out;
  for (std::string_view line : split_lines(text)) {
    line = trim(line);
    if (line.empty() || line.front() == '#' || line.front() == '!') continue;
    std::size_t end = line.find_first_of("=: \t");
    std::string_view key = line.substr(0, end);
    std::string_view value;
    if (end != std::string_view::npos) {
      value = trim(line.substr(end));
      if (!value.empty() && (value.front() == '=' || value.front() == ':')) {
        value = trim(value.substr(1));
      }
    }
    out[std::string(key)] = std::string(value);
  }
  return out;
}

}  // namespace

std::string Rgb::hex() const {
  return fmt::format("#{:02x}{:02x}{:02x}", r, g, b);
}

Theme parse_theme(std::string_view properties, std::string name) {
  auto props = parse_properties(properties);
  auto color = [&](std::string_view key) -> std::optional<Rgb> {
    auto it = props.find(key);
    if (it == props.end()) return std::nullopt;
    std::optional<Rgb> c = parse_color(it->second);
    if (!c) {
      throw InputError(fmt::format("theme {}: {}={} is not a colour (#rrggbb)", name, key,
                                   it->second.substr(0, 40)));
    }
    return c;
  };
  auto required = [&](std::string_view key) {
    std::optional<Rgb> c = color(key);
    if (!c) throw InputError(fmt::format("theme {}: no {}", name, key));
    return *c;
  };
  constexpr Rgb kBlack{0, 0, 0};
  Theme theme;
  // Indexed by fumen::Color: Empty, I, L, O, Z, T, J, S, Gray.
  constexpr std::array<std::string_view, 9> kKeys = {"Empty", "I", "L", "O",   "Z",
                                                     "T",     "J", "S", "Gray"};
  theme.cells[0] = {required("Empty"), kBlack, kBlack};
  for (std::size_t i = 1; i < kKeys.size(); ++i) {
    std::string key(kKeys[i]);
    CellShades& s = theme.cells[i];
    s.normal = required(key + ".normal");
    s.clear = required(key + ".clear");
    s.piece = i == 8 ? kBlack : required(key + ".piece");
  }
  theme.border = required("Border");
  theme.side_frame = color("SideFrame").value_or(Rgb{0x33, 0x33, 0x33});
  std::optional<Rgb> box = color("BoxFrame");
  theme.hold_frame = box.value_or(Rgb{0xdd, 0xdd, 0xdd});
  theme.next_frame = box.value_or(Rgb{0x99, 0x99, 0x99});
  theme.name = std::move(name);
  return theme;
}

const std::vector<std::string>& builtin_theme_names() {
  static const std::vector<std::string> names = {"default", "fumen", "four", "mipi"};
  return names;
}

Theme builtin_theme(std::string_view name) {
  static const Theme themes[] = {parse_theme(kDefault, "default"), parse_theme(kFumen, "fumen"),
                                 parse_theme(kFour, "four"), parse_theme(kMipi, "mipi")};
  for (const Theme& t : themes) {
    if (t.name == name) return t;
  }
  throw InputError(fmt::format("unknown theme '{}' (built in: default, fumen, four, mipi)", name));
}

}  // namespace manyworlds::tetris
