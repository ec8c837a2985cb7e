#include "manyworlds/tetris/search/path.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <unordered_set>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/flat_map.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/tetris/board/hold.hpp"
#include "manyworlds/tetris/search/tiling.hpp"

namespace manyworlds::tetris {
namespace {

__extension__ typedef unsigned __int128 Mask;  // cells of the clear area, bit x * height + y

int lowest_bit(Mask m) {
  auto low = std::uint64_t(m);
  if (low != 0) return std::countr_zero(low);
  return 64 + std::countr_zero(std::uint64_t(m >> 64));
}

// ---- sequence sets and tries --------------------------------------------------------------

std::vector<std::uint64_t> sorted_unique(std::vector<std::uint64_t> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

bool contains(const std::vector<std::uint64_t>& sorted, std::uint64_t code) {
  return std::binary_search(sorted.begin(), sorted.end(), code);
}

// sfinder's ValidPiecesPool and the counters of its ForPathSolutionFilter.
struct PathSets {
  int need = 0, length = 0, pop = 0;
  bool hold = true, reduced = false;
  std::vector<Sequence> inputs;  // allSpecifiedPieces, sorted
  SequenceTrie input_trie;
  std::vector<std::uint64_t> valid;  // validPieces (codes of `need` pieces), sorted
  SequenceTrie valid_trie;
  std::vector<std::uint64_t> all;     // allPieces, sorted (only when asked)
  std::vector<PieceCounts> counters;  // the pattern sequences' piece counts, distinct
  PieceCounts most = 0;               // per piece, the most any counter allows
};

// The distinct placement orders of d pieces that the sources give with hold. Duplicates are
// dropped whenever the list doubles, so memory follows the distinct orders, not the
// sources x 2^d of them; Ctrl-C is honoured between sources.
std::vector<std::uint64_t> forward_set(const std::vector<Sequence>& sources, int d) {
  std::vector<std::uint64_t> out;
  std::size_t compact_at = std::size_t(1) << 20;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    if ((i & 0xFFF) == 0 && cancel_requested()) {
      throw_if_cancelled(fmt::format("path: {} of {} input sequences projected through the hold", i,
                                     sources.size()));
    }
    for (const Sequence& q : hold_forward(sources[i], d)) out.push_back(q.code);
    if (out.size() >= compact_at) {
      out = sorted_unique(std::move(out));
      compact_at = std::max(compact_at, 2 * out.size());
    }
  }
  return sorted_unique(std::move(out));
}

// Whether `have` holds at least the pieces of `need` (8 bits per piece, counts below 128).
bool covers_counts(PieceCounts have, PieceCounts need) {
  constexpr PieceCounts kHigh = 0x0080'8080'8080'8080ull;
  return (((have | kHigh) - need) & kHigh) == kHigh;
}

PathSets make_sets(const std::vector<Pattern>& patterns, int need, bool hold, bool want_all,
                   std::uint64_t max_inputs) {
  PathSets s;
  s.need = need;
  s.length = patterns.front().length();
  s.hold = hold;
  s.reduced = hold && need < s.length;
  s.pop = hold ? std::min(s.length, need + 1) : need;
  if (max_inputs != 0) {
    // The sequences counted with repeats after truncation bound the distinct ones.
    std::uint64_t total = 0;
    for (const Pattern& p : patterns) {
      std::uint64_t c = 1;
      int remaining = s.pop;
      for (const PatternElement& e : p.elements) {
        if (remaining == 0) break;
        int n = std::popcount(e.pieces);
        int take = e.take == 0 ? 1 : std::min(e.take, remaining);
        for (int k = 0; k < take; ++k) c *= std::uint64_t(n - k);
        remaining -= take;
      }
      total += c;
    }
    if (total > max_inputs) {
      throw InputError(fmt::format(
          "{} sequences of {} pieces to search, beyond {}: use a narrower pattern, or --force",
          total, s.pop, max_inputs));
    }
  }
  s.inputs = enumerate(patterns, s.pop);
  for (std::size_t i = 0; i < s.inputs.size(); ++i) {
    if ((i & 0xFFFF) == 0 && cancel_requested()) {
      throw_if_cancelled(fmt::format("path: {} of {} input sequences read", i, s.inputs.size()));
    }
    s.input_trie.add(s.inputs[i], std::uint32_t(i));
  }

  s.valid = valid_piece_orders(patterns, need, hold);
  if (want_all) {
    s.all = s.reduced ? forward_set(enumerate(patterns, std::min(s.length, need + 2)), need + 1)
                      : s.valid;
  }
  for (std::size_t i = 0; i < s.valid.size(); ++i) {
    s.valid_trie.add(Sequence{s.valid[i], need}, std::uint32_t(i));
  }
  for (const auto& [counts, times] : pattern_piece_counts(patterns)) s.counters.push_back(counts);
  for (PieceCounts c : s.counters) {
    for (Piece p : kAllPieces) {
      int have = count_of(s.most, p), more = count_of(c, p);
      if (more > have) s.most += PieceCounts(more - have) << (8 * int(p));
    }
  }
  return s;
}

// ---- the clear area and its pieces --------------------------------------------------------

// One way a piece can lie in the clear area (sfinder's SeparableMino).
struct AreaPiece {
  Mask cells = 0;
  int first = 0;  // lowest cell index
  PathPiece piece;
  std::array<Row, kMaxPathClearLine> row_cells{};  // its cells per field row
};

struct Area {
  int height = 0;
  Field field;                                         // rows below height
  std::array<Row, kMaxPathClearLine> reserved_rows{};  // reserved cells (any piece), per row
  std::array<std::array<Row, kMaxPathClearLine>, kPieceCount> reserved_piece{};
  Mask empty = 0;
  std::vector<AreaPiece> pieces;
  std::vector<std::vector<int>> by_first;  // cell index -> pieces whose first cell it is
};

Area make_area(const Field& field, int height, const std::optional<fumen::ColorField>& reserved) {
  Area a;
  a.height = height;
  for (int y = 0; y < height; ++y) a.field.set_row(y, field.row(y));
  if (reserved) {
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < kWidth; ++x) {
        if (auto p = fumen::color_piece(reserved->at(x, y))) {
          a.reserved_rows[std::size_t(y)] |= Row(1u << x);
          a.reserved_piece[std::size_t(int(*p))][std::size_t(y)] |= Row(1u << x);
        }
      }
    }
  }
  for (int x = 0; x < kWidth; ++x) {
    for (int y = 0; y < height; ++y) {
      if (!a.field.filled(x, y)) a.empty |= Mask(1) << (x * height + y);
    }
  }
  a.by_first.resize(std::size_t(kWidth * height));
  for_each_keyed_place(height, [&](const PathPiece& p) {
    AreaPiece ap;
    ap.piece = p;
    for (const Cell& c : p.cells()) {
      if (a.field.filled(c.x, c.y)) return;
      ap.cells |= Mask(1) << (c.x * height + c.y);
      ap.row_cells[std::size_t(c.y)] |= Row(1u << c.x);
    }
    for (int y = 0; y < height; ++y) {
      Row here = ap.row_cells[std::size_t(y)] & a.reserved_rows[std::size_t(y)];
      if (here & ~a.reserved_piece[std::size_t(int(p.piece))][std::size_t(y)]) return;
    }
    ap.first = lowest_bit(ap.cells);
    a.by_first[std::size_t(ap.first)].push_back(int(a.pieces.size()));
    a.pieces.push_back(ap);
  });
  return a;
}

// Every exact cover of the area's empty cells whose piece counts fit a pattern sequence and
// whose keys are consistent.
std::vector<std::vector<int>> exact_covers(const Area& a, const PathSets& sets) {
  std::vector<std::vector<int>> covers;
  std::vector<int> stack;
  PieceCounts counts = 0;
  std::uint64_t steps = 0;
  auto dfs = [&](auto&& self, Mask empty) -> void {
    if ((++steps & 0xFFFF) == 0 && cancel_requested()) {
      throw_if_cancelled(fmt::format("path: {} solution candidates so far", covers.size()));
    }
    if (empty == 0) {
      bool fits = false;
      for (PieceCounts c : sets.counters) fits = fits || covers_counts(c, counts);
      if (fits) {
        std::vector<PathPiece> pieces;
        for (int i : stack) pieces.push_back(a.pieces[std::size_t(i)].piece);
        if (keys_consistent(pieces, a.height)) covers.push_back(stack);
      }
      return;
    }
    int cell = lowest_bit(empty);
    for (int i : a.by_first[std::size_t(cell)]) {
      const AreaPiece& ap = a.pieces[std::size_t(i)];
      if ((ap.cells & ~empty) != 0) continue;
      PieceCounts next = add_piece(counts, ap.piece.piece);
      if (!covers_counts(sets.most, next)) continue;
      PieceCounts saved = counts;
      counts = next;
      stack.push_back(i);
      self(self, empty & ~ap.cells);
      stack.pop_back();
      counts = saved;
    }
  };
  dfs(dfs, a.empty);
  return covers;
}

// ---- build orders -------------------------------------------------------------------------

// The input sequences (trie leaves) that build the solution: with hold, the first piece goes
// to the hold slot and each later one is placed or swapped with the held one, which is placed
// (sfinder's BuildUp.existsValidByOrderWithHold); without hold the pieces go in order.
std::vector<std::uint32_t> specified_inputs(BuildGraph& g, const PathSets& sets) {
  std::vector<std::uint32_t> out;
  struct State {
    std::uint32_t placed;
    std::int8_t held;
    bool operator==(const State&) const = default;
    auto operator<=>(const State&) const = default;
  };
  const int pop = sets.pop, n = sets.need;
  auto walk = [&](auto&& self, std::int32_t node, int depth, const std::vector<State>& states) {
    if (depth == pop) {
      bool ok = false;
      for (const State& s : states) {
        if (s.placed == g.full()) ok = true;
        if (!ok && sets.hold && pop == n && s.held >= 0) {
          std::uint32_t m = g.next(s.placed);
          for (int i = 0; i < g.size() && !ok; ++i) {
            ok = ((m >> i) & 1) && int(g.piece(i)) == s.held && (s.placed | (1u << i)) == g.full();
          }
        }
        if (ok) break;
      }
      if (ok) out.push_back(sets.input_trie.leaf(node));
      return;
    }
    for (int c = 0; c < kPieceCount; ++c) {
      std::int32_t child = sets.input_trie.child(node, c);
      if (child == SequenceTrie::kNone) continue;
      std::vector<State> next;
      if (sets.hold && depth == 0) {
        next.push_back({0, std::int8_t(c)});
      } else {
        for (const State& s : states) {
          std::uint32_t m = g.next(s.placed);
          for (int i = 0; i < g.size(); ++i) {
            if (!((m >> i) & 1)) continue;
            int p = int(g.piece(i));
            if (p == c) next.push_back({s.placed | (1u << i), s.held});
            if (sets.hold && p == s.held) next.push_back({s.placed | (1u << i), std::int8_t(c)});
          }
        }
        std::sort(next.begin(), next.end());
        next.erase(std::unique(next.begin(), next.end()), next.end());
      }
      if (!next.empty()) self(self, child, depth + 1, next);
    }
  };
  walk(walk, 0, 0, {State{0, -1}});
  return out;
}

// Every piece sequence of a build order (sfinder's piecesSolution), sorted.
std::vector<Sequence> all_orders(BuildGraph& g, int need) {
  std::vector<Sequence> out;
  auto walk = [&](auto&& self, const Sequence& prefix, const std::vector<std::uint32_t>& states) {
    if (prefix.length == need) {
      out.push_back(prefix);
      return;
    }
    for (int c = 0; c < kPieceCount; ++c) {
      std::vector<std::uint32_t> next;
      for (std::uint32_t s : states) {
        std::uint32_t m = g.next(s);
        for (int i = 0; i < g.size(); ++i) {
          if (((m >> i) & 1) && int(g.piece(i)) == c) next.push_back(s | (1u << i));
        }
      }
      if (next.empty()) continue;
      std::sort(next.begin(), next.end());
      next.erase(std::unique(next.begin(), next.end()), next.end());
      Sequence longer = prefix;
      longer.push_back(Piece(c));
      self(self, longer, next);
    }
  };
  walk(walk, Sequence{}, {0u});
  return out;
}

// sfinder's piecesPattern: the orders that are placement orders of the patterns, expanded back
// to the inputs they come from, kept when in allPieces.
std::vector<Sequence> pattern_sequences(const std::vector<Sequence>& orders, const PathSets& sets) {
  std::vector<std::uint64_t> codes;
  int from = sets.reduced ? sets.need + 1 : sets.need;
  for (const Sequence& q : orders) {
    if (!contains(sets.valid, q.code)) continue;
    if (!sets.hold) {
      codes.push_back(q.code);
      continue;
    }
    for (const Sequence& x : hold_reverse(q, from)) {
      if (contains(sets.all, x.code)) codes.push_back(x.code);
    }
  }
  codes = sorted_unique(std::move(codes));
  std::vector<Sequence> out;
  for (std::uint64_t c : codes) out.push_back(Sequence{c, from});
  std::sort(out.begin(), out.end(), [](const Sequence& a, const Sequence& b) {
    for (int i = 0; i < a.length; ++i) {
      if (a.at(i) != b.at(i)) return a.at(i) < b.at(i);
    }
    return false;
  });
  return out;
}

// The order sfinder lists a solution's pieces in before searching build orders (the pack
// search's memento: blocks right to left, each block's pieces from the highest by the
// comparator; then stably by y and skipped rows).
void list_order(std::vector<PathPiece>& pieces, int width) {
  auto block = [width](const PathPiece& p) {
    int left = kWidth;
    for (const Cell& c : p.cells()) left = std::min(left, int(c.x));
    return left / width;
  };
  std::sort(pieces.begin(), pieces.end(), [&](const PathPiece& a, const PathPiece& b) {
    int ba = block(a), bb = block(b);
    if (ba != bb) return ba > bb;
    return compare_keyed(a, b) > 0;
  });
  sort_for_build(pieces);
}

// The build order of sfinder's split fumens (SequenceFumenParser.get): the sample pieces
// stably sorted by y and skipped rows, then the first softdrop build order in that list's
// order, else the first where each piece rests on something, else the sample order.
std::vector<int> split_order(const Area& a, const PathSolution& s, ReachCache& locked) {
  std::vector<int> list = s.sample;
  std::stable_sort(list.begin(), list.end(), [&](int i, int j) {
    return build_list_less(s.pieces[std::size_t(i)], s.pieces[std::size_t(j)]);
  });
  std::vector<PathPiece> pieces;
  for (int i : list) pieces.push_back(s.pieces[std::size_t(i)]);
  for (ReachCache* cache : {&locked, static_cast<ReachCache*>(nullptr)}) {
    BuildGraph g(a.field, a.height, pieces, cache, BuildGraph::Height::Clear);
    std::vector<int> order = g.first_order(nullptr);
    if (!order.empty()) {
      for (int& i : order) i = list[std::size_t(i)];
      return order;
    }
  }
  return s.sample;
}

// The key sfinder's pack search enumerates solutions in: pieces by block left to right, each
// block's from the highest by the comparator; solutions compare lexicographically.
std::vector<std::pair<int, PathPiece>> search_key(const std::vector<PathPiece>& pieces, int width) {
  std::vector<std::pair<int, PathPiece>> key;
  for (const PathPiece& p : pieces) {
    int left = kWidth;
    for (const Cell& c : p.cells()) left = std::min(left, int(c.x));
    key.push_back({left / width, p});
  }
  std::sort(key.begin(), key.end(), [](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first < b.first;
    return compare_keyed(a.second, b.second) > 0;
  });
  return key;
}

bool search_key_less(const std::vector<std::pair<int, PathPiece>>& a,
                     const std::vector<std::pair<int, PathPiece>>& b) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i].first != b[i].first) return a[i].first < b[i].first;
    int c = compare_keyed(a[i].second, b[i].second);
    if (c != 0) return c < 0;
  }
  return a.size() < b.size();
}

// sfinder's Selector: the solutions whose set no other's strictly contains, one per distinct
// set (the first), in list order.
std::vector<int> select_minimal(const std::vector<const std::vector<std::uint32_t>*>& sets,
                                std::size_t universe) {
  std::size_t n = sets.size();
  std::vector<std::vector<std::uint32_t>> holders(universe);  // element -> sets containing it
  for (std::size_t j = 0; j < n; ++j) {
    for (std::uint32_t e : *sets[j]) holders[e].push_back(std::uint32_t(j));
  }
  auto subset = [](const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
    return std::includes(b.begin(), b.end(), a.begin(), a.end());
  };
  std::vector<int> out;
  for (std::size_t j = 0; j < n; ++j) {
    const auto& sj = *sets[j];
    bool keep = true;
    if (sj.empty()) {
      // The empty set is inside every other; it stays only when all sets are empty, once.
      for (std::size_t k = 0; k < n && keep; ++k) {
        if (k != j && (!sets[k]->empty() || k < j)) keep = false;
      }
    } else {
      // Candidates must hold the element of sj held by the fewest sets.
      std::uint32_t rare = sj.front();
      for (std::uint32_t e : sj) {
        if (holders[e].size() < holders[rare].size()) rare = e;
      }
      for (std::uint32_t k : holders[rare]) {
        if (k == j) continue;
        const auto& sk = *sets[k];
        if (sk.size() < sj.size()) continue;
        if (sk.size() == sj.size() ? (k < j && sk == sj) : subset(sj, sk)) {
          keep = false;
          break;
        }
      }
    }
    if (keep) out.push_back(int(j));
  }
  return out;
}

}  // namespace

// ---- public -------------------------------------------------------------------------------

Placement sfinder_state(Placement p) {
  Rotation target = sfinder_rotation(p.piece, p.rotation);
  if (target == p.rotation) return p;
  auto lowest = [](const Shape& s) {
    Cell best = s.cells[0];
    for (const Cell& c : s.cells) {
      if (c.y < best.y || (c.y == best.y && c.x < best.x)) best = c;
    }
    return best;
  };
  Cell from = lowest(shape(p.piece, p.rotation));
  Cell to = lowest(shape(p.piece, target));
  return {p.piece, target, std::int8_t(p.x + from.x - to.x), std::int8_t(p.y + from.y - to.y)};
}

std::vector<Piece> PathSolution::sample_pieces() const {
  std::vector<Piece> out;
  for (int i : sample) out.push_back(pieces[std::size_t(i)].piece);
  return out;
}

std::vector<std::pair<PieceCounts, std::uint64_t>> pattern_piece_counts(
    const std::vector<Pattern>& patterns) {
  std::map<PieceCounts, std::uint64_t> all;
  for (const Pattern& p : patterns) {
    std::map<PieceCounts, std::uint64_t> partial = {{0, 1}};
    for (const PatternElement& e : p.elements) {
      // Every combination of `take` pieces of the element's set (one piece when take is 0).
      std::vector<Piece> set;
      for (Piece q : kAllPieces) {
        if ((e.pieces >> int(q)) & 1) set.push_back(q);
      }
      int take = e.take == 0 ? 1 : e.take;
      std::vector<PieceCounts> choices;
      std::vector<int> idx(static_cast<std::size_t>(take));
      std::iota(idx.begin(), idx.end(), 0);
      if (take <= int(set.size())) {
        while (true) {
          PieceCounts c = 0;
          for (int i : idx) c = add_piece(c, set[std::size_t(i)]);
          choices.push_back(c);
          int k = take - 1;
          while (k >= 0 && idx[std::size_t(k)] == int(set.size()) - take + k) --k;
          if (k < 0) break;
          ++idx[std::size_t(k)];
          for (int j = k + 1; j < take; ++j) idx[std::size_t(j)] = idx[std::size_t(j) - 1] + 1;
        }
      }
      std::map<PieceCounts, std::uint64_t> next;
      for (const auto& [a, times] : partial) {
        for (PieceCounts b : choices) {
          std::uint64_t& t = next[a + b];
          t = times > std::numeric_limits<std::uint64_t>::max() - t
                  ? std::numeric_limits<std::uint64_t>::max()
                  : t + times;
        }
      }
      partial.swap(next);
    }
    for (const auto& [c, times] : partial) {
      std::uint64_t& t = all[c];
      t = times > std::numeric_limits<std::uint64_t>::max() - t
              ? std::numeric_limits<std::uint64_t>::max()
              : t + times;
    }
  }
  return {all.begin(), all.end()};
}

std::vector<std::uint64_t> valid_piece_orders(const std::vector<Pattern>& patterns, int depth,
                                              bool hold) {
  const int length = patterns.front().length();
  if (!hold) {
    std::vector<std::uint64_t> out;
    for (const Sequence& q : enumerate(patterns, depth)) out.push_back(q.code);
    return sorted_unique(std::move(out));
  }
  return forward_set(enumerate(patterns, std::min(length, depth + 1)), depth);
}

std::vector<Sequence> hold_forward(const Sequence& s, int d) {
  int input = std::min(s.length, d + 1);
  std::vector<Sequence> out;
  for (const auto& order : hold::placement_orders(input, d)) {
    Sequence q;
    for (int i : order) q.push_back(s.at(i));
    out.push_back(q);
  }
  return out;
}

std::vector<Sequence> hold_reverse(const Sequence& q, int from) {
  std::vector<std::uint64_t> codes;
  for (const auto& order : hold::placement_orders(from, q.length)) {
    std::array<int, kMaxSequenceLength> slot;
    slot.fill(-1);
    for (std::size_t k = 0; k < order.size(); ++k) slot[std::size_t(order[k])] = int(q.at(int(k)));
    int free = -1;
    for (int i = 0; i < from; ++i) {
      if (slot[std::size_t(i)] < 0) free = i;
    }
    for (int p = 0; p < (free < 0 ? 1 : kPieceCount); ++p) {
      if (free >= 0) slot[std::size_t(free)] = p;
      Sequence x;
      for (int i = 0; i < from; ++i) x.push_back(Piece(slot[std::size_t(i)]));
      codes.push_back(x.code);
    }
  }
  std::vector<Sequence> out;
  for (std::uint64_t c : sorted_unique(std::move(codes))) out.push_back(Sequence{c, from});
  return out;
}

ReservedField split_reserved(const fumen::ColorField& page_field) {
  ReservedField r;
  for (int y = 0; y < fumen::kFieldHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      fumen::Color c = page_field.at(x, y);
      if (c == fumen::Color::Gray) {
        if (y < kMaxHeight) r.field.set(x, y);
      } else if (c != fumen::Color::Empty) {
        r.reserved.set(x, y, c);
      }
    }
  }
  return r;
}

PathResult path(const Field& field, const std::vector<Pattern>& patterns, const PathOptions& o,
                const std::optional<fumen::ColorField>& reserved) {
  if (o.clear_line < 1 || o.clear_line > kMaxPathClearLine) {
    throw InputError(
        fmt::format("clear line {} out of range 1..{}", o.clear_line, kMaxPathClearLine));
  }
  if (patterns.empty()) throw InputError("path: no pattern");
  PathResult r;
  r.clear_line = o.clear_line;
  int height = o.clear_line;
  for (int y = 0; y < height; ++y) r.field.set_row(y, field.row(y));
  int empty = 0;
  for (int y = 0; y < height; ++y) empty += kWidth - std::popcount(unsigned(r.field.row(y)));
  if (empty % 4 != 0) {
    throw InputError(fmt::format("field: {} empty cells in the lowest {} rows, not a multiple of 4",
                                 empty, height));
  }
  r.need = empty / 4;
  r.pattern_length = patterns.front().length();
  if (r.pattern_length < r.need) {
    throw InputError(
        fmt::format("patterns have {} pieces but the field needs {}", r.pattern_length, r.need));
  }
  if (r.need > 20) {
    throw InputError(fmt::format("path: {} pieces needed, at most 20 are supported", r.need));
  }
  PathSets sets =
      make_sets(patterns, r.need, o.use_hold, o.orders || !o.specified_only, o.max_inputs);
  r.pop = sets.pop;
  r.inputs = sets.inputs;
  if (r.need == 0) return r;  // sfinder finds no build order of nothing

  Area area = make_area(r.field, height, reserved);
  std::vector<std::vector<int>> covers = exact_covers(area, sets);
  r.covers = covers.size();

  MoveGenerator main_gen(o.kicks, placing_drop(o.drop));
  MoveGenerator locked_gen(o.kicks, uses_180(o.drop) ? Drop::Softdrop180 : Drop::Softdrop);
  const std::optional<TSpinRule> t_spin = t_spin_rule(o.drop);
  const int width = height <= 4 ? 3 : 2;
  bool want_patterns = o.orders || !o.specified_only;

  struct Worker {
    std::unique_ptr<ReachCache> main, locked;
  };
  unsigned threads = std::max(1u, o.threads);
  std::vector<Worker> workers(threads);
  std::vector<std::optional<PathSolution>> found(covers.size());
  Progress progress("path", covers.size(), o.progress);
  std::size_t chunk = std::clamp<std::size_t>(covers.size() / (std::size_t(threads) * 16), 1, 64);
  parallel_for_ranges(
      covers.size(), threads, chunk, [&](std::size_t begin, std::size_t end, unsigned worker) {
        Worker& w = workers[worker];
        if (!w.main) {
          w.main = std::make_unique<ReachCache>(main_gen, t_spin, &locked_gen);
          w.locked = std::make_unique<ReachCache>(locked_gen);
        }
        for (std::size_t c = begin; c < end; ++c) {
          if (cancel_requested()) {
            throw_if_cancelled(
                fmt::format("path: {} of {} solution candidates", progress.done(), covers.size()));
          }
          PathSolution s;
          for (int i : covers[c]) s.pieces.push_back(area.pieces[std::size_t(i)].piece);
          list_order(s.pieces, width);
          BuildGraph orders(area.field, area.height, s.pieces, w.main.get(),
                            BuildGraph::Height::Clear);
          // Included when some build order's sequence is a placement order of the patterns.
          std::vector<int> valid_first = orders.first_order(&sets.valid_trie);
          progress.advance();
          if (valid_first.empty()) continue;
          s.sample = reserved ? orders.first_order(nullptr) : valid_first;
          for (const PathPiece& p : s.pieces) s.skips_rows = s.skips_rows || p.skipped != 0;
          BuildGraph by_input(area.field, area.height, s.pieces, w.main.get(),
                              BuildGraph::Height::Shape);
          s.specified = specified_inputs(by_input, sets);
          if (want_patterns) {
            s.orders = all_orders(orders, r.need);
            for (const Sequence& q : s.orders) {
              if (contains(sets.valid, q.code)) s.valid_orders.push_back(q);
            }
            s.pattern_sequences = pattern_sequences(s.valid_orders, sets);
          }
          if (o.locked_orders) {
            BuildGraph locked(area.field, area.height, s.pieces, w.locked.get(),
                              BuildGraph::Height::Clear);
            s.locked_order = locked.first_order(nullptr);
          }
          if (o.split) s.split_order = split_order(area, s, *w.locked);
          found[c] = std::move(s);
        }
      });

  // sfinder's order: its pack search's.
  std::vector<std::pair<std::vector<std::pair<int, PathPiece>>, std::size_t>> keyed;
  for (std::size_t c = 0; c < found.size(); ++c) {
    if (found[c]) keyed.push_back({search_key(found[c]->pieces, width), c});
  }
  std::sort(keyed.begin(), keyed.end(),
            [](const auto& a, const auto& b) { return search_key_less(a.first, b.first); });
  for (auto& [key, c] : keyed) r.solutions.push_back(std::move(*found[c]));

  std::vector<int> unique(r.solutions.size());
  std::iota(unique.begin(), unique.end(), 0);
  r.minimal = select_minimal(r, unique, o.specified_only);
  return r;
}

std::vector<int> select_minimal(const PathResult& r, const std::vector<int>& order,
                                bool specified_only) {
  std::vector<const std::vector<std::uint32_t>*> selector_sets;
  std::vector<std::vector<std::uint32_t>> pattern_index;
  std::size_t universe = r.inputs.size();
  if (specified_only) {
    for (int i : order) selector_sets.push_back(&r.solutions[std::size_t(i)].specified);
  } else {
    // Index the pattern sequences of every solution.
    std::vector<std::uint64_t> codes;
    for (const PathSolution& s : r.solutions) {
      for (const Sequence& q : s.pattern_sequences) codes.push_back(q.code);
    }
    codes = sorted_unique(std::move(codes));
    for (int i : order) {
      std::vector<std::uint32_t> idx;
      for (const Sequence& q : r.solutions[std::size_t(i)].pattern_sequences) {
        idx.push_back(
            std::uint32_t(std::lower_bound(codes.begin(), codes.end(), q.code) - codes.begin()));
      }
      std::sort(idx.begin(), idx.end());
      pattern_index.push_back(std::move(idx));
    }
    for (const auto& idx : pattern_index) selector_sets.push_back(&idx);
    universe = codes.size();
  }
  std::vector<int> out;
  for (int k : select_minimal(selector_sets, universe)) out.push_back(order[std::size_t(k)]);
  return out;
}

}  // namespace manyworlds::tetris
