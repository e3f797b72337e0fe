// SPDX-License-Identifier: GPL-3.0-or-later
// Known endgames: specialised evaluators and scale functions selected by the material key.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "board/position.hpp"
#include "eval/scale.hpp"

namespace taper::endgames {

/// Exact evaluation of a known ending, in centipawns from the side to move's point of view.
using ExactFn = Value (*)(const Position& pos, Color strong);
/// Scale factor (0..ScaleNormal) for the endgame score of `strong`, or ScaleNone.
using ScaleFn = int (*)(const Position& pos, Color strong);

/// What is known about one material configuration.
struct Known {
  ExactFn exact = nullptr;              ///< replaces the whole evaluation when set
  Color exactStrong = WHITE;
  ScaleFn scale[COLOR_NB] = {};         ///< scales the endgame part when that colour is ahead
  const char* name = "";                ///< the registered signature, e.g. "KBNvK" (for traces)
};

/// Exact scores at or beyond this size claim a win (or, negated, a loss); anything smaller
/// claims nothing more than a draw. `verify-endgames` classifies evaluator verdicts this way.
constexpr Value KnownWinThreshold = VALUE_KNOWN_WIN / 2;

/// Builds the registry and the KPK bitbase (idempotent and thread-safe; call before lookup).
void init();

/// Knowledge for the position's material (looked up by material key, plus predicates for
/// families the key cannot express, such as KXK). Returns nullptr if nothing is known.
/// The result depends only on the material, so callers may cache it by material key.
const Known* lookup(const Position& pos);

/// Material key of a signature such as "KBNvK" (first side White), computed the way
/// Position::compute_material_key does; 0 if the text is not a valid signature.
Key signature_key(std::string_view signature);

/// The signature of a position's material, White first ("KRPvKR").
std::string signature_of(const Position& pos);

/// One registration, for listings and tests: the signature and what kind of knowledge it is.
struct Registration {
  std::string signature;
  bool exact;      ///< exact evaluator (else scale function)
  bool anyPawns;   ///< the strong side may add any number of pawns
};
/// A table of known endings by material key. The engine's one registry is built by init();
/// the class is public so that tests can check its rules on a registry of their own.
class Registry {
 public:
  /// An exact evaluator for `signature` (strong side first) and its colour-swapped twin.
  void exact(std::string_view signature, ExactFn fn) { add(signature, fn, nullptr, false); }
  /// A scale function for the first side of `signature`, and the twin for the other colour.
  void scale(std::string_view signature, ScaleFn fn) { add(signature, nullptr, fn, false); }
  /// As scale(), but the strong side may have any number (>= 1) of extra pawns: the key is
  /// looked up with the strong side's pawns removed (idea from Stash's endgame table).
  void scale_any_pawns(std::string_view signature, ScaleFn fn) { add(signature, nullptr, fn, true); }
  /// The KXK family (a bare king against mating material), caught by predicate.
  void kxk(ExactFn fn);
  /// Knowledge for the position's material, or nullptr.
  const Known* find(const Position& pos) const;

 private:
  // Signatures must outlive the registry (string literals): Known::name points into them.
  // A bad signature, a symmetric one for an exact evaluator, a second registration for the
  // same material and side, or two signatures with one key abort the program.
  void add(std::string_view signature, ExactFn exactFn, ScaleFn scaleFn, bool anyPawns);

  std::unordered_map<Key, Known> byKey_;
  std::unordered_map<Key, Known> anyPawns_[COLOR_NB];  // [strong side]: key without its pawns
  Known kxk_[COLOR_NB];
  ExactFn kxkFn_ = nullptr;

  std::vector<Registration> list_;

 public:
  /// What was registered, in order.
  const std::vector<Registration>& list() const { return list_; }
};

/// Everything registered by key (the KXK predicate family is not listed).
const std::vector<Registration>& registrations();

}  // namespace taper::endgames
