// SPDX-License-Identifier: GPL-3.0-or-later
// The commit a binary was built from, filled in by the build (cmake/build_info.cmake).
#pragma once

namespace taper {

/// Short git hash ("1a2b3c4d5e", "-dirty" if tracked files were modified), or "unknown".
const char* build_commit();
/// Date of that commit (YYYY-MM-DD), or "unknown".
const char* build_date();

}  // namespace taper
