// SPDX-License-Identifier: GPL-3.0-or-later
// Enumerates (or samples) every position of each known ending and compares Taper's verdict
// with the Syzygy WDL tables probed through Fathom.
#include "tools/verify_endgames.hpp"

#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <random>
#include <sstream>

#include "bitbase/tables.hpp"
#include "board/position.hpp"
#include "eval/endgames.hpp"
#include "tb/syzygy.hpp"
#include "tools/args.hpp"
#include "tools/subcommands.hpp"

namespace taper {

namespace {

constexpr std::string_view PieceOrder = "QRBNP";  // table names list pieces in this order

/// Every side "K" + up to `extra` pieces, in table-name order.
std::vector<std::string> sides(int extra) {
  std::vector<std::string> out;
  std::function<void(std::string, size_t, int)> grow = [&](std::string s, size_t from, int left) {
    out.push_back(s);
    if (!left) return;
    for (size_t i = from; i < PieceOrder.size(); ++i) grow(s + PieceOrder[i], i, left - 1);
  };
  grow("K", 0, extra);
  return out;
}

/// The pieces of a material signature, White's first (upper case) then Black's.
std::string piece_letters(const std::string& material) {
  size_t v = material.find('v');
  std::string out = material.substr(0, v);
  for (char c : material.substr(v + 1)) out += char(c - 'A' + 'a');
  return out;
}

bool is_pawn(char c) { return c == 'P' || c == 'p'; }

/// FEN of the pieces `letters` on `squares`, side to move `white`.
std::string make_fen(const std::string& letters, const std::vector<int>& squares, bool white) {
  std::string board(64, ' ');
  for (size_t i = 0; i < letters.size(); ++i) board[squares[i]] = letters[i];
  return fen_placement(board) + (white ? " w - - 0 1" : " b - - 0 1");
}

/// Placements before legality: 48 squares for a pawn, 64 for anything else, both sides to move.
double placements(const std::string& letters) {
  double n = 2;
  for (char c : letters) n *= is_pawn(c) ? 48 : 64;
  return n;
}

/// Calls `visit(fen)` for every placement (each position once) or for `count` uniformly drawn
/// legal-looking placements; Position::set rejects the illegal ones afterwards.
void for_each_placement(const std::string& letters, bool all, long count, std::mt19937_64& rng,
                        const std::function<bool(const std::string&)>& visit) {
  std::vector<int> squares(letters.size());
  if (all) {
    std::function<void(size_t)> place = [&](size_t i) {
      if (i == letters.size()) {
        visit(make_fen(letters, squares, true));
        visit(make_fen(letters, squares, false));
        return;
      }
      // Equal pieces in increasing square order, so that each position comes once.
      int first = i > 0 && letters[i] == letters[i - 1] ? squares[i - 1] + 1 : 0;
      for (int s = first; s < 64; ++s) {
        if (is_pawn(letters[i]) && (s < 8 || s >= 56)) continue;
        bool used = false;
        for (size_t j = 0; j < i; ++j) used |= squares[j] == s;
        if (used) continue;
        squares[i] = s;
        place(i + 1);
      }
    };
    place(0);
    return;
  }
  std::uniform_int_distribution<int> square(0, 63);
  for (long accepted = 0; accepted < count;) {
    bool ok = true;
    for (size_t i = 0; i < letters.size() && ok; ++i) {
      squares[i] = square(rng);
      ok = !(is_pawn(letters[i]) && (squares[i] < 8 || squares[i] >= 56));
      for (size_t j = 0; j < i && ok; ++j) ok = squares[j] != squares[i];
    }
    if (ok && visit(make_fen(letters, squares, rng() & 1))) ++accepted;
  }
}

enum Verdict { LOSS = -1, DRAW = 0, WIN = 1 };

/// The tables' verdict, ignoring the fifty-move rule as the evaluators do.
Verdict verdict_of(syzygy::Wdl wdl) {
  return wdl > syzygy::Wdl::Draw ? WIN : wdl < syzygy::Wdl::Draw ? LOSS : DRAW;
}

Verdict verdict_of(Value v) {
  return v >= endgames::KnownWinThreshold ? WIN : v <= -endgames::KnownWinThreshold ? LOSS : DRAW;
}

std::string knowledge_label(const endgames::Known& k) {
  for (const endgames::Registration& r : endgames::registrations())
    if (r.signature == k.name && r.anyPawns) return r.signature + "+P";
  return k.name;
}

/// Checks one position against the tables; returns false if it is not legal.
bool check_position(const std::string& fen, const endgames::Known& known, EndingReport& rep, int show) {
  Position pos;
  if (!pos.set(fen, false)) return false;
  syzygy::Wdl wdl;
  if (!syzygy::probe_wdl(pos, wdl)) return false;
  ++rep.positions;
  Verdict truth = verdict_of(wdl);
  bool wrong = false;
  std::string note;
  if (known.exact) {
    Verdict said = verdict_of(known.exact(pos, known.exactStrong));
    if (said == truth) ++rep.agree;
    else if (said != DRAW && truth == DRAW) ++rep.saidWinIsDraw;
    else if (said == DRAW) ++rep.saidDrawIsWin;
    else ++rep.otherMismatch;
    wrong = said != truth;
    static const char* const Names[] = {"loss", "draw", "win"};
    note = std::string(" (said ") + Names[said + 1] + ", tables " + Names[truth + 1] + ")";
  } else {
    for (Color c : {WHITE, BLACK}) {
      if (!known.scale[c]) continue;
      bool cWins = (pos.side_to_move() == c ? truth : Verdict(-truth)) == WIN;
      rep.nonWins += !cWins;
      if (known.scale[c](pos, c) != ScaleDraw) continue;
      ++rep.claims;
      rep.agree += !cWins;
      wrong |= cWins;
      note = std::string(" (said ") + (c == WHITE ? "White" : "Black") + " cannot win, tables say it wins)";
    }
  }
  if (wrong && int(rep.mismatches.size()) < show) rep.mismatches.push_back(fen + note);
  return true;
}

std::string format_row(const EndingReport& r) {
  char line[256];
  if (r.exact)
    std::snprintf(line, sizeof line, "%-9s %-9s exact %10ld %-6s %7.2f%%   win said but draw %ld, draw said but won %ld, other %ld",
                  r.material.c_str(), r.knowledge.c_str(), r.positions, r.sampled ? "sample" : "all", r.percent(),
                  r.saidWinIsDraw, r.saidDrawIsWin, r.otherMismatch);
  else
    std::snprintf(line, sizeof line, "%-9s %-9s scale %10ld %-6s %7.2f%%   %ld draw claims, covering %.1f%% of non-wins",
                  r.material.c_str(), r.knowledge.c_str(), r.positions, r.sampled ? "sample" : "all", r.percent(),
                  r.claims, r.nonWins ? 100.0 * double(r.claims) / double(r.nonWins) : 0.0);
  return line;
}

}  // namespace

double EndingReport::percent() const {
  long base = exact ? positions : claims;
  return base ? 100.0 * double(agree) / double(base) : 100.0;
}

bool verify_endgames(const VerifyOptions& options, std::vector<EndingReport>& reports, std::string& error,
                     std::ostream* progress) {
  endgames::init();
  // The rules alone, or the rules checked by bitbases built here before each material is
  // counted (the engine builds them at `isready` when its EndgameBitbases option is on).
  syzygy::LoadResult load = syzygy::init(options.tablePath);
  if (!syzygy::compiled_in() || load.largest == 0) {
    error = load.message + (load.largest == 0 && syzygy::compiled_in() ? "; no tables found" : "");
    return false;
  }
  if (progress)
    *progress << "verify-endgames: " << load.message << "; samples of " << options.sample
              << " positions (seed " << options.seed << ") where a material has more than "
              << options.enumerateLimit << " placements, else every legal position\n"
              << "material  knowledge kind   positions method  agree\n";
  std::mt19937_64 rng(options.seed);
  std::vector<std::string> all = sides(load.largest - 2);
  for (const std::string& white : all)
    for (const std::string& black : all) {
      std::string material = white + "v" + black;
      int men = int(material.size()) - 1;
      if (men > load.largest || men == 2) continue;
      if (!options.only.empty() && std::find(options.only.begin(), options.only.end(), material) == options.only.end())
        continue;
      // One legal position of this material tells whether knowledge and tables exist.
      std::string letters = piece_letters(material);
      const endgames::Known* known = nullptr;
      bool inTables = false;
      Position sample;
      for_each_placement(letters, false, 1, rng, [&](const std::string& fen) {
        if (!sample.set(fen, false)) return false;
        syzygy::Wdl wdl;
        known = endgames::lookup(sample);
        inTables = syzygy::probe_wdl(sample, wdl);
        return true;
      });
      if (!known || !inTables) continue;
      if (options.bitbases) bitbase::build_now(sample);

      EndingReport rep;
      rep.material = material;
      rep.knowledge = knowledge_label(*known);
      rep.exact = known->exact != nullptr;
      rep.sampled = placements(letters) > double(options.enumerateLimit);
      for_each_placement(letters, !rep.sampled, options.sample, rng, [&](const std::string& fen) {
        return check_position(fen, *known, rep, options.showMismatches);
      });
      if (progress) {
        *progress << format_row(rep) << "\n";
        for (const std::string& fen : rep.mismatches) *progress << "    mismatch: " << fen << "\n";
        progress->flush();
      }
      reports.push_back(std::move(rep));
    }
  return true;
}

int run_verify_endgames(const std::vector<std::string>& args, std::ostream& out) {
  VerifyOptions options;
  bool rulesOnly = false;
  tools::ArgParser parser(*tools::find_subcommand("verify-endgames"),
                          "Exit code 0 when KPK agrees with the tables everywhere (it must), 1 if not.");
  parser.integer("sample", 0, "positions per material when it is too big to enumerate (default 100000)", options.sample,
                 1, 1LL << 40)
      .integer("enumerate-limit", 0, "enumerate every placement up to N, else sample (default 2000000)",
               options.enumerateLimit, 0, 1LL << 40)
      .integer("seed", 0, "seed of the random samples (default 1)", options.seed, 0, (1LL << 62), "S")
      .list("only", "signatures to check, e.g. KPvK,KRvKP (default: every one with knowledge)", options.only, "SIG,...")
      .integer("show", 0, "print up to N disagreeing FENs per material", options.showMismatches, 0, 1000000)
      .toggle("rules-only", 0, "skip the four-man bitbases (the rules alone)", rulesOnly);
  std::vector<std::string> folders;
  if (auto code = parser.parse(args, folders, out, out)) return *code;
  options.bitbases = !rulesOnly;
  if (folders.empty()) return parser.usage_error("no Syzygy folder given", out);
  if (folders.size() > 1) return parser.usage_error("more than one table folder given", out);
  options.tablePath = folders[0];

  auto start = std::chrono::steady_clock::now();
  std::vector<EndingReport> reports;
  std::string error;
  if (!verify_endgames(options, reports, error, &out)) {
    out << "error: " << error << "\n";
    return 2;
  }
  bool kpkExact = true;
  int below = 0;
  for (const EndingReport& r : reports) {
    if (r.knowledge == "KPvK" && r.agree != r.positions) kpkExact = false;
    below += r.percent() < 99.0;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const bitbase::TableInfo& t : bitbase::ready_tables())
    out << "bitbase " << t.signature << (t.builtIn ? ": built in, unpacked in " : ": solved in ") << t.seconds << " s ("
        << t.cpuSeconds << " s CPU), " << t.bytes / 1024 << " KiB\n";
  out << reports.size() << " materials checked in " << seconds << " s; " << below << " below 99%; KPK "
      << (kpkExact ? "agrees on every position" : "DISAGREES") << "\n";
  return kpkExact ? 0 : 1;
}

namespace tools {

int run_verify_endgames(const Subcommand&, const std::vector<std::string>& args) {
  return taper::run_verify_endgames(args, std::cout);
}

}  // namespace tools

}  // namespace taper
