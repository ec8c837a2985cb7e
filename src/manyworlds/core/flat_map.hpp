#pragma once
// An open-addressing hash map for search memos: keys and values stored inline in one array
// (linear probing, power-of-two capacity, at most half full), no erase. Several times faster
// than std::unordered_map for small trivially copyable keys, and clear() frees no nodes.

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace manyworlds {

template <typename Key, typename Value, typename Hash>
class FlatMap {
 public:
  explicit FlatMap(std::size_t capacity = 1024) { reset(capacity); }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  // The value stored for `key`, or nullptr.
  const Value* find(const Key& key) const {
    for (std::size_t i = Hash{}(key) & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (s.key == key) return &s.value;
    }
  }

  // Stores `value` for `key` (replacing any earlier value).
  void insert(const Key& key, const Value& value) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    place(key, value);
  }

  // Empties the map, keeping its memory (a memo that was cleared fills up again).
  void clear() {
    std::fill(slots_.begin(), slots_.end(), Slot{});
    size_ = 0;
  }

 private:
  struct Slot {
    Key key{};
    Value value{};
    bool used = false;
  };

  void reset(std::size_t capacity) {
    slots_.assign(std::bit_ceil(std::max<std::size_t>(capacity, 16)), Slot{});
    mask_ = slots_.size() - 1;
    size_ = 0;
  }

  void place(const Key& key, const Value& value) {
    for (std::size_t i = Hash{}(key) & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (!s.used) {
        s = Slot{key, value, true};
        ++size_;
        return;
      }
      if (s.key == key) {
        s.value = value;
        return;
      }
    }
  }

  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    reset(old.size() * 2);
    for (const Slot& s : old) {
      if (s.used) place(s.key, s.value);
    }
  }

  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
};

}  // namespace manyworlds
