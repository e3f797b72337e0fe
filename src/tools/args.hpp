// SPDX-License-Identifier: GPL-3.0-or-later
// The one argument parser of the command-line subcommands: flags declared once give the parsing,
// the value checks, the `--help` text and the error for an unknown flag.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace taper::tools {

struct Subcommand;

/// One flag: `--name VALUE` (or `-s VALUE`) when `value` names a placeholder, else a switch.
struct Flag {
  std::string name;       ///< long name without the dashes
  char shortName = 0;     ///< one-letter alias, 0 for none
  std::string value;      ///< placeholder shown in --help ("N", "FILE"); empty for a switch
  std::string help;       ///< one line for --help
  std::string expects;    ///< what a valid value is, for the error message ("an integer from 1 to 64")
  std::function<bool(const std::string&)> set;  ///< stores a value; false if it is invalid
  bool* on = nullptr;     ///< set to true by a switch
};

/// The flags of one subcommand. Anything that is not a flag is positional (a FEN's "-" too);
/// "--" ends the flags.
class ArgParser {
 public:
  /// `command` gives the name, the positional synopsis and the summary shown by --help.
  explicit ArgParser(const Subcommand& command, std::string details = "");

  /// `--name N` for any integer type, checked against lo..hi.
  template <class T>
  ArgParser& integer(const std::string& name, char shortName, const std::string& help, T& target, long long lo,
                     long long hi, const std::string& placeholder = "N") {
    return add_integer(name, shortName, help, lo, hi, placeholder, [&target](long long x) { target = T(x); });
  }
  ArgParser& real(const std::string& name, char shortName, const std::string& help, double& target, double lo,
                  double hi, const std::string& placeholder = "X");
  ArgParser& text(const std::string& name, char shortName, const std::string& help, std::string& target,
                  const std::string& placeholder = "FILE");
  /// Comma-separated values, appended to `target` (the flag may also be repeated).
  ArgParser& list(const std::string& name, const std::string& help, std::vector<std::string>& target,
                  const std::string& placeholder = "A,B");
  ArgParser& toggle(const std::string& name, char shortName, const std::string& help, bool& target);

  /// Parses `args` (without the subcommand's name), filling the targets and `positional`.
  /// Returns nothing when the command should run; otherwise the exit code after printing the
  /// help (0, to `out`) or an error naming the flag (2, to `err`).
  std::optional<int> parse(const std::vector<std::string>& args, std::vector<std::string>& positional,
                           std::ostream& out, std::ostream& err) const;
  /// Prints "error: WHY (see taper NAME --help)" to `err` and returns 2, the usage error code.
  int usage_error(const std::string& why, std::ostream& err) const;
  /// The --help text: synopsis, summary, details and one line per flag.
  std::string help() const;
  /// True if `name` (without dashes) was given among `args`: for flags whose defaults depend on others.
  static bool given(const std::vector<std::string>& args, const std::string& name);

 private:
  ArgParser& add_integer(const std::string& name, char shortName, const std::string& help, long long lo, long long hi,
                         const std::string& placeholder, std::function<void(long long)> store);
  const Flag* find(const std::string& arg) const;

  const Subcommand& command_;
  std::string details_;
  std::vector<Flag> flags_;
};

/// The positional words joined by spaces (a FEN may come as one argument or as six), or the
/// start position when there are none.
std::string join_fen(const std::vector<std::string>& words);

}  // namespace taper::tools
