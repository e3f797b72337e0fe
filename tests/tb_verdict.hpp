// SPDX-License-Identifier: GPL-3.0-or-later
// The Syzygy tables (tests/data/syzygy)' verdict on a test position, to double-check hand-made expectations.
#pragma once

#include "board/position.hpp"
#include "tb/syzygy.hpp"
#include "test_data.hpp"

namespace taper::testing {

/// The tables' result for the side to move (-1, 0, 1), or 2 if they cannot say (no Fathom,
/// no tables, or a material they do not cover).
inline int tablebase_verdict(const Position& pos) {
  static bool loaded = syzygy::compiled_in() && syzygy::init(data_path("syzygy")).largest > 0;
  syzygy::Wdl wdl;
  if (!loaded || !syzygy::probe_wdl(pos, wdl)) return 2;
  return wdl > syzygy::Wdl::Draw ? 1 : wdl < syzygy::Wdl::Draw ? -1 : 0;
}

}  // namespace taper::testing
