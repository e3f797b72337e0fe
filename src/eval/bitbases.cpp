// SPDX-License-Identifier: GPL-3.0-or-later
// The solved four-man tables: built once each, on demand, published with release stores so
// that search threads read them without locks.
#include "eval/bitbases.hpp"

#include <array>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "core/bitboard.hpp"

namespace taper::bitbase {

namespace {

constexpr int Codes = 64;  // Material::code() range

std::string signature(Material m) {
  static const char Letters[] = " PNBRQ";
  std::string s = "K";
  if (m.white != NO_PIECE_TYPE) s += Letters[m.white];
  s += "vK";
  if (m.black != NO_PIECE_TYPE) s += Letters[m.black];
  return s;
}

/// Materials one capture or promotion away from `m` (not canonicalised).
std::vector<Material> successors(Material m) {
  std::vector<Material> out;
  for (Color side : {WHITE, BLACK}) {
    PieceType own = side == WHITE ? m.white : m.black;
    Material captured = m;
    (side == WHITE ? captured.black : captured.white) = NO_PIECE_TYPE;
    if (captured != m) out.push_back(captured);
    if (own != PAWN) continue;
    for (PieceType promo : {QUEEN, ROOK, BISHOP, KNIGHT})
      for (Material base : {m, captured}) {
        (side == WHITE ? base.white : base.black) = promo;
        out.push_back(base);
      }
  }
  return out;
}

Material canonical(Material m) { return m.canonical() ? m : Material{m.black, m.white}; }

class Store {
 public:
  ~Store() {
    {
      std::lock_guard lock(queueMutex_);
      stop_ = true;
    }
    stopSolving_.store(true);  // a solve in progress gives up at its next poll
    wake_.notify_all();
    if (worker_.joinable()) worker_.join();
  }

  const Table* ready(Material m) const { return ready_[m.code()].load(std::memory_order_acquire); }

  /// Builds `m` and what it needs, unless already there; nullptr if stopped.
  const Table* ensure(Material m) {
    std::lock_guard lock(buildMutex_);
    return ensure_locked(m);
  }

  void request(Material m) {
    if (!background_.load(std::memory_order_relaxed) || requested_[m.code()].exchange(true)) return;
    std::lock_guard lock(queueMutex_);
    if (stop_) return;
    queue_.push_back(m);
    if (!worker_.joinable()) worker_ = std::thread([this] { work(); });
    wake_.notify_one();
  }

  void set_background(bool on) { background_.store(on, std::memory_order_relaxed); }

  std::vector<TableInfo> infos() {
    std::lock_guard lock(buildMutex_);
    std::vector<TableInfo> out;
    for (int code = 0; code < Codes; ++code)
      if (owned_[code]) out.push_back({signature(owned_[code]->material()), owned_[code]->bytes(), seconds_[code]});
    return out;
  }

 private:
  const Table* ensure_locked(Material m) {
    if (const Table* t = ready(m)) return t;
    for (Material next : successors(m)) {
      Material sub = canonical(next);
      if (sub.men() > 2 && !ensure_locked(sub)) return nullptr;
    }
    auto start = std::chrono::steady_clock::now();
    auto lookup = [this](Material sub, const Config& c) {
      if (sub.men() == 2) return Wdl::Draw;
      const Table* t = ready(sub);
      return t->get(t->index_of(c));
    };
    std::unique_ptr<Table> table = solve(m, lookup, stopSolving_);
    if (!table) return nullptr;
    seconds_[m.code()] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    owned_[m.code()] = std::move(table);
    ready_[m.code()].store(owned_[m.code()].get(), std::memory_order_release);
    return owned_[m.code()].get();
  }

  void work() {
    for (;;) {
      Material m;
      {
        std::unique_lock lock(queueMutex_);
        wake_.wait(lock, [this] { return stop_ || !queue_.empty(); });
        if (stop_) return;
        m = queue_.front();
        queue_.pop_front();
      }
      ensure(m);
    }
  }

  std::array<std::atomic<const Table*>, Codes> ready_{};
  std::array<std::atomic<bool>, Codes> requested_{};
  std::array<std::unique_ptr<Table>, Codes> owned_;  // guarded by buildMutex_
  std::array<double, Codes> seconds_{};
  std::atomic<bool> background_{true};
  std::atomic<bool> stopSolving_{false};
  std::mutex buildMutex_;

  std::mutex queueMutex_;
  std::condition_variable wake_;
  std::deque<Material> queue_;
  bool stop_ = false;
  std::thread worker_;
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

bool probe(const Position& pos, Wdl& result) {
  Material m;
  Config c;
  if (!describe(pos, m, c)) return false;
  const Table* t = store().ready(m);
  if (!t) {
    store().request(m);
    return false;
  }
  result = t->get(t->index_of(c));
  return true;
}

bool build_now(const Position& pos) {
  Material m;
  Config c;
  return describe(pos, m, c) && store().ensure(m) != nullptr;
}

std::vector<TableInfo> ready_tables() { return store().infos(); }

void set_background_builds(bool enabled) { store().set_background(enabled); }

}  // namespace taper::bitbase
