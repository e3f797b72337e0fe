// SPDX-License-Identifier: GPL-3.0-or-later
// Engine name, version and build flavour, as shown by `uci` and `--version`.
#pragma once

#include <string>

#include "core/attacks.hpp"

namespace taper {

constexpr const char* EngineAuthor = "the Taper developers";

/// "Taper 0.1.0 (native, pext)" or "Taper 0.1.0 (portable, magic)".
inline std::string engine_name() {
  return std::string("Taper ") + TAPER_VERSION + " (" + TAPER_ARCH + ", " + slider_method() + ")";
}

}  // namespace taper
