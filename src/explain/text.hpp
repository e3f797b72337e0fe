// SPDX-License-Identifier: GPL-3.0-or-later
// Text helpers that the explanation's views, the review and the report share: one place each
// for escaping text into XML (SVG, HTML), for a figure with fixed decimals and for a list in words.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace taper {

/// `text` safe inside XML or HTML, as element text and as a quoted attribute: & < > " escaped.
std::string xml_escaped(std::string_view text);

/// `x` with `decimals` digits after the point ("%.*f"), for JSON, SVG and HTML figures.
std::string decimal_text(double x, int decimals);

/// A list as a sentence writes it: "A", "A and B", "A, B and C"; "" for none.
std::string listing(const std::vector<std::string>& parts);

}  // namespace taper
