#include "manyworlds/tetris/sfinder/options.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <limits>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/text.hpp"

namespace manyworlds::tetris::sfinder {
namespace {

// The rows shared by several verbs (sfinder gives them the same names everywhere).
constexpr OptionSpec kHelp{"h", "help", Arity::None};
constexpr OptionSpec kTetfu{"t",        "tetfu",
                            Arity::One, "-t,--tetfu,--fumen",
                            "FUMEN",    "Fumen of the field (v115@..., URL; - for stdin)"};
constexpr OptionSpec kPage{"P", "page", Arity::One, "-P,--page", "N", "Fumen page, from 1 (1)"};
constexpr OptionSpec kPatterns{
    "p",        "patterns",
    Arity::One, "-p,--patterns",
    "PATTERN",  "Pattern(s), several joined with ';' (or a quiz #Q=...)"};
constexpr OptionSpec kPatternsPath{
    "pp",       "patterns-path",
    Arity::One, "--patterns-path,--patterns-file",
    "FILE",     "-pp: patterns file when no -p (input/patterns.txt)"};
constexpr OptionSpec kHold{"H",         "hold", Arity::One,
                           "-H,--hold", "WORD", "use (default) or avoid; yes/no, true/false, ..."};
constexpr OptionSpec kKicks{
    "K",          "kicks", Arity::One,
    "-K,--kicks", "NAME",  "srs/default, @NAME (kicks/NAME.properties), +NAME, or a file"};
constexpr OptionSpec kClearLine{"c", "clear-line",        Arity::One, "-c,--clear-line",
                                "N", "Lines to clear (4)"};
constexpr OptionSpec kThreads{"th",        "threads", Arity::One,
                              "--threads", "N",       "-th: worker threads (default: all cores)"};
constexpr OptionSpec kFieldPath{
    "fp",           "field-path", Arity::One,
    "--field-path", "FILE",       "-fp: field file when there is no -t (input/field.txt)"};
constexpr OptionSpec kLogPath{"lp",         "log-path", Arity::One,
                              "--log-path", "FILE",     "-lp: log file (output/last_output.txt)"};

// entry/percent/PercentOptions.java.
constexpr std::array kPercentOptions = {
    kHelp,
    kTetfu,
    kPage,
    kPatterns,
    kPatternsPath,
    kHold,
    kKicks,
    OptionSpec{"d", "drop", Arity::One, "-d,--drop", "NAME",
               "softdrop (default), harddrop, 180/softdrop180, tsoftdrop"},
    kClearLine,
    OptionSpec{"td", "tree-depth", Arity::One, "--tree-depth", "N",
               "-td: depth of the success tree (3; -1 all)"},
    OptionSpec{"fc", "failed-count", Arity::One, "--failed-count", "N",
               "-fc: failing sequences listed (100; -1 all)"},
    kThreads,
    kFieldPath,
    kLogPath,
};

// path's drop words (entry/path/PathSettings.setDropType) and clear lines.
constexpr OptionSpec kPathDrop{
    "d",
    "drop",
    Arity::One,
    "-d,--drop",
    "NAME",
    "softdrop (default), harddrop, 180, tsoftdrop; T-spin drops tsz, tsm, tss, tsd, tst"};
constexpr OptionSpec kPathClearLine{
    "c", "clear-line", Arity::One, "-c,--clear-line", "N", "Lines to clear, 1..10 (4)"};

// entry/path/PathOptions.java.
constexpr std::array kPathOptions = {
    kHelp,
    kTetfu,
    kPage,
    kPatterns,
    kPatternsPath,
    kKicks,
    kPathDrop,
    kHold,
    OptionSpec{"so", "specified-only", Arity::One, "--specified-only", "WORD",
               "-so: minimal from the given sequences only: yes/no (yes)"},
    kPathClearLine,
    OptionSpec{"L", "max-layer", Arity::One, "-L,--max-layer", "N",
               "1: unique only; 2: unique and minimal (2)"},
    OptionSpec{"f", "format", Arity::One, "-f,--format", "NAME", "html (default) or csv"},
    OptionSpec{"k", "key", Arity::One, "-k,--key", "NAME",
               "CSV layout: none (default), solution, pattern, use"},
    OptionSpec{"s", "split", Arity::One, "-s,--split", "WORD",
               "one fumen page per piece: yes or no (no)"},
    OptionSpec{"r", "reserved", Arity::One, "-r,--reserved", "WORD",
               "coloured cells must be covered by their piece: yes/no (no)"},
    kFieldPath,
    kLogPath,
    OptionSpec{"o", "output-base", Arity::One, "-o,--output-base", "PATH",
               "output base (output/path.html); - prints the CSV"},
    kThreads,
    OptionSpec{"cb", "cached-bit", Arity::One, "--cached-bit", "N",
               "-cb: accepted for sfinder (no effect)"},
};

// `saves` (ours) reads its field and patterns as path does: path's input options.
constexpr std::array kSavesOptions = {
    kHelp,     kTetfu, kPage,          kPatterns,  kPatternsPath, kKicks,
    kPathDrop, kHold,  kPathClearLine, kFieldPath, kThreads,
};

// entry/util/seq/SeqUtilOptions.java.
constexpr std::array kSeqOptions = {
    kHelp,
    OptionSpec{"p", "patterns", Arity::Many, "-p,--patterns", "PATTERN",
               "Pattern(s): several values, or joined with ';'"},
    OptionSpec{"M", "mode", Arity::One, "-M,--mode", "MODE",
               "pass (default), forward, backward, backward-and-pass"},
    OptionSpec{"l", "length", Arity::One, "-l,--length", "N", "Sequence length (default: by mode)"},
    OptionSpec{"d", "distinct", Arity::One, "-d,--distinct", "WORD",
               "yes (default): drop repeated sequences; no"},
    OptionSpec{"e", "expression", Arity::One, "-e,--expression", "REGEX",
               "Keep sequences where this regular expression is found"},
    OptionSpec{"ne", "not-expression", Arity::One, "--not-expression", "REGEX",
               "-ne: drop sequences where it is found"},
    OptionSpec{"n", "num", Arity::Many, "-n,--num", "EQUATION",
               "Count equations: T=2, S>=1, hold<=1 (several values)"},
    OptionSpec{"hh", "head-hold", Arity::One, "--head-hold", "WORD",
               "-hh: yes (default): the first piece starts in the hold"},
};

// entry/cover/CoverOptions.java: -t takes every following value (ListArgOption, split at spaces).
constexpr std::array kCoverOptions = {
    kHelp,
    OptionSpec{"t", "tetfu", Arity::Many, "-t,--tetfu,--fumen", "FUMEN...",
               "Setups: fumens (v115@..., URLs), each with an optional page range #START:END"},
    kPatterns,
    kHold,
    kKicks,
    OptionSpec{"d", "drop", Arity::One, "-d,--drop", "NAME",
               "softdrop (default), harddrop, 180, t-softdrop, tsz, tsm, tss, tsd, tst"},
    OptionSpec{"m", "mirror", Arity::One, "-m,--mirror", "WORD",
               "yes: add each setup's mirror image (no)"},
    OptionSpec{"M", "mode", Arity::One, "-M,--mode", "NAME",
               "normal (default), b2b, any, tss, tsd, tst, tetris, tetris-end, 1L..4L, "
               "1L-or-PC..4L-or-PC"},
    OptionSpec{"s", "sort", Arity::One, "-s,--sort", "KEY",
               "input (default), success, success-asc, success-desc"},
    OptionSpec{"a", "accum", Arity::One, "-a,--accum", "WORD",
               "yes: show running OR / AND counts (no)"},
    OptionSpec{"sb", "starting-b2b", Arity::One, "--starting-b2b", "N",
               "-sb: T-spin modes: first line clears that must keep B2B (0)"},
    OptionSpec{"P", "priority", Arity::One, "-P,--priority", "WORD",
               "yes: a sequence counts only for the first setup it builds (no)"},
    OptionSpec{"l", "last-sd", Arity::One, "-l,--last-sd", "N",
               "The last N pieces may soft drop, whatever the drop model (0)"},
    OptionSpec{"ms", "max-softdrop", Arity::One, "--max-softdrop", "N",
               "-ms: line modes: soft drops allowed (-1: any number)"},
    OptionSpec{"mc", "max-clearline", Arity::One, "--max-clearline", "N",
               "-mc: line modes: line clears allowed (-1: any number)"},
    kPatternsPath,
    OptionSpec{"fp", "field-path", Arity::One, "--field-path", "FILE",
               "-fp: setups file, one fumen a line, when no -t (input/field.txt)"},
    kLogPath,
    OptionSpec{"o", "output-base", Arity::One, "-o,--output-base", "FILE",
               "Results CSV (output/cover.csv)"},
};

// entry/setup/SetupOptions.java: -op takes every following value (ListArgOption, split at
// spaces).
constexpr std::array kSetupOptions = {
    kHelp,
    kTetfu,
    kPage,
    kPatterns,
    kPatternsPath,
    OptionSpec{"l", "line", Arity::One, "-l,--line", "N",
               "Max height, 1..10 (default: the field's; a field file's first line)"},
    OptionSpec{"c", "combination", Arity::One, "-c,--combination", "WORD",
               "yes: the patterns are piece multisets, not orders (no)"},
    kHold,
    OptionSpec{"m", "margin", Arity::One, "-m,--margin", "COLOURS",
               "Colours of the cells pieces may cover (i, cyan, IO, ...)"},
    OptionSpec{"F", "free", Arity::One, "-F,--free", "COLOURS",
               "Colours of the cells pieces may cover and may stay holes under --exclude"},
    OptionSpec{"f", "fill", Arity::One, "-f,--fill", "COLOURS",
               "Colours of the cells every solution covers"},
    kKicks,
    OptionSpec{"d", "drop", Arity::One, "-d,--drop", "NAME",
               "softdrop (default), harddrop, 180/softdrop180, tsoftdrop"},
    OptionSpec{"e", "exclude", Arity::One, "-e,--exclude", "NAME",
               "none (default), holes, strict-holes: drop solutions with holes"},
    OptionSpec{"op", "operate", Arity::Many, "--operate", "OPERATION...",
               "-op: done before --exclude: row(y), clear(), block(x,y), T-Reverse(x,y), ..."},
    OptionSpec{"np", "n-pieces", Arity::One, "--n-pieces", "N",
               "-np: sub solutions of exactly N pieces (default: not set)"},
    OptionSpec{"fo", "format", Arity::One, "--format", "NAME", "-fo: html (default), link or csv"},
    OptionSpec{"s", "split", Arity::One, "-s,--split", "WORD",
               "one fumen page per piece: yes or no (no)"},
    kFieldPath,
    kLogPath,
    OptionSpec{"o", "output-base", Arity::One, "-o,--output-base", "PATH",
               "output file (output/setup.html); CSV: its base, - prints it"},
};

// entry/ren/RenOptions.java.
constexpr std::array kRenOptions = {
    kHelp,
    kTetfu,
    kPage,
    kFieldPath,
    OptionSpec{"p", "patterns", Arity::One, "-p,--patterns", "SEQUENCE",
               "The queue: one sequence of up to 44 pieces (TOLJISZ), or a quiz #Q=..."},
    kPatternsPath,
    kLogPath,
    OptionSpec{"o", "output-base", Arity::One, "-o,--output-base", "PATH",
               "HTML file base (output/ren.html; the extension becomes .html)"},
    kHold,
    kKicks,
    OptionSpec{"d", "drop", Arity::One, "-d,--drop", "NAME",
               "softdrop (default), harddrop, 180/softdrop180, tsoftdrop"},
};

// entry/verify/kicks/VerifyKicksOptions.java.
constexpr std::array kVerifyKicksOptions = {
    kHelp,
    OptionSpec{
        "K", "kicks", Arity::One, "-K,--kicks", "NAME",
        "srs/default (built in), @NAME (kicks/NAME.properties, or the built-in table of that "
        "name: nokicks, nullpomino180, srsplus, jstris180), +NAME, or a file"},
};

// entry/util/fumen/FumenUtilOptions.java: -t takes every following value (ListArgOption).
constexpr std::array kUtilFumenOptions = {
    kHelp,
    OptionSpec{"t", "tetfu", Arity::Many, "-t,--tetfu,--fumen", "FUMEN...",
               "Fumens (v115@..., d115@, m115@, URLs); several after one -t"},
    OptionSpec{"M", "mode", Arity::One, "-M,--mode", "MODE", "reduce, remove-comment or filter"},
    OptionSpec{"f", "filter", Arity::One, "-f,--filter", "PIECE",
               "filter mode: the piece to remove (T I L J S Z O, upper case)"},
    OptionSpec{"fp", "field-path", Arity::One, "--field-path", "FILE",
               "-fp: fumens, one a line, when no -t (input/field.txt)"},
    kLogPath,
    OptionSpec{"o", "output-base", Arity::One, "-o,--output-base", "PATH",
               "accepted for sfinder (nothing is written there)"},
};

// entry/util/fig/FigUtilSettingParser.createOptions.
constexpr std::array kFigOptions = {
    kHelp,
    OptionSpec{"H", "hold", Arity::One, "-H,--hold", "WORD",
               "visible (default; shown only when a quiz comment gives a hold) or hidden"},
    OptionSpec{"d", "delay", Arity::One, "-d,--delay", "N",
               "GIF frame time in hundredths of a second (default 30)"},
    OptionSpec{"n", "next", Arity::One, "-n,--next", "N", "Next boxes, 0..14 (default 5)"},
    OptionSpec{"t", "tetfu", Arity::One, "-t,--tetfu", "FUMEN",
               "Fumen data (v115@..., a URL; - for stdin)"},
    OptionSpec{"s", "start", Arity::One, "-s,--start", "PAGE", "First page drawn (default 1)"},
    OptionSpec{"e", "end", Arity::One, "-e,--end", "PAGE",
               "Last page drawn (default -1: the last page)"},
    OptionSpec{"l", "line", Arity::One, "-l,--line", "N",
               "Field rows shown, 1..23 (default -1: the highest block + 1; grown to fit the "
               "next boxes)"},
    OptionSpec{"L", "loop", Arity::One, "-L,--loop", "WORD",
               "GIF loops forever: true (default) or false"},
    OptionSpec{"f", "frame", Arity::One, "-f,--frame", "NAME",
               "basic (default: hold left, next right), right (both right) or no (field only)"},
    OptionSpec{"F", "format", Arity::One, "-F,--format", "NAME",
               "gif (default): one animated GIF; png: one file per page; svg: one file per page; "
               "html: one page of inline SVG"},
    OptionSpec{"c", "color", Arity::One, "-c,--color", "THEME",
               "Theme: default, fumen, four, mipi, theme/NAME.properties, or a .properties file"},
    OptionSpec{"o", "output", Arity::One, "-o,--output", "PATH",
               "Output path (default output/fig.gif; the extension follows the format; png and "
               "svg pages go to a date folder beside it, as sfinder's)"},
    OptionSpec{"lp", "log-path", Arity::One, "--log-path", "FILE",
               "-lp: also write a log of the files here"},
    OptionSpec{"fp", "field-path", Arity::One, "--field-path", "FILE",
               "-fp: file whose first line is the fumen (default input/field.txt)"},
};

// entry/spin/SpinOptions.java, and our --threads (sfinder's spin has none: it uses every core).
constexpr std::array kSpinOptions = {
    kHelp,
    kTetfu,
    kPage,
    kPatterns,
    OptionSpec{"fp", "field-path", Arity::One, "--field-path", "FILE",
               "-fp: field file when there is no -t: rows of X and _ (input/field.txt)"},
    kPatternsPath,
    OptionSpec{"fb", "fill-bottom", Arity::One, "--fill-bottom", "Y",
               "-fb: lowest row that may be completed, from 0 (0)"},
    OptionSpec{"ft", "fill-top", Arity::One, "--fill-top", "Y",
               "-ft: rows below it may be completed (the highest block's row + 1)"},
    OptionSpec{"m", "margin-height", Arity::One, "-m,--margin-height", "Y",
               "Pieces stay below this row (fill top + 2)"},
    OptionSpec{"c", "line", Arity::One, "-c,--line", "N", "Rows the T must clear, 1 to 3 (2)"},
    OptionSpec{"r", "roof", Arity::One, "-r,--roof", "WORD",
               "yes (default): add pieces above so the T can rotate in; no: skip"},
    OptionSpec{"mr", "max-roof", Arity::One, "--max-roof", "N",
               "-mr: roof pieces allowed (-1: any number; see docs/tetris.md)"},
    OptionSpec{"f", "filter", Arity::One, "-f,--filter", "MODE",
               "strict (default): T-spins only; ignore-t: also where the T cannot get in; "
               "none: all"},
    OptionSpec{"fo", "format", Arity::One, "--format", "NAME", "-fo: html (default) or csv"},
    OptionSpec{"s", "split", Arity::One, "-s,--split", "WORD",
               "one fumen page per piece in build order: yes or no (no)"},
    kLogPath,
    OptionSpec{"o", "output-base", Arity::One, "-o,--output-base", "PATH",
               "output base (output/spin.html; the extension follows the format)"},
    kThreads,
};

const OptionSpec* by_short(std::span<const OptionSpec> specs, std::string_view name) {
  for (const OptionSpec& s : specs) {
    if (s.short_name == name) return &s;
  }
  return nullptr;
}

const OptionSpec* by_long(std::span<const OptionSpec> specs, std::string_view name) {
  for (const OptionSpec& s : specs) {
    if (s.long_name == name) return &s;
  }
  return nullptr;
}

// commons-cli's Util.stripLeadingHyphens: "--x" -> "x", "-x" -> "x".
std::string_view strip_hyphens(std::string_view arg) {
  if (arg.starts_with("--")) return arg.substr(2);
  if (arg.starts_with("-")) return arg.substr(1);
  return arg;
}

// Options.getMatchingOptions: the long name itself, else every long name it is a prefix of.
std::vector<const OptionSpec*> matching_long(std::span<const OptionSpec> specs,
                                             std::string_view name) {
  name = strip_hyphens(name);
  if (const OptionSpec* exact = by_long(specs, name)) return {exact};
  std::vector<const OptionSpec*> out;
  for (const OptionSpec& s : specs) {
    if (s.long_name.starts_with(name)) out.push_back(&s);
  }
  return out;
}

// DefaultParser.getLongPrefix: the longest long name that `t` starts with, leaving at least
// two characters after it... as commons-cli counts (prefixes of length len-2 down to 2).
const OptionSpec* long_prefix(std::span<const OptionSpec> specs, std::string_view t) {
  for (std::size_t i = t.size() >= 2 ? t.size() - 2 : 0; i > 1; --i) {
    if (const OptionSpec* s = by_long(specs, t.substr(0, i))) return s;
  }
  return nullptr;
}

// A long-name match (exact or unique prefix) as OptionMatch.
OptionMatch long_match(std::span<const OptionSpec> specs, std::string_view name,
                       std::optional<std::string> value) {
  OptionMatch m;
  auto matches = matching_long(specs, name);
  if (matches.size() > 1) {
    for (const OptionSpec* s : matches) m.ambiguous.push_back(s->long_name);
    return m;
  }
  if (matches.empty()) return m;
  if (value && matches[0]->arity == Arity::None) return m;  // a flag given a value: unknown
  m.spec = matches[0];
  m.value = std::move(value);
  return m;
}

// Java's Double.parseDouble accepts it (decimal forms, NaN, Infinity, a d/f suffix).
bool is_java_number(std::string_view s) {
  s = java_trim(s);
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) s.remove_prefix(1);
  if (s == "NaN" || s == "Infinity") return true;
  if (!s.empty() && (s.back() == 'd' || s.back() == 'D' || s.back() == 'f' || s.back() == 'F')) {
    s.remove_suffix(1);
  }
  std::size_t i = 0, digits = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t exp_digits = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  return i == s.size();
}

// DefaultParser.isOption: a long name or prefix (also after one dash, also -LV), or a short
// name (also the first letter of a cluster).
bool is_option(std::span<const OptionSpec> specs, std::string_view arg) {
  if (arg.size() < 2 || arg[0] != '-') return false;
  std::string_view up_to_eq = arg.substr(0, arg.find('='));
  if (!matching_long(specs, up_to_eq).empty()) return true;
  if (!arg.starts_with("--") && long_prefix(specs, strip_hyphens(arg))) return true;
  std::string_view name = up_to_eq.substr(1);
  if (by_short(specs, name)) return true;
  return !name.empty() && by_short(specs, name.substr(0, 1));
}

// commons-cli's Util.stripLeadingAndTrailingQuotes (applied to values given as their own
// argument): "x" -> x when there is no other double quote inside.
std::string strip_quotes(std::string_view v) {
  if (v.size() > 1 && v.front() == '"' && v.back() == '"' &&
      v.substr(1, v.size() - 2).find('"') == std::string_view::npos) {
    return std::string(v.substr(1, v.size() - 2));
  }
  return std::string(v);
}

}  // namespace

std::span<const OptionSpec> percent_options() {
  return kPercentOptions;
}

std::span<const OptionSpec> path_options() {
  return kPathOptions;
}

std::span<const OptionSpec> saves_options() {
  return kSavesOptions;
}

std::span<const OptionSpec> cover_options() {
  return kCoverOptions;
}

std::span<const OptionSpec> seq_options() {
  return kSeqOptions;
}

std::span<const OptionSpec> setup_options() {
  return kSetupOptions;
}

std::span<const OptionSpec> ren_options() {
  return kRenOptions;
}

std::span<const OptionSpec> verify_kicks_options() {
  return kVerifyKicksOptions;
}

std::span<const OptionSpec> util_fumen_options() {
  return kUtilFumenOptions;
}

std::span<const OptionSpec> fig_options() {
  return kFigOptions;
}

std::span<const OptionSpec> spin_options() {
  return kSpinOptions;
}

OptionMatch match_option(std::span<const OptionSpec> specs, std::string_view arg, bool lenient) {
  OptionMatch none;
  if (arg.size() < 2 || arg[0] != '-' || arg == "--") return none;
  if (arg.starts_with("--")) {
    std::string_view body = arg.substr(2);
    std::size_t eq = body.find('=');
    std::string_view name = body.substr(0, eq);
    std::optional<std::string> value;
    if (eq != std::string_view::npos) value = std::string(body.substr(eq + 1));
    if (lenient && !by_long(specs, name)) {
      if (const OptionSpec* s = by_short(specs, name)) {
        if (value && s->arity == Arity::None) return none;
        return {s, std::move(value), {}};
      }
    }
    return long_match(specs, name, std::move(value));
  }
  std::string_view t = arg.substr(1);
  std::size_t eq = t.find('=');
  if (t.size() == 1) {
    if (const OptionSpec* s = by_short(specs, t)) return {s, std::nullopt, {}};
    return none;
  }
  if (eq == std::string_view::npos) {
    if (const OptionSpec* s = by_short(specs, t)) return {s, std::nullopt, {}};
    OptionMatch m = long_match(specs, t, std::nullopt);
    if (m.spec || !m.ambiguous.empty()) return m;
    if (const OptionSpec* s = long_prefix(specs, t); s && s->arity != Arity::None) {
      return {s, std::string(t.substr(s->long_name.size())), {}};  // -Xmx512m
    }
    // A cluster: the first letter an option taking a value, the rest its value (-c4). A
    // cluster of flags is left to the caller (sfinder's only flag is -h).
    const OptionSpec* s = by_short(specs, t.substr(0, 1));
    if (s && s->arity != Arity::None) return {s, std::string(t.substr(1)), {}, true};
    return none;
  }
  std::string_view name = t.substr(0, eq);
  std::string value(t.substr(eq + 1));
  if (name.size() == 1 || lenient) {
    const OptionSpec* s = by_short(specs, name);
    if (s && s->arity != Arity::None) return {s, std::move(value), {}};  // -c=4 (-fc=0)
    if (name.size() == 1) return none;
  }
  return long_match(specs, name, std::move(value));  // -long=V, --long=V
}

bool is_value(std::string_view arg) {
  return arg.size() < 2 || arg[0] != '-' || is_java_number(arg);
}

void OptionValues::add(std::string_view long_name, std::vector<std::string> values) {
  occurrences_.emplace_back(std::string(long_name), std::move(values));
}

bool OptionValues::has(std::string_view long_name) const {
  for (const auto& [name, values] : occurrences_) {
    if (name == long_name) return true;
  }
  return false;
}

std::optional<std::string> OptionValues::first(std::string_view long_name) const {
  for (const auto& [name, values] : occurrences_) {
    if (name == long_name && !values.empty()) return values.front();
  }
  return std::nullopt;
}

std::vector<std::string> OptionValues::all(std::string_view long_name) const {
  std::vector<std::string> out;
  for (const auto& [name, values] : occurrences_) {
    if (name == long_name) out.insert(out.end(), values.begin(), values.end());
  }
  return out;
}

// DefaultParser.handleToken for each argument: options open an occurrence, values fill the
// open one (a Many option stays open), anything else is an ignored argument.
OptionValues parse_options(std::span<const OptionSpec> specs, std::span<const std::string> args) {
  struct Occurrence {
    std::string name;
    std::vector<std::string> values;
    Arity arity = Arity::One;
    bool accepts() const { return arity == Arity::Many || (arity == Arity::One && values.empty()); }
    // Option.processValue: a Many option's value splits at spaces.
    void add(std::string_view v) {
      if (arity == Arity::Many) {
        std::size_t start = 0;
        for (std::size_t sp; (sp = v.find(' ', start)) != std::string_view::npos; start = sp + 1) {
          values.emplace_back(v.substr(start, sp - start));
        }
        values.emplace_back(v.substr(start));
      } else {
        values.emplace_back(v);
      }
    }
  };
  std::vector<Occurrence> occurrences;
  bool open = false;  // the last occurrence takes the next value
  bool skip = false;
  for (const std::string& arg : args) {
    if (skip) continue;
    if (arg == "--") {
      skip = true;
    } else if (open && occurrences.back().accepts() &&
               (!is_option(specs, arg) || is_java_number(arg))) {
      occurrences.back().add(strip_quotes(arg));
    } else if (arg.size() > 1 && arg[0] == '-') {
      OptionMatch m = match_option(specs, arg);
      if (!m.ambiguous.empty()) {
        throw InputError(fmt::format("ambiguous option {} (could be --{})", arg,
                                     fmt::join(m.ambiguous, ", --")));
      }
      if (!m.spec) throw InputError(fmt::format("unknown option {}", arg));
      occurrences.push_back({std::string(m.spec->long_name), {}, m.spec->arity});
      open = m.spec->arity != Arity::None;
      if (m.value) {
        occurrences.back().add(*m.value);
        open = m.cluster;  // a value after '=' or a long name closes the option; -pT does not
      }
    }
    // Other arguments are ignored (sfinder never reads them).
    if (open && !occurrences.back().accepts()) open = false;
  }
  OptionValues out;
  for (Occurrence& o : occurrences) out.add(o.name, std::move(o.values));
  return out;
}

std::optional<int> java_int(std::string_view text) {
  std::string_view s = text;
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return std::nullopt;
  std::int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
    if (v > std::int64_t(std::numeric_limits<int>::max()) + 1) return std::nullopt;
  }
  if (negative) v = -v;
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
    return std::nullopt;
  }
  return int(v);
}

std::optional<bool> java_bool(std::string_view text) {
  static constexpr std::array<std::pair<std::string_view, bool>, 19> kWords = {{
      {"true", true},   {"false", false},   {"t", true},       {"f", false},      {"y", true},
      {"n", false},     {"ok", true},       {"yes", true},     {"no", false},     {"ng", false},
      {"on", true},     {"off", false},     {"use", true},     {"allow", true},   {"avoid", false},
      {"enable", true}, {"disable", false}, {"visible", true}, {"hidden", false},
  }};
  std::string l = lower(text);
  for (const auto& [word, value] : kWords) {
    if (word == l) return value;
  }
  return std::nullopt;
}

std::vector<std::string> java_split(std::string_view text, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t i; (i = text.find(sep, start)) != std::string_view::npos; start = i + 1) {
    parts.emplace_back(text.substr(start, i - start));
  }
  parts.emplace_back(text.substr(start));
  if (parts.size() == 1) return parts;  // no separator: the text itself, even when empty
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  return parts;
}

std::string_view java_trim(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ') text.remove_prefix(1);
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ') text.remove_suffix(1);
  return text;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  }
  return out;
}

// Java's Formatter prints %.2f from the digits of FloatingDecimal (the shortest decimal that
// reads back as the double) rounded half up; std::to_chars gives the same shortest digits.
std::string java_percent(double success, double total) {
  double value = success / total * 100;
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  std::string digits = shortest_fixed(value);
  bool negative = !digits.empty() && digits[0] == '-';
  if (negative) digits.erase(0, 1);
  std::size_t dot = digits.find('.');
  std::string whole = dot == std::string::npos ? digits : digits.substr(0, dot);
  std::string frac = dot == std::string::npos ? "" : digits.substr(dot + 1);
  bool up = frac.size() > 2 && frac[2] >= '5';
  frac.resize(2, '0');
  std::string number = whole + frac;  // two implied decimals
  if (up) {
    int i = int(number.size()) - 1;
    while (i >= 0 && number[std::size_t(i)] == '9') number[std::size_t(i--)] = '0';
    if (i < 0) {
      number.insert(number.begin(), '1');
    } else {
      ++number[std::size_t(i)];
    }
  }
  std::string out = number.substr(0, number.size() - 2) + "." + number.substr(number.size() - 2);
  bool zero = out.find_first_not_of("0.") == std::string::npos;
  return (negative && !zero ? "-" : "") + out;
}

}  // namespace manyworlds::tetris::sfinder
