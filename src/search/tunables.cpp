// SPDX-License-Identifier: GPL-3.0-or-later
// The search constants' table: storage in a tunable build, metadata and the SPSA listing always.
#include "search/tunables.hpp"

#include <cstdio>

#include "search/search.hpp"

namespace taper {

#ifdef TAPER_TUNABLE_SEARCH
namespace tunable {
#define TUNABLE(name, def, lo, hi, step) int name = def;
#include "search/tunables.def"
#undef TUNABLE
}  // namespace tunable
#define TUNABLE(name, def, lo, hi, step) {#name, def, lo, hi, step, &tunable::name},
#else
#define TUNABLE(name, def, lo, hi, step) {#name, def, lo, hi, step, nullptr},
#endif
namespace {
const SearchTunable Table[] = {
#include "search/tunables.def"
};
}  // namespace
#undef TUNABLE

std::span<const SearchTunable> search_tunables() { return Table; }

std::string set_search_tunable(const std::string& name, int value) {
  for (const SearchTunable& t : Table) {
    if (name != t.name) continue;
    if (!t.value) return "search constants are compiled in; build with make TUNABLE=1 to tune them";
    if (value < t.min || value > t.max)
      return name + " must be in " + std::to_string(t.min) + ".." + std::to_string(t.max);
    *t.value = value;
    // Reductions are tabulated from LmrBase and LmrDivisor.
    if (name == "LmrBase" || name == "LmrDivisor") init_reduction_table();
    return {};
  }
  return "no search constant named " + name;
}

std::string openbench_spsa_input(double rEnd) {
  std::string out;
  char line[160];
  for (const SearchTunable& t : Table) {
    std::snprintf(line, sizeof line, "%s, int, %d, %d, %d, %g, %g\n", t.name, t.defaultValue, t.min, t.max, t.step,
                  rEnd);
    out += line;
  }
  return out;
}

}  // namespace taper
