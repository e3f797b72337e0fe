// SPDX-License-Identifier: GPL-3.0-or-later
// Search constants as one table (tunables.def): compile-time constants in a normal build,
// UCI-settable variables in a tunable build (-DTAPER_TUNABLE_SEARCH, `make TUNABLE=1`) for SPSA.
#pragma once

#include <span>
#include <string>

namespace taper {

namespace tunable {
#ifdef TAPER_TUNABLE_SEARCH
#define TUNABLE(name, def, lo, hi, step) extern int name;
#else
#define TUNABLE(name, def, lo, hi, step) constexpr int name = def;
#endif
#include "search/tunables.def"
#undef TUNABLE
}  // namespace tunable

/// True when the search constants are variables a UCI option may change.
#ifdef TAPER_TUNABLE_SEARCH
constexpr bool SearchTunablesExposed = true;
#else
constexpr bool SearchTunablesExposed = false;
#endif

struct SearchTunable {
  const char* name;
  int defaultValue, min, max;
  double step;
  /// The live value in a tunable build; nullptr in a normal build (the constant is compiled in).
  int* value;
};

/// Every entry of tunables.def, in file order.
std::span<const SearchTunable> search_tunables();

/// Sets one tunable by name (tunable builds only); returns an error message or empty.
std::string set_search_tunable(const std::string& name, int value);

/// The table in OpenBench's SPSA input format, one line per constant:
/// `name, int, default, min, max, c_end, r_end`.
std::string openbench_spsa_input(double rEnd = 0.002);

}  // namespace taper
