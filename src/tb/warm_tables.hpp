// SPDX-License-Identifier: GPL-3.0-or-later
// Which Syzygy tables are ready to be probed from several threads at once.
//
// Fathom maps a table and reads its header the first time a probe needs it. Its own lock
// around that step is compiled out of Debian's libfathom (built with TB_NO_THREADS), so two
// search threads meeting a new table at the same moment both set it up: a data race. Taper
// therefore probes a material without a lock only once every table such a probe can reach is
// set up: its own and those of every material its captures lead to (Fathom's WDL probe
// searches captures first). The first probe of a material takes the lock and sets them all
// up, one quiet position each; afterwards probes of it run freely, as Fathom's own locked
// build would. Internal to tb/syzygy.cpp and its tests.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "board/position.hpp"

namespace taper::syzygy {

/// Piece counts of both sides (kings not counted).
struct MaterialCount {
  std::array<std::array<uint8_t, KING>, COLOR_NB> count{};  // [colour][PAWN..QUEEN]

  /// Exact key: the ten counts, four bits each.
  uint64_t key() const;
  /// The table name with White's side first, e.g. "KQPvKR".
  std::string name() const;
  bool operator==(const MaterialCount&) const = default;
};

MaterialCount material_of(const Position& pos);

/// `m` and every material a sequence of captures (with capture-promotions) leads to.
std::vector<MaterialCount> capture_closure(const MaterialCount& m);

/// A legal position of material `m`, White to move, in which no capture is possible (so that a
/// probe reads this material's table before any other); empty if none was found.
std::string quiet_fen(const MaterialCount& m);

/// Materials whose probes need no lock: written under the probe lock, read without one.
class WarmMaterials {
 public:
  bool contains(uint64_t key) const;
  /// False when full (the material then keeps being probed under the lock).
  bool insert(uint64_t key);
  void clear();

 private:
  static constexpr size_t Slots = 4096;
  std::array<std::atomic<uint64_t>, Slots> slots_{};  // key + 1; 0 = empty
};

/// The first-probe guard: which tables exist, which are set up, which materials are warm.
class TableWarmup {
 public:
  /// After (re)loading: `wdlTables` are the loaded WDL table names; nothing is set up yet.
  void reset(const std::set<std::string>& wdlTables);
  bool warm(const MaterialCount& m) const { return warm_.contains(m.key()); }
  /// With the probe lock held: sets up every table a probe of `m` can reach, calling
  /// `probe(pos)` on one quiet position of each, then marks `m` warm. False if some table
  /// could not be reached (then `m` stays cold and is probed under the lock).
  template <class Probe>
  bool warm_up(const MaterialCount& m, Probe&& probe);

 private:
  bool loaded(const MaterialCount& m) const;

  WarmMaterials warm_;
  std::set<std::string> tables_;     // loaded WDL tables
  std::set<uint64_t> setUp_;         // materials whose table has been probed (under the lock)
};

template <class Probe>
bool TableWarmup::warm_up(const MaterialCount& m, Probe&& probe) {
  bool all = true;
  for (const MaterialCount& d : capture_closure(m)) {
    if (setUp_.count(d.key()) || !loaded(d)) continue;
    std::string fen = quiet_fen(d);
    Position pos;
    if (fen.empty() || !pos.set(fen, false)) {
      all = false;
      continue;
    }
    probe(pos);
    setUp_.insert(d.key());
  }
  return all && warm_.insert(m.key());
}

}  // namespace taper::syzygy
