// SPDX-License-Identifier: GPL-3.0-or-later
// Fixture: a header of the lowest layer.
#pragma once
