#pragma once
// sfinder's HTMLBuilder (knewjade/solution-finder @0e7c935a: output/HTMLBuilder.java), which
// setup, spin and ren write their pages with:
//
//   <!DOCTYPE html>
//   <html lang=ja><head><meta charset="utf-8"><title>TITLE</title></head><body>
//   <header> HEADER LINES </header>                       (when there are header lines)
//   <nav><h2>Index</h2><ul><li><a href='#ID'>TITLE</a></li>... </ul></nav><hr><hr>
//   <section id='ID'><h2>TITLE</h2>[<p>DESCRIPTION</p>] ENTRIES </section>
//                      (per column of the given order that has entries; <hr> between them)
//   </body></html>
//
// Each string above is one element of lines(); setup writes each followed by "\n", spin and
// ren write them with nothing between. Entries of a column are sorted by priority, lowest
// first, equal priorities in the order they were added. No HTML escaping (sfinder does none).

#include <cstdint>
#include <string>
#include <vector>

namespace manyworlds::tetris::sfinder {

struct HtmlColumn {
  std::string id;
  std::string title;
  std::string description;  // empty: none
};

class HtmlBuilder {
 public:
  explicit HtmlBuilder(std::string title) : title_(std::move(title)) {}

  void header(std::string line) { header_.push_back(std::move(line)); }
  // Adds an entry to the column (created at its first entry; columns are told apart by id).
  void add(const HtmlColumn& column, std::string line, std::int64_t priority);
  // Entries added so far.
  std::size_t size() const { return size_; }
  // The columns that have entries, in the order of their first entry.
  std::vector<HtmlColumn> columns() const;

  // The page as sfinder's toList(order, navigation) gives it.
  std::vector<std::string> lines(const std::vector<HtmlColumn>& order,
                                 bool navigation = true) const;

 private:
  struct Entry {
    std::int64_t priority;
    std::string line;
  };
  struct Column {
    HtmlColumn column;
    std::vector<Entry> entries;
  };
  const Column* find(const std::string& id) const;

  std::string title_;
  std::vector<std::string> header_;
  std::vector<Column> columns_;
  std::size_t size_ = 0;
};

}  // namespace manyworlds::tetris::sfinder
