// SPDX-License-Identifier: GPL-3.0-or-later
// Fixture: the lower layer reaching up, which the check must reject.
#include "low/base.hpp"
#include "high/top.hpp"
