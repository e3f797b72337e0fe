// SPDX-License-Identifier: GPL-3.0-or-later
// Syzygy probing through Fathom (Debian's libfathom, or compiled in from its source): folder checks, table counting, position conversion, probes.
#include "tb/syzygy.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>

#include "board/movegen.hpp"
#include "tb/warm_tables.hpp"

#if TAPER_HAS_FATHOM
#include <tbprobe.h>
#endif

namespace taper::syzygy {

namespace {

namespace fs = std::filesystem;

/// "KQvKR" style table name: a king first on each side, then queens..pawns, at most 7 men.
bool valid_table_name(const std::string& stem) {
  size_t v = stem.find('v');
  if (v == std::string::npos || stem.size() > 8) return false;
  for (std::string side : {stem.substr(0, v), stem.substr(v + 1)}) {
    if (side.empty() || side[0] != 'K') return false;
    if (side.find_first_not_of("QRBNP", 1) != std::string::npos) return false;
  }
  return true;
}

/// The four magic bytes every Syzygy file starts with (WDL and DTZ differ).
bool has_magic(const fs::path& file, const unsigned char (&magic)[4]) {
  std::ifstream in(file, std::ios::binary);
  unsigned char head[4] = {};
  return in.read(reinterpret_cast<char*>(head), 4) && std::equal(head, head + 4, magic);
}

constexpr unsigned char WdlMagic[4] = {0x71, 0xE8, 0x23, 0x5D};
constexpr unsigned char DtzMagic[4] = {0xD7, 0x66, 0x0C, 0xA5};

// Folders are separated as in PATH and as Fathom expects: ';' on Windows, where "C:\tb" has a
// colon of its own, ':' elsewhere.
#ifdef _WIN32
constexpr char PathSeparator = ';';
#else
constexpr char PathSeparator = ':';
#endif

std::vector<std::string> split_paths(const std::string& paths) {
  std::vector<std::string> out;
  std::stringstream ss(paths);
  for (std::string p; std::getline(ss, p, PathSeparator);)
    if (!p.empty()) out.push_back(p);
  return out;
}

#if TAPER_HAS_FATHOM
int loadedLargest = 0;

// Fathom sets a table up on its first probe, unlocked in Debian's libfathom (TB_NO_THREADS).
// Everything that may set one up runs under this lock: loading, root probes, and the first
// probe of each material, which sets up all the tables its probes can reach
// (tb/warm_tables.hpp). Later WDL probes of a warm material take no lock.
std::mutex probeMutex;
TableWarmup warmup;

/// Runs `f` with the process's stderr captured, then writes back everything except Fathom's
/// "munmap: ..." lines. Fathom's unmap_file reports an error when munmap *succeeds* (its test is
/// inverted), so each table released by a second tb_init prints a stale errno. The memory is
/// unmapped correctly; only the message is false, and GUIs show stderr as engine errors.
template <class F>
void without_fathom_unmap_noise(F&& f) {
  std::fflush(stderr);
  FILE* capture = std::tmpfile();
  int saved = capture ? dup(STDERR_FILENO) : -1;
  if (saved < 0 || dup2(fileno(capture), STDERR_FILENO) < 0) {
    if (saved >= 0) close(saved);
    if (capture) std::fclose(capture);
    f();
    return;
  }
  f();
  std::fflush(stderr);
  dup2(saved, STDERR_FILENO);
  close(saved);
  std::rewind(capture);
  char line[512];
  while (std::fgets(line, sizeof line, capture))
    if (std::strncmp(line, "munmap", 6) != 0) std::fputs(line, stderr);
  std::fclose(capture);
}

unsigned fathom_promotion(Move m) {
  if (m.kind() != PROMOTION) return TB_PROMOTES_NONE;
  switch (m.promotion_type()) {
    case QUEEN: return TB_PROMOTES_QUEEN;
    case ROOK: return TB_PROMOTES_ROOK;
    case BISHOP: return TB_PROMOTES_BISHOP;
    default: return TB_PROMOTES_KNIGHT;
  }
}

/// The Taper move that Fathom describes by origin, destination and promotion piece.
Move find_move(const Position& pos, unsigned from, unsigned to, unsigned promotes) {
  for (Move m : MoveList<LEGAL>(pos))
    if (unsigned(m.from()) == from && unsigned(m.to()) == to && fathom_promotion(m) == promotes) return m;
  return Move::none();
}

/// Stockfish's root ranking from a move's DTZ counted from the root (see probe_root's comment).
int rank_of_dtz(int dtz, int rule50, bool hasRepeated) {
  if (dtz > 0) return dtz + rule50 <= 99 && !hasRepeated ? 1000 : 1000 - (dtz + rule50);
  if (dtz < 0) return -dtz * 2 + rule50 < 100 ? -1000 : -1000 + (-dtz + rule50);
  return 0;
}

Wdl wdl_of(unsigned fathomWdl) { return Wdl(int(fathomWdl) - 2); }

int signed_dtz(Wdl wdl, unsigned dtz) { return wdl > Wdl::Draw ? int(dtz) : wdl < Wdl::Draw ? -int(dtz) : 0; }

/// Root ranking from the WDL tables alone (no DTZ tables for this material).
bool probe_root_wdl(const Position& pos, const FathomPosition& f, RootProbe& out) {
  auto rm = std::make_unique<TbRootMoves>();
  if (!tb_probe_root_wdl(f.white, f.black, f.kings, f.queens, f.rooks, f.bishops, f.knights, f.pawns, f.rule50,
                         f.castling, f.ep, f.whiteToMove, true, rm.get()))
    return false;
  int best = -2;
  for (unsigned i = 0; i < rm->size; ++i) {
    const TbRootMove& m = rm->moves[i];
    Wdl wdl = m.tbRank >= 1000 ? Wdl::Win : m.tbRank > 0 ? Wdl::CursedWin : m.tbRank == 0 ? Wdl::Draw
              : m.tbRank > -1000 ? Wdl::BlessedLoss : Wdl::Loss;
    Move move = find_move(pos, TB_MOVE_FROM(m.move), TB_MOVE_TO(m.move), TB_MOVE_PROMOTES(m.move));
    if (!move) return false;
    out.moves.push_back({move, wdl, 0, m.tbRank});
    best = std::max(best, int(wdl));
  }
  out.wdl = out.moves.empty() ? (pos.in_check() ? Wdl::Loss : Wdl::Draw) : Wdl(best);
  return true;
}
#endif

}  // namespace

#if TAPER_HAS_FATHOM
bool compiled_in() { return true; }
#else
bool compiled_in() { return false; }
#endif

const char* to_string(Wdl wdl) {
  switch (wdl) {
    case Wdl::Loss: return "loss";
    case Wdl::BlessedLoss: return "blessed loss";
    case Wdl::Draw: return "draw";
    case Wdl::CursedWin: return "cursed win";
    default: return "win";
  }
}

FathomPosition to_fathom(const Position& pos) {
  return {pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN), pos.pieces(ROOK),
          pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN), unsigned(pos.rule50_count()),
          unsigned(pos.castling_rights()), pos.ep_square() == SQ_NONE ? 0u : unsigned(pos.ep_square()),
          pos.side_to_move() == WHITE};
}

std::vector<Move> RootProbe::best_moves() const {
  std::vector<Move> best;
  int top = -100000;
  for (const RootMove& m : moves) top = std::max(top, m.rank);
  for (const RootMove& m : moves)
    if (m.rank == top) best.push_back(m.move);
  return best;
}

LoadResult init(const std::string& paths) {
  LoadResult r;
  std::vector<std::string> folders = split_paths(paths == "<empty>" ? "" : paths);
  std::vector<std::string> problems, usable;
  std::set<std::string> wdl, dtz;
  for (const std::string& folder : folders) {
    std::error_code ec;
    if (!fs::exists(folder, ec)) {
      problems.push_back("folder '" + folder + "' does not exist");
      continue;
    }
    if (!fs::is_directory(folder, ec)) {
      problems.push_back("'" + folder + "' is not a folder");
      continue;
    }
    fs::directory_iterator it(folder, ec);
    if (ec) {
      problems.push_back("folder '" + folder + "' cannot be read: " + ec.message());
      continue;
    }
    usable.push_back(folder);
    for (; it != fs::directory_iterator(); it.increment(ec)) {
      const fs::path& file = it->path();
      std::string ext = file.extension().string(), stem = file.stem().string();
      bool isWdl = ext == ".rtbw", isDtz = ext == ".rtbz";
      if ((!isWdl && !isDtz) || !valid_table_name(stem)) continue;
      if (!has_magic(file, isWdl ? WdlMagic : DtzMagic)) {
        problems.push_back("table '" + file.string() + "' is unreadable or corrupt (bad header)");
        continue;
      }
      (isWdl ? wdl : dtz).insert(stem);
    }
  }
  r.wdlTables = int(wdl.size());
  r.dtzTables = int(dtz.size());

#if TAPER_HAS_FATHOM
  std::string joined;
  for (const std::string& f : usable) joined += (joined.empty() ? "" : std::string(1, PathSeparator)) + f;
  // tb_init releases the previously loaded tables itself; an empty path leaves none.
  bool initialised = false;
  {
    std::lock_guard lock(probeMutex);
    without_fathom_unmap_noise([&] { initialised = tb_init(joined.c_str()); });
    warmup.reset(joined.empty() ? std::set<std::string>{} : wdl);
  }
  if (!initialised) problems.push_back("Fathom failed to initialise");
  loadedLargest = joined.empty() ? 0 : int(TB_LARGEST);
  r.largest = loadedLargest;
  r.message = "Syzygy: " + std::to_string(r.wdlTables) + " WDL and " + std::to_string(r.dtzTables) +
              " DTZ tables for up to " + std::to_string(r.largest) + " pieces";
#else
  r.wdlTables = r.dtzTables = 0;
  r.message = "Syzygy prober not available: this build has no Fathom (tables ignored; everything else works)";
  problems.clear();
#endif
  r.ok = problems.empty() && compiled_in();
  for (const std::string& p : problems) r.message += "; " + p;
  return r;
}

#if TAPER_HAS_FATHOM
int max_pieces() { return loadedLargest; }

namespace {

unsigned fathom_wdl(const Position& pos) {
  FathomPosition f = to_fathom(pos);
  return tb_probe_wdl(f.white, f.black, f.kings, f.queens, f.rooks, f.bishops, f.knights, f.pawns, 0, 0, f.ep,
                      f.whiteToMove);
}

}  // namespace

bool probe_wdl(const Position& pos, Wdl& result) {
  if (pos.castling_rights() || pos.rule50_count() || popcount(pos.pieces()) > loadedLargest) return false;
  MaterialCount material = material_of(pos);
  unsigned r;
  if (warmup.warm(material)) {
    r = fathom_wdl(pos);
  } else {
    std::lock_guard lock(probeMutex);
    warmup.warm_up(material, [](const Position& quiet) { fathom_wdl(quiet); });
    r = fathom_wdl(pos);
  }
  if (r == TB_RESULT_FAILED) return false;
  result = wdl_of(r);
  return true;
}

// Per move, Fathom's root probe gives the DTZ counted from the root (one ply added for the
// move, 1 for a mating move) and the WDL that this DTZ means under the root's fifty-move clock.
bool probe_root(const Position& pos, bool hasRepeated, RootProbe& out) {
  out = RootProbe{};
  if (pos.castling_rights() || popcount(pos.pieces()) > loadedLargest) return false;
  std::lock_guard lock(probeMutex);  // once per search; sets up DTZ tables on first use
  FathomPosition f = to_fathom(pos);
  unsigned results[TB_MAX_MOVES];
  unsigned root = tb_probe_root(f.white, f.black, f.kings, f.queens, f.rooks, f.bishops, f.knights, f.pawns, f.rule50,
                                0, f.ep, f.whiteToMove, results);
  if (root == TB_RESULT_FAILED) return probe_root_wdl(pos, f, out);
  if (root == TB_RESULT_CHECKMATE || root == TB_RESULT_STALEMATE) {
    out.wdl = root == TB_RESULT_CHECKMATE ? Wdl::Loss : Wdl::Draw;
    return true;
  }
  out.wdl = wdl_of(TB_GET_WDL(root));
  out.dtz = signed_dtz(out.wdl, TB_GET_DTZ(root));
  for (unsigned i = 0; i < TB_MAX_MOVES && results[i] != TB_RESULT_FAILED; ++i) {
    unsigned res = results[i];
    Move move = find_move(pos, TB_GET_FROM(res), TB_GET_TO(res), TB_GET_PROMOTES(res));
    if (!move) return false;
    Wdl wdl = wdl_of(TB_GET_WDL(res));
    int dtz = signed_dtz(wdl, TB_GET_DTZ(res));
    out.moves.push_back({move, wdl, dtz, rank_of_dtz(dtz, f.rule50, hasRepeated)});
  }
  return true;
}
#else
int max_pieces() { return 0; }
bool probe_wdl(const Position&, Wdl&) { return false; }
bool probe_root(const Position&, bool, RootProbe& out) {
  out = RootProbe{};
  return false;
}
#endif

}  // namespace taper::syzygy
