// SPDX-License-Identifier: GPL-3.0-or-later
// `taper verify-endgames`: the known-endgame knowledge compared with Syzygy WDL, ending by ending.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace taper {

struct VerifyOptions {
  std::string tablePath;            ///< Syzygy folders, ':'-separated
  long sample = 100000;             ///< positions per material when it is too big to enumerate
  long enumerateLimit = 2000000;    ///< enumerate every placement up to this many, else sample
  uint64_t seed = 1;                ///< for the random samples (the output names it)
  std::vector<std::string> only;    ///< signatures to check (empty: every one with knowledge)
  int showMismatches = 0;           ///< FENs of disagreements to print per material
  bool bitbases = true;             ///< solve the four-man bitbases first (else the rules alone)
};

/// The outcome for one material configuration.
struct EndingReport {
  std::string material;   ///< e.g. "KRvKP" (White first)
  std::string knowledge;  ///< the registered signature or family, e.g. "KRvKP", "KXK", "KvK+P"
  bool exact = false;     ///< exact evaluator (else scale functions)
  bool sampled = false;   ///< a uniform random sample rather than every legal position
  long positions = 0;     ///< legal positions checked
  long agree = 0;         ///< exact: verdict equals the tables; scale: draw claims that hold
  long claims = 0;        ///< scale only: positions where a side was claimed unable to win
  long nonWins = 0;       ///< scale only: (position, side) pairs where that side cannot win
  long saidWinIsDraw = 0, saidDrawIsWin = 0, otherMismatch = 0;  ///< exact: kinds of disagreement
  std::vector<std::string> mismatches;  ///< up to VerifyOptions::showMismatches FENs
  /// Agreement in percent: exact verdicts, or for scale functions the share of draw claims that hold.
  double percent() const;
};

/// Checks every material that has known-ending knowledge and tables in `options.tablePath`.
/// Returns false (with `error`) if the tables cannot be loaded. Prints one line per material
/// to `progress` when given.
bool verify_endgames(const VerifyOptions& options, std::vector<EndingReport>& reports, std::string& error,
                     std::ostream* progress = nullptr);

/// The command: `verify-endgames SYZYGY_DIR [--sample N] [--enumerate-limit N] [--seed S]
/// [--only SIG[,SIG...]] [--show N] [--rules-only]`. Exit code 0 when KPK agrees everywhere (it must), 1 if
/// not, 2 for bad arguments or tables.
int run_verify_endgames(const std::vector<std::string>& args, std::ostream& out);

}  // namespace taper
