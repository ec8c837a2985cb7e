#include "manyworlds/tetris/sfinder/path_files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <map>
#include <set>

#include "manyworlds/core/text.hpp"
#include "manyworlds/tetris/board/fumen.hpp"
#include "manyworlds/tetris/draw/picture.hpp"
#include "manyworlds/tetris/sfinder/fumen_writers.hpp"

namespace manyworlds::tetris {
namespace {

// sfinder's names of the rotation states (its Rotate enum) and their CSV letters.
const char* state_name(Rotation r) {
  static const char* kNames[] = {"Spawn", "Right", "Reverse", "Left"};
  return kNames[int(r)];
}
const char* state_letter(Rotation r) {
  static const char* kLetters[] = {"0", "R", "2", "L"};
  return kLetters[int(r)];
}

std::string sequence_text(const Sequence& s) {
  return s.to_string();
}

// A piece multiset as sfinder prints a PieceCounter: its pieces in T I L J S Z O order.
std::string counts_text(const std::array<int, kPieceCount>& counts) {
  std::string out;
  for (Piece p : kAllPieces) out.append(std::size_t(counts[std::size_t(int(p))]), piece_letter(p));
  return out;
}

std::array<int, kPieceCount> counts_of(const std::vector<Piece>& pieces) {
  std::array<int, kPieceCount> c{};
  for (Piece p : pieces) ++c[std::size_t(int(p))];
  return c;
}

std::array<int, kPieceCount> counts_of(const Sequence& s) {
  std::array<int, kPieceCount> c{};
  for (int i = 0; i < s.length; ++i) ++c[std::size_t(int(s.at(i)))];
  return c;
}

// The field of the clear area in gray (rows below the clear line).
fumen::ColorField gray_field(const PathResult& r) {
  fumen::ColorField f;
  for (int y = 0; y < r.clear_line; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      if (r.field.filled(x, y)) f.set(x, y, fumen::Color::Gray);
    }
  }
  return f;
}

// The gray field with every piece of the solution in its colour (OneFumenParser).
fumen::ColorField solved_field(const PathResult& r, const PathSolution& s) {
  fumen::ColorField f = gray_field(r);
  for (const PathPiece& p : s.pieces) {
    for (const Cell& c : p.cells()) f.set(c.x, c.y, fumen::piece_color(p.piece));
  }
  return f;
}

std::string piece_names(const PathSolution& s) {
  std::string out;
  for (Piece p : s.sample_pieces()) out += piece_letter(p);
  return out;
}

// sfinder's PathPairComparator: no row skip first, fewer pieces first, then the sample pieces
// and their states in order.
bool comparator_less(const PathSolution& a, const PathSolution& b) {
  if (a.skips_rows != b.skips_rows) return !a.skips_rows;
  if (a.sample.size() != b.sample.size()) return a.sample.size() < b.sample.size();
  for (std::size_t i = 0; i < a.sample.size(); ++i) {
    const PathPiece& p = a.pieces[std::size_t(a.sample[i])];
    const PathPiece& q = b.pieces[std::size_t(b.sample[i])];
    if (p.piece != q.piece) return p.piece < q.piece;
    if (p.rotation != q.rotation) return p.rotation < q.rotation;
  }
  return false;
}

std::string percent_of(std::uint64_t count, std::size_t total, int decimals) {
  double pct = double(count) / double(total) * 100.0;
  return java_fixed(pct, decimals);
}

bool sequence_less(const Sequence& a, const Sequence& b) {
  for (int i = 0; i < a.length && i < b.length; ++i) {
    if (a.at(i) != b.at(i)) return a.at(i) < b.at(i);
  }
  return a.length < b.length;
}

}  // namespace

std::string java_fixed(double value, int decimals) {
  // Java's Formatter starts from the shortest decimal that reads back as the double
  // (FloatingDecimal) and rounds it half up to the requested places.
  std::string s = shortest_fixed(value);
  bool negative = !s.empty() && s[0] == '-';
  if (negative) s.erase(0, 1);
  std::size_t dot = s.find('.');
  std::string whole = dot == std::string::npos ? s : s.substr(0, dot);
  std::string frac = dot == std::string::npos ? "" : s.substr(dot + 1);
  bool up = frac.size() > std::size_t(decimals) && frac[std::size_t(decimals)] >= '5';
  frac.resize(std::size_t(decimals), '0');
  std::string digits = whole + frac;
  if (up) {
    int i = int(digits.size()) - 1;
    while (i >= 0 && digits[std::size_t(i)] == '9') digits[std::size_t(i--)] = '0';
    if (i < 0) {
      digits.insert(digits.begin(), '1');
    } else {
      ++digits[std::size_t(i)];
    }
  }
  std::string out = digits.substr(0, digits.size() - std::size_t(decimals));
  if (decimals > 0) out += "." + digits.substr(digits.size() - std::size_t(decimals));
  return negative ? "-" + out : out;
}

std::string path_fumen(const PathResult& r, const PathSolution& s, bool split) {
  if (!split) {
    fumen::Page page;
    page.field = solved_field(r, s);
    page.comment = piece_names(s);
    return fumen::encode_sfinder({page});
  }
  const std::vector<int>& order = s.split_order.empty() ? s.sample : s.split_order;
  std::vector<PathPiece> pieces;
  for (int i : order) pieces.push_back(s.pieces[std::size_t(i)]);
  return sequence_fumen(r.field, r.clear_line, pieces);
}

std::string sequence_fumen(const Field& field, int height, const std::vector<PathPiece>& order) {
  return sfinder::placed_sequence_fumen(field, height, placed_states(field, order));
}

std::string path_link_text(const PathSolution& s) {
  std::string out;
  for (int i : s.sample) {
    const PathPiece& p = s.pieces[std::size_t(i)];
    if (!out.empty()) out += ' ';
    out += piece_letter(p.piece);
    out += '-';
    out += state_name(p.rotation);
  }
  return out;
}

std::vector<int> path_html_order(const PathResult& r, const std::vector<int>& list) {
  std::vector<int> sorted = list;
  std::stable_sort(sorted.begin(), sorted.end(), [&](int a, int b) {
    return comparator_less(r.solutions[std::size_t(a)], r.solutions[std::size_t(b)]);
  });
  return sorted;
}

std::string path_html(const PathResult& r, const std::vector<int>& list,
                      const PathHtmlOptions& options) {
  std::vector<int> sorted = path_html_order(r, list);
  std::size_t total = r.inputs.size();
  // Columns: without a row skip, then with one; each sorted by [n], most first (stable).
  std::vector<int> by_count = sorted;
  std::stable_sort(by_count.begin(), by_count.end(), [&](int a, int b) {
    return r.solutions[std::size_t(a)].specified.size() >
           r.solutions[std::size_t(b)].specified.size();
  });
  std::string out = "<!DOCTYPE html>";
  out += "<html lang=ja><head><meta charset=\"utf-8\"><title>Path Result</title></head><body>";
  out += "<header>";
  out +=
      fmt::format("<div>{} solutions <span style='color: #999'>[{} input sequences]</span></div>",
                  list.size(), total);
  if (!list.empty()) {
    std::vector<fumen::Page> pages;
    for (int i : by_count) {
      const PathSolution& s = r.solutions[std::size_t(i)];
      fumen::Page page;
      page.field = solved_field(r, s);
      page.comment =
          fmt::format("{} % : {}", percent_of(s.specified.size(), total, 1), piece_names(s));
      pages.push_back(page);
    }
    out += fmt::format("<div><a href='http://fumen.zui.jp/?v115@{}'>All solutions</a></div>",
                       fumen::encode_sfinder(pages));
  }
  out += "</header>";
  bool first = true;
  for (bool skips : {false, true}) {
    std::vector<int> column;
    for (int i : by_count) {
      if (r.solutions[std::size_t(i)].skips_rows == skips) column.push_back(i);
    }
    if (column.empty()) continue;
    if (!first) out += "<hr>";
    first = false;
    out += skips ? "<section id='deletedline'><h2>ライン消去あり</h2>"
                 : "<section id='notdeletedline'><h2>ライン消去なし</h2>";
    for (int i : column) {
      const PathSolution& s = r.solutions[std::size_t(i)];
      std::string picture;
      if (options.pictures) {
        SvgOptions svg;
        svg.rows = r.clear_line;
        svg.title = piece_names(s);
        picture = field_svg(solved_field(r, s), svg) + " ";
      }
      out += fmt::format(
          "<div>{}<a href='http://fumen.zui.jp/?v115@{}'>{}</a> / {} % <span style='color: "
          "#999'>[{}]</span></div>",
          picture, path_fumen(r, s, options.split), path_link_text(s),
          percent_of(s.specified.size(), total, 1), s.specified.size());
    }
    out += "</section>";
  }
  out += "</body></html>";
  return out;
}

std::string path_csv_none(const PathResult& r, const std::vector<int>& list) {
  std::string out;
  for (int i : list) {
    const PathSolution& s = r.solutions[std::size_t(i)];
    std::vector<PathPiece> order;
    for (int k : s.locked_order) order.push_back(s.pieces[std::size_t(k)]);
    std::vector<Placement> states = placed_states(r.field, order);
    std::string line;
    for (const Placement& p : states) {
      if (!line.empty()) line += ';';
      line += fmt::format("{},{},{},{}", piece_letter(p.piece), state_letter(p.rotation), p.x, p.y);
    }
    out += line + "\n";
  }
  return out;
}

std::string path_csv_solution(const PathResult& r, bool split) {
  std::string out =
      "テト譜,使用ミノ,対応ツモ数 (対地形&パターン),対応ツモ数 (対地形),対応ツモ数 "
      "(対パターン),ツモ (対地形&パターン),ツモ (対地形),ツモ (対パターン)\n";
  std::vector<int> order(r.solutions.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = int(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return r.solutions[std::size_t(a)].specified.size() >
           r.solutions[std::size_t(b)].specified.size();
  });
  for (int i : order) {
    const PathSolution& s = r.solutions[std::size_t(i)];
    std::vector<std::string> valid, all, pattern;
    for (const Sequence& q : s.orders) all.push_back(sequence_text(q));
    for (const Sequence& q : s.valid_orders) valid.push_back(sequence_text(q));
    for (const Sequence& q : s.pattern_sequences) pattern.push_back(sequence_text(q));
    std::vector<Piece> pieces = s.sample_pieces();
    out +=
        fmt::format("http://fumen.zui.jp/?v115@{},{},{},{},{},{},{},{}\n", path_fumen(r, s, split),
                    counts_text(counts_of(pieces)), valid.size(), all.size(), pattern.size(),
                    fmt::join(valid, ";"), fmt::join(all, ";"), fmt::join(pattern, ";"));
  }
  return out;
}

PatternCsv path_csv_pattern(const PathResult& r, const std::vector<Pattern>& patterns, bool hold,
                            bool split) {
  PatternCsv csv;
  csv.text = "ツモ,対応地形数,使用ミノ,未使用ミノ,テト譜\n";
  int length = std::min(r.pattern_length, hold ? r.need + 1 : r.need);
  // Solutions per pattern sequence, and their order in the row (most pattern sequences first).
  std::map<std::uint64_t, std::vector<int>> holders;
  for (std::size_t i = 0; i < r.solutions.size(); ++i) {
    for (const Sequence& q : r.solutions[i].pattern_sequences) holders[q.code].push_back(int(i));
  }
  std::vector<std::string> fumens(r.solutions.size());
  for (std::size_t i = 0; i < r.solutions.size(); ++i) {
    fumens[i] = "v115@" + path_fumen(r, r.solutions[i], split);
  }
  for (const CountedSequence& row : counted_prefixes(patterns, length)) {
    std::vector<int> valid;
    if (auto it = holders.find(row.sequence.code); it != holders.end()) valid = it->second;
    std::stable_sort(valid.begin(), valid.end(), [&](int a, int b) {
      return r.solutions[std::size_t(a)].pattern_sequences.size() >
             r.solutions[std::size_t(b)].pattern_sequences.size();
    });
    std::set<std::array<int, kPieceCount>> uses;
    for (int i : valid) uses.insert(counts_of(r.solutions[std::size_t(i)].sample_pieces()));
    std::array<int, kPieceCount> have = counts_of(row.sequence);
    std::set<std::string> unused;
    std::vector<std::string> use_names;
    // Sorted as names in piece order.
    std::set<std::string> use_set;
    for (const auto& u : uses) {
      use_set.insert(counts_text(u));
      std::array<int, kPieceCount> left{};
      for (std::size_t p = 0; p < left.size(); ++p) left[p] = have[p] - u[p];
      unused.insert(counts_text(left));
    }
    auto piece_order = [](const std::string& a, const std::string& b) {
      auto rank = [](char c) { return int(*piece_from_letter(c)); };
      return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                          [&](char x, char y) { return rank(x) < rank(y); });
    };
    std::vector<std::string> uses_sorted(use_set.begin(), use_set.end());
    std::vector<std::string> unused_sorted(unused.begin(), unused.end());
    std::sort(uses_sorted.begin(), uses_sorted.end(), piece_order);
    std::sort(unused_sorted.begin(), unused_sorted.end(), piece_order);
    std::vector<std::string> links;
    for (int i : valid) links.push_back(fumens[std::size_t(i)]);
    std::string line = fmt::format("{},{},{},{},{}\n", sequence_text(row.sequence), valid.size(),
                                   fmt::join(uses_sorted, ";"), fmt::join(unused_sorted, ";"),
                                   fmt::join(links, ";"));
    for (std::uint64_t k = 0; k < row.count; ++k) csv.text += line;
    csv.rows += row.count;
    if (!valid.empty()) csv.successes += row.count;
  }
  return csv;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> counted_piece_sets(
    const std::vector<Pattern>& patterns, int length) {
  // A piece set as 8 bits per piece; the patterns' element choices multiply out with repeats.
  std::map<std::uint64_t, std::uint64_t> full;
  int pattern_length = patterns.front().length();
  for (const Pattern& p : patterns) {
    std::map<std::uint64_t, std::uint64_t> partial = {{0, 1}};
    for (const PatternElement& e : p.elements) {
      std::vector<int> set;
      for (int q = 0; q < kPieceCount; ++q) {
        if ((e.pieces >> q) & 1) set.push_back(q);
      }
      int take = e.take == 0 ? 1 : e.take;
      std::vector<std::uint64_t> choices;
      for (unsigned m = 0; m < (1u << set.size()); ++m) {
        if (std::popcount(m) != take) continue;
        std::uint64_t c = 0;
        for (std::size_t k = 0; k < set.size(); ++k) {
          if ((m >> k) & 1) c += std::uint64_t(1) << (8 * set[k]);
        }
        choices.push_back(c);
      }
      std::map<std::uint64_t, std::uint64_t> next;
      for (const auto& [a, n] : partial) {
        for (std::uint64_t b : choices) next[a + b] += n;
      }
      partial.swap(next);
    }
    for (const auto& [c, n] : partial) full[c] += n;
  }
  if (pattern_length <= length) return {full.begin(), full.end()};
  // Each set of pattern_length pieces gives every choice of `length` of its positions.
  std::map<std::uint64_t, std::uint64_t> out;
  auto binomial = [](int n, int k) {
    std::uint64_t b = 1;
    for (int i = 1; i <= k; ++i) b = b * std::uint64_t(n - k + i) / std::uint64_t(i);
    return b;
  };
  for (const auto& [c, count] : full) {
    const std::uint64_t n = count;  // a copy: lambdas cannot capture structured bindings (C++20)
    std::array<int, kPieceCount> have{};
    for (int q = 0; q < kPieceCount; ++q) have[std::size_t(q)] = int((c >> (8 * q)) & 0xFF);
    std::array<int, kPieceCount> pick{};
    auto rec = [&](auto&& self, int q, int left, std::uint64_t ways) -> void {
      if (q == kPieceCount) {
        if (left != 0) return;
        std::uint64_t d = 0;
        for (int k = 0; k < kPieceCount; ++k) d += std::uint64_t(pick[std::size_t(k)]) << (8 * k);
        out[d] += n * ways;
        return;
      }
      for (int t = 0; t <= std::min(left, have[std::size_t(q)]); ++t) {
        pick[std::size_t(q)] = t;
        self(self, q + 1, left - t, ways * binomial(have[std::size_t(q)], t));
      }
    };
    rec(rec, 0, length, 1);
  }
  return {out.begin(), out.end()};
}

UseCsv path_csv_use(const PathResult& r, const std::vector<Pattern>& patterns, bool split) {
  UseCsv csv;
  csv.text = "使用ミノ,対応地形数,対応ツモ数 (対パターン),テト譜,ツモ (対パターン)\n";
  std::map<std::uint64_t, std::vector<int>> by_set;
  for (std::size_t i = 0; i < r.solutions.size(); ++i) {
    std::uint64_t c = 0;
    for (Piece p : r.solutions[i].sample_pieces()) c += std::uint64_t(1) << (8 * int(p));
    by_set[c].push_back(int(i));
  }
  auto sets = counted_piece_sets(patterns, r.need);
  // Rows in piece order of their names.
  std::sort(sets.begin(), sets.end(), [](const auto& a, const auto& b) {
    for (int q = 0; q < kPieceCount; ++q) {
      int ca = int((a.first >> (8 * q)) & 0xFF), cb = int((b.first >> (8 * q)) & 0xFF);
      if (ca != cb) return ca > cb;
    }
    return false;
  });
  for (const auto& [set, count] : sets) {
    std::vector<int> valid;
    if (auto it = by_set.find(set); it != by_set.end()) valid = it->second;
    std::stable_sort(valid.begin(), valid.end(), [&](int a, int b) {
      return r.solutions[std::size_t(a)].pattern_sequences.size() >
             r.solutions[std::size_t(b)].pattern_sequences.size();
    });
    std::vector<std::string> links;
    std::vector<Sequence> sequences;
    for (int i : valid) {
      links.push_back("v115@" + path_fumen(r, r.solutions[std::size_t(i)], split));
      for (const Sequence& q : r.solutions[std::size_t(i)].pattern_sequences)
        sequences.push_back(q);
    }
    std::sort(sequences.begin(), sequences.end(), sequence_less);
    sequences.erase(std::unique(sequences.begin(), sequences.end()), sequences.end());
    std::vector<std::string> names;
    for (const Sequence& q : sequences) names.push_back(sequence_text(q));
    std::array<int, kPieceCount> counts{};
    for (int q = 0; q < kPieceCount; ++q) counts[std::size_t(q)] = int((set >> (8 * q)) & 0xFF);
    std::string line = fmt::format("{},{},{},{},{}\n", counts_text(counts), valid.size(),
                                   sequences.size(), fmt::join(links, ";"), fmt::join(names, ";"));
    for (std::uint64_t k = 0; k < count; ++k) csv.text += line;
    csv.rows += count;
  }
  return csv;
}

}  // namespace manyworlds::tetris
