// SPDX-License-Identifier: GPL-3.0-or-later
// Fixture: the higher layer may use the lower one.
#pragma once
#include "low/base.hpp"
