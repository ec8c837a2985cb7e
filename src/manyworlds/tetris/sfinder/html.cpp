#include "manyworlds/tetris/sfinder/html.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace manyworlds::tetris::sfinder {

void HtmlBuilder::add(const HtmlColumn& column, std::string line, std::int64_t priority) {
  auto it = std::find_if(columns_.begin(), columns_.end(),
                         [&](const Column& c) { return c.column.id == column.id; });
  if (it == columns_.end()) {
    columns_.push_back({column, {}});
    it = columns_.end() - 1;
  }
  it->entries.push_back({priority, std::move(line)});
  ++size_;
}

std::vector<HtmlColumn> HtmlBuilder::columns() const {
  std::vector<HtmlColumn> out;
  for (const Column& c : columns_) out.push_back(c.column);
  return out;
}

const HtmlBuilder::Column* HtmlBuilder::find(const std::string& id) const {
  for (const Column& c : columns_) {
    if (c.column.id == id) return &c;
  }
  return nullptr;
}

std::vector<std::string> HtmlBuilder::lines(const std::vector<HtmlColumn>& order,
                                            bool navigation) const {
  std::vector<std::string> out = {
      "<!DOCTYPE html>",
      fmt::format("<html lang=ja><head><meta charset=\"utf-8\"><title>{}</title></head><body>",
                  title_)};
  if (!header_.empty()) {
    out.push_back("<header>");
    out.insert(out.end(), header_.begin(), header_.end());
    out.push_back("</header>");
  }
  if (navigation) {
    out.push_back("<nav>");
    out.push_back("<h2>Index</h2>");
    out.push_back("<ul>");
    for (const HtmlColumn& c : order) {
      out.push_back(fmt::format("<li><a href='#{}'>{}</a></li>", c.id, c.title));
    }
    out.push_back("</ul>");
    out.push_back("</nav>");
    out.push_back("<hr><hr>");
  }
  bool first = true;
  for (const HtmlColumn& c : order) {
    const Column* column = find(c.id);
    if (!column) continue;
    if (!first) out.push_back("<hr>");
    first = false;
    out.push_back(fmt::format("<section id='{}'>", c.id));
    out.push_back(fmt::format("<h2>{}</h2>", c.title));
    if (!c.description.empty()) out.push_back(fmt::format("<p>{}</p>", c.description));
    std::vector<const Entry*> entries;
    for (const Entry& e : column->entries) entries.push_back(&e);
    std::stable_sort(entries.begin(), entries.end(),
                     [](const Entry* a, const Entry* b) { return a->priority < b->priority; });
    for (const Entry* e : entries) out.push_back(e->line);
    out.push_back("</section>");
  }
  out.push_back("</body>");
  out.push_back("</html>");
  return out;
}

}  // namespace manyworlds::tetris::sfinder
