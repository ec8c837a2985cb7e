#include "manyworlds/tetris/search/fill_setups.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <limits>
#include <map>
#include <memory>
#include <numeric>

#include "manyworlds/core/error.hpp"
#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"
#include "manyworlds/tetris/search/path.hpp"
#include "manyworlds/tetris/search/tiling.hpp"

namespace manyworlds::tetris {
namespace {

__extension__ typedef unsigned __int128 Mask;  // cells of rows 0..9, bit y * 10 + x

Mask cell_bit(int x, int y) {
  return Mask(1) << (y * kWidth + x);
}

Mask mask_of(const Field& f, int height) {
  Mask m = 0;
  for (int y = 0; y < height; ++y) m |= Mask(f.row(y)) << (kWidth * y);
  return m;
}

int count_cells(Mask m) {
  return std::popcount(std::uint64_t(m)) + std::popcount(std::uint64_t(m >> 64));
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return b > std::numeric_limits<std::uint64_t>::max() - a
             ? std::numeric_limits<std::uint64_t>::max()
             : a + b;
}

std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) {
    return std::numeric_limits<std::uint64_t>::max();
  }
  return a * b;
}

std::uint64_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t r = 1;
  for (int i = 1; i <= k; ++i) r = saturating_mul(r, std::uint64_t(n - k + i)) / std::uint64_t(i);
  return r;
}

// One place of a piece (sfinder's FullOperationWithKey): its cells and sfinder's order.
struct Candidate {
  PathPiece piece;
  Mask cells = 0;
  int left = 0;  // leftmost column
  int rank = 0;  // position among all candidates by sfinder's comparator
};

// Every place of every piece with its cells inside `usable` (rows below `height`), skipping only
// rows of `skippable` (bit y), ranked by sfinder's comparator.
std::vector<Candidate> all_places(int height, Mask usable, std::uint16_t skippable) {
  std::vector<Candidate> out;
  for_each_keyed_place(height, [&](const PathPiece& p) {
    if ((p.skipped & ~skippable) != 0) return;
    Candidate c;
    c.piece = p;
    for (const Cell& cell : p.cells()) c.cells |= cell_bit(cell.x, cell.y);
    if ((c.cells & ~usable) != 0) return;
    c.left = p.x + shape(p.piece, p.rotation).min_x;
    out.push_back(c);
  });
  std::sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) {
    return compare_keyed(a.piece, b.piece) < 0;
  });
  for (std::size_t i = 0; i < out.size(); ++i) out[i].rank = int(i);
  return out;
}

// Whether `have` holds at least the pieces of `need` (8 bits per piece, counts below 128).
bool holds(PieceCounts have, PieceCounts need) {
  constexpr PieceCounts kHigh = 0x0080'8080'8080'8080ull;
  return (((have | kHigh) - need) & kHigh) == kHigh;
}

// The patterns' piece counts: which of them still hold the pieces chosen so far, as a bit set
// over the distinct counts.
class CountFilter {
 public:
  explicit CountFilter(const std::vector<std::pair<PieceCounts, std::uint64_t>>& counted) {
    for (const auto& [c, times] : counted) counts_.push_back(c);
    words_ = (counts_.size() + 63) / 64;
    for (Piece p : kAllPieces) {
      auto& levels = at_least_[std::size_t(int(p))];
      levels.assign(std::size_t(kMaxCount + 2) * words_, 0);
      for (std::size_t i = 0; i < counts_.size(); ++i) {
        for (int k = 0; k <= count_of(counts_[i], p) && k <= kMaxCount + 1; ++k) {
          levels[std::size_t(k) * words_ + i / 64] |= std::uint64_t(1) << (i % 64);
        }
      }
    }
  }
  std::size_t words() const { return words_; }
  void all(std::uint64_t* out) const {
    for (std::size_t w = 0; w < words_; ++w) {
      std::size_t bits = std::min<std::size_t>(64, counts_.size() - w * 64);
      out[w] = bits == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << bits) - 1;
    }
  }
  // out = in restricted to the counts with at least `k` pieces of `p`; whether any is left.
  bool narrow(const std::uint64_t* in, Piece p, int k, std::uint64_t* out) const {
    if (k > kMaxCount + 1) k = kMaxCount + 1;
    const std::uint64_t* level = &at_least_[std::size_t(int(p))][std::size_t(k) * words_];
    std::uint64_t any = 0;
    for (std::size_t w = 0; w < words_; ++w) {
      out[w] = in[w] & level[w];
      any |= out[w];
    }
    return any != 0;
  }

 private:
  static constexpr int kMaxCount = 64;
  std::vector<PieceCounts> counts_;
  std::size_t words_ = 0;
  std::array<std::vector<std::uint64_t>, kPieceCount> at_least_;
};

struct Problem {
  Problem(const SetupField& f, const SetupOptions& o) : field(f), options(o) {}
  const SetupField& field;
  const SetupOptions& options;
  int height = 0;
  int width = 3;       // sfinder's column blocks: 3 wide up to 4 rows, else 2
  int last_block = 3;  // the block of the columns from 9 (width 3) or 8 (width 2)
  Mask usable = 0, fill = 0, init = 0, blocked = 0;
  std::vector<Candidate> places;  // key pieces (rows skipped only where allowed)
  std::vector<Candidate> extras;  // local-search pieces (any rows skipped)
  std::array<std::vector<int>, kPieceCount> extras_by_piece;
  std::vector<std::pair<PieceCounts, std::uint64_t>> counts;  // the patterns' counts, times
  int max_pieces = 0;
  bool local = false;
  SequenceTrie valid;  // order mode: the piece orders the patterns give
};

// ---- solutions -----------------------------------------------------------------------------

// Every set of pieces covering the fill cells, every piece covering one (the last block's
// extras aside, with sfinder's quirks), fitting a pattern count, keys consistent.
class KeySearch {
 public:
  KeySearch(const Problem& p, const CountFilter& filter) : p_(p), filter_(filter) {
    for (int x = 0; x < kWidth; ++x) {
      for (int y = 0; y < p.height; ++y) {
        if (p.fill & cell_bit(x, y)) fill_order_.push_back(y * kWidth + x);
      }
    }
    by_cell_.resize(std::size_t(kWidth * p.height));
    for (std::size_t i = 0; i < p.places.size(); ++i) {
      const Candidate& c = p.places[i];
      if ((c.cells & p.fill) == 0) {
        if (p.options.sfinder_quirks && p.width == 2 && c.left >= 8) last_extras_.push_back(int(i));
        continue;
      }
      for (int cell = 0; cell < kWidth * p.height; ++cell) {
        if (c.cells & (Mask(1) << cell)) by_cell_[std::size_t(cell)].push_back(int(i));
      }
    }
    max_pieces_ = p.local ? p.max_pieces : p.options.patterns.front().length();
    alive_.assign(std::size_t(max_pieces_ + 2) * filter.words(), 0);
  }

  std::vector<std::vector<int>> run() {
    filter_.all(alive_.data());
    dfs(0, 0, 0);
    return std::move(keys_);
  }

 private:
  void dfs(Mask occupied, PieceCounts counts, int depth) {
    if ((++steps_ & 0xFFFF) == 0 && cancel_requested()) {
      throw_if_cancelled(fmt::format("setup: {} solution candidates so far", keys_.size()));
    }
    Mask uncovered = p_.fill & ~occupied;
    if (uncovered == 0) {
      found(occupied, counts, depth);
      return;
    }
    if (depth + (count_cells(uncovered) + 3) / 4 > max_pieces_) return;
    int cell = -1;
    for (int c : fill_order_) {
      if (uncovered & (Mask(1) << c)) {
        cell = c;
        break;
      }
    }
    const std::uint64_t* here = &alive_[std::size_t(depth) * filter_.words()];
    std::uint64_t* next = &alive_[std::size_t(depth + 1) * filter_.words()];
    for (int i : by_cell_[std::size_t(cell)]) {
      const Candidate& c = p_.places[std::size_t(i)];
      if (c.cells & occupied) continue;
      PieceCounts more = add_piece(counts, c.piece.piece);
      if (!filter_.narrow(here, c.piece.piece, count_of(more, c.piece.piece), next)) continue;
      chosen_.push_back(i);
      dfs(occupied | c.cells, more, depth + 1);
      chosen_.pop_back();
    }
  }

  void found(Mask occupied, PieceCounts counts, int depth) {
    emit();
    if (last_extras_.empty()) return;
    // sfinder's last block (columns 8-9 when H >= 5) also takes pieces covering no fill cell
    // when they come after the lowest of its fill-covering pieces in its comparator order.
    int lowest = std::numeric_limits<int>::max();
    for (int i : chosen_) {
      if (p_.places[std::size_t(i)].left >= 8)
        lowest = std::min(lowest, p_.places[std::size_t(i)].rank);
    }
    if (lowest == std::numeric_limits<int>::max()) return;
    extend(0, lowest, occupied, counts, depth);
  }

  void extend(std::size_t from, int lowest, Mask occupied, PieceCounts counts, int depth) {
    if (depth >= max_pieces_) return;
    const std::uint64_t* here = &alive_[std::size_t(depth) * filter_.words()];
    std::uint64_t* next = &alive_[std::size_t(depth + 1) * filter_.words()];
    for (std::size_t k = from; k < last_extras_.size(); ++k) {
      const Candidate& c = p_.places[std::size_t(last_extras_[k])];
      if (c.rank < lowest || (c.cells & occupied)) continue;
      PieceCounts more = add_piece(counts, c.piece.piece);
      if (!filter_.narrow(here, c.piece.piece, count_of(more, c.piece.piece), next)) continue;
      chosen_.push_back(last_extras_[k]);
      emit();
      extend(k + 1, lowest, occupied | c.cells, more, depth + 1);
      chosen_.pop_back();
    }
  }

  void emit() {
    std::vector<PathPiece> pieces;
    for (int i : chosen_) pieces.push_back(p_.places[std::size_t(i)].piece);
    if (keys_consistent(pieces, p_.height)) keys_.push_back(chosen_);
  }

  const Problem& p_;
  const CountFilter& filter_;
  std::vector<int> fill_order_;
  std::vector<std::vector<int>> by_cell_;
  std::vector<int> last_extras_;
  int max_pieces_ = 0;
  std::vector<std::uint64_t> alive_;
  std::vector<int> chosen_;
  std::vector<std::vector<int>> keys_;
  std::uint64_t steps_ = 0;
};

// The pieces of a solution in sfinder's pack order: column blocks from the last, inside a block
// the pieces covering none of its fill cells first, each part from the highest in sfinder's
// comparator order (the last block: all from the highest).
std::vector<PathPiece> pack_order(const Problem& p, const std::vector<int>& key) {
  struct Item {
    int block;
    bool own_fill;
    int rank;
    const PathPiece* piece;
  };
  std::vector<Item> items;
  for (int i : key) {
    const Candidate& c = p.places[std::size_t(i)];
    int block = c.left / p.width;
    Mask columns = 0;
    for (int x = block * p.width; x < std::min(kWidth, (block + 1) * p.width); ++x) {
      for (int y = 0; y < p.height; ++y) columns |= cell_bit(x, y);
    }
    bool own = block != p.last_block && (c.cells & p.fill & columns) != 0;
    items.push_back({block, own, c.rank, &c.piece});
  }
  std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
    if (a.block != b.block) return a.block > b.block;
    if (a.own_fill != b.own_fill) return !a.own_fill;
    return a.rank > b.rank;
  });
  std::vector<PathPiece> out;
  for (const Item& it : items) out.push_back(*it.piece);
  return out;
}

// ---- per solution --------------------------------------------------------------------------

struct Worker {
  std::unique_ptr<ReachCache> reach;   // the drop model
  std::unique_ptr<ReachCache> locked;  // soft drop (180 with the 180 drop): split fumens
  std::unique_ptr<BuildGraph> graph;   // reused from one set of pieces to the next
};

// The indices of `pieces` in the order of `list` (a reordering of them).
std::vector<int> positions(const std::vector<PathPiece>& pieces, const std::vector<PathPiece>& list,
                           const std::vector<int>& order) {
  std::vector<int> out;
  for (int i : order) {
    const PathPiece& q = list[std::size_t(i)];
    for (std::size_t j = 0; j < pieces.size(); ++j) {
      if (pieces[j] == q) {
        out.push_back(int(j));
        break;
      }
    }
  }
  return out;
}

class SolutionWork {
 public:
  SolutionWork(const Problem& p, Worker& w) : p_(p), w_(w) {}

  // The sub solutions of one solution that pass the filters; empty when it has no build order.
  std::vector<SetupSub> run(const std::vector<int>& key, std::vector<PathPiece>& pack) {
    pack = pack_order(p_, key);
    list_ = pack;
    sort_for_build(list_);
    BuildGraph& graph = *w_.graph;
    graph.reset(p_.field.init, p_.height, list_);
    if (!graph.buildable()) return {};
    std::vector<SetupSub> kept;
    const int n = int(key.size());
    if (!p_.local || n == p_.max_pieces) {
      SetupSub s;
      s.pieces = pack;
      if (finish(s)) kept.push_back(std::move(s));
    } else if (n < p_.max_pieces) {
      complete(key, pack, kept);
    }
    return kept;
  }

 private:
  // sfinder's local search: every choice of extras drawn from the pieces a pattern count leaves.
  void complete(const std::vector<int>& key, const std::vector<PathPiece>& pack,
                std::vector<SetupSub>& subs) {
    PieceCounts have = 0;
    Mask occupied = p_.init | p_.blocked;
    for (int i : key) {
      have = add_piece(have, p_.places[std::size_t(i)].piece.piece);
      occupied |= p_.places[std::size_t(i)].cells;
    }
    const int need = p_.max_pieces - int(key.size());
    // Multisets of `need` pieces (sorted by piece) and how often sfinder draws each.
    std::map<std::vector<Piece>, std::uint64_t> draws;
    for (const auto& [counts, times] : p_.counts) {
      std::array<int, kPieceCount> left{};
      if (p_.options.sfinder_quirks) {
        PieceCounts rest = counts - have;  // sfinder's subtraction: it may borrow
        for (int q = 0; q < kPieceCount; ++q) left[std::size_t(q)] = int((rest >> (8 * q)) & 0xFF);
      } else {
        if (!holds(counts, have)) continue;
        for (int q = 0; q < kPieceCount; ++q) {
          left[std::size_t(q)] = count_of(counts, Piece(q)) - count_of(have, Piece(q));
        }
      }
      std::vector<Piece> m;
      const std::uint64_t repeats = times;  // clang 14 (emscripten) captures no structured binding
      auto draw = [&](auto&& self, int q, int remaining, std::uint64_t ways) -> void {
        if (remaining == 0) {
          std::uint64_t& d = draws[m];
          d = saturating_add(d, saturating_mul(ways, repeats));
          return;
        }
        if (q == kPieceCount) return;
        for (int k = 0; k <= std::min(remaining, left[std::size_t(q)]); ++k) {
          for (int j = 0; j < k; ++j) m.push_back(Piece(q));
          self(self, q + 1, remaining - k, saturating_mul(ways, binomial(left[std::size_t(q)], k)));
          m.resize(m.size() - std::size_t(k));
        }
      };
      draw(draw, 0, need, 1);
    }
    Mask key_cells = occupied & ~(p_.init | p_.blocked);
    for (const auto& [pieces, copies] : draws) {
      std::vector<int> chosen;
      place(pieces, 0, 0, occupied, key_cells, pack, chosen, copies, subs);
    }
  }

  void place(const std::vector<Piece>& pieces, std::size_t j, std::size_t start, Mask occupied,
             Mask key_cells, const std::vector<PathPiece>& pack, std::vector<int>& chosen,
             std::uint64_t copies, std::vector<SetupSub>& subs) {
    if (j == pieces.size()) {
      leaf(pack, chosen, occupied, copies, subs);
      return;
    }
    if ((++steps_ & 0xFFF) == 0 && cancel_requested()) {
      throw_if_cancelled("setup: completing solutions with extra pieces");
    }
    const std::vector<int>& list = p_.extras_by_piece[std::size_t(int(pieces[j]))];
    for (std::size_t k = start; k < list.size(); ++k) {
      const Candidate& c = p_.extras[std::size_t(list[k])];
      if (c.cells & occupied) continue;
      chosen.push_back(list[k]);
      std::size_t next_start = j + 1 < pieces.size() && pieces[j + 1] == pieces[j] ? k + 1 : 0;
      place(pieces, j + 1, next_start, occupied | c.cells, key_cells, pack, chosen, copies, subs);
      chosen.pop_back();
    }
  }

  void leaf(const std::vector<PathPiece>& pack, const std::vector<int>& chosen, Mask occupied,
            std::uint64_t copies, std::vector<SetupSub>& subs) {
    // Cheap necessary conditions first. Every extra rests on something in the finished field
    // (a build order places it on a block or the floor, and cells never leave the field's own
    // rows); the rows an extra skips are full there (they are cleared before it goes in).
    const Mask filled = (occupied & ~p_.blocked) | p_.init;
    bool skips = false;
    for (int i : chosen) {
      const Candidate& c = p_.extras[std::size_t(i)];
      if ((c.cells & Mask(kFullRow)) == 0 && ((c.cells >> kWidth) & filled & ~c.cells) == 0) {
        return;
      }
      for (int y = 0; y < p_.height; ++y) {
        if (((c.piece.skipped >> y) & 1) && Row(filled >> (kWidth * y) & kFullRow) != kFullRow) {
          return;
        }
      }
      skips = skips || c.piece.skipped != 0;
    }
    list_ = pack;
    for (int i : chosen) list_.push_back(p_.extras[std::size_t(i)].piece);
    if (skips && !keys_consistent(list_, p_.height)) return;
    sort_for_build(list_);
    BuildGraph& graph = *w_.graph;
    graph.reset(p_.field.init, p_.height, list_);
    std::vector<int> order = graph.first_order();
    if (order.empty()) return;
    SetupSub s;
    for (int i : order) s.pieces.push_back(list_[std::size_t(i)]);
    s.copies = copies;
    if (finish(s)) subs.push_back(std::move(s));
  }

  // Filters (order, exclude), then the count, the name and the split order; false: dropped.
  // w_.graph holds the sub solution's pieces (in list_).
  bool finish(SetupSub& s) {
    BuildGraph& graph = *w_.graph;
    if (!p_.options.combination && graph.first_order(&p_.valid).empty()) return false;
    if (p_.options.exclude != SetupExclude::None) {
      Field tested = operated_field(p_.field, s.pieces, p_.options.operations);
      if (!exclude_keeps(p_.field, tested, p_.options.exclude)) return false;
    }
    s.orders = graph.count_orders();
    s.name.resize(s.pieces.size());
    std::iota(s.name.begin(), s.name.end(), 0);
    if (!p_.options.combination || p_.options.split) {
      // sfinder searches these from the sub solution's own list, sorted for the search.
      std::vector<PathPiece> list = s.pieces;
      sort_for_build(list);
      if (!p_.options.combination) name_by_order(s, list);
      if (p_.options.split) split_order(s, list);
    }
    return true;
  }

  // Order mode's name: the first build order with a pattern's piece order from the sub
  // solution's own finished field (sfinder's OrderFunctions naming). None exists unless that
  // field has full rows; then the list order stays.
  void name_by_order(SetupSub& s, const std::vector<PathPiece>& list) {
    Field raw = p_.field.init;
    for (const PathPiece& q : s.pieces) {
      for (const Cell& c : q.cells()) raw.set(c.x, c.y);
    }
    bool full = false;
    for (int y = 0; y < p_.height; ++y) full = full || raw.row(y) == kFullRow;
    if (!full) return;
    BuildGraph graph(raw, p_.height, list, w_.reach.get());
    std::vector<int> order = graph.first_order(&p_.valid);
    if (!order.empty()) s.name = positions(s.pieces, list, order);
  }

  // sfinder's SequenceFumenParser: the first build order under soft drop, else the first where
  // each piece merely rests on something, else the list.
  void split_order(SetupSub& s, const std::vector<PathPiece>& list) {
    for (ReachCache* cache : {w_.locked.get(), static_cast<ReachCache*>(nullptr)}) {
      BuildGraph graph(p_.field.init, p_.height, list, cache);
      std::vector<int> order = graph.first_order();
      if (!order.empty()) {
        s.split = positions(s.pieces, list, order);
        return;
      }
    }
    s.split.resize(s.pieces.size());
    std::iota(s.split.begin(), s.split.end(), 0);
  }

  const Problem& p_;
  Worker& w_;
  std::vector<PathPiece> list_;  // the pieces w_.graph was last reset to
  std::uint64_t steps_ = 0;
};

// The cells of each piece type of a solution: sfinder's BlockField.
std::array<Mask, kPieceCount> block_field(const Problem& p, const std::vector<int>& key) {
  std::array<Mask, kPieceCount> out{};
  for (int i : key) {
    const Candidate& c = p.places[std::size_t(i)];
    out[std::size_t(int(c.piece.piece))] |= c.cells;
  }
  return out;
}

void check_height(int height) {
  if (height < 1 || height > kMaxSetupHeight) {
    throw InputError(
        fmt::format("setup: max height {} out of range (1 to {})", height, kMaxSetupHeight));
  }
}

}  // namespace

Field operated_field(const SetupField& field, const std::vector<PathPiece>& pieces,
                     const std::vector<FieldOperation>& operations) {
  // sfinder keeps the test field in a board of 6 rows (max height up to 6) or 12.
  const int rows = field.height <= 6 ? 6 : 12;
  Field f;
  for (int y = 0; y < field.height; ++y) f.set_row(y, field.init.row(y));
  for (const PathPiece& q : pieces) {
    for (const Cell& c : q.cells()) f.set(c.x, c.y);
  }
  for (const FieldOperation& op : operations) {
    switch (op.kind) {
      case FieldOperation::Kind::Row:
        if (op.y < rows) f.set_row(op.y, kFullRow);
        break;
      case FieldOperation::Kind::Clear:
        f.clear_lines();
        break;
      case FieldOperation::Kind::Block:
        if (op.y < rows) f.set(op.x, op.y);
        break;
      case FieldOperation::Kind::Piece:
        for (const Cell& c : shape(op.piece, op.rotation).cells) {
          int x = op.x + c.x, y = op.y + c.y;
          if (x >= 0 && x < kWidth && y >= 0 && y < rows) f.set(x, y);
        }
        break;
    }
  }
  f.clear_lines();
  return f;
}

bool exclude_keeps(const SetupField& field, const Field& f, SetupExclude exclude) {
  const int h = field.height;
  const int rows = h <= 6 ? 6 : 12;
  switch (exclude) {
    case SetupExclude::None:
      return true;
    case SetupExclude::Holes: {
      if (field.free.empty()) {
        // SimpleHolesFilter: every block has a block (or the floor) right below it.
        for (int y = 1; y < rows; ++y) {
          if (f.row(y) & ~f.row(y - 1)) return false;
        }
        return true;
      }
      // SimpleHolesWithFreeFilter: the cells below blocks, smeared down by 1, 2, 4... rows while
      // the step is below H, minus the blocks and the free cells, must be empty.
      std::array<Row, kMaxHeight> smear{};
      for (int y = 0; y < rows; ++y) smear[std::size_t(y)] = f.row(y);
      for (int step = 1; step < h; step *= 2) {
        std::array<Row, kMaxHeight> down = smear;
        for (int y = 0; y < rows; ++y) {
          smear[std::size_t(y)] |= y + step < rows ? down[std::size_t(y + step)] : Row(0);
        }
      }
      for (int y = 0; y < rows; ++y) {
        if (smear[std::size_t(y)] & ~f.row(y) & ~field.free.row(y)) return false;
      }
      return true;
    }
    case SetupExclude::StrictHoles: {
      // StrictHolesFilter: fill the empty cells reached from the top row (y = H-1) moving down,
      // left or right; every cell of the board must end up filled (with the free cells too,
      // when there are some).
      Field flood = f;
      std::vector<std::pair<int, int>> stack;
      for (int x = 0; x < kWidth; ++x) stack.push_back({x, h - 1});
      while (!stack.empty()) {
        auto [x, y] = stack.back();
        stack.pop_back();
        if (x < 0 || x >= kWidth || y < 0 || flood.filled(x, y)) continue;
        flood.set(x, y);
        stack.push_back({x, y - 1});
        stack.push_back({x + 1, y});
        stack.push_back({x - 1, y});
      }
      int blocks = 0;
      for (int y = 0; y < rows; ++y) {
        blocks += std::popcount(unsigned(flood.row(y) | field.free.row(y)));
      }
      return blocks == h * kWidth;
    }
  }
  return true;
}

SetupResult fill_setups(const SetupField& field, const SetupOptions& o) {
  check_height(field.height);
  if (o.patterns.empty()) throw InputError("setup: no pattern");
  Problem p(field, o);
  p.height = field.height;
  p.width = p.height <= 4 ? 3 : 2;
  p.last_block = p.width == 3 ? 3 : 4;
  Mask rows_mask = 0;
  for (int y = 0; y < p.height; ++y) rows_mask |= Mask(kFullRow) << (kWidth * y);
  p.init = mask_of(field.init, p.height);
  p.blocked = mask_of(field.blocked, p.height);
  p.fill = mask_of(field.fill, p.height) & ~p.blocked;
  p.usable = rows_mask & ~p.blocked;

  SetupResult r;
  r.height = p.height;
  const int fill_cells = count_cells(p.fill);
  if (fill_cells == 0) throw InputError("setup: no cell to fill (see --fill)");
  r.need = (fill_cells + 3) / 4;
  const int length = o.patterns.front().length();
  if (length < r.need) {
    throw InputError(fmt::format(
        "setup: the patterns have {} pieces but the fill cells need at least {}", length, r.need));
  }
  r.max_pieces = std::min(length, (count_cells(p.usable) + 3) / 4);
  if (o.n_pieces > 0) r.max_pieces = std::min(r.max_pieces, o.n_pieces);
  r.local_search = !o.combination || o.n_pieces > 0;
  p.max_pieces = r.max_pieces;
  p.local = r.local_search;

  // Rows a piece may skip: rows without a blocked empty cell.
  std::uint16_t skippable = 0;
  for (int y = 0; y < p.height; ++y) {
    if ((field.blocked.row(y) & ~field.init.row(y)) == 0) skippable |= std::uint16_t(1u << y);
  }
  p.places = all_places(p.height, p.usable, skippable);
  if (p.local) {
    p.extras = all_places(p.height, p.usable, std::uint16_t((1u << p.height) - 1));
    for (std::size_t i = 0; i < p.extras.size(); ++i) {
      p.extras_by_piece[std::size_t(int(p.extras[i].piece.piece))].push_back(int(i));
    }
  }
  p.counts = pattern_piece_counts(o.patterns);
  if (!o.combination) {
    if (std::min(length, r.max_pieces + (o.use_hold ? 1 : 0)) > kMaxSequenceLength) {
      throw InputError(fmt::format("setup: order mode takes at most {} pieces a sequence",
                                   kMaxSequenceLength - (o.use_hold ? 1 : 0)));
    }
    std::vector<std::uint64_t> valid = valid_piece_orders(o.patterns, r.max_pieces, o.use_hold);
    for (std::size_t i = 0; i < valid.size(); ++i) {
      p.valid.add(Sequence{valid[i], r.max_pieces}, std::uint32_t(i));
    }
  }
  const MoveGenerator gen(o.kicks, placing_drop(o.drop));
  const MoveGenerator locked_gen(o.kicks, uses_180(o.drop) ? Drop::Softdrop180 : Drop::Softdrop);

  CountFilter filter(p.counts);
  std::vector<std::vector<int>> keys = KeySearch(p, filter).run();
  r.candidates = keys.size();

  // Each solution on its own, in parallel; the results in solution order.
  struct Done {
    std::vector<PathPiece> pack;
    std::vector<SetupSub> subs;
  };
  std::vector<Done> done(keys.size());
  const unsigned threads = std::max(1u, o.threads);
  std::vector<Worker> workers(threads);
  Progress progress("setup", keys.size(), o.progress);
  std::atomic<std::uint64_t> listed{0};
  std::size_t chunk = std::clamp<std::size_t>(keys.size() / (std::size_t(threads) * 16), 1, 16);
  parallel_for_ranges(
      keys.size(), threads, chunk, [&](std::size_t begin, std::size_t end, unsigned worker) {
        Worker& w = workers[worker];
        if (!w.reach) {
          w.reach = std::make_unique<ReachCache>(gen);
          w.locked = std::make_unique<ReachCache>(locked_gen);
          w.graph = std::make_unique<BuildGraph>(w.reach.get());
        }
        for (std::size_t k = begin; k < end; ++k) {
          if (cancel_requested()) {
            throw_if_cancelled(
                fmt::format("setup: {} of {} solution candidates", progress.done(), keys.size()));
          }
          SolutionWork work(p, w);
          done[k].subs = work.run(keys[k], done[k].pack);
          std::uint64_t copies = 0;
          for (const SetupSub& s : done[k].subs) copies = saturating_add(copies, s.copies);
          std::uint64_t total = listed.fetch_add(copies) + copies;
          if (o.max_sub_solutions != 0 && total > o.max_sub_solutions) {
            throw InputError(fmt::format(
                "setup: more than {} sub solutions (sfinder lists each as often as its patterns "
                "draw it): narrow the patterns or -np, or use --force",
                o.max_sub_solutions));
          }
          progress.advance();
        }
      });

  // Solutions with the same cells per piece type are one (sfinder's BlockField).
  std::map<std::array<Mask, kPieceCount>, std::size_t> index;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (done[k].subs.empty()) continue;
    auto [it, added] = index.try_emplace(block_field(p, keys[k]), r.solutions.size());
    if (added) r.solutions.push_back({std::move(done[k].pack), {}});
    SetupSolution& s = r.solutions[it->second];
    for (SetupSub& sub : done[k].subs) {
      r.sub_solutions = saturating_add(r.sub_solutions, sub.copies);
      s.subs.push_back(std::move(sub));
    }
  }
  return r;
}

}  // namespace manyworlds::tetris
