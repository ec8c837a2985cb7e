#include "manyworlds/tetris/search/minimal_cover.hpp"

#include <Cbc_C_Interface.h>
#include <dlfcn.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>

#include "manyworlds/core/error.hpp"

namespace manyworlds::tetris {
namespace {

// CBC's C interface, loaded when the first exact cover is asked for. CBC and what it pulls in
// (Clp, Cgl, Osi, CoinUtils, LAPACK, BLAS, gfortran: 13 shared libraries) would cost every
// start of the program its dynamic linking, more than a whole small `percent` run; only
// `--minimal exact` needs them.
// MANYWORLDS_CBC_LIBRARY is the library CMake found (pkg-config cbc), by its soname.
struct Cbc {
  decltype(&Cbc_newModel) newModel;
  decltype(&Cbc_deleteModel) deleteModel;
  decltype(&Cbc_loadProblem) loadProblem;
  decltype(&Cbc_setInteger) setInteger;
  decltype(&Cbc_setObjSense) setObjSense;
  decltype(&Cbc_setLogLevel) setLogLevel;
  decltype(&Cbc_setParameter) setParameter;
  decltype(&Cbc_setMaximumSeconds) setMaximumSeconds;
  decltype(&Cbc_solve) solve;
  decltype(&Cbc_getColSolution) getColSolution;
  decltype(&Cbc_isProvenInfeasible) isProvenInfeasible;
  decltype(&Cbc_isProvenOptimal) isProvenOptimal;
  decltype(&Cbc_getBestPossibleObjValue) getBestPossibleObjValue;
  decltype(&Cbc_getNodeCount) getNodeCount;
};

const Cbc& cbc() {
  static Cbc api{};
  static std::string error;
  static std::once_flag once;
  std::call_once(once, [] {
    void* lib = dlopen(MANYWORLDS_CBC_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) {
      const char* why = dlerror();
      error = why ? why : "unknown error";
      return;
    }
    auto load = [&](auto& fn, const char* name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(lib, name));
      if (fn == nullptr && error.empty()) error = fmt::format("no symbol {}", name);
    };
    load(api.newModel, "Cbc_newModel");
    load(api.deleteModel, "Cbc_deleteModel");
    load(api.loadProblem, "Cbc_loadProblem");
    load(api.setInteger, "Cbc_setInteger");
    load(api.setObjSense, "Cbc_setObjSense");
    load(api.setLogLevel, "Cbc_setLogLevel");
    load(api.setParameter, "Cbc_setParameter");
    load(api.setMaximumSeconds, "Cbc_setMaximumSeconds");
    load(api.solve, "Cbc_solve");
    load(api.getColSolution, "Cbc_getColSolution");
    load(api.isProvenInfeasible, "Cbc_isProvenInfeasible");
    load(api.isProvenOptimal, "Cbc_isProvenOptimal");
    load(api.getBestPossibleObjValue, "Cbc_getBestPossibleObjValue");
    load(api.getNodeCount, "Cbc_getNodeCount");
  });
  if (!error.empty()) {
    throw InputError(fmt::format("minimal exact: cannot load the CBC solver ({}): {}",
                                 MANYWORLDS_CBC_LIBRARY, error));
  }
  return api;
}

using Set = std::vector<std::uint32_t>;

bool subset(const Set& a, const Set& b) {
  return std::includes(b.begin(), b.end(), a.begin(), a.end());
}

// The reduced instance: live columns (original indices) with their live elements.
struct Instance {
  std::vector<int> columns;
  std::vector<Set> sets;  // per live column, its live elements (renumbered 0..rows-1)
  std::size_t rows = 0;
};

}  // namespace

bool covers_all(const std::vector<const Set*>& sets, const std::vector<int>& chosen) {
  std::vector<std::uint32_t> need, have;
  for (const Set* s : sets) need.insert(need.end(), s->begin(), s->end());
  for (int j : chosen)
    have.insert(have.end(), sets[std::size_t(j)]->begin(), sets[std::size_t(j)]->end());
  std::sort(need.begin(), need.end());
  need.erase(std::unique(need.begin(), need.end()), need.end());
  std::sort(have.begin(), have.end());
  have.erase(std::unique(have.begin(), have.end()), have.end());
  return need == have;
}

ExactCover minimal_cover(const std::vector<const Set*>& input, double seconds) {
  ExactCover out;
  // Elements renumbered densely.
  std::vector<std::uint32_t> elements;
  for (const Set* s : input) elements.insert(elements.end(), s->begin(), s->end());
  std::sort(elements.begin(), elements.end());
  elements.erase(std::unique(elements.begin(), elements.end()), elements.end());
  out.universe = elements.size();
  std::vector<Set> cols(input.size());
  for (std::size_t j = 0; j < input.size(); ++j) {
    for (std::uint32_t e : *input[j]) {
      cols[j].push_back(
          std::uint32_t(std::lower_bound(elements.begin(), elements.end(), e) - elements.begin()));
    }
  }
  std::vector<char> alive_col(input.size(), 1), alive_row(elements.size(), 1);
  std::vector<char> taken(input.size(), 0);
  auto live = [&](std::size_t j) {
    Set s;
    for (std::uint32_t e : cols[j]) {
      if (alive_row[e]) s.push_back(e);
    }
    return s;
  };
  for (bool changed = true; changed;) {
    changed = false;
    // Columns: drop empty ones and those inside another (keep the first of equal ones).
    std::vector<Set> cur(input.size());
    std::vector<std::size_t> order;
    for (std::size_t j = 0; j < input.size(); ++j) {
      if (!alive_col[j]) continue;
      cur[j] = live(j);
      if (cur[j].empty()) {
        alive_col[j] = 0;
        changed = true;
        continue;
      }
      order.push_back(j);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return cur[a].size() > cur[b].size(); });
    for (std::size_t i = 0; i < order.size(); ++i) {
      std::size_t j = order[i];
      for (std::size_t k = 0; k < i && alive_col[j]; ++k) {
        std::size_t big = order[k];
        if (alive_col[big] && subset(cur[j], cur[big])) {
          alive_col[j] = 0;
          changed = true;
        }
      }
    }
    // Rows: holders per element.
    std::vector<std::vector<std::uint32_t>> holders(elements.size());
    for (std::size_t j = 0; j < input.size(); ++j) {
      if (!alive_col[j]) continue;
      for (std::uint32_t e : cur[j]) holders[e].push_back(std::uint32_t(j));
    }
    // A sequence only one set holds forces that set.
    for (std::size_t e = 0; e < elements.size(); ++e) {
      if (!alive_row[e] || holders[e].size() != 1) continue;
      std::size_t j = holders[e][0];
      if (!alive_col[j]) continue;
      taken[j] = 1;
      alive_col[j] = 0;
      for (std::uint32_t f : cur[j]) alive_row[f] = 0;
      ++out.forced;
      changed = true;
    }
    if (changed) continue;
    // A row whose holders include all holders of another row is implied by it.
    std::vector<std::size_t> rows;
    for (std::size_t e = 0; e < elements.size(); ++e) {
      if (alive_row[e]) rows.push_back(e);
    }
    std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
      return holders[a].size() < holders[b].size();
    });
    for (std::size_t i = 0; i < rows.size(); ++i) {
      std::size_t e = rows[i];
      if (!alive_row[e]) continue;
      for (std::size_t k = i + 1; k < rows.size(); ++k) {
        std::size_t f = rows[k];
        if (alive_row[f] && subset(holders[e], holders[f])) {
          alive_row[f] = 0;
          changed = true;
        }
      }
    }
  }

  // The integer program over what is left.
  Instance inst;
  std::vector<int> row_index(elements.size(), -1);
  for (std::size_t e = 0; e < elements.size(); ++e) {
    if (alive_row[e]) row_index[e] = int(inst.rows++);
  }
  for (std::size_t j = 0; j < input.size(); ++j) {
    if (!alive_col[j]) continue;
    Set s;
    for (std::uint32_t e : cols[j]) {
      if (row_index[e] >= 0) s.push_back(std::uint32_t(row_index[e]));
    }
    if (s.empty()) continue;
    inst.columns.push_back(int(j));
    inst.sets.push_back(std::move(s));
  }
  out.rows = inst.rows;
  out.columns = inst.columns.size();
  out.optimal = true;
  if (inst.rows > 0) {
    std::vector<CoinBigIndex> start = {0};
    std::vector<int> index;
    std::vector<double> value;
    for (const Set& s : inst.sets) {
      for (std::uint32_t e : s) {
        index.push_back(int(e));
        value.push_back(1.0);
      }
      start.push_back(CoinBigIndex(index.size()));
    }
    std::size_t n = inst.sets.size();
    std::vector<double> col_lb(n, 0.0), col_ub(n, 1.0), obj(n, 1.0);
    std::vector<double> row_lb(inst.rows, 1.0),
        row_ub(inst.rows, std::numeric_limits<double>::max());
    const Cbc& api = cbc();
    std::unique_ptr<Cbc_Model, void (*)(Cbc_Model*)> model(api.newModel(), api.deleteModel);
    api.loadProblem(model.get(), int(n), int(inst.rows), start.data(), index.data(), value.data(),
                    col_lb.data(), col_ub.data(), obj.data(), row_lb.data(), row_ub.data());
    for (std::size_t j = 0; j < n; ++j) api.setInteger(model.get(), int(j));
    api.setObjSense(model.get(), 1.0);
    api.setLogLevel(model.get(), 0);
    api.setParameter(model.get(), "threads", "1");
    api.setParameter(model.get(), "randomSeed", "1");
    api.setParameter(model.get(), "randomCbcSeed", "1");
    if (seconds > 0) api.setMaximumSeconds(model.get(), seconds);
    api.solve(model.get());
    const double* x = api.getColSolution(model.get());
    if (x == nullptr || api.isProvenInfeasible(model.get())) {
      throw InputError("minimal exact: the CBC solver found no cover");
    }
    out.optimal = api.isProvenOptimal(model.get()) != 0;
    double bound = api.getBestPossibleObjValue(model.get());
    out.lower_bound = out.forced + std::size_t(std::max(0.0, std::ceil(bound - 1e-6)));
    out.nodes = api.getNodeCount(model.get());
    for (std::size_t j = 0; j < n; ++j) {
      if (x[j] > 0.5) taken[std::size_t(inst.columns[j])] = 1;
    }
  }
  for (std::size_t j = 0; j < input.size(); ++j) {
    if (taken[j]) out.chosen.push_back(int(j));
  }
  if (out.optimal) out.lower_bound = out.chosen.size();
  if (!covers_all(input, out.chosen)) {
    throw InputError("minimal exact: the solver's answer does not cover every sequence");
  }
  return out;
}

}  // namespace manyworlds::tetris
