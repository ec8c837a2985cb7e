#include "manyworlds/tetris/search/tspin_search.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>

#include "manyworlds/core/parallel.hpp"
#include "manyworlds/core/progress.hpp"

// The stages follow sfinder's classes (names in the comments). A "placement" is sfinder's
// SimpleOriginalPiece: a piece state whose shape rows land on chosen rows (build_order.hpp's
// PathPiece); ALL lists every one within max(7, margin) rows in sfinder's order, MINIMAL
// those that avoid the field's blocks with their top (without skipped rows) below the margin.
// Row sets are 32-bit masks (bit y = row y).
//
// sfinder's fields have a capacity (6, 12 or 24 rows: the field height rounded up): cells
// merged above it are lost and rows pushed above it when rows are inserted disappear. We keep
// that where it can change a result (merging into a result's field, sliding the field up in the
// line fill, the T's corners after inserting rows).

namespace manyworlds::tetris {
namespace {

using Rows = std::uint32_t;

Rows below(int y) {
  return y <= 0 ? 0u : y >= 32 ? ~0u : (1u << y) - 1;
}

int capacity(int height) {
  return height <= 6 ? 6 : height <= 12 ? 12 : 24;
}

// A field of kMaxHeight rows that can be edited row by row.
struct Board {
  std::array<Row, kMaxHeight> r{};

  bool filled(int x, int y) const {
    return y >= 0 && y < kMaxHeight && x >= 0 && x < kWidth && ((r[std::size_t(y)] >> x) & 1);
  }
  Rows full() const { return full_rows(r); }
  bool empty() const {
    for (Row row : r) {
      if (row) return false;
    }
    return true;
  }
  Board operator|(const Board& o) const {
    Board b;
    for (int y = 0; y < kMaxHeight; ++y)
      b.r[std::size_t(y)] = r[std::size_t(y)] | o.r[std::size_t(y)];
    return b;
  }
  Board minus(const Board& o) const {
    Board b;
    for (int y = 0; y < kMaxHeight; ++y) {
      b.r[std::size_t(y)] = Row(r[std::size_t(y)] & ~o.r[std::size_t(y)]);
    }
    return b;
  }
  bool overlaps(const Board& o) const {
    for (int y = 0; y < kMaxHeight; ++y) {
      if (r[std::size_t(y)] & o.r[std::size_t(y)]) return true;
    }
    return false;
  }
  // Field.deleteLineWithKey: the rows of `rows` removed, the rows above moved down.
  Board without_rows(Rows rows) const {
    if (!rows) return *this;
    return Board{tetris::without_rows(r, rows)};
  }
  // Field.insertWhiteLineWithKey: empty rows inserted at the rows of `rows` (numbered after the
  // insertion); rows pushed to `cap` or above are lost.
  Board with_empty_rows(Rows rows, int cap) const {
    Board b;
    int from = 0;
    for (int y = 0; y < cap; ++y) {
      if (!((rows >> y) & 1)) b.r[std::size_t(y)] = r[std::size_t(from++)];
    }
    return b;
  }
};

// Row j of the board once the rows of `deleted` are removed (Field.deleteLineWithKey).
Row row_without(const Board& b, Rows deleted, int j) {
  if (j < 0) return kFullRow;
  if (!deleted) return j < kMaxHeight ? b.r[std::size_t(j)] : Row(0);
  for (int y = 0; y < kMaxHeight; ++y) {
    if (!((deleted >> y) & 1) && j-- == 0) return b.r[std::size_t(y)];
  }
  return 0;
}

// The cells of rows 0..23 in four words of six rows (bit (y % 6) * 10 + x of word y / 6): an
// overlap test without a loop over rows.
struct Packed {
  std::array<std::uint64_t, 4> w{};
  void set_row(int y, Row bits) {
    w[std::size_t(y / 6)] |= std::uint64_t(bits) << ((y % 6) * kWidth);
  }
  bool overlaps(const Packed& o) const {
    return ((w[0] & o.w[0]) | (w[1] & o.w[1]) | (w[2] & o.w[2]) | (w[3] & o.w[3])) != 0;
  }
};
static_assert(kMaxHeight <= 24);

Packed pack(const Board& b) {
  Packed p;
  for (int y = 0; y < kMaxHeight; ++y) p.set_row(y, b.r[std::size_t(y)]);
  return p;
}

Board to_board(const Field& f) {
  Board b;
  for (int y = 0; y < kMaxHeight; ++y) b.r[std::size_t(y)] = f.row(y);
  return b;
}

// sfinder's unique rotations of each piece (MinoShifter.getUniqueRotates), in our fixed order.
struct Rotations {
  std::array<Rotation, 4> list;
  int count;
};
constexpr std::array<Rotations, kPieceCount> kUniqueRotations = {{
    {{Rotation::North, Rotation::East, Rotation::South, Rotation::West}, 4},  // T
    {{Rotation::North, Rotation::West}, 2},                                   // I
    {{Rotation::North, Rotation::East, Rotation::South, Rotation::West}, 4},  // L
    {{Rotation::North, Rotation::East, Rotation::South, Rotation::West}, 4},  // J
    {{Rotation::North, Rotation::West}, 2},                                   // S
    {{Rotation::North, Rotation::East}, 2},                                   // Z
    {{Rotation::North}, 1},                                                   // O
}};

// One placement (SimpleOriginalPiece).
struct Op {
  Piece piece = Piece::T;
  Rotation rotation = Rotation::North;
  std::int8_t x = 0;
  std::int8_t y = 0;                  // in the frame without its skipped rows
  std::int8_t h = 0;                  // shape rows
  std::array<std::int8_t, 4> rows{};  // the rows its shape rows land on, lowest first
  std::array<Row, 4> bits{};          // its cells in each of them
  Rows need = 0;                      // rows it skips
  Rows use = 0;                       // rows it occupies
  // The rows "below it" as sfinder's existsOnGround takes them: the bits under the lowest bit
  // of its row key, in sfinder's key layout (row y is bit (y % 6) * 10 + y / 6), so rows 0..5
  // come before 6..11 only within each group of six: not simply the rows below.
  Rows below_in_key_order = 0;

  int bottom() const { return y + shape(piece, rotation).min_y; }  // lowest row, own frame
  bool overlaps(const Board& b) const {
    for (int i = 0; i < h; ++i) {
      if (b.r[std::size_t(rows[std::size_t(i)])] & bits[std::size_t(i)]) return true;
    }
    return false;
  }
  bool overlaps(const Op& o) const {
    for (int i = 0; i < h; ++i) {
      for (int j = 0; j < o.h; ++j) {
        if (rows[std::size_t(i)] == o.rows[std::size_t(j)] &&
            (bits[std::size_t(i)] & o.bits[std::size_t(j)])) {
          return true;
        }
      }
    }
    return false;
  }
  // Merges its cells below row `cap` (a field's capacity).
  void merge_into(Board& b, int cap) const {
    for (int i = 0; i < h; ++i) {
      if (rows[std::size_t(i)] < cap)
        b.r[std::size_t(rows[std::size_t(i)])] |= bits[std::size_t(i)];
    }
  }
  void remove_from(Board& b) const {
    for (int i = 0; i < h; ++i) {
      b.r[std::size_t(rows[std::size_t(i)])] &= Row(~bits[std::size_t(i)]);
    }
  }
  // The cells at (x, at) with the shape's rows adjacent (the frame without its skipped rows).
  bool overlaps_compact(const Board& b, int at) const {
    int y0 = at + shape(piece, rotation).min_y;
    for (int i = 0; i < h; ++i) {
      int yy = y0 + i;
      if (yy < 0) return true;
      if (yy < kMaxHeight && (b.r[std::size_t(yy)] & bits[std::size_t(i)])) return true;
    }
    return false;
  }
  // Field.isOnGround for the shape at (x, at) on `b` without the rows of `deleted` and without
  // its own cells there (sfinder deletes the rows, removes the piece, then asks isOnGround).
  bool rests_on(const Board& b, Rows deleted, int at) const {
    int y0 = at + shape(piece, rotation).min_y;
    if (y0 <= 0) return true;
    for (int i = 0; i < h; ++i) {
      Row below_row = row_without(b, deleted, y0 + i - 1);
      if (i > 0) below_row &= Row(~bits[std::size_t(i - 1)]);
      if (below_row & bits[std::size_t(i)]) return true;
    }
    return false;
  }
  PathPiece keyed() const { return {piece, rotation, x, y, use, need}; }
};

// sfinder's key bit of row y (KeyOperators.getBitKey).
int key_bit(int y) {
  return (y % 6) * 10 + y / 6;
}

// The rows whose key bits lie below the lowest key bit of `rows` (sfinder's `~k & (k - 1)`).
Rows rows_before_key(Rows rows) {
  int lowest = 64;
  for (int y = 0; y < kMaxHeight; ++y) {
    if ((rows >> y) & 1) lowest = std::min(lowest, key_bit(y));
  }
  Rows out = 0;
  for (int y = 0; y < kMaxHeight; ++y) {
    if (key_bit(y) < lowest) out |= 1u << y;
  }
  return out;
}

// Lexicographic key of a placement (SimpleOriginalPieces.keyToPiece).
std::uint64_t op_key(Piece p, Rotation r, int x, int y, Rows need) {
  return std::uint64_t(int(p)) | std::uint64_t(int(r)) << 3 | std::uint64_t(x + 4) << 5 |
         std::uint64_t(y + 4) << 10 | std::uint64_t(need) << 16;
}

// CombinationIterable: the k-subsets of 0..n-1 in sfinder's order (lexicographic, or, when
// k > n - k, by the lexicographic order of the left-out subset), each sorted.
std::vector<std::vector<int>> java_combinations(int n, int k) {
  std::vector<std::vector<int>> out;
  int pop = k < n - k ? k : n - k;
  bool reverse = n - k < k;
  std::vector<int> keys(static_cast<std::size_t>(std::max(pop, 0)));
  for (int i = 0; i < pop; ++i) keys[std::size_t(i)] = i;
  auto list = [&]() {
    if (!reverse) return keys;
    std::vector<int> all;
    for (int i = 0; i < n; ++i) {
      if (std::find(keys.begin(), keys.end(), i) == keys.end()) all.push_back(i);
    }
    return all;
  };
  if (pop <= 0) {
    std::vector<int> all(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) all[std::size_t(i)] = i;
    out.push_back(all);
    return out;
  }
  out.push_back(list());
  while (true) {
    int index = pop - 1;
    while (index >= 0) {
      keys[std::size_t(index)] += 1;
      if (n <= keys[std::size_t(index)]) {
        index -= 1;
        continue;
      }
      if (index < pop - 1) {
        keys[std::size_t(index + 1)] = keys[std::size_t(index)];
      } else {
        break;
      }
      index += 1;
    }
    if (n <= keys[0]) break;
    out.push_back(list());
  }
  return out;
}

// AllPermutationIterable (Johnson-Trotter as in commons-collections): every order of 0..n-1.
std::vector<std::vector<int>> java_permutations(int n) {
  std::vector<std::vector<int>> out;
  std::vector<int> keys(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) keys[std::size_t(i)] = i;
  std::vector<bool> right(std::size_t(n), false);
  out.push_back(keys);
  while (true) {
    int mobile = -1, largest = -1;
    for (int i = 0; i < n; ++i) {
      std::size_t u = std::size_t(i);
      if ((right[u] && i < n - 1 && keys[u] > keys[u + 1]) ||
          (!right[u] && i > 0 && keys[u] > keys[u - 1])) {
        if (keys[u] > largest) {
          largest = keys[u];
          mobile = i;
        }
      }
    }
    if (largest == -1) break;
    int offset = right[std::size_t(mobile)] ? 1 : -1;
    std::swap(keys[std::size_t(mobile)], keys[std::size_t(mobile + offset)]);
    bool d = right[std::size_t(mobile)];
    right[std::size_t(mobile)] = right[std::size_t(mobile + offset)];
    right[std::size_t(mobile + offset)] = d;
    for (int i = 0; i < n; ++i) {
      if (largest < keys[std::size_t(i)]) right[std::size_t(i)] = !right[std::size_t(i)];
    }
    out.push_back(keys);
  }
  return out;
}

// PieceBlockCount: a piece that puts `count` cells into the target row.
struct BlockCount {
  Piece piece;
  int count;
  int code() const { return int(piece) * 11 + count; }
  friend bool operator<(const BlockCount& a, const BlockCount& b) { return a.code() < b.code(); }
};

std::int64_t counts_key(const std::vector<BlockCount>& sorted) {
  std::int64_t key = 0;
  for (const BlockCount& c : sorted) key = key * 77 + c.code();
  return key;
}

// MinoDiff: a rotation of a piece with one of its shape rows on the target row (row 3 of a
// 7-row frame) and that row's leftmost cell in column 3.
struct MinoDiff {
  Piece piece;
  Rotation rotation;
  int x, y;  // the state in the frame
  int count;
  int left_margin, right_margin;
  std::array<Row, 7> cells{};
};

// A ring of placements side by side in the target row (SpotResult), in the 7-row frame.
struct Spot {
  std::vector<int> ops;  // contiguous placements (ALL ids) in the frame
  std::array<Row, 7> cells{};
  int start_x = 0, right_x = 0, min_y = 0, max_y = 0;
};

// Placement ids in order, inline up to N (the line fill makes a result for every arrangement
// it tries, the roof a key set for every placement it tries; they must not allocate), on the
// heap beyond.
template <std::size_t N>
class SmallIds {
 public:
  static constexpr std::size_t kInline = N;
  const int* data() const { return size_ <= kInline ? inline_.data() : heap_.data(); }
  const int* begin() const { return data(); }
  const int* end() const { return data() + size_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  int operator[](std::size_t i) const { return data()[i]; }
  void push_back(int id) {
    if (size_ < kInline) {
      inline_[size_++] = id;
      return;
    }
    if (size_ == kInline) heap_.assign(inline_.begin(), inline_.end());
    heap_.push_back(id);
    ++size_;
  }
  operator std::span<const int>() const { return {data(), size_}; }
  operator std::vector<int>() const { return {begin(), end()}; }
  friend bool operator==(const SmallIds& a, const SmallIds& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  std::array<int, kInline> inline_;
  std::vector<int> heap_;
  std::size_t size_ = 0;
};
using OpList = SmallIds<16>;

// A stage's partial result (sfinder's Result chain): placements in order and what follows.
struct Res {
  OpList ops;
  Board merged;  // the field and the placements' cells (below the capacity)
  Rows filled = 0, using_rows = 0, one_piece = 0;
  PieceCounts remaining = 0;
};

int piece_count(PieceCounts c, Piece p) {
  return count_of(c, p);
}
PieceCounts remove_piece(PieceCounts c, Piece p) {
  return c - (PieceCounts(1) << (8 * int(p)));
}

// A set of placements (ids), sorted, as sfinder's Set<Long> keys.
using KeySet = SmallIds<8>;
struct KeySetHash {
  std::size_t operator()(const KeySet& k) const {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (int v : k) h = (h ^ std::uint64_t(v)) * 0x100000001b3ull;
    return std::size_t(h);
  }
};
KeySet with_key(const KeySet& k, int v) {
  KeySet out;
  bool placed = false;
  for (int x : k) {
    if (!placed && v < x) {
      out.push_back(v);
      placed = true;
    }
    out.push_back(x);
  }
  if (!placed) out.push_back(v);
  return out;
}
// k less one copy of v.
KeySet without_key(const KeySet& k, int v) {
  KeySet out;
  bool dropped = false;
  for (int x : k) {
    if (!dropped && x == v) {
      dropped = true;
    } else {
      out.push_back(x);
    }
  }
  return out;
}

// sfinder's Solutions.
class Solutions {
 public:
  bool contains(const KeySet& k) const { return set_.count(k) > 0; }
  void add(const KeySet& k) { set_.insert(k); }
  // The set with `current` added, or with one of its keys swapped for `current`, is known.
  bool partial_contains(const KeySet& keys, int current) const {
    KeySet all = with_key(keys, current);
    if (contains(all)) return true;
    for (int prev : keys) {
      if (contains(without_key(all, prev))) return true;
    }
    return false;
  }

 private:
  std::unordered_set<KeySet, KeySetHash> set_;
};

// java.util.PriorityQueue over ints with a comparator: the same heap, the same tie order.
template <typename Compare>
class JavaQueue {
 public:
  explicit JavaQueue(Compare cmp) : cmp_(cmp) {}
  bool empty() const { return q_.empty(); }
  void offer(int e) {
    std::size_t k = q_.size();
    q_.push_back(e);
    while (k > 0) {
      std::size_t parent = (k - 1) >> 1;
      if (cmp_(e, q_[parent]) >= 0) break;
      q_[k] = q_[parent];
      k = parent;
    }
    q_[k] = e;
  }
  int poll() {
    int result = q_[0];
    std::size_t n = q_.size() - 1;
    int x = q_[n];
    q_.pop_back();
    if (n > 0) {
      std::size_t k = 0, half = n >> 1;
      while (k < half) {
        std::size_t child = 2 * k + 1;
        int c = q_[child];
        std::size_t right = child + 1;
        if (right < n && cmp_(c, q_[right]) > 0) c = q_[child = right];
        if (cmp_(x, c) <= 0) break;
        q_[k] = c;
        k = child;
      }
      q_[k] = x;
    }
    return result;
  }

 private:
  Compare cmp_;
  std::vector<int> q_;
};

// The order of sfinder's queues of partial results (ScaffoldRunner, RoofRunner): fewest
// placements first; `states` holds what the queue's ints index.
template <typename States>
auto fewest_pieces(const States& states) {
  return [&states](int a, int b) {
    std::size_t na = states[std::size_t(a)].res.ops.size(),
                nb = states[std::size_t(b)].res.ops.size();
    return na < nb ? -1 : na > nb ? 1 : 0;
  };
}

// A callback that does not own what it calls (the callee outlives every call).
template <typename Arg>
class Sink {
 public:
  template <typename F>
  requires(!std::is_same_v<std::remove_cv_t<F>, Sink>)
      Sink(F& f)  // NOLINT: implicit, as a function parameter
      : object_(&f), call_([](void* o, Arg a) { (*static_cast<F*>(o))(a); }) {}
  void operator()(Arg a) const { call_(object_, a); }

 private:
  void* object_;
  void (*call_)(void*, Arg);
};

class Engine;

// Shares the line fill's search tree among threads. Every thread walks the same tree; the
// arrangements of the outermost spots (numbered in walk order, the same on every thread) are
// handed out one at a time, and a thread descends only into those it took. Everything the fill
// yields comes out of one arrangement, so tagging it with the arrangement's number puts the
// results of all threads back in walk order.
class TreeShare {
 public:
  explicit TreeShare(std::atomic<std::uint64_t>& next) : next_(next), claimed_(take()) {}
  // Runs `subtree` when this thread owns the next arrangement or is inside one of its own.
  template <typename F>
  void visit(F&& subtree) {
    if (inside_) {
      subtree();
      return;
    }
    if (seen_++ != claimed_) return;
    current_ = claimed_;
    inside_ = true;
    subtree();
    inside_ = false;
    claimed_ = take();
  }
  std::uint64_t current() const { return current_; }

 private:
  std::uint64_t take() { return next_.fetch_add(1, std::memory_order_relaxed); }
  std::atomic<std::uint64_t>& next_;
  std::uint64_t claimed_;
  std::uint64_t seen_ = 0, current_ = 0;
  bool inside_ = false;
};

// What one thread keeps between results: caches of the line fill and of the scaffolds.
struct Worker {
  std::unordered_map<std::int64_t, std::vector<Spot>> spots;
  // The (piece, count) lists of a run: by remaining pieces (56 bits) and length (4 bits).
  std::unordered_map<PieceCounts, std::vector<std::vector<BlockCount>>> lists;
  std::unordered_map<int, std::vector<int>> scaffolds;
  TreeShare* share = nullptr;  // the line fill's share of the tree (none: all of it)
};

// The T and the result a candidate comes with (CandidateWithMask).
struct Candidate {
  Res res;
  int t = 0;          // ALL id of the T
  Board not_allowed;  // cells the roof may not use
};

class Engine {
 public:
  Engine(const Field& field, PieceCounts pieces, const TSpinSearchOptions& o)
      : o_(o), init_(to_board(field)), pieces_(pieces), cap_(capacity(o.field_height)) {
    // sfinder's initial field has the capacity of the field height: rows above are dropped.
    for (int y = cap_; y < kMaxHeight; ++y) init_.r[std::size_t(y)] = 0;
    all_height_ = std::max(7, o.margin);
    for (int n = 0; n <= kWidth; ++n) threes_.push_back(java_combinations(n, 3));
    build_all();
    build_minimal();
    build_line_pools();
    build_masks();
  }

  std::vector<TSpinResult> run();

 private:
  // ---- tables -----------------------------------------------------------------------------
  void build_all();
  void build_minimal();
  void build_line_pools();
  void build_masks();
  int find(Piece p, Rotation r, int x, int y, Rows need) const {
    if (need == 0) {  // the line fill's lookups: a table, not a hash
      std::size_t at = contiguous_at(p, r, x, y);
      return at < contiguous_.size() ? contiguous_[at] : -1;
    }
    auto it = index_.find(op_key(p, r, x, y, need));
    return it == index_.end() ? -1 : it->second;
  }
  // Where a placement that skips no row sits in contiguous_ (past the end when out of range).
  static std::size_t contiguous_at(Piece p, Rotation r, int x, int y) {
    if (x < -4 || x >= kWidth + 4 || y < -4 || y >= kMaxHeight + 4) return SIZE_MAX;
    return ((std::size_t(int(p)) * 4 + std::size_t(int(r))) * (kWidth + 8) + std::size_t(x + 4)) *
               (kMaxHeight + 8) +
           std::size_t(y + 4);
  }
  // The placement of a contiguous one (ALL id) once empty rows are inserted at `rows`
  // (SimpleOriginalPieces.get(Field)); -1 when it leaves the ALL rows.
  int spread(int id, Rows rows) const;

  // ---- results ----------------------------------------------------------------------------
  Res empty_result(const Board& init, PieceCounts remaining) const {
    Res r;
    r.merged = init;
    r.filled = init.full();
    r.remaining = remaining;
    return r;
  }
  Res add_last(const Res& prev, int id) const;
  Res add_lasts(const Res& prev, std::span<const int> ids) const;
  static Res add_line(const Res& prev, const Res& line);

  bool exists_on_ground(const Board& merged, Rows filled, Rows one_piece, const Op& op) const;
  bool can_tspin(const Board& without_t, const Op& t) const;
  bool t_rotates_in(const Board& without_t, const Op& t) const;

  // ---- fill (FillRunner, LineFillRunner, SpotRunner) --------------------------------------
  using ResSink = Sink<const Res&>;
  bool may_be_usable(const Res& r, int y) const;
  void fill(Worker& w, const Res& r, int lower_y, Rows init_filled, ResSink sink) const;
  void line_fill(Worker& w, const Board& init, PieceCounts remaining, int target, Rows allowed,
                 ResSink sink) const;
  void line_segment(Worker& w, const Res& prev, Rows filled, Rows allowed, int target,
                    const std::vector<std::pair<int, int>>& segments, std::size_t index,
                    ResSink sink) const;
  void spot(Worker& w, Rows filled, const std::array<Row, 7>& slid, int slide_down, Rows allowed,
            std::vector<BlockCount> list, const Res& prev, int start_x, int target,
            ResSink sink) const;
  void spot_small(Worker& w, const std::array<Row, 7>& slid, int slide_down, Rows allowed,
                  const std::vector<BlockCount>& sorted, const Res& prev, int start_x, int target,
                  ResSink sink) const;
  const std::vector<Spot>& spots(Worker& w, const std::vector<BlockCount>& sorted) const;
  const std::vector<std::vector<BlockCount>>& block_lists(Worker& w, PieceCounts remaining,
                                                          int length) const;
  void spot_fix(const std::vector<const MinoDiff*>& diffs, std::vector<Spot>& out) const;
  std::array<Row, 7> slid_rows(const Board& merged, Rows allowed, int slide_down) const;

  // ---- scaffold, wall, roof, final filter -------------------------------------------------
  struct Scaffold {
    Res res;
    std::vector<int> air;
    Board not_allowed;
    KeySet keys;               // scaffolds added
    std::vector<int> targets;  // the placements that must rest on something
  };
  std::vector<int> air_of(const Res& r, const Op& t, const std::vector<int>& targets) const;
  std::vector<Scaffold> scaffold(Worker& w, Scaffold root, const Op& t, Rows init_filled,
                                 Rows filled_without_t) const;
  const std::vector<int>& scaffolds_of(Worker& w, int air) const;
  using CandidateSink = Sink<const Candidate&>;
  void wall(Worker& w, const Res& r, int t, CandidateSink sink) const;
  struct WallState {
    Res res;
    Board remain;
    KeySet keys;
  };
  void wall_next(Worker& w, const WallState& s, const Board& mask_not_allowed, int t,
                 Solutions& solutions, Rows init_filled, Rows filled_without_t,
                 CandidateSink sink) const;
  void roof(const Candidate& c, ResSink sink) const;
  bool needed_pieces_only(const Res& r, int t) const;

  void process(Worker& w, const Res& fill_result, std::vector<TSpinResult>& out) const;
  TSpinResult to_result(const Res& r, int t) const;

  const Op& op(int id) const { return all_[std::size_t(id)]; }
  // java_combinations(n, 3), made once: a list's counts (each at least 1) sum to a run's
  // length, so n <= kWidth.
  const std::vector<std::vector<int>>& threes(std::size_t n) const { return threes_.at(n); }

  TSpinSearchOptions o_;
  Board init_;
  PieceCounts pieces_;
  int cap_;
  int all_height_ = 7;
  std::vector<Op> all_;
  std::unordered_map<std::uint64_t, int> index_;
  std::vector<int> contiguous_ =  // ids of the placements that skip no row, -1 elsewhere
      std::vector<int>(std::size_t(kPieceCount) * 4 * (kWidth + 8) * (kMaxHeight + 8), -1);
  std::vector<std::vector<std::vector<int>>> threes_;  // java_combinations(n, 3), n <= kWidth
  std::vector<int> minimal_;
  std::vector<Packed> minimal_cells_;  // the cells of minimal_[k]
  // BitBlocks: the MINIMAL placements covering cell (x, y < margin), per piece.
  std::vector<std::array<std::vector<int>, kPieceCount>> cover_;
  // LinePools.
  std::array<std::vector<int>, kPieceCount> block_counts_;
  std::array<std::array<std::vector<MinoDiff>, 5>, kPieceCount> diffs_;
  // SpinMaskFields: per T centre (x, y <= fill_top), the masks (need, not allowed).
  std::vector<std::vector<std::pair<Board, Board>>> masks_;
};

// ---- tables -------------------------------------------------------------------------------

// AbstractAllOperationFactory.createList: pieces T..O, unique rotations, the shape's rows on
// every choice of rows (sfinder's combination order), x ascending.
void Engine::build_all() {
  for (Piece p : kAllPieces) {
    const Rotations& rs = kUniqueRotations[std::size_t(int(p))];
    for (int ri = 0; ri < rs.count; ++ri) {
      Rotation r = rs.list[std::size_t(ri)];
      const Shape& s = shape(p, r);
      int h = s.max_y - s.min_y + 1;
      if (all_height_ < h) continue;
      for (const std::vector<int>& rows : java_combinations(all_height_, h)) {
        int lower = rows.front(), upper = rows.back();
        Rows use = 0;
        for (int y : rows) use |= 1u << y;
        Rows need = (below(upper + 1) & ~below(lower)) & ~use;
        for (int x = -s.min_x; x < kWidth - s.max_x; ++x) {
          Op op;
          op.piece = p;
          op.rotation = r;
          op.x = std::int8_t(x);
          op.y = std::int8_t(lower - s.min_y);
          op.h = std::int8_t(h);
          for (int i = 0; i < h; ++i) {
            op.rows[std::size_t(i)] = std::int8_t(rows[std::size_t(i)]);
            op.bits[std::size_t(i)] = Row(s.rows[std::size_t(i)] << (x + s.min_x));
          }
          op.need = need;
          op.use = use;
          op.below_in_key_order = rows_before_key(use);
          index_.emplace(op_key(p, r, x, op.y, need), int(all_.size()));
          if (need == 0) contiguous_[contiguous_at(p, r, x, op.y)] = int(all_.size());
          all_.push_back(op);
        }
      }
    }
  }
}

// MinimalSimpleOriginalPieces and BitBlocks.
void Engine::build_minimal() {
  for (std::size_t i = 0; i < all_.size(); ++i) {
    const Op& op = all_[i];
    if (op.overlaps(init_)) continue;
    if (op.y + shape(op.piece, op.rotation).max_y >= o_.margin) continue;
    minimal_.push_back(int(i));
    Packed cells;
    for (int k = 0; k < op.h; ++k) cells.set_row(op.rows[std::size_t(k)], op.bits[std::size_t(k)]);
    minimal_cells_.push_back(cells);
  }
  cover_.assign(std::size_t(kWidth * o_.margin), {});
  for (int id : minimal_) {
    const Op& op = all_[std::size_t(id)];
    for (int i = 0; i < op.h; ++i) {
      int y = op.rows[std::size_t(i)];
      if (y >= o_.margin) continue;
      for (int x = 0; x < kWidth; ++x) {
        if ((op.bits[std::size_t(i)] >> x) & 1) {
          cover_[std::size_t(y * kWidth + x)][std::size_t(int(op.piece))].push_back(id);
        }
      }
    }
  }
}

// LinePools: for each rotation and shape row, the row's cell count and where it starts. The
// rows of a rotation come in Java's HashMap<Integer> order (bucket (h ^ h >>> 16) & 15, then
// first seen), the counts of a piece ascending (our fixed choice for sfinder's HashSet).
void Engine::build_line_pools() {
  for (Piece p : kAllPieces) {
    const Rotations& rs = kUniqueRotations[std::size_t(int(p))];
    std::vector<int> counts;
    for (int ri = 0; ri < rs.count; ++ri) {
      Rotation r = rs.list[std::size_t(ri)];
      const Shape& s = shape(p, r);
      std::vector<int> dys;
      for (const Cell& c : s.cells) {
        if (std::find(dys.begin(), dys.end(), c.y) == dys.end()) dys.push_back(c.y);
      }
      auto bucket = [](int dy) {
        std::uint32_t h = std::uint32_t(dy);
        return (h ^ (h >> 16)) & 15u;
      };
      std::stable_sort(dys.begin(), dys.end(), [&](int a, int b) { return bucket(a) < bucket(b); });
      for (int dy : dys) {
        int count = 0, min_x = 99;
        for (const Cell& c : s.cells) {
          if (c.y == dy) {
            ++count;
            min_x = std::min(min_x, int(c.x));
          }
        }
        if (std::find(counts.begin(), counts.end(), count) == counts.end()) counts.push_back(count);
        MinoDiff d;
        d.piece = p;
        d.rotation = r;
        d.x = 3 - min_x;
        d.y = 3 - dy;
        d.count = count;
        d.left_margin = min_x - s.min_x;
        d.right_margin = s.max_x - min_x + 1 - count;
        for (const Cell& c : s.cells) d.cells[std::size_t(d.y + c.y)] |= Row(1u << (d.x + c.x));
        diffs_[std::size_t(int(p))][std::size_t(count)].push_back(d);
      }
    }
    std::sort(counts.begin(), counts.end());
    block_counts_[std::size_t(int(p))] = counts;
  }
}

// SpinMaskFields: for a T centre, the corners inside the field (x in 0..9, y >= 0); one mask
// per corner that must stay empty (the others needed), then one needing all of them.
void Engine::build_masks() {
  int rows = o_.fill_top + 1;
  masks_.assign(std::size_t(rows * kWidth), {});
  for (int y = 0; y < rows; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      Board corners;
      auto inside = [](int cx, int cy) { return cx >= 0 && cx < kWidth && cy >= 0; };
      const std::array<Cell, 4> ds = {{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}};
      for (const Cell& d : ds) {
        int cx = x + d.x, cy = y + d.y;
        if (inside(cx, cy) && cy < kMaxHeight) corners.r[std::size_t(cy)] |= Row(1u << cx);
      }
      auto& list = masks_[std::size_t(y * kWidth + x)];
      for (const Cell& d : ds) {
        int cx = x + d.x, cy = y + d.y;
        if (!inside(cx, cy) || cy >= kMaxHeight) continue;
        Board need = corners, not_allowed;
        need.r[std::size_t(cy)] &= Row(~(1u << cx));
        not_allowed.r[std::size_t(cy)] |= Row(1u << cx);
        list.push_back({need, not_allowed});
      }
      list.push_back({corners, Board{}});
    }
  }
}

int Engine::spread(int id, Rows rows) const {
  const Op& o = op(id);
  if (!rows) return id;
  // The shape's rows (contiguous from the bottom) move up past every inserted row at or below.
  std::array<int, 4> real{};
  int y = 0, k = 0;
  for (int i = 0; i < o.h; ++i) {
    int target = o.rows[std::size_t(i)];
    // Row `target` of the compact field becomes the target-th row that is not inserted.
    while (true) {
      if (!((rows >> y) & 1)) {
        if (k == target) break;
        ++k;
      }
      ++y;
    }
    real[std::size_t(i)] = y;
    ++y;
    ++k;
  }
  if (real[std::size_t(o.h - 1)] >= all_height_) return -1;
  Rows use = 0;
  for (int i = 0; i < o.h; ++i) use |= 1u << real[std::size_t(i)];
  Rows need = (below(real[std::size_t(o.h - 1)] + 1) & ~below(real[0])) & ~use;
  return find(o.piece, o.rotation, o.x, real[0] - shape(o.piece, o.rotation).min_y, need);
}

// ---- results ------------------------------------------------------------------------------

// The rows of `rows` that are full on `b`.
Rows full_rows_of(const Board& b, Rows rows) {
  Rows out = 0;
  for (Rows left = rows; left; left &= left - 1) {
    int y = std::countr_zero(left);
    if (y < kMaxHeight && b.r[std::size_t(y)] == kFullRow) out |= 1u << y;
  }
  return out;
}

// AddLastResult.
Res Engine::add_last(const Res& prev, int id) const {
  const Op& o = op(id);
  Res r;
  r.ops = prev.ops;
  r.ops.push_back(id);
  r.remaining = remove_piece(prev.remaining, o.piece);
  r.merged = prev.merged;
  o.merge_into(r.merged, cap_);
  r.filled = prev.filled | full_rows_of(r.merged, o.use);
  r.using_rows = prev.using_rows | o.use;
  r.one_piece = prev.one_piece | (r.filled & o.use & ~prev.using_rows);
  return r;
}

// AddLastsResult: the rows only one of the new placements (and none before) uses.
Res Engine::add_lasts(const Res& prev, std::span<const int> ids) const {
  Res r;
  r.ops = prev.ops;
  r.remaining = prev.remaining;
  r.merged = prev.merged;
  Rows all = prev.using_rows, twice = 0, touched = 0;
  for (int id : ids) {
    const Op& o = op(id);
    touched |= o.use;
    r.ops.push_back(id);
    r.remaining = remove_piece(r.remaining, o.piece);
    o.merge_into(r.merged, cap_);
    twice |= all & o.use;
    all |= o.use;
  }
  // Rows only fill up: those the new placements touch are the only ones to look at.
  r.filled = prev.filled | full_rows_of(r.merged, touched);
  r.using_rows = all;
  Rows single = all - (twice | prev.using_rows);
  r.one_piece = prev.one_piece | (r.filled & single);
  return r;
}

// add_lasts(prev, line.ops) for a result `line` of the line fill on prev's field (made from
// empty_result(prev.merged, prev.remaining)), without placing its pieces again: a result's
// full rows are those of its merged field (rows fill up only where a placement lands), so
// line.filled holds prev.filled, and the rows one placement alone uses are line's less
// prev's used rows.
Res Engine::add_line(const Res& prev, const Res& line) {
  Res r;
  r.ops = prev.ops;
  for (int id : line.ops) r.ops.push_back(id);
  r.remaining = line.remaining;
  r.merged = line.merged;
  r.filled = line.filled;
  r.using_rows = prev.using_rows | line.using_rows;
  r.one_piece = prev.one_piece | (line.one_piece & ~prev.using_rows);
  return r;
}

// SpinCommons.existsOnGround: the placement rests on the field as given (its skipped rows
// removed), or on the merged field with its skipped rows and the rows below it that one piece
// alone completed removed.
bool Engine::exists_on_ground(const Board& merged, Rows filled, Rows one_piece, const Op& o) const {
  Rows fill = filled & ~o.use;
  if ((fill & o.need) != o.need) return false;
  Rows under = one_piece & o.below_in_key_order;
  if (o.rests_on(init_, o.need, o.y)) return true;
  return o.rests_on(merged, o.need | under, o.y - std::popcount(under));
}

// SpinCommons.canTSpinWithFilledLine: three corners blocked once the full rows are removed.
bool Engine::can_tspin(const Board& without_t, const Op& t) const {
  Rows full = without_t.full();
  Board f = without_t.without_rows(full);
  int y = t.y - std::popcount(full & below(t.bottom()));
  auto blocked = [&](int x, int yy) { return x < 0 || x >= kWidth || yy < 0 || f.filled(x, yy); };
  int n = blocked(t.x - 1, y - 1) + blocked(t.x - 1, y + 1) + blocked(t.x + 1, y - 1) +
          blocked(t.x + 1, y + 1);
  return n >= 3;
}

// RoofRunner.isSolution: the T rotates into its place once the full rows are removed.
bool Engine::t_rotates_in(const Board& without_t, const Op& t) const {
  Rows full = without_t.full();
  Board f = without_t.without_rows(full);
  int y = t.y - std::popcount(full & below(t.bottom()));
  Field field;
  for (int yy = 0; yy < kMaxHeight; ++yy) field.set_row(yy, f.r[std::size_t(yy)]);
  return rotation_reachable(field, {t.piece, t.rotation, t.x, std::int8_t(y)}, o_.field_height);
}

// ---- fill ---------------------------------------------------------------------------------

// Whether a fill result made from `r` by completing row y and rows above can be one run()
// keeps: a T that occupies min_cleared full rows. Rows below y that are not full stay so (the
// line fill completes no row below its target), and the cells the remaining pieces add (4 each)
// must fill the T's rows that are not full yet.
// `r` may hold only the placements of the line being filled: when a T was placed before them,
// nothing is known.
bool Engine::may_be_usable(const Res& r, int y) const {
  if (piece_count(r.remaining, Piece::T) > 0) return true;
  std::array<int, OpList::kInline> ts{};
  std::size_t n_ts = 0;
  for (int id : r.ops) {
    if (op(id).piece == Piece::T) {
      if (n_ts == ts.size()) return true;
      ts[n_ts++] = id;
    }
  }
  if (int(n_ts) < piece_count(pieces_, Piece::T)) return true;
  int spare = 0;
  for (Piece p : kAllPieces) spare += 4 * piece_count(r.remaining, p);
  for (std::size_t i = 0; i < n_ts; ++i) {
    const Op& t = op(ts[i]);
    Rows full = t.use & r.filled;
    Rows open = t.use & ~r.filled & ~below(y);
    int more = o_.min_cleared - std::popcount(full);
    if (more <= 0) return true;
    if (std::popcount(open) < more) continue;
    std::array<int, 4> empty{};  // a T spans at most 3 rows
    int n = 0;
    for (Rows left = open; left && n < int(empty.size()); left &= left - 1) {
      int row = std::countr_zero(left);
      empty[std::size_t(n++)] = kWidth - std::popcount(unsigned(r.merged.r[std::size_t(row)]));
    }
    std::sort(empty.begin(), empty.begin() + n);
    int cells = 0;
    for (int k = 0; k < more; ++k) cells += empty[std::size_t(k)];
    if (cells <= spare) return true;
  }
  return false;
}

// FillRunner.search: complete a row y (from lower_y up, any not yet full), then go on from the
// lowest row above it that is not full.
void Engine::fill(Worker& w, const Res& r, int lower_y, Rows init_filled, ResSink sink) const {
  if (r.remaining == 0) return;
  Rows targets = below(o_.fill_top);
  for (int y = lower_y; y < o_.fill_top; ++y) {
    if ((r.filled >> y) & 1) continue;
    if (!may_be_usable(r, y)) break;  // nor for any row above
    Rows above = targets & ~below(y + 1);
    auto on_line = [&](const Res& line) {
      Res next = add_line(r, line);
      sink(next);
      Rows rest = ~line.filled & above;
      if (rest) fill(w, next, std::countr_zero(rest), init_filled, sink);
    };
    line_fill(w, r.merged, r.remaining, y, init_filled, on_line);
  }
}

// LineFillRunner.search: the empty cells of the target row, run by run from the left.
void Engine::line_fill(Worker& w, const Board& init, PieceCounts remaining, int target,
                       Rows allowed, ResSink sink) const {
  Res empty = empty_result(init, remaining);
  std::vector<std::pair<int, int>> segments;  // (first column, length)
  Row row = init.r[std::size_t(target)];
  for (int x = 0; x < kWidth;) {
    if ((row >> x) & 1) {
      ++x;
      continue;
    }
    int start = x;
    while (x < kWidth && !((row >> x) & 1)) ++x;
    segments.push_back({start, x - start});
  }
  if (segments.empty()) return;
  line_segment(w, empty, empty.filled, allowed, target, segments, 0, sink);
}

// searchBlockCounts: the remaining pieces in order, each used (with one of its row counts) or
// not, the counts summing to the run's length.
const std::vector<std::vector<BlockCount>>& Engine::block_lists(Worker& w, PieceCounts remaining,
                                                                int length) const {
  auto [at, added] = w.lists.try_emplace(remaining << 4 | PieceCounts(length));
  if (!added) return at->second;
  std::vector<std::vector<BlockCount>>& lists = at->second;
  std::vector<Piece> pieces;
  for (Piece p : kAllPieces) {
    for (int i = 0; i < piece_count(remaining, p); ++i) pieces.push_back(p);
  }
  std::vector<BlockCount> current;
  auto search = [&](auto& self, std::size_t head, int left) -> void {
    if (head >= pieces.size()) return;
    Piece p = pieces[head];
    for (int count : block_counts_[std::size_t(int(p))]) {
      int next = left - count;
      if (next < 0) continue;
      current.push_back({p, count});
      if (next == 0) {
        lists.push_back(current);
      } else {
        self(self, head + 1, next);
      }
      current.pop_back();
    }
    self(self, head + 1, left);
  };
  search(search, 0, length);
  return lists;
}

void Engine::line_segment(Worker& w, const Res& prev, Rows filled, Rows allowed, int target,
                          const std::vector<std::pair<int, int>>& segments, std::size_t index,
                          ResSink sink) const {
  auto [start_x, length] = segments[index];
  if (prev.remaining == 0) return;
  int slide_down = (target - std::popcount(allowed & below(target))) - 3;
  std::array<Row, 7> slid = slid_rows(prev.merged, allowed, slide_down);
  const std::vector<std::vector<BlockCount>>& lists = block_lists(w, prev.remaining, length);
  bool last = index + 1 == segments.size();
  auto on_result = [&](const Res& r) {
    if (last) {
      sink(r);
    } else {
      line_segment(w, r, filled, allowed, target, segments, index + 1, sink);
    }
  };
  // The last run of the last target row, no T placed yet: a list without a T gives results with
  // no T, which run() does not keep.
  const int ts = piece_count(pieces_, Piece::T);
  const bool needs_t =
      last && target == o_.fill_top - 1 && ts > 0 && piece_count(prev.remaining, Piece::T) == ts;
  for (const auto& list : lists) {
    if (needs_t && std::none_of(list.begin(), list.end(),
                                [](const BlockCount& c) { return c.piece == Piece::T; })) {
      continue;
    }
    spot(w, filled, slid, slide_down, allowed, list, prev, start_x, target, on_result);
  }
}

// SlidedField: rows 0..6 of the field without the `allowed` rows, moved so that the target row
// is row 3 (rows below the field are full; rows pushed to the capacity or above are lost).
std::array<Row, 7> Engine::slid_rows(const Board& merged, Rows allowed, int slide_down) const {
  Board f = merged.without_rows(allowed);
  std::array<Row, 7> out{};
  for (int s = 0; s < 7; ++s) {
    int from = s + slide_down;
    if (slide_down < 0 && s >= cap_) continue;
    out[std::size_t(s)] = from < 0 ? kFullRow : from < kMaxHeight ? f.r[std::size_t(from)] : Row(0);
  }
  return out;
}

// LineFillRunner.spot: up to three (piece, count) at once; more are split into a first three
// (each distinct choice once) and the rest placed after them.
void Engine::spot(Worker& w, Rows filled, const std::array<Row, 7>& slid, int slide_down,
                  Rows allowed, std::vector<BlockCount> list, const Res& prev, int start_x,
                  int target, ResSink sink) const {
  Rows below_target = below(target) & ~filled;
  auto keep = [&](const Res& r) {
    return (r.filled & below_target) == 0 && may_be_usable(r, target);
  };
  if (list.size() <= 3) {
    std::sort(list.begin(), list.end());
    auto kept = [&](const Res& r) {
      if (keep(r)) sink(r);
    };
    spot_small(w, slid, slide_down, allowed, list, prev, start_x, target, kept);
    return;
  }
  std::unordered_set<std::int64_t> visited;
  for (const std::vector<int>& chosen : threes(list.size())) {
    std::vector<BlockCount> three = {list[std::size_t(chosen[0])], list[std::size_t(chosen[1])],
                                     list[std::size_t(chosen[2])]};
    std::sort(three.begin(), three.end());
    if (!visited.insert(counts_key(three)).second) continue;
    std::vector<BlockCount> rest;
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (std::find(chosen.begin(), chosen.end(), int(i)) == chosen.end()) rest.push_back(list[i]);
    }
    int used = 0;
    for (const BlockCount& c : three) used += c.count;
    auto then_rest = [&](const Res& r) {
      if (!keep(r)) return;
      std::array<Row, 7> next = slid_rows(r.merged, allowed, slide_down);
      spot(w, filled, next, slide_down, allowed, rest, r, start_x + used, target, sink);
    };
    spot_small(w, slid, slide_down, allowed, three, prev, start_x, target, then_rest);
  }
}

void Engine::spot_small(Worker& w, const std::array<Row, 7>& slid, int slide_down, Rows allowed,
                        const std::vector<BlockCount>& sorted, const Res& prev, int start_x,
                        int target, ResSink sink) const {
  int slide_y = 3 - target;
  const std::vector<Spot>& all = spots(w, sorted);
  auto arrange = [&](std::size_t begin, std::size_t end) {
    for (std::size_t k = begin; k < end; ++k) {
      const Spot& s = all[k];
      int slide_x = start_x - s.start_x;
      if (slide_x < 0) continue;
      if (s.right_x + slide_x >= kWidth) continue;
      if (s.min_y - slide_y < 0) continue;
      if (o_.margin <= s.max_y - slide_y) continue;
      bool clash = false;
      for (int y = 0; y < 7 && !clash; ++y) {
        clash = (Row(s.cells[std::size_t(y)] << slide_x) & kFullRow) & slid[std::size_t(y)];
      }
      if (clash) continue;
      std::array<int, 3> ids{};  // a spot places at most three pieces
      std::size_t n = 0;
      bool missing = false;
      for (int id : s.ops) {
        const Op& o = op(id);
        int moved = find(o.piece, o.rotation, o.x + slide_x, o.y + slide_down, 0);
        // sfinder stops with a NullPointerException when a placement leaves its table; we
        // leave the arrangement out.
        int real = moved < 0 ? -1 : spread(moved, allowed);
        if (real < 0) {
          missing = true;
          break;
        }
        ids[n++] = real;
      }
      if (missing) continue;
      sink(add_lasts(prev, std::span<const int>(ids.data(), n)));
    }
  };
  if (!w.share) {
    arrange(0, all.size());
    return;
  }
  // The tree's shares: runs of arrangements, so that walking past the others costs little.
  constexpr std::size_t kShare = 4;
  for (std::size_t begin = 0; begin < all.size(); begin += kShare) {
    w.share->visit([&] { arrange(begin, std::min(all.size(), begin + kShare)); });
  }
}

// SpotRunner.search: every distinct order of the (piece, count) list, every choice of rotation
// and row for each, side by side in the target row.
const std::vector<Spot>& Engine::spots(Worker& w, const std::vector<BlockCount>& sorted) const {
  std::int64_t key = counts_key(sorted);
  auto it = w.spots.find(key);
  if (it != w.spots.end()) return it->second;
  std::vector<Spot> out;
  std::unordered_set<std::int64_t> seen;
  for (const std::vector<int>& perm : java_permutations(int(sorted.size()))) {
    std::vector<BlockCount> order;
    for (int i : perm) order.push_back(sorted[std::size_t(i)]);
    if (!seen.insert(counts_key(order)).second) continue;
    std::vector<const MinoDiff*> chosen(order.size());
    auto choose = [&](auto& self, std::size_t index) -> void {
      const auto& list =
          diffs_[std::size_t(int(order[index].piece))][std::size_t(order[index].count)];
      for (const MinoDiff& d : list) {
        chosen[index] = &d;
        if (index + 1 == order.size()) {
          spot_fix(chosen, out);
        } else {
          self(self, index + 1);
        }
      }
    };
    choose(choose, 0);
  }
  return w.spots.emplace(key, std::move(out)).first->second;
}

// SpotRunner.fix.
void Engine::spot_fix(const std::vector<const MinoDiff*>& diffs, std::vector<Spot>& out) const {
  int sum = 0, start_x = 0, widest = 0;
  std::vector<int> xs(diffs.size());
  std::array<Row, 7> field{};
  for (std::size_t i = 0; i < diffs.size(); ++i) {
    const MinoDiff& d = *diffs[i];
    for (int y = 0; y < 7; ++y) {
      if (field[std::size_t(y)] & d.cells[std::size_t(y)]) return;
    }
    for (int y = 0; y < 7; ++y) field[std::size_t(y)] |= d.cells[std::size_t(y)];
    int x = sum;
    xs[i] = x;
    start_x = std::max(start_x, -(x - d.left_margin));
    sum += d.count;
    int with_margin = sum + d.right_margin;
    if (10 < start_x + with_margin) return;
    widest = std::max(widest, with_margin);
    for (Row& row : field) row = Row(row >> d.count);
  }
  Spot s;
  s.min_y = 99;
  s.max_y = -1;
  for (std::size_t i = 0; i < diffs.size(); ++i) {
    const MinoDiff& d = *diffs[i];
    int min_x = xs[i] + start_x;
    int id = find(d.piece, d.rotation, d.x - 3 + min_x, d.y, 0);
    s.ops.push_back(id);
    const Op& o = op(id);
    for (int k = 0; k < o.h; ++k)
      s.cells[std::size_t(o.rows[std::size_t(k)])] |= o.bits[std::size_t(k)];
    const Shape& sh = shape(d.piece, d.rotation);
    s.min_y = std::min(s.min_y, o.y + sh.min_y);
    s.max_y = std::max(s.max_y, o.y + sh.max_y);
  }
  s.start_x = start_x;
  s.right_x = start_x + widest - 1;
  out.push_back(std::move(s));
}

// ---- scaffold -----------------------------------------------------------------------------

// ScaffoldResultWithT.extractAirOperations: the targets that do not rest on anything once the
// T is taken out.
std::vector<int> Engine::air_of(const Res& r, const Op& t, const std::vector<int>& targets) const {
  Board without_t = r.merged;
  t.remove_from(without_t);
  Rows one_piece = r.one_piece & ~t.use;
  std::vector<int> out;
  for (int id : targets) {
    if (!exists_on_ground(without_t, r.filled, one_piece, op(id))) out.push_back(id);
  }
  return out;
}

// Scaffolds.get: the MINIMAL placements a floating placement can rest on.
const std::vector<int>& Engine::scaffolds_of(Worker& w, int air) const {
  auto it = w.scaffolds.find(air);
  if (it != w.scaffolds.end()) return it->second;
  std::vector<int> out;
  const Op& a = op(air);
  if (a.bottom() > 0) {
    for (int id : minimal_) {
      const Op& s = op(id);
      if (s.need & a.use) continue;
      if (a.overlaps(s)) continue;
      Board f;
      s.merge_into(f, kMaxHeight);
      f = f.without_rows(a.need);
      if (a.overlaps_compact(f, a.y - 1)) out.push_back(id);
    }
  }
  return w.scaffolds.emplace(air, std::move(out)).first->second;
}

// ScaffoldRunner.localSearch: fewest pieces first (java.util.PriorityQueue), adding a
// placement under a floating one; a set is a solution once nothing floats.
std::vector<Engine::Scaffold> Engine::scaffold(Worker& w, Scaffold root, const Op& t,
                                               Rows init_filled, Rows filled_without_t) const {
  if (root.air.empty()) return {std::move(root)};
  if (root.res.remaining == 0) return {};
  std::vector<Scaffold> states;
  std::vector<Scaffold> out;
  states.push_back(std::move(root));
  JavaQueue queue(fewest_pieces(states));
  queue.offer(0);
  Solutions solutions;
  while (!queue.empty()) {
    int index = queue.poll();
    std::vector<int> next_states;
    std::unordered_set<int> visited;
    // `states` may grow: copy what the loop reads.
    const std::vector<int> air = states[std::size_t(index)].air;
    for (int a : air) {
      for (int id : scaffolds_of(w, a)) {
        const Op& s = op(id);
        const Scaffold& x = states[std::size_t(index)];
        if ((filled_without_t & s.need) != s.need) continue;
        if (piece_count(x.res.remaining, s.piece) == 0) continue;
        if (!visited.insert(id).second) continue;
        if (s.overlaps(x.not_allowed)) continue;
        if (solutions.partial_contains(x.keys, id)) continue;
        Scaffold next;
        next.res = add_last(x.res, id);
        if (next.res.filled != init_filled) continue;
        std::vector<int> targets = x.air;
        targets.push_back(id);
        next.air = air_of(next.res, t, targets);
        next.not_allowed = x.not_allowed;
        s.merge_into(next.not_allowed, cap_);
        next.keys = with_key(x.keys, id);
        next.targets = x.targets;
        next.targets.push_back(id);
        bool more = next.res.remaining != 0;
        bool solved = next.air.empty();
        if (solved) {
          solutions.add(next.keys);
          out.push_back(next);
        }
        if (more) {
          states.push_back(std::move(next));
          next_states.push_back(int(states.size()) - 1);
        }
      }
    }
    for (int n : next_states) queue.offer(n);
  }
  return out;
}

// ---- wall ---------------------------------------------------------------------------------

// WallRunner.search: the T-spin corners, filled by adding pieces (each with its scaffolds).
void Engine::wall(Worker& w, const Res& r, int t_id, CandidateSink sink) const {
  const Op& t = op(t_id);
  Board without_t = r.merged;
  t.remove_from(without_t);
  if (can_tspin(without_t, t)) {
    sink(Candidate{r, t_id, Board{}});
    return;
  }
  Rows filled_without_t = without_t.full();
  int slide = std::popcount(filled_without_t & below(t.y));
  int cy = t.y - slide;
  if (cy < 0 || cy > o_.fill_top) return;  // sfinder has no mask there (it would stop)
  Solutions solutions;
  for (const auto& [need0, not_allowed0] : masks_[std::size_t(cy * kWidth + t.x)]) {
    Board need = need0.with_empty_rows(filled_without_t, cap_);
    Board not_allowed = not_allowed0.with_empty_rows(filled_without_t, cap_);
    if (r.merged.overlaps(not_allowed)) continue;
    Board remain = need.minus(r.merged);
    if (remain.empty()) {
      solutions.add({});
      sink(Candidate{r, t_id, not_allowed});
      continue;
    }
    WallState s{r, remain, {}};
    wall_next(w, s, not_allowed, t_id, solutions, r.filled, filled_without_t, sink);
  }
}

void Engine::wall_next(Worker& w, const WallState& s, const Board& mask_not_allowed, int t_id,
                       Solutions& solutions, Rows init_filled, Rows filled_without_t,
                       CandidateSink sink) const {
  const Op& t = op(t_id);
  if (s.res.filled != init_filled) return;
  if (s.res.remaining == 0) return;
  // The lowest remaining cell (row by row from the bottom, then left to right).
  int cell = -1;
  for (int y = 0; y < kMaxHeight && cell < 0; ++y) {
    if (s.remain.r[std::size_t(y)])
      cell = y * kWidth + std::countr_zero(s.remain.r[std::size_t(y)]);
  }
  if (cell / kWidth >= o_.margin) return;  // sfinder has no table there (it would stop)
  const auto& lists = cover_[std::size_t(cell)];
  Board not_allowed = s.res.merged | mask_not_allowed;
  for (Piece p : kAllPieces) {
    // sfinder tries a piece once per copy left; the later copies find nothing new.
    if (piece_count(s.res.remaining, p) == 0) continue;
    for (int id : lists[std::size_t(int(p))]) {
      const Op& q = op(id);
      if ((filled_without_t & q.need) != q.need) continue;
      if (q.overlaps(not_allowed)) continue;
      Res placed = add_last(s.res, id);
      if (placed.filled != init_filled) continue;
      // EmptyScaffoldResultWithTFromCandidate: q must rest on something.
      Board placed_without_t = placed.merged;
      t.remove_from(placed_without_t);
      Scaffold root;
      root.air = air_of(placed, t, {id});
      root.not_allowed = placed.merged | not_allowed;
      root.targets = {id};
      root.res = std::move(placed);
      Rows without_t_full = placed_without_t.full();
      Rows root_filled = root.res.filled;
      for (Scaffold& sc : scaffold(w, std::move(root), t, root_filled, without_t_full)) {
        if (sc.res.filled != init_filled) continue;
        WallState next;
        next.remain = s.remain.minus(sc.res.merged);
        next.keys = s.keys;
        for (int k : sc.targets) next.keys = with_key(next.keys, k);
        if (solutions.contains(next.keys)) continue;
        next.res = std::move(sc.res);
        if (next.remain.empty()) {
          solutions.add(next.keys);
          sink(Candidate{next.res, t_id, mask_not_allowed});
        } else {
          wall_next(w, next, mask_not_allowed, t_id, solutions, init_filled, filled_without_t,
                    sink);
        }
      }
    }
  }
}

// ---- roof ---------------------------------------------------------------------------------

// RoofRunner.search: pieces on top (fewest first) until the T can rotate in.
void Engine::roof(const Candidate& c, ResSink sink) const {
  const Op& t = op(c.t);
  struct State {
    Res res;
    Board not_allowed_with_t;
    Board without_t;
    KeySet keys;
  };
  State root{c.res, c.not_allowed, c.res.merged, {}};
  t.merge_into(root.not_allowed_with_t, cap_);
  t.remove_from(root.without_t);
  Rows filled_without_t = root.without_t.full();
  if (t_rotates_in(root.without_t, t)) {
    sink(root.res);
    return;
  }
  if (o_.max_roof <= 0) return;
  if (root.res.remaining == 0) return;
  Rows filled = root.res.filled;
  std::vector<State> states;
  states.push_back(std::move(root));
  JavaQueue queue(fewest_pieces(states));
  queue.offer(0);
  std::unordered_set<KeySet, KeySetHash> visited;
  Solutions solutions;
  // The MINIMAL placements whose skipped rows are full (the same for every state), by piece
  // (MINIMAL lists the pieces one after the other: the order stays).
  std::array<std::vector<std::size_t>, kPieceCount> usable;
  for (std::size_t k = 0; k < minimal_.size(); ++k) {
    const Op& q = op(minimal_[k]);
    if ((filled_without_t & q.need) == q.need) usable[std::size_t(int(q.piece))].push_back(k);
  }
  while (!queue.empty()) {
    int index = queue.poll();
    std::vector<int> next_states;
    const Packed blocked =
        pack(states[std::size_t(index)].without_t | states[std::size_t(index)].not_allowed_with_t);
    auto try_place = [&](std::size_t k) {
      if (minimal_cells_[k].overlaps(blocked)) return;
      int id = minimal_[k];
      const Op& q = op(id);
      const State& x = states[std::size_t(index)];
      if (!q.rests_on(x.without_t, q.need, q.y)) return;
      KeySet current = with_key(x.keys, id);
      if (!visited.insert(current).second) return;
      State next;
      next.res = add_last(x.res, id);
      if (next.res.filled != filled) return;
      next.not_allowed_with_t = x.not_allowed_with_t;
      q.merge_into(next.not_allowed_with_t, cap_);
      next.without_t = x.without_t;
      q.merge_into(next.without_t, cap_);
      next.keys = current;
      if (t_rotates_in(next.without_t, t) && !solutions.partial_contains(x.keys, id)) {
        solutions.add(current);
        sink(next.res);
      } else {
        // sfinder counts the roof pieces as every piece placed so far, plus one.
        int roof_count = int(next.res.ops.size()) + 1;
        if (o_.max_roof <= roof_count) return;
        if (next.res.remaining == 0) return;
        states.push_back(std::move(next));
        next_states.push_back(int(states.size()) - 1);
      }
    };
    for (Piece p : kAllPieces) {
      if (piece_count(states[std::size_t(index)].res.remaining, p) == 0) continue;
      for (std::size_t k : usable[std::size_t(int(p))]) try_place(k);
    }
    for (int n : next_states) queue.offer(n);
  }
}

// FullSpinRunner's filter: every placement that uses none of the rows the T clears must be
// needed (without it: no T-spin corners, something floats, or the T cannot rotate in).
bool Engine::needed_pieces_only(const Res& r, int t_id) const {
  const Op& t = op(t_id);
  Rows by_t = t.use & r.filled;
  Board without_t = r.merged;
  t.remove_from(without_t);
  Rows one_piece = r.one_piece & ~t.use;
  for (int id : r.ops) {
    const Op& p = op(id);
    if (by_t & p.use) continue;
    Board g = without_t;
    p.remove_from(g);
    Rows g_filled = g.full();
    Rows o = one_piece & ~p.use;
    if (!can_tspin(g, t)) continue;
    bool grounded = true;
    for (int q : r.ops) {
      if (!exists_on_ground(g, g_filled, o, op(q))) {
        grounded = false;
        break;
      }
    }
    if (!grounded) continue;
    if (!t_rotates_in(g, t)) continue;
    return false;
  }
  return true;
}

TSpinResult Engine::to_result(const Res& r, int t) const {
  TSpinResult out;
  for (std::size_t i = 0; i < r.ops.size(); ++i) {
    out.pieces.push_back(op(r.ops[i]).keyed());
    if (r.ops[i] == t) out.t = int(i);
  }
  return out;
}

// NoRoofSpinRunner (and FullSpinRunner) for one fill result.
void Engine::process(Worker& w, const Res& f, std::vector<TSpinResult>& out) const {
  for (int t_id : f.ops) {
    const Op& t = op(t_id);
    if (t.piece != Piece::T) continue;
    if (std::popcount(f.filled & t.use) < o_.min_cleared) continue;
    Scaffold root;
    root.res = f;
    root.air = air_of(f, t, f.ops);
    root.not_allowed = f.merged;
    root.targets = f.ops;
    for (Scaffold& s : scaffold(w, std::move(root), t, f.filled, f.filled & ~t.use)) {
      auto on_candidate = [&](const Candidate& c) {
        if (!o_.roof) {
          out.push_back(to_result(c.res, t_id));
          return;
        }
        auto on_roof = [&](const Res& r) {
          if (needed_pieces_only(r, t_id)) out.push_back(to_result(r, t_id));
        };
        roof(c, on_roof);
      };
      wall(w, s.res, t_id, on_candidate);
    }
  }
}

std::vector<TSpinResult> Engine::run() {
  unsigned threads = std::max(1u, o_.threads);
  std::vector<Worker> workers(threads);
  // The line fill, its tree shared among the threads; each thread's results tagged with the
  // arrangement they came from, then taken in walk order (without moving them).
  std::atomic<std::uint64_t> next{0};
  std::vector<std::vector<std::pair<std::uint64_t, Res>>> found(threads);
  std::vector<const Res*> fills;
  {
    const Res root = empty_result(init_, pieces_);
    parallel_for_workers(threads, threads, [&](std::size_t, unsigned worker) {
      TreeShare share(next);
      Worker& w = workers[worker];
      w.share = &share;
      // Only the fill results process() can use: a T that occupies at least min_cleared of
      // the full rows (most fill results have none, and keeping them all took gigabytes).
      auto collect = [&](const Res& r) {
        bool usable = std::any_of(r.ops.begin(), r.ops.end(), [&](int id) {
          const Op& t = op(id);
          return t.piece == Piece::T && std::popcount(r.filled & t.use) >= o_.min_cleared;
        });
        if (usable) found[worker].emplace_back(share.current(), r);
      };
      fill(w, root, o_.fill_bottom, root.filled, collect);
      w.share = nullptr;
    });
    std::vector<std::size_t> at(threads, 0);
    while (true) {
      std::size_t best = threads;
      for (std::size_t k = 0; k < threads; ++k) {
        if (at[k] < found[k].size() &&
            (best == threads || found[k][at[k]].first < found[best][at[best]].first)) {
          best = k;
        }
      }
      if (best == threads) break;
      fills.push_back(&found[best][at[best]++].second);
    }
  }
  std::vector<std::vector<TSpinResult>> slots(fills.size());
  Progress progress("spin", fills.size(), o_.progress);
  parallel_for_workers(fills.size(), threads, [&](std::size_t i, unsigned worker) {
    throw_if_cancelled("spin");
    process(workers[worker], *fills[i], slots[i]);
    progress.advance();
  });
  std::vector<TSpinResult> out;
  for (auto& slot : slots) {
    for (auto& r : slot) out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

std::vector<TSpinResult> tspin_search(const Field& field, PieceCounts pieces,
                                      const TSpinSearchOptions& options) {
  Engine engine(field, pieces, options);
  return engine.run();
}

}  // namespace manyworlds::tetris
