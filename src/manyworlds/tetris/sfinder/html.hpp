#pragma once
// sfinder's HTML pages (output/HTMLBuilder.java), shared by the verbs that write them (setup,
// spin, ren): a page title, header lines, a navigation list of columns and one section per
// column with its entries sorted by priority (lower first, ties in the order added). No
// escaping (sfinder does none). setup writes each line followed by "\n"; spin and ren write the
// same lines with nothing between them.

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace manyworlds::tetris::sfinder {

struct HtmlColumn {
  std::string id;
  std::string title;
  std::optional<std::string> description;  // "<p>...</p>" after the title when given
};

class HtmlBuilder {
 public:
  explicit HtmlBuilder(std::string title) : title_(std::move(title)) {}

  void header(std::string line) { header_.push_back(std::move(line)); }
  // Adds `line` to the column with `column.id` (made on first use).
  void entry(const HtmlColumn& column, std::string line, long long priority);

  // The ids of the columns, in the order they were made.
  std::vector<std::string> column_ids() const;
  const HtmlColumn& column(const std::string& id) const;

  // The page's lines: `order` lists column ids (sections for those with entries; the
  // navigation, when asked for, lists them all).
  std::vector<std::string> lines(const std::vector<std::string>& order, bool navigation) const;
  // The same lines as one text, each followed by `separator` (setup: "\n"; spin, ren: "").
  std::string text(const std::vector<std::string>& order, bool navigation,
                   std::string_view separator) const;

 private:
  struct Column {
    HtmlColumn column;
    std::vector<std::pair<long long, std::string>> entries;
  };
  // Calls emit(line) for every line of the page.
  template <typename Emit>
  void each_line(const std::vector<std::string>& order, bool navigation, Emit&& emit) const;
  Column* find(const std::string& id);
  const Column* find(const std::string& id) const;

  std::string title_;
  std::vector<std::string> header_;
  std::vector<Column> columns_;
  std::unordered_map<std::string, std::size_t> index_;  // id -> position in columns_
};

}  // namespace manyworlds::tetris::sfinder
