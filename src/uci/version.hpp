// SPDX-License-Identifier: GPL-3.0-or-later
// Engine name, version and build flavour, as shown by `uci` and `--version`.
#pragma once

#include <string>

#include "core/attacks.hpp"
#include "uci/build_info.hpp"

namespace taper {

constexpr const char* EngineAuthor = "the Taper developers";

/// "Taper 0.2.0 1a2b3c4d5e 2026-11-23 (native, pext)": version, commit and its date, build flavour.
/// Without git at build time commit and date read "unknown".
inline std::string engine_name() {
  return std::string("Taper ") + TAPER_VERSION + " " + build_commit() + " " + build_date() + " (" + TAPER_ARCH + ", " +
         slider_method() + ")";
}

}  // namespace taper
