// SPDX-License-Identifier: GPL-3.0-or-later
// The solved tables: built on request of whoever calls build_*() (never by a probe), published
// with release stores so that search threads read them without locks.
#include "bitbase/tables.hpp"

#include <time.h>

#include <array>
#include <atomic>
#include <chrono>
#include <mutex>

#include "bitbase/archive.hpp"
#include "core/bitboard.hpp"

namespace taper::bitbase {

namespace {

constexpr int Codes = 64;  // Material::code() range

constexpr Material Kpk{PAWN, NO_PIECE_TYPE};

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

class Store {
 public:
  const Table* ready(Material m) const { return ready_[m.code()].load(std::memory_order_acquire); }

  /// Builds `m` and what it needs, unless already there.
  const Table* ensure(Material m) {
    std::lock_guard lock(buildMutex_);
    return ensure_locked(m);
  }

  void build_four_man() {
    std::lock_guard lock(buildMutex_);
    for (Material m : StoredEndings) ensure_locked(m);
    fourManReady_.store(true, std::memory_order_release);
  }

  void release_four_man() {
    std::lock_guard lock(buildMutex_);
    fourManReady_.store(false, std::memory_order_release);
    for (int code = 0; code < Codes; ++code)
      if (owned_[code] && owned_[code]->material().men() == 4) {
        ready_[code].store(nullptr, std::memory_order_release);
        owned_[code].reset();
      }
  }

  bool four_man_ready() const { return fourManReady_.load(std::memory_order_acquire); }

  std::vector<TableInfo> infos() {
    std::lock_guard lock(buildMutex_);
    std::vector<TableInfo> out;
    for (int code = 0; code < Codes; ++code)
      if (owned_[code])
        out.push_back({signature(owned_[code]->material()), owned_[code]->bytes(), seconds_[code], cpuSeconds_[code],
                       builtIn_[code]});
    return out;
  }

 private:
  const Table* ensure_locked(Material m) {
    if (const Table* t = ready(m)) return t;
    // Built into the binary (solved when it was compiled): unpacked in milliseconds.
    auto start = std::chrono::steady_clock::now();
    double cpuStart = thread_cpu_seconds();
    size_t archiveSize = 0;
    const uint8_t* archive = embedded_archive(archiveSize);
    std::unique_ptr<Table> table = read_from_archive(archive, archiveSize, m);
    builtIn_[m.code()] = table != nullptr;
    if (!table) {
      // Otherwise solved here, after what its captures and promotions lead to.
      for (Material sub : sub_materials(m)) ensure_locked(sub);
      start = std::chrono::steady_clock::now();
      cpuStart = thread_cpu_seconds();
      auto lookup = [this](Material sub, const Config& c) {
        if (dead_draw(sub)) return Wdl::Draw;
        const Table* t = ready(sub);
        return t->get(t->index_of(c));
      };
      table = solve(m, lookup);
    }
    seconds_[m.code()] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    cpuSeconds_[m.code()] = thread_cpu_seconds() - cpuStart;
    owned_[m.code()] = std::move(table);
    ready_[m.code()].store(owned_[m.code()].get(), std::memory_order_release);
    return owned_[m.code()].get();
  }

  std::array<std::atomic<const Table*>, Codes> ready_{};
  std::array<std::unique_ptr<Table>, Codes> owned_;  // guarded by buildMutex_
  std::array<double, Codes> seconds_{}, cpuSeconds_{};
  std::array<bool, Codes> builtIn_{};
  std::atomic<bool> fourManReady_{false};
  std::mutex buildMutex_;
};

Store& store() {
  static Store s;
  return s;
}

/// The material and squares of `pos`, if it is of a solvable kind.
bool describe(const Position& pos, Material& m, Config& c) {
  if (popcount(pos.pieces()) > 4 || pos.castling_rights()) return false;
  c.stm = pos.side_to_move();
  for (Color side : {WHITE, BLACK}) {
    Bitboard others = pos.pieces(side) & ~pos.pieces(KING);
    if (more_than_one(others)) return false;
    c.king[side] = pos.king_square(side);
    c.piece[side] = others ? lsb(others) : SQ_NONE;
    (side == WHITE ? m.white : m.black) = others ? type_of(pos.piece_on(lsb(others))) : NO_PIECE_TYPE;
  }
  if (!m.supported() || m.men() < 3) return false;
  if (!m.canonical()) {
    m = Material{m.black, m.white};
    c = swap_colours(c);
  }
  return true;
}

}  // namespace

void build_three_man() {
  // Once per process: the cheap path after the first call is one atomic load.
  if (store().ready(Kpk)) return;
  init_bitboards();
  store().ensure(Kpk);
}

void build_four_man() {
  init_bitboards();
  store().build_four_man();
}

void release_four_man() { store().release_four_man(); }

bool four_man_ready() { return store().four_man_ready(); }

bool probe(const Position& pos, Wdl& result) {
  Material m;
  Config c;
  if (!describe(pos, m, c)) return false;
  const Table* t = store().ready(m);
  if (!t) return false;
  result = t->get(t->index_of(c));
  return true;
}

bool kpk_wins(Square strongKing, Square pawn, Square weakKing, bool strongToMove) {
  if (rank_of(pawn) == RANK_1 || rank_of(pawn) == RANK_8) return false;
  const Table* t = store().ready(Kpk);
  if (!t) return false;  // not built: endgames::init() builds it before any evaluation
  Config c;
  c.king[WHITE] = strongKing;
  c.king[BLACK] = weakKing;
  c.piece[WHITE] = pawn;
  c.piece[BLACK] = SQ_NONE;
  c.stm = strongToMove ? WHITE : BLACK;
  // Positions that cannot occur are stored as draws, which is what the callers want.
  return t->get(t->index_of(c)) == (strongToMove ? Wdl::Win : Wdl::Loss);
}

bool build_now(const Position& pos) {
  Material m;
  Config c;
  if (!describe(pos, m, c)) return false;
  init_bitboards();
  return store().ensure(m) != nullptr;
}

std::vector<TableInfo> ready_tables() { return store().infos(); }

}  // namespace taper::bitbase
