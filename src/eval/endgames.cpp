// SPDX-License-Identifier: GPL-3.0-or-later
// The registry of known endgames: signatures to material keys, both colours, and lookup.
#include "eval/endgames.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <unordered_map>

#include "bitbase/tables.hpp"
#include "core/zobrist.hpp"
#include "eval/endgames_rules.hpp"

namespace taper::endgames {

namespace {

constexpr std::string_view PieceLetters = "PNBRQK";  // index + 1 = PieceType

/// Piece counts of one signature, [colour][piece type].
struct Material {
  int count[COLOR_NB][PIECE_TYPE_NB] = {};
};

/// Parses "KRPvKR" (first side White). Each side needs exactly one king, written first.
bool parse_signature(std::string_view text, Material& m) {
  size_t v = text.find('v');
  if (v == std::string_view::npos) return false;
  std::string_view sides[COLOR_NB] = {text.substr(0, v), text.substr(v + 1)};
  for (Color c : {WHITE, BLACK}) {
    if (sides[c].empty() || sides[c][0] != 'K') return false;
    for (char letter : sides[c]) {
      size_t idx = PieceLetters.find(letter);
      if (idx == std::string_view::npos) return false;
      ++m.count[c][idx + 1];
    }
    if (m.count[c][KING] != 1 || m.count[c][PAWN] > 8) return false;
  }
  return true;
}

Key key_of(const Material& m) {
  Key k = 0;
  for (Color c : {WHITE, BLACK})
    for (PieceType pt = PAWN; pt <= KING; ++pt)
      for (int n = 0; n < m.count[c][pt]; ++n) k ^= zobrist::MaterialCount[make_piece(c, pt)][n];
  return k;
}

Material swap_colours(const Material& m) {
  Material s;
  for (PieceType pt = PAWN; pt <= KING; ++pt) {
    s.count[WHITE][pt] = m.count[BLACK][pt];
    s.count[BLACK][pt] = m.count[WHITE][pt];
  }
  return s;
}

Registry registry;  // the engine's knowledge, filled once by init(); lookups only read it

[[noreturn]] void die(std::string_view signature, const char* why) {
  std::fprintf(stderr, "known endgames: %.*s %s\n", int(signature.size()), signature.data(), why);
  std::abort();
}

/// The knowledge Taper has, one line each. Signatures are string literals (Known keeps the
/// pointer as its name).
void register_known_endgames(Registry& r) {
  using namespace rules;
  r.kxk(kxk);
  r.exact("KBNvK", kbnk);
  r.exact("KPvK", kpk);
  r.exact("KNNvK", knnk);
  r.exact("KQvKR", solved<kqkr>);
  r.exact("KQvKP", solved<kqkp>);
  r.exact("KRvKP", solved<krkp>);
  r.exact("KRvKB", solved<krkb>);
  r.exact("KRvKN", solved<krkn>);
  r.scale("KRPvKR", krpkr);
  r.scale("KBPvKB", kbpkb);
  r.scale("KBPPvKB", kbppkb);
  r.scale("KPvKP", kpkp);
  r.scale_any_pawns("KBvK", kbps_k);
  r.scale_any_pawns("KvK", kps_k);
}

}  // namespace

const Known* Registry::find(const Position& pos) const {
  Key key = pos.material_key();
  if (auto it = byKey_.find(key); it != byKey_.end()) return &it->second;
  if (kxkFn_)
    for (Color c : {WHITE, BLACK})
      if (rules::is_kxk(pos, c)) return &kxk_[c];
  for (Color c : {WHITE, BLACK}) {
    int pawns = pos.count(c, PAWN);
    if (!pawns) continue;
    Key pawnless = key;
    for (int n = 0; n < pawns; ++n) pawnless ^= zobrist::MaterialCount[make_piece(c, PAWN)][n];
    if (auto it = anyPawns_[c].find(pawnless); it != anyPawns_[c].end()) return &it->second;
  }
  return nullptr;
}

void Registry::kxk(ExactFn fn) {
  kxkFn_ = fn;
  for (Color c : {WHITE, BLACK}) kxk_[c] = Known{fn, c, {}, "KXK"};
}

void Registry::add(std::string_view signature, ExactFn exactFn, ScaleFn scaleFn, bool anyPawns) {
  zobrist::init();
  Material m;
  if (!parse_signature(signature, m)) die(signature, "is not a valid signature");
  if (exactFn && std::equal(m.count[WHITE], m.count[WHITE] + PIECE_TYPE_NB, m.count[BLACK]))
    die(signature, "is symmetric: no strong side for an exact evaluator");
  list_.push_back({std::string(signature), exactFn != nullptr, anyPawns});
  for (Color strong : {WHITE, BLACK}) {
    Material cm = strong == WHITE ? m : swap_colours(m);
    auto& map = anyPawns ? anyPawns_[strong] : byKey_;
    Known& k = map[key_of(cm)];
    // Equal keys for different signatures would silently mix two endings: refuse to start.
    if (*k.name && std::string_view(k.name) != signature) die(signature, "has the same material key as another signature");
    if ((exactFn && (k.exact || k.scale[WHITE] || k.scale[BLACK])) || (scaleFn && (k.exact || k.scale[strong])))
      die(signature, "is registered twice");
    k.name = signature.data();
    if (exactFn) {
      k.exact = exactFn;
      k.exactStrong = strong;
    } else {
      k.scale[strong] = scaleFn;
    }
  }
}

void init() {
  static std::once_flag once;
  std::call_once(once, [] {
    Position::init();
    bitbase::build_three_man();
    register_known_endgames(registry);
  });
}

const Known* lookup(const Position& pos) { return registry.find(pos); }

Key signature_key(std::string_view signature) {
  zobrist::init();
  Material m;
  return parse_signature(signature, m) ? key_of(m) : 0;
}

std::string signature_of(const Position& pos) {
  std::string s;
  for (Color c : {WHITE, BLACK}) {
    if (c == BLACK) s += 'v';
    for (PieceType pt = KING; pt >= PAWN; pt = PieceType(pt - 1))
      s.append(size_t(pos.count(c, pt)), PieceLetters[pt - 1]);
  }
  return s;
}

const std::vector<Registration>& registrations() { return registry.list(); }

}  // namespace taper::endgames
