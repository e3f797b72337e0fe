# SPDX-License-Identifier: GPL-3.0-or-later
# Two-layer fixture for tests/check_layers.cmake: low/wrong.cpp includes a header of the higher layer.
set(TAPER_LAYERS
  "low  :"
  "high : low"
)
