// SPDX-License-Identifier: GPL-3.0-or-later
// lichess's table of named openings (src/review/openings/a.tsv .. e.tsv, CC0), built into the
// binary by cmake/openings.cmake: each file's text as published, rows `eco<TAB>name<TAB>pgn`
// after a header row.
#pragma once

#include <cstddef>
#include <string_view>

namespace taper {

inline constexpr size_t OpeningTableCount = 5;
extern const std::string_view OpeningTables[OpeningTableCount];

}  // namespace taper
