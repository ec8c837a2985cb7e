#include "manyworlds/tetris/sfinder/html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace manyworlds::tetris::sfinder {

HtmlBuilder::Column* HtmlBuilder::find(const std::string& id) {
  auto it = index_.find(id);
  return it == index_.end() ? nullptr : &columns_[it->second];
}

const HtmlBuilder::Column* HtmlBuilder::find(const std::string& id) const {
  auto it = index_.find(id);
  return it == index_.end() ? nullptr : &columns_[it->second];
}

void HtmlBuilder::entry(const HtmlColumn& column, std::string line, long long priority) {
  Column* c = find(column.id);
  if (!c) {
    index_.emplace(column.id, columns_.size());
    columns_.push_back({column, {}});
    c = &columns_.back();
  }
  c->entries.push_back({priority, std::move(line)});
}

std::vector<std::string> HtmlBuilder::column_ids() const {
  std::vector<std::string> out;
  for (const Column& c : columns_) out.push_back(c.column.id);
  return out;
}

const HtmlColumn& HtmlBuilder::column(const std::string& id) const {
  const Column* c = find(id);
  if (!c) throw std::logic_error("html: no column " + id);
  return c->column;
}

template <typename Emit>
void HtmlBuilder::each_line(const std::vector<std::string>& order, bool navigation,
                            Emit&& emit) const {
  emit("<!DOCTYPE html>");
  emit(fmt::format("<html lang=ja><head><meta charset=\"utf-8\"><title>{}</title></head><body>",
                   title_));
  if (!header_.empty()) {
    emit("<header>");
    for (const std::string& line : header_) emit(line);
    emit("</header>");
  }
  if (navigation) {
    emit("<nav>");
    emit("<h2>Index</h2>");
    emit("<ul>");
    for (const std::string& id : order) {
      emit(fmt::format("<li><a href='#{}'>{}</a></li>", id, column(id).title));
    }
    emit("</ul>");
    emit("</nav>");
    emit("<hr><hr>");
  }
  bool first = true;
  for (const std::string& id : order) {
    const Column* c = find(id);
    if (!c || c->entries.empty()) continue;
    if (!first) emit("<hr>");
    first = false;
    emit(fmt::format("<section id='{}'>", id));
    emit(fmt::format("<h2>{}</h2>", c->column.title));
    if (c->column.description) emit(fmt::format("<p>{}</p>", *c->column.description));
    std::vector<std::size_t> index(c->entries.size());
    for (std::size_t i = 0; i < index.size(); ++i) index[i] = i;
    std::stable_sort(index.begin(), index.end(), [&](std::size_t a, std::size_t b) {
      return c->entries[a].first < c->entries[b].first;
    });
    for (std::size_t i : index) emit(c->entries[i].second);
    emit("</section>");
  }
  emit("</body>");
  emit("</html>");
}

std::vector<std::string> HtmlBuilder::lines(const std::vector<std::string>& order,
                                            bool navigation) const {
  std::vector<std::string> out;
  each_line(order, navigation, [&](std::string_view line) { out.emplace_back(line); });
  return out;
}

std::string HtmlBuilder::text(const std::vector<std::string>& order, bool navigation,
                              std::string_view separator) const {
  std::string out;
  each_line(order, navigation, [&](std::string_view line) {
    out += line;
    out += separator;
  });
  return out;
}

}  // namespace manyworlds::tetris::sfinder
