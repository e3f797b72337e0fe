// SPDX-License-Identifier: GPL-3.0-or-later
// The opening plies a review leaves unmarked: a small tree of main lines, well-known theory that
// any sane engine or master plays, written out here by name. An engine's search at a second a
// move will prefer one of several equal developing moves, and a player should not be told that
// 4.Ba4 in the Ruy Lopez was an inaccuracy. Moves beyond the tree (or a game from a set-up
// position) are judged on their own, however early.
#include <algorithm>
#include <sstream>

#include "board/notation.hpp"
#include "tools/review.hpp"

namespace taper::tools {

namespace {

// "Family: variation | SAN moves from the start position". Lines of one family first-to-last from
// the most common; the family name alone is given when a game leaves two of its lines at once.
constexpr const char* BookLines = R"(
Ruy Lopez: Closed | e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7
Ruy Lopez: Closed, Chigorin | e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Na5 Bc2 c5 d4 Qc7
Ruy Lopez: Marshall Attack | e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 O-O c3 d5 exd5 Nxd5 Nxe5 Nxe5 Rxe5 c6
Ruy Lopez: Open | e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Nxe4 d4 b5 Bb3 d5 dxe5 Be6
Ruy Lopez: Berlin Defence | e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 d4 Nd6 Bxc6 dxc6 dxe5 Nf5 Qxd8+ Kxd8
Ruy Lopez: Berlin Defence, d3 | e4 e5 Nf3 Nc6 Bb5 Nf6 d3 Bc5 c3 O-O O-O d6
Ruy Lopez: Exchange Variation | e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O f6 d4 exd4 Nxd4 c5
Italian Game: Giuoco Piano | e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O O-O Re1 a6
Italian Game: Giuoco Piano, Main Line | e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Bd2 Bxd2+ Nbxd2 d5
Italian Game: Giuoco Pianissimo | e4 e5 Nf3 Nc6 Bc4 Bc5 d3 Nf6 O-O d6 c3 O-O
Italian Game: Evans Gambit | e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d6 cxd4 Bb6
Italian Game: Two Knights Defence | e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 d5 exd5 Na5 Bb5+ c6 dxc6 bxc6 Be2 h6 Nf3 e4 Ne5
Italian Game: Two Knights Defence, d3 | e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Be7 O-O O-O Re1 d6
Italian Game: Hungarian Defence | e4 e5 Nf3 Nc6 Bc4 Be7 d4 d6
Scotch Game: Mieses Variation | e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nxc6 bxc6 e5 Qe7 Qe2 Nd5 c4 Ba6
Scotch Game: Classical | e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Bc5 Be3 Qf6 c3 Nge7 Bc4
Scotch Game: Scotch Gambit | e4 e5 Nf3 Nc6 d4 exd4 Bc4 Nf6 e5 d5 Bb5 Ne4
Four Knights Game | e4 e5 Nf3 Nc6 Nc3 Nf6 Bb5 Bb4 O-O O-O d3 d6
Four Knights Game: Scotch | e4 e5 Nf3 Nc6 Nc3 Nf6 d4 exd4 Nxd4 Bb4 Nxc6 bxc6 Bd3 d5
Petrov Defence | e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 d4 d5 Bd3 Nc6 O-O Be7 c4 Nb4
Petrov Defence: Three Knights | e4 e5 Nf3 Nf6 Nc3 Nc6 Bb5 Bb4 O-O O-O
Philidor Defence | e4 e5 Nf3 d6 d4 exd4 Nxd4 Nf6 Nc3 Be7 Bf4 O-O
Philidor Defence: Lion Variation | e4 e5 Nf3 d6 d4 Nf6 Nc3 Nbd7 Bc4 Be7 O-O O-O
King's Gambit: Accepted, Kieseritzky | e4 e5 f4 exf4 Nf3 g5 h4 g4 Ne5 Nf6 Bc4 d5 exd5 Bd6
King's Gambit: Accepted, Schallopp Defence | e4 e5 f4 exf4 Nf3 Nf6 e5 Nh5
King's Gambit: Accepted, Modern Defence | e4 e5 f4 exf4 Nf3 d5 exd5 Nf6 Bb5+ c6 dxc6 Nxc6
King's Gambit: Declined, Classical | e4 e5 f4 Bc5 Nf3 d6 c3 Nf6 fxe5 dxe5
Vienna Game | e4 e5 Nc3 Nf6 f4 d5 fxe5 Nxe4 Nf3 Be7
Vienna Game: Falkbeer | e4 e5 Nc3 Nf6 Bc4 Nxe4 Qh5 Nd6 Bb3 Nc6
Bishop's Opening | e4 e5 Bc4 Nf6 d3 c6 Nf3 d5 Bb3 Bd6
Centre Game | e4 e5 d4 exd4 Qxd4 Nc6 Qe3 Nf6 Nc3 Bb4 Bd2 O-O
Sicilian Defence: Najdorf Variation | e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O
Sicilian Defence: Najdorf Variation, 6.Bg5 | e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Bg5 e6 f4 Be7 Qf3 Qc7
Sicilian Defence: Najdorf Variation, 6.Be2 | e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be2 e5 Nb3 Be7 O-O O-O
Sicilian Defence: Dragon Variation | e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6 Be3 Bg7 f3 O-O Qd2 Nc6 Bc4 Bd7
Sicilian Defence: Classical Variation | e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 Nc6 Bg5 e6 Qd2 a6 O-O-O Bd7
Sicilian Defence: Scheveningen Variation | e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 e6 Be2 Be7 O-O O-O f4 Nc6
Sicilian Defence: Moscow Variation | e4 c5 Nf3 d6 Bb5+ Bd7 Bxd7+ Qxd7 c4 Nc6 Nc3 Nf6
Sicilian Defence: Sveshnikov Variation | e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5 Ndb5 d6 Bg5 a6 Na3 b5 Bxf6 gxf6 Nd5 f5
Sicilian Defence: Accelerated Dragon | e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 g6 c4 Bg7 Be3 Nf6 Nc3 O-O
Sicilian Defence: Rossolimo Variation | e4 c5 Nf3 Nc6 Bb5 g6 O-O Bg7 Re1 e5 Bxc6 dxc6
Sicilian Defence: Taimanov Variation | e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6 Nc3 Qc7 Be2 a6 O-O Nf6 Be3 Bb4
Sicilian Defence: Kan Variation | e4 c5 Nf3 e6 d4 cxd4 Nxd4 a6 Bd3 Nf6 O-O Qc7 Qe2 d6
Sicilian Defence: Alapin Variation | e4 c5 c3 Nf6 e5 Nd5 d4 cxd4 Nf3 Nc6 cxd4 d6
Sicilian Defence: Alapin Variation, 2...d5 | e4 c5 c3 d5 exd5 Qxd5 d4 Nf6 Nf3 Bg4
Sicilian Defence: Closed | e4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7 d3 d6 Be3 e6
Sicilian Defence: Smith-Morra Gambit | e4 c5 d4 cxd4 c3 dxc3 Nxc3 Nc6 Nf3 d6 Bc4 e6 O-O Nf6 Qe2 Be7
French Defence: Winawer Variation | e4 e6 d4 d5 Nc3 Bb4 e5 c5 a3 Bxc3+ bxc3 Ne7 Qg4 Qc7
French Defence: Classical Variation | e4 e6 d4 d5 Nc3 Nf6 Bg5 Be7 e5 Nfd7 Bxe7 Qxe7 f4 O-O
French Defence: Steinitz Variation | e4 e6 d4 d5 Nc3 Nf6 e5 Nfd7 f4 c5 Nf3 Nc6 Be3 cxd4
French Defence: Rubinstein Variation | e4 e6 d4 d5 Nc3 dxe4 Nxe4 Nd7 Nf3 Ngf6
French Defence: Advance Variation | e4 e6 d4 d5 e5 c5 c3 Nc6 Nf3 Qb6 a3 c4
French Defence: Tarrasch Variation | e4 e6 d4 d5 Nd2 Nf6 e5 Nfd7 Bd3 c5 c3 Nc6 Ne2 cxd4 cxd4 f6
French Defence: Exchange Variation | e4 e6 d4 d5 exd5 exd5 Nf3 Nf6 Bd3 Bd6 O-O O-O
Caro-Kann Defence: Classical Variation | e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6 h4 h6 Nf3 Nd7 h5 Bh7 Bd3 Bxd3 Qxd3 e6
Caro-Kann Defence: Karpov Variation | e4 c6 d4 d5 Nc3 dxe4 Nxe4 Nd7 Nf3 Ngf6 Nxf6+ Nxf6
Caro-Kann Defence: Advance Variation | e4 c6 d4 d5 e5 Bf5 Nf3 e6 Be2 c5 O-O Nc6
Caro-Kann Defence: Exchange Variation | e4 c6 d4 d5 exd5 cxd5 Bd3 Nc6 c3 Nf6 Bf4 Bg4
Caro-Kann Defence: Panov Attack | e4 c6 d4 d5 exd5 cxd5 c4 Nf6 Nc3 e6 Nf3 Be7
Caro-Kann Defence: Two Knights | e4 c6 Nc3 d5 Nf3 Bg4 h3 Bxf3 Qxf3 e6
Scandinavian Defence | e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 c6 Bc4 Bf5
Scandinavian Defence: Modern | e4 d5 exd5 Nf6 d4 Nxd5 c4 Nb6 Nf3 g6
Pirc Defence | e4 d6 d4 Nf6 Nc3 g6 f4 Bg7 Nf3 O-O Bd3 Na6
Pirc Defence: Classical | e4 d6 d4 Nf6 Nc3 g6 Nf3 Bg7 Be2 O-O O-O c6
Modern Defence | e4 g6 d4 Bg7 Nc3 d6 Be3 a6 Qd2 Nd7
Alekhine Defence | e4 Nf6 e5 Nd5 d4 d6 Nf3 Bg4 Be2 e6 O-O Be7 c4 Nb6
Queen's Gambit Declined: Orthodox | d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6 cxd5 Nxd5
Queen's Gambit Declined: Exchange Variation | d4 d5 c4 e6 Nc3 Nf6 cxd5 exd5 Bg5 Be7 e3 c6 Bd3 Nbd7 Qc2 O-O
Queen's Gambit Declined: Harrwitz Attack | d4 d5 c4 e6 Nc3 Nf6 Nf3 Be7 Bf4 O-O e3 c5
Queen's Gambit Declined: Tarrasch Defence | d4 d5 c4 e6 Nc3 c5 cxd5 exd5 Nf3 Nc6 g3 Nf6 Bg2 Be7 O-O O-O
Queen's Gambit Accepted | d4 d5 c4 dxc4 Nf3 Nf6 e3 e6 Bxc4 c5 O-O a6 dxc5 Qxd1 Rxd1 Bxc5
Slav Defence | d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5 e3 e6 Bxc4 Bb4 O-O O-O
Slav Defence: Exchange Variation | d4 d5 c4 c6 cxd5 cxd5 Nc3 Nf6 Bf4 Nc6 e3 Bf5
Semi-Slav Defence | d4 d5 c4 c6 Nf3 Nf6 Nc3 e6 e3 Nbd7 Bd3 dxc4 Bxc4 b5 Bd3 Bb7
Semi-Slav Defence: Botvinnik System | d4 d5 c4 c6 Nf3 Nf6 Nc3 e6 Bg5 dxc4 e4 b5 e5 h6 Bh4 g5
Nimzo-Indian Defence: Classical Variation | d4 Nf6 c4 e6 Nc3 Bb4 Qc2 O-O a3 Bxc3+ Qxc3 b6 Bg5 Bb7
Nimzo-Indian Defence: Rubinstein Variation | d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5 Nf3 c5 O-O Nc6 a3 Bxc3 bxc3 dxc4
Queen's Indian Defence | d4 Nf6 c4 e6 Nf3 b6 g3 Ba6 b3 Bb4+ Bd2 Be7 Bg2 c6 Bc3 d5
Bogo-Indian Defence | d4 Nf6 c4 e6 Nf3 Bb4+ Bd2 Qe7 g3 Nc6 Bg2 Bxd2+ Nbxd2 d6
Catalan Opening | d4 Nf6 c4 e6 g3 d5 Bg2 Be7 Nf3 O-O O-O dxc4 Qc2 a6 Qxc4 b5
King's Indian Defence: Classical Variation | d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6 d5 Ne7 Ne1 Nd7
King's Indian Defence: Samisch Variation | d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 f3 O-O Be3 e5 d5 c6
King's Indian Defence: Fianchetto Variation | d4 Nf6 c4 g6 Nf3 Bg7 g3 O-O Bg2 d6 O-O Nbd7 Nc3 e5
Grunfeld Defence: Exchange Variation | d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5 e4 Nxc3 bxc3 Bg7 Nf3 c5 Rb1 O-O Be2 cxd4 cxd4 Qa5+
Grunfeld Defence: Russian System | d4 Nf6 c4 g6 Nc3 d5 Nf3 Bg7 Qb3 dxc4 Qxc4 O-O e4 Bg4
Benoni Defence: Modern | d4 Nf6 c4 c5 d5 e6 Nc3 exd5 cxd5 d6 e4 g6 Nf3 Bg7 Be2 O-O O-O Re8
Benko Gambit | d4 Nf6 c4 c5 d5 b5 cxb5 a6 bxa6 g6 Nc3 Bxa6 e4 Bxf1 Kxf1 d6
Dutch Defence: Stonewall | d4 f5 g3 Nf6 Bg2 e6 Nf3 d5 O-O Bd6 c4 c6
Dutch Defence: Classical | d4 f5 g3 Nf6 Bg2 e6 Nf3 Be7 O-O O-O c4 d6 Nc3 Qe8
Dutch Defence: Leningrad Variation | d4 f5 g3 Nf6 Bg2 g6 Nf3 Bg7 O-O O-O c4 d6 Nc3 Qe8
London System | d4 d5 Bf4 Nf6 e3 e6 Nf3 c5 c3 Nc6 Nbd2 Bd6 Bg3 O-O
London System: King's Indian Setup | d4 Nf6 Bf4 g6 e3 Bg7 Nf3 O-O Be2 d6 h3 c5
Colle System | d4 d5 Nf3 Nf6 e3 e6 Bd3 c5 c3 Nc6 Nbd2 Bd6 O-O O-O
Trompowsky Attack | d4 Nf6 Bg5 Ne4 Bf4 c5 f3 Qa5+ c3 Nf6 Nd2 cxd4
English Opening: Reversed Sicilian | c4 e5 Nc3 Nf6 Nf3 Nc6 g3 d5 cxd5 Nxd5 Bg2 Nb6 O-O Be7
English Opening: Symmetrical Variation | c4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7 Nf3 e6 O-O Nge7 d3 O-O
English Opening: Anglo-Indian | c4 Nf6 Nc3 e6 Nf3 d5 d4 Be7 Bf4 O-O
Reti Opening | Nf3 d5 c4 e6 g3 Nf6 Bg2 Be7 O-O O-O b3 c5
Reti Opening: King's Indian Attack | Nf3 Nf6 g3 g6 Bg2 Bg7 O-O O-O d3 d6 e4 e5
Reti Opening: Slav Setup | Nf3 d5 g3 Nf6 Bg2 c6 O-O Bg4 d3 Nbd7
)";

struct BookLine {
  std::string name;
  std::vector<Move> moves;
  int words = 0;  // the moves written; more than moves.size() if one did not replay
};

/// The lines replayed into moves once. A line that does not replay legally is cut where it
/// stops (the unit test checks that none does).
const std::vector<BookLine>& book_lines() {
  static const std::vector<BookLine> lines = [] {
    std::vector<BookLine> out;
    std::istringstream in(BookLines);
    for (std::string text; std::getline(in, text);) {
      const size_t bar = text.find('|');
      if (bar == std::string::npos) continue;
      BookLine line;
      line.name = text.substr(0, text.find_last_not_of(' ', bar - 1) + 1);
      Position pos;
      std::istringstream san(text.substr(bar + 1));
      for (std::string word; san >> word;) {
        ++line.words;
        const Move m = line.moves.size() + 1 == size_t(line.words) ? parse_san_move(pos, word) : Move::none();
        if (m == Move::none()) continue;
        line.moves.push_back(m);
        pos.do_move(m);
      }
      out.push_back(std::move(line));
    }
    return out;
  }();
  return lines;
}

std::string family(const std::string& name) { return name.substr(0, name.find(':')); }

}  // namespace

std::vector<std::string> book_lines_not_replaying() {
  std::vector<std::string> bad;
  for (const BookLine& line : book_lines())
    if (int(line.moves.size()) != line.words) bad.push_back(line.name);
  return bad;
}

BookPrefix book_prefix(const PgnGame& game) {
  BookPrefix out;
  if (game.startFen != Position::StartFen) return out;
  std::vector<const BookLine*> best;
  for (const BookLine& line : book_lines()) {
    int k = 0;
    while (k < int(line.moves.size()) && k < int(game.moves.size()) && line.moves[size_t(k)] == game.moves[size_t(k)].move) ++k;
    if (k > out.plies) out.plies = k, best.clear();
    if (k == out.plies && k > 0) best.push_back(&line);
  }
  // The name once the game is recognisably in one opening: its variation if only one line
  // matches that far, the family if several lines of one family do.
  if (out.plies >= 3 && !best.empty()) {
    const std::string fam = family(best[0]->name);
    const bool oneFamily = std::all_of(best.begin(), best.end(), [&](const BookLine* l) { return family(l->name) == fam; });
    if (best.size() == 1) out.name = best[0]->name;
    else if (oneFamily) out.name = fam;
  }
  return out;
}

}  // namespace taper::tools
