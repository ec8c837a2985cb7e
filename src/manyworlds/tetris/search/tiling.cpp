#include "manyworlds/tetris/search/tiling.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "manyworlds/core/flat_map.hpp"
#include "manyworlds/core/spin_lock.hpp"

namespace manyworlds::tetris {
namespace {

// A set of cells of the area, W 64-bit words.
template <int W>
struct Bits {
  std::array<std::uint64_t, W> w{};

  int first() const {
    for (int i = 0; i < W; ++i) {
      if (w[std::size_t(i)]) return 64 * i + std::countr_zero(w[std::size_t(i)]);
    }
    return -1;
  }
  int last() const {
    for (int i = W - 1; i >= 0; --i) {
      if (w[std::size_t(i)]) return 64 * i + 63 - std::countl_zero(w[std::size_t(i)]);
    }
    return -1;
  }
  int count() const {
    int n = 0;
    for (auto x : w) n += std::popcount(x);
    return n;
  }
  void set(int i) { w[std::size_t(i / 64)] |= std::uint64_t(1) << (i % 64); }
  bool within(const Bits& o) const {
    for (int i = 0; i < W; ++i) {
      if (w[std::size_t(i)] & ~o.w[std::size_t(i)]) return false;
    }
    return true;
  }
  Bits minus(const Bits& o) const {
    Bits r;
    for (int i = 0; i < W; ++i) r.w[std::size_t(i)] = w[std::size_t(i)] & ~o.w[std::size_t(i)];
    return r;
  }
  friend bool operator==(const Bits&, const Bits&) = default;
};

class SolverBase {
 public:
  virtual ~SolverBase() = default;
  // The columns x0 .. x0 + width - 1 of the field. Safe to call from several threads.
  virtual bool fillable(const Field& field, int x0, PieceCounts available,
                        PieceCounts required) = 0;
};

// A memo shared by threads: kShards flat maps, each behind its own SpinLock (two threads rarely
// want the same one). `bytes` counts the memory of every memo of one oracle: a shard that
// would grow while the total is over kMaxBytes empties itself instead.
template <typename Key, typename Hash>
class SharedMemo {
 public:
  static constexpr std::size_t kShards = 64;
  static constexpr std::size_t kMaxBytes = std::size_t(64) << 20;

  explicit SharedMemo(std::atomic<std::size_t>& bytes) : bytes_(bytes) {}

  std::optional<bool> find(const Key& key) const {
    std::size_t h = Hash{}(key);
    const Shard& s = shards_[hash_shard(h)];
    std::lock_guard lock(s.mutex);
    const bool* known = s.map ? s.map->find(key) : nullptr;
    if (!known) return std::nullopt;
    return *known;
  }
  void insert(const Key& key, bool value) {
    std::size_t h = Hash{}(key);
    Shard& s = shards_[hash_shard(h)];
    std::lock_guard lock(s.mutex);
    if (!s.map) {
      s.map = std::make_unique<FlatMap<Key, bool, Hash>>(16);
      bytes_.fetch_add(s.map->memory(), std::memory_order_relaxed);
    }
    count_change(bytes_, *s.map, [&] {
      // Over the budget a shard of some size empties itself rather than grow, keeping its
      // table: freeing it and growing it back mapped fresh pages again and again, which the
      // kernel clears (docs/benchmarks.md, "Percent, round eighteen").
      if (bytes_.load(std::memory_order_relaxed) > kMaxBytes &&
          s.map->memory() > (std::size_t(1) << 16) && s.map->full()) {
        s.map->clear_in_place();
      }
      s.map->insert(key, value);
    });
    if (s.data.load(std::memory_order_relaxed) != s.map->data()) {
      s.data.store(s.map->data(), std::memory_order_relaxed);
      s.mask.store(s.map->mask(), std::memory_order_relaxed);
    }
  }
  // Asks the cache for where find(key) looks first; takes no lock.
  void prefetch(const Key& key) const {
    std::size_t h = Hash{}(key);
    const Shard& s = shards_[hash_shard(h)];
    if (const void* data = s.data.load(std::memory_order_relaxed)) {
      FlatMap<Key, bool, Hash>::prefetch(data, s.mask.load(std::memory_order_relaxed), h);
    }
  }

 private:
  // A shard's map is made on its first insert: an oracle makes a solver for every height and
  // width it meets (two dozen on a 4-line field), most of which memoize little or nothing.
  // Each on its own cache line, as FieldGraph's shards.
  struct alignas(64) Shard {
    mutable SpinLock mutex;
    std::unique_ptr<FlatMap<Key, bool, Hash>> map;
    // The map's table as last seen under the lock, for prefetch(): on a line of their own
    // (beside the lock, every find and insert took the line from the other thread).
    alignas(64) std::atomic<const void*> data{nullptr};
    std::atomic<std::size_t> mask{0};
  };
  std::array<Shard, kShards> shards_;
  std::atomic<std::size_t>& bytes_;
};

// Areas of at most this many rows track which rows must clear before which (Solver::fill).
inline constexpr int kOrderRows = 8;

// Per set of rows (bits 0..7), the bytes of those rows all ones (Solver::add_order()).
constexpr std::array<std::uint64_t, 256> kRowBytes = [] {
  std::array<std::uint64_t, 256> t{};
  for (std::size_t rows = 0; rows < t.size(); ++rows) {
    for (int a = 0; a < kOrderRows; ++a) {
      if ((rows >> a) & 1) t[rows] |= std::uint64_t(0xFF) << (kOrderRows * a);
    }
  }
  return t;
}();

// A placement's rows and the rows it skips, as bits.
struct Link {
  std::uint8_t rows = 0;
  std::uint8_t skipped = 0;
};

template <int W>
class Solver final : public SolverBase {
 public:
  Solver(int height, int width, bool adjacent, std::atomic<std::size_t>& bytes)
      : height_(height), width_(width), adjacent_(adjacent), memo_(bytes), required_memo_(bytes) {
    build();
    index_entries();
    index_fits();
    if constexpr (W == 1) {
      spread_.assign(std::size_t(1) << width_, 0);
      for (std::size_t row = 0; row < spread_.size(); ++row) {
        for (int x = 0; x < width_; ++x) {
          if ((row >> x) & 1) spread_[row] |= std::uint64_t(1) << (x * height_);
        }
      }
    }
    for (int x = 0; x < width_; ++x) {
      for (int y = 0; y < height_; ++y) {
        if (x % 2 == 0) even_columns_.set(x * height_ + y);
        if ((x + y) % 2 == 0) dark_.set(x * height_ + y);
        if (y + 1 < height_) below_top_.set(x * height_ + y);
        if (y > 0) above_floor_.set(x * height_ + y);
      }
    }
  }

  bool fillable(const Field& field, int x0, PieceCounts available, PieceCounts required) override {
    Bits<W> empty;
    for (int y = 0; y < height_; ++y) {
      unsigned holes = ~unsigned(field.row(y) >> x0) & ((1u << width_) - 1);
      if constexpr (W == 1) {
        empty.w[0] |= spread_[holes] << y;
      } else {
        for (; holes != 0; holes &= holes - 1) empty.set(std::countr_zero(holes) * height_ + y);
      }
    }
    int cells = empty.count();
    if (cells % 4 != 0) return false;
    const Key key{empty, capped(available, cells / 4), 0};
    // The memo's slot is asked for now, so that the tests below overlap its cache miss.
    if (cells / 4 >= kMemoLeft) prefetch_answer(key, required);
    if (adjacent_ && !parts_divisible(empty)) return false;
    long budget = kBudget;
    bool ok = fill(empty, available, required, cells / 4, 0, budget, kMemoLeft);
    // Undecided: remember the sound "maybe" so the same question is not asked again.
    if (budget < 0) keep_answer(key, required, true);
    return ok;
  }

 private:
  // Placements tried per top-level question before answering "maybe" (where the fit tables are
  // used; elsewhere the shapes looked at). Top-level questions with fewer than kMemoLeft pieces
  // left, and the search's inner ones with fewer than kInnerMemoLeft, are answered afresh,
  // which is cheaper than the shared memo's lock, hash and cache miss, since few of them come
  // back (a caller may ask the same question many times; inner ones rarely meet). All three were
  // chosen by measurement (docs/benchmarks.md, "The fill oracle's budget and memo").
  static constexpr long kBudget = 4000;
  static constexpr int kMemoLeft = 6;
  static constexpr int kInnerMemoLeft = 7;

  struct Key {
    Bits<W> empty;
    PieceCounts counts;
    std::uint64_t order;  // the rows that must clear before others (see fill())
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      std::uint64_t h = hash_mix(k.counts ^ hash_mix(k.order));
      for (auto x : k.empty.w) h = hash_mix(h ^ x);
      return h;
    }
  };

  // With lower bounds (the pieces still required), kept apart so that questions without them
  // keep their smaller keys.
  struct RequiredKey {
    Key key;
    PieceCounts required;
    friend bool operator==(const RequiredKey&, const RequiredKey&) = default;
  };
  struct RequiredKeyHash {
    std::size_t operator()(const RequiredKey& k) const {
      return hash_mix(KeyHash{}(k.key) ^ k.required);
    }
  };

  // Every fixed shape on every choice of rows and columns, grouped by its first cell: counted
  // per group in a first pass, then placed in a second (a list of them made first, then
  // sorted, cost a short count more than the search it served).
  void build() {
    const std::size_t groups = std::size_t(width_ * height_ * kPieceCount);
    start_.assign(groups + 1, 0);
    for_each_entry([&](std::uint32_t group, const Bits<W>&, Link) { ++start_[group + 1]; });
    for (std::size_t g = 0; g < groups; ++g) start_[g + 1] += start_[g];
    std::vector<std::uint32_t> next(start_.begin(), start_.end() - 1);
    entries_.resize(start_.back());
    if (height_ <= kOrderRows) links_.resize(start_.back());
    for_each_entry([&](std::uint32_t group, const Bits<W>& cells, Link link) {
      const std::uint32_t i = next[group]++;
      entries_[i] = cells;
      if (height_ <= kOrderRows) links_[i] = link;
    });
  }

  // fn(group, cells, link) for every fixed shape on every choice of rows and columns, always
  // in the same order; group = first cell * kPieceCount + piece. The link's rows are those
  // below kOrderRows.
  template <class Fn>
  void for_each_entry(Fn&& fn) const {
    for (Piece piece : kAllPieces) {
      std::array<std::array<Cell, 4>, kRotationCount> seen_shapes;
      int seen = 0;
      for (int r = 0; r < kRotationCount; ++r) {
        const Shape& s = shape(piece, Rotation(r));
        int rows = s.max_y - s.min_y + 1;
        if (rows > height_) continue;
        // Rotations with the same cells (I, S, Z, O) are the same shape here.
        std::array<Cell, 4> normal;
        for (std::size_t i = 0; i < 4; ++i) {
          normal[i] = {std::int8_t(s.cells[i].x - s.min_x), std::int8_t(s.cells[i].y - s.min_y)};
        }
        std::sort(normal.begin(), normal.end(),
                  [](Cell a, Cell b) { return std::pair(a.y, a.x) < std::pair(b.y, b.x); });
        if (std::find(seen_shapes.begin(), seen_shapes.begin() + seen, normal) !=
            seen_shapes.begin() + seen) {
          continue;
        }
        seen_shapes[std::size_t(seen++)] = normal;
        // Each choice of `rows` increasing rows of the area, as a bit set over 0..height-1.
        std::vector<int> chosen(static_cast<std::size_t>(rows));
        auto place_rows = [&](auto&& self, int k, int from) -> void {
          if (k == rows) {
            const int low = chosen.front(), high = chosen.back();
            if (adjacent_ && high - low != rows - 1) return;
            std::uint32_t used = 0;
            for (int v : chosen) used |= 1u << v;
            const std::uint32_t span = ((1u << (high + 1)) - 1) & ~((1u << low) - 1);
            const Link link{std::uint8_t(used), std::uint8_t(span & ~used)};
            for (int x0 = -s.min_x; x0 + s.max_x < width_; ++x0) {
              Bits<W> cells;
              for (const Cell& c : s.cells) {
                cells.set((x0 + c.x) * height_ + chosen[std::size_t(c.y - s.min_y)]);
              }
              fn(std::uint32_t(cells.first() * kPieceCount + int(piece)), cells, link);
            }
            return;
          }
          for (int y = from; y <= height_ - (rows - k); ++y) {
            chosen[std::size_t(k)] = y;
            self(self, k + 1, y + 1);
          }
        };
        place_rows(place_rows, 0, 0);
      }
    }
  }

  // Per cell, the entries of which it is the first cell (front_) or the last (rear_), and the
  // ones that fit the empty cells by table: per column of the four the entries may cover (from
  // the cell's own on for the first, up to it for the last) and per pattern of empty cells in
  // it, those whose cells there are all empty. Bit k of a cell's sets is entry
  // ids[start[cell * kPieceCount] + k].
  struct CellTables {
    std::vector<std::uint32_t> start;       // per group, cell * kPieceCount + piece
    std::vector<std::uint32_t> ids;         // the entries, by group
    std::vector<std::uint64_t> fits;        // per cell, column of the four, and pattern
    std::vector<std::uint64_t> piece_bits;  // per group: its entries as bits of its cell's
  };

  // Four lookups then replace a scan of every entry of the first cell; on areas of at most
  // kFitRows rows (the tables double with each row), where a cell is the first of at most 64
  // entries (and the last of as many, or the search takes the first cell alone).
  static constexpr int kFitRows = 5;
  void index_fits() {
    if (W != 1 || height_ > kFitRows) return;
    const std::size_t n = entries_.size();
    pieces_.assign(n, 0);
    for (std::size_t g = 0; g + 1 < start_.size(); ++g) {
      for (std::uint32_t i = start_[g]; i < start_[g + 1]; ++i) {
        pieces_[i] = std::uint8_t(g % kPieceCount);
      }
    }
    std::vector<int> first(n), last(n);
    for (std::size_t i = 0; i < n; ++i) {
      first[i] = entries_[i].first();
      last[i] = entries_[i].last();
    }
    if (!index_cells(front_, first, 0)) {
      pieces_.clear();
      return;
    }
    index_cells(rear_, last, -3);
  }

  // `t` for the entries by cell_of[entry]; `dx`: the first of the four columns, from the
  // cell's. False, and `t` empty, when a cell has more than 64 entries.
  bool index_cells(CellTables& t, const std::vector<int>& cell_of, int dx) {
    const std::size_t cells = std::size_t(width_ * height_), groups = cells * kPieceCount;
    const std::size_t patterns = std::size_t(1) << height_;
    t.start.assign(groups + 1, 0);
    for (std::size_t i = 0; i < cell_of.size(); ++i) {
      ++t.start[std::size_t(cell_of[i]) * kPieceCount + pieces_[i] + 1];
    }
    for (std::size_t g = 0; g < groups; ++g) t.start[g + 1] += t.start[g];
    for (std::size_t c = 0; c < cells; ++c) {
      if (t.start[(c + 1) * kPieceCount] - t.start[c * kPieceCount] > 64) {
        t = CellTables{};
        return false;
      }
    }
    std::vector<std::uint32_t> next(t.start.begin(), t.start.end() - 1);
    t.ids.resize(cell_of.size());
    for (std::size_t i = 0; i < cell_of.size(); ++i) {
      t.ids[next[std::size_t(cell_of[i]) * kPieceCount + pieces_[i]]++] = std::uint32_t(i);
    }
    t.fits.assign(cells * 4 * patterns, 0);
    t.piece_bits.assign(groups, 0);
    for (std::size_t c = 0; c < cells; ++c) {
      const int x = int(c) / height_ + dx;
      for (std::size_t g = c * kPieceCount; g < (c + 1) * kPieceCount; ++g) {
        for (std::uint32_t k = t.start[g]; k < t.start[g + 1]; ++k) {
          const std::uint64_t bit = std::uint64_t(1) << (k - t.start[c * kPieceCount]);
          t.piece_bits[g] |= bit;
          for (int j = 0; j < 4; ++j) {
            const unsigned own = column(entries_[t.ids[k]], x + j);
            for (unsigned open = 0; open < patterns; ++open) {
              if ((own & ~open) == 0) t.fits[(c * 4 + std::size_t(j)) * patterns + open] |= bit;
            }
          }
        }
      }
    }
    return true;
  }

  // The entries of `cell` in `t` (of pieces `counts` has) that fit the empty cells, as bits;
  // x: the first of the cell's four columns.
  std::uint64_t fitting(const CellTables& t, int cell, int x, PieceCounts counts,
                        const Bits<W>& empty) const {
    std::uint64_t out = 0;
    const std::size_t g = std::size_t(cell) * kPieceCount;
    for (int p = 0; p < kPieceCount; ++p) {
      if (count_of(counts, Piece(p)) != 0) out |= t.piece_bits[g + std::size_t(p)];
    }
    const std::uint64_t* table = &t.fits[std::size_t(cell) * 4 << height_];
    for (int j = 0; j < 4; ++j) out &= table[std::size_t(j) << height_ | column(empty, x + j)];
    return out;
  }

  // The cells of column x as bits by row (none outside the area); with the tables only (one
  // word).
  unsigned column(const Bits<W>& b, int x) const {
    if (x < 0 || x >= width_) return 0;
    return unsigned(b.w[0] >> (x * height_)) & ((1u << height_) - 1);
  }

  // Every entry by its cells (no two have the same: a shape's cells and the rows they lie on
  // give its piece, rotation and rows; should two meet, the lookup is not used). Open
  // addressing at most half full, sized once: a slot holds (entry + 1) << 3 | piece, and the
  // cells are compared in entries_ (a map holding the cells took 24 bytes a slot, six times
  // this, touched afresh by every solver a short count makes).
  void index_entries() {
    const std::size_t n = entries_.size();
    if (n >= (std::size_t(1) << 28)) return;
    last_.assign(std::bit_ceil(std::max<std::size_t>(2 * n, 16)), 0);
    const std::size_t mask = last_.size() - 1;
    for (std::size_t g = 0; g + 1 < start_.size(); ++g) {
      for (std::uint32_t i = start_[g]; i < start_[g + 1]; ++i) {
        std::size_t k = CellsHash{}(entries_[i]) & mask;
        for (; last_[k] != 0; k = (k + 1) & mask) {
          if (entries_[(last_[k] >> 3) - 1] == entries_[i]) {
            last_.clear();
            return;
          }
        }
        last_[k] = (i + 1) << 3 | std::uint32_t(g % kPieceCount);
      }
    }
  }
  // The slot of the entry whose cells are `cells`, or 0.
  std::uint32_t last_entry(const Bits<W>& cells) const {
    const std::size_t mask = last_.size() - 1;
    for (std::size_t k = CellsHash{}(cells)&mask;; k = (k + 1) & mask) {
      const std::uint32_t slot = last_[k];
      if (slot == 0 || entries_[(slot >> 3) - 1] == cells) return slot;
    }
  }

  // Counts beyond the pieces still needed are all alike: capped so equal questions meet.
  static PieceCounts capped(PieceCounts counts, int left) { return cap_counts(counts, left); }

  // `budget`: placements the question may still try; below zero the answer is "maybe".
  // `required`: pieces of each type the cover must still use (at most `counts`).
  // `order`: the cover's pieces so far, as the rows that must clear before others (on areas of
  // at most kOrderRows rows): a piece that skips row x and lies on row y needs x cleared
  // before it, so x clears before y. Row a before row b is bit kOrderRows * a + b, closed
  // transitively; a piece that would make a row clear before itself is left out.
  // `memo_left`: the fewest pieces left at which this question goes to the memo.
  bool fill(const Bits<W>& empty, PieceCounts counts, PieceCounts required, int left,
            std::uint64_t order, long& budget, int memo_left = kInnerMemoLeft) {
    if (left == 0) return required == 0;
    counts = capped(counts, left);
    const int total = total_of(counts), owed = total_of(required);
    if (total < left || owed > left) return false;
    if (budget < 0) return true;
    if (left >= 2 && !colours_balance(empty, counts, required, left, total, owed)) return false;
    if (left == 1 && !last_.empty()) {
      // The last piece: its cells are the four left, so it is looked up, not searched for.
      --budget;
      const std::uint32_t last = last_entry(empty);
      if (last == 0) return false;
      const Piece p = Piece(last & 7);
      const PieceCounts one = PieceCounts(1) << (8 * int(p));
      if (count_of(counts, p) == 0 || (required != 0 && required != one)) return false;
      std::uint64_t after = order;
      const Link link = links_.empty() ? Link{} : links_[(last >> 3) - 1];
      return link.skipped == 0 || add_order(after, link);
    }
    Key key{empty, counts, order};
    bool memoize = left >= memo_left;
    if (memoize) {
      auto known = find_answer(key, required);
      if (known) return *known;
    }
    const int first = empty.first();
    const std::size_t group = std::size_t(first) * kPieceCount;
    bool ok = false;
    // Places entry i (of piece p, within the empty cells) and covers the rest.
    auto place = [&](std::uint32_t i, int p) {
      Child c;
      return child_of(empty, counts, required, order, i, p, c) &&
             fill(c.empty, c.counts, c.required, left - 1, c.order, budget);
    };
    if (!front_.fits.empty()) {
      // The cover covers the first empty cell and the last: the search branches on whichever
      // has fewer entries that fit (a dead end often shows at one end first; the first cell
      // alone searched about four times as many nodes on the "no" answers of 4-line fields,
      // docs/benchmarks.md, round nineteen).
      const CellTables* side = &front_;
      int cell = first;
      std::uint64_t candidates = fitting(front_, first, first / height_, counts, empty);
      if (!rear_.fits.empty() && std::popcount(candidates) > 1) {
        const int last = empty.last();
        const std::uint64_t other = fitting(rear_, last, last / height_ - 3, counts, empty);
        if (std::popcount(other) < std::popcount(candidates)) {
          side = &rear_;
          cell = last;
          candidates = other;
        }
      }
      // Only the entries that fit count: counting every shape of the cell's group gave up on
      // questions that tried a few hundred placements (docs/benchmarks.md, round nineteen).
      budget -= std::popcount(candidates);
      const std::size_t at = std::size_t(cell) * kPieceCount;
      const std::uint32_t* ids = &side->ids[side->start[at]];
      if (left > kInnerMemoLeft)
        prefetch_children(empty, counts, required, left, order, candidates, ids);
      // The required pieces' entries first: a cover must use them, and trying them first
      // finds a cover sooner (a "no" tries every entry either way).
      std::uint64_t first_tried = 0;
      for (int p = 0; p < kPieceCount; ++p) {
        if (count_of(required, Piece(p)) != 0) first_tried |= side->piece_bits[at + std::size_t(p)];
      }
      first_tried &= candidates;
      for (std::uint64_t set : {first_tried, candidates & ~first_tried}) {
        for (; set != 0 && !ok; set &= set - 1) {
          const std::uint32_t i = ids[std::countr_zero(set)];
          ok = place(i, pieces_[i]);
        }
      }
    } else {
      for (int p = 0; p < kPieceCount && !ok; ++p) {
        if (count_of(counts, Piece(p)) == 0) continue;
        std::uint32_t begin = start_[group + std::size_t(p)],
                      end = start_[group + std::size_t(p) + 1];
        budget -= long(end - begin);
        for (std::uint32_t i = begin; i < end && !ok; ++i) {
          if (entries_[i].within(empty)) ok = place(i, p);
        }
      }
    }
    // An answer cut short by the budget is not final: keep it out of the memo.
    if (budget < 0) return true;
    if (memoize) keep_answer(key, required, ok);
    return ok;
  }

  // The memo of the questions without lower bounds, or the one of those with (required_memo_).
  std::optional<bool> find_answer(const Key& key, PieceCounts required) const {
    return required == 0 ? memo_.find(key) : required_memo_.find({key, required});
  }
  void keep_answer(const Key& key, PieceCounts required, bool ok) {
    if (required == 0) {
      memo_.insert(key, ok);
    } else {
      required_memo_.insert({key, required}, ok);
    }
  }
  void prefetch_answer(const Key& key, PieceCounts required) const {
    if (required == 0) {
      memo_.prefetch(key);
    } else {
      required_memo_.prefetch({key, required});
    }
  }

  // Asks the cache for the memo slots of the questions that placing each candidate (bits over
  // the entries at `ids`) leaves, all before the first is searched: a "no" searches them all,
  // and each lookup was a cache miss of its own.
  void prefetch_children(const Bits<W>& empty, PieceCounts counts, PieceCounts required, int left,
                         std::uint64_t order, std::uint64_t candidates,
                         const std::uint32_t* ids) const {
    for (; candidates != 0; candidates &= candidates - 1) {
      const std::uint32_t i = ids[std::countr_zero(candidates)];
      Child c;
      if (!child_of(empty, counts, required, order, i, pieces_[i], c)) continue;
      prefetch_answer({c.empty, capped(c.counts, left - 1), c.order}, c.required);
    }
  }

  // The question that placing entry i (of piece p) leaves, as fill() is asked it; false when
  // the entry would make a row clear before itself.
  struct Child {
    Bits<W> empty;
    PieceCounts counts, required;
    std::uint64_t order;
  };
  bool child_of(const Bits<W>& empty, PieceCounts counts, PieceCounts required, std::uint64_t order,
                std::uint32_t i, int p, Child& out) const {
    out.order = order;
    if (!links_.empty() && links_[i].skipped != 0 && !add_order(out.order, links_[i])) return false;
    const PieceCounts one = PieceCounts(1) << (8 * p);
    out.empty = empty.minus(entries_[i]);
    out.counts = counts - one;
    out.required = count_of(required, Piece(p)) > 0 ? required - one : required;
    return true;
  }

  // Whether every part of the empty cells (joined through their sides) has a multiple of 4
  // cells. A cover of adjacent rows puts each piece inside one part, so for adjacent_ a part
  // that does not is a dead end, refused here before any search: many of the easy way's "no"
  // answers are such fields (docs/benchmarks.md, "Percent, round seventeen"). Not for the
  // sound test: a piece over a row that clears first joins cells of parts apart. One word of
  // cells (W == 1) only.
  bool parts_divisible(const Bits<W>& empty) const {
    if constexpr (W != 1) {
      return true;
    } else {
      std::uint64_t rest = empty.w[0];
      const std::uint64_t up = below_top_.w[0], down = above_floor_.w[0];
      while (rest != 0) {
        std::uint64_t part = rest & -rest;
        for (;;) {
          const std::uint64_t grown = (part | ((part & up) << 1) | ((part & down) >> 1) |
                                       (part << height_) | (part >> height_)) &
                                      rest;
          if (grown == part) break;
          part = grown;
        }
        if (std::popcount(part) % 4 != 0) return false;
        rest &= ~part;
      }
      return true;
    }
  }

  // Whether some choice of the pieces (at least `required`, at most `counts` of each type,
  // `left` in all) can cover as many more cells of even columns than of odd ones as `empty`
  // has: L and J cover two more on one side, T two more or none, I four more or none, O, S
  // and Z as many on each (skipped rows change no column). With adjacent rows only, the same
  // on a checkerboard: T covers two more of one colour, every other piece as many of each.
  // `sum_hi`, `sum_lo`: the totals of `counts` and `required`.
  bool colours_balance(const Bits<W>& empty, PieceCounts counts, PieceCounts required, int left,
                       int sum_hi, int sum_lo) const {
    const int lo_t = count_of(required, Piece::T), hi_t = count_of(counts, Piece::T);
    const int lo_i = count_of(required, Piece::I), hi_i = count_of(counts, Piece::I);
    const int lo_lj = count_of(required, Piece::L) + count_of(required, Piece::J);
    const int hi_lj = count_of(counts, Piece::L) + count_of(counts, Piece::J);
    // The least and most pieces of a kind (between `lo` and `hi`) any choice has.
    auto range = [&](int lo, int hi) {
      return std::pair(std::max(lo, left - (sum_hi - hi)), std::min(hi, left - (sum_lo - lo)));
    };
    auto half_difference = [&](const Bits<W>& mask) {
      int in = 0;
      for (int i = 0; i < W; ++i)
        in += std::popcount(empty.w[std::size_t(i)] & mask.w[std::size_t(i)]);
      return std::abs(in - 2 * left);
    };
    // Columns, in units of two cells: L, J one each, T at most one, I at most two.
    const int columns = half_difference(even_columns_);
    int slots = left - sum_lo;
    int reach = 2 * lo_i + lo_lj + lo_t;
    const int more_i = std::min(slots, hi_i - lo_i);
    reach += 2 * more_i;
    slots -= more_i;
    reach += std::min(slots, hi_lj - lo_lj + hi_t - lo_t);
    if (columns > reach) return false;
    if (hi_t == 0) {
      // Without T the L and J pieces alone make the difference odd or even.
      const auto [least, most] = range(lo_lj, hi_lj);
      if (least == most && (columns - least) % 2 != 0) return false;
    }
    if (adjacent_) {
      const int dark = half_difference(dark_);
      auto [least, most] = range(lo_t, hi_t);
      int t = std::max(least, dark);
      if ((t - dark) % 2 != 0) ++t;
      if (t > most) return false;
    }
    return true;
  }

  // Rows x before rows y for every skipped row x and row y of the piece, into `order` (closed);
  // false when that makes some row clear before itself.
  static bool add_order(std::uint64_t& order, Link link) {
    // Row a's byte holds the rows a clears before. Bytewise: the rows that clear before some
    // skipped row, the rows of the piece with those they clear before, then every row of
    // the first kind before every row of the second.
    constexpr std::uint64_t kOnes = 0x0101'0101'0101'0101ull, kLow7 = kOnes * 0x7F;
    std::uint64_t hit = order & (link.skipped * kOnes);
    hit = (((hit & kLow7) + kLow7) | hit) & ~kLow7;  // the top bit of each byte not zero
    const auto meets = std::uint32_t(((hit >> 7) * 0x0102'0408'1020'4080ull) >> 56);
    const std::uint32_t before = link.skipped | meets;
    std::uint64_t from = order & kRowBytes[link.rows];
    from |= from >> 32;
    from |= from >> 16;
    from |= from >> 8;
    const std::uint32_t after = link.rows | std::uint32_t(from & 0xFF);
    if (before & after) return false;
    order |= kRowBytes[before] & (after * kOnes);
    return true;
  }

  int height_;
  int width_;
  bool adjacent_;                     // pieces on adjacent rows only (FillOracle::Covers::Adjacent)
  std::vector<std::uint32_t> start_;  // group g = first * kPieceCount + piece
  std::vector<Bits<W>> entries_;      // grouped by (first cell, piece), see start_
  std::vector<Link> links_;           // rows and skipped rows per entry (kOrderRows rows at most)
  CellTables front_, rear_;           // see index_fits(); empty when not used
  std::vector<std::uint8_t> pieces_;  // per entry: its piece (with front_)
  std::vector<std::uint64_t> spread_;  // per row of empty cells: them in row 0 (W == 1)
  Bits<W> even_columns_;               // the cells of even columns (colours_balance())
  Bits<W> dark_;                       // the cells with x + y even
  Bits<W> below_top_, above_floor_;    // the cells not in the top row, not in the bottom row
  struct CellsHash {
    std::size_t operator()(const Bits<W>& cells) const {
      std::uint64_t h = 0;
      for (auto x : cells.w) h = hash_mix(h ^ x);
      return std::size_t(h);
    }
  };
  std::vector<std::uint32_t> last_;  // entries by their cells (index_entries(); empty if not used)
  SharedMemo<Key, KeyHash> memo_;
  SharedMemo<RequiredKey, RequiredKeyHash> required_memo_;
};

std::unique_ptr<SolverBase> make_solver(int height, int width, bool adjacent,
                                        std::atomic<std::size_t>& bytes) {
  if (height * width <= 64) return std::make_unique<Solver<1>>(height, width, adjacent, bytes);
  if (height * width <= 128) return std::make_unique<Solver<2>>(height, width, adjacent, bytes);
  return std::make_unique<Solver<4>>(height, width, adjacent, bytes);
}

}  // namespace

struct FillOracle::Impl {
  // By height and width, made on first use (under `mutex`), then only read.
  std::array<std::array<std::atomic<SolverBase*>, kWidth + 1>, kMaxHeight + 1> solvers{};
  std::vector<std::unique_ptr<SolverBase>> made;
  std::mutex mutex;
  std::atomic<std::size_t> bytes{0};  // of all memos
  bool adjacent = false;

  SolverBase& solver(int height, int width) {
    auto& slot = solvers[std::size_t(height)][std::size_t(width)];
    if (SolverBase* s = slot.load(std::memory_order_acquire)) return *s;
    std::lock_guard lock(mutex);
    if (SolverBase* s = slot.load(std::memory_order_relaxed)) return *s;
    made.push_back(make_solver(height, width, adjacent, bytes));
    slot.store(made.back().get(), std::memory_order_release);
    return *made.back();
  }
};

FillOracle::FillOracle(Covers covers) : impl_(std::make_unique<Impl>()) {
  impl_->adjacent = covers == Covers::Adjacent;
}
FillOracle::~FillOracle() = default;

bool FillOracle::fillable(const Field& field, int height, PieceCounts available,
                          PieceCounts required) {
  if (height <= 0) return true;
  // Full columns at either side take no part (no piece crosses them): leave them out.
  unsigned open = 0;
  for (int y = 0; y < height; ++y) open |= ~unsigned(field.row(y)) & kFullRow;
  if (open == 0) return true;
  int x0 = std::countr_zero(open), width = kWidth - x0 - std::countl_zero(open << (32 - kWidth));
  return impl_->solver(height, width).fillable(field, x0, available, required);
}

}  // namespace manyworlds::tetris
