// SPDX-License-Identifier: GPL-3.0-or-later
// The subcommands' argument parser: typed flags, --help from the declarations, clear errors.
#include "tools/args.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <ostream>

#include "board/position.hpp"
#include "tools/subcommands.hpp"

namespace taper::tools {

namespace {

bool to_int(const std::string& s, long long& out) {
  char* end = nullptr;
  errno = 0;
  out = std::strtoll(s.c_str(), &end, 10);
  return !s.empty() && *end == '\0' && errno == 0;
}

bool to_double(const std::string& s, double& out) {
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return !s.empty() && *end == '\0' && out == out;  // not NaN
}

std::string range(const char* what, auto lo, auto hi) {
  return std::string(what) + " from " + std::to_string(lo) + " to " + std::to_string(hi);
}

}  // namespace

ArgParser::ArgParser(const Subcommand& command, std::string details) : command_(command), details_(std::move(details)) {}

ArgParser& ArgParser::add_integer(const std::string& name, char shortName, const std::string& help, long long lo,
                                  long long hi, const std::string& placeholder, std::function<void(long long)> store) {
  flags_.push_back({name, shortName, placeholder, help, range("an integer", lo, hi), [store, lo, hi](const std::string& s) {
                      long long x;
                      if (!to_int(s, x) || x < lo || x > hi) return false;
                      store(x);
                      return true;
                    }});
  return *this;
}

ArgParser& ArgParser::real(const std::string& name, char shortName, const std::string& help, double& target, double lo,
                           double hi, const std::string& placeholder) {
  char what[96];
  std::snprintf(what, sizeof what, "a number from %g to %g", lo, hi);
  flags_.push_back({name, shortName, placeholder, help, what, [&target, lo, hi](const std::string& s) {
                      double x;
                      if (!to_double(s, x) || x < lo || x > hi) return false;
                      target = x;
                      return true;
                    }});
  return *this;
}

ArgParser& ArgParser::text(const std::string& name, char shortName, const std::string& help, std::string& target,
                           const std::string& placeholder) {
  flags_.push_back({name, shortName, placeholder, help, "a value", [&target](const std::string& s) {
                      target = s;
                      return true;
                    }});
  return *this;
}

ArgParser& ArgParser::list(const std::string& name, const std::string& help, std::vector<std::string>& target,
                           const std::string& placeholder) {
  flags_.push_back({name, 0, placeholder, help, "a comma-separated list", [&target](const std::string& s) {
                      size_t start = 0;
                      for (size_t comma; (comma = s.find(',', start)) != std::string::npos; start = comma + 1)
                        target.push_back(s.substr(start, comma - start));
                      target.push_back(s.substr(start));
                      return true;
                    }});
  return *this;
}

ArgParser& ArgParser::toggle(const std::string& name, char shortName, const std::string& help, bool& target) {
  flags_.push_back({name, shortName, "", help, "", nullptr, &target});
  return *this;
}

const Flag* ArgParser::find(const std::string& arg) const {
  for (const Flag& f : flags_)
    if ((arg.size() > 2 && arg.compare(2, std::string::npos, f.name) == 0 && arg[1] == '-') ||
        (f.shortName && arg.size() == 2 && arg[1] == f.shortName))
      return &f;
  return nullptr;
}

std::optional<int> ArgParser::parse(const std::vector<std::string>& args, std::vector<std::string>& positional,
                                    std::ostream& out, std::ostream& err) const {
  bool flagsOver = false;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    // A lone "-" is a FEN field (no castling, no en passant square), never a flag.
    if (flagsOver || arg.size() < 2 || arg[0] != '-') {
      positional.push_back(arg);
      continue;
    }
    if (arg == "--") {
      flagsOver = true;
      continue;
    }
    if (arg == "--help" || arg == "-h") {
      out << help();
      return 0;
    }
    std::string value;
    bool inlineValue = false;
    if (const size_t eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg.resize(eq);
      inlineValue = true;
    }
    const Flag* f = find(arg);
    if (!f) return usage_error("unknown flag " + arg + " for " + std::string(command_.name), err);
    if (!f->set) {
      if (inlineValue) return usage_error(arg + " takes no value", err);
      *f->on = true;
      continue;
    }
    if (!inlineValue) {
      if (i + 1 >= args.size()) return usage_error(arg + " needs " + f->expects, err);
      value = args[++i];
    }
    if (!f->set(value)) return usage_error(arg + " needs " + f->expects + ", not '" + value + "'", err);
  }
  return std::nullopt;
}

int ArgParser::usage_error(const std::string& why, std::ostream& err) const {
  err << "error: " << why << " (see taper " << command_.name << " --help)\n";
  return 2;
}

std::string ArgParser::help() const {
  std::string s = "usage: taper " + std::string(command_.name) + " " + std::string(command_.synopsis) + "\n" +
                  std::string(command_.summary) + "\n";
  if (!details_.empty()) s += details_ + (details_.back() == '\n' ? "" : "\n");
  s += "\nflags:\n";
  auto line = [&](const std::string& left, const std::string& help) {
    s += left + std::string(left.size() < 28 ? 28 - left.size() : 1, ' ') + help + "\n";
  };
  for (const Flag& f : flags_)
    line(std::string("  ") + (f.shortName ? std::string("-") + f.shortName + ", " : "    ") + "--" + f.name +
             (f.value.empty() ? "" : " " + f.value),
         f.help);
  line("  -h, --help", "print this help");
  return s;
}

bool ArgParser::given(const std::vector<std::string>& args, const std::string& name) {
  for (const std::string& a : args)
    if (a == "--" + name || a.rfind("--" + name + "=", 0) == 0) return true;
  return false;
}

std::string join_fen(const std::vector<std::string>& words) {
  std::string fen;
  for (const std::string& w : words) fen += (fen.empty() ? "" : " ") + w;
  return fen.empty() ? std::string(Position::StartFen) : fen;
}

}  // namespace taper::tools
