// SPDX-License-Identifier: GPL-3.0-or-later
// The search constants' table: sane ranges, the OpenBench SPSA listing, and setting by name.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include "search/tunables.hpp"

using namespace taper;

TEST(SearchTunables, EveryEntryHasADefaultInsideItsRangeAndAPositiveStep) {
  std::set<std::string> names;
  ASSERT_GT(search_tunables().size(), 20u);
  for (const SearchTunable& t : search_tunables()) {
    EXPECT_TRUE(names.insert(t.name).second) << "duplicate " << t.name;
    EXPECT_LE(t.min, t.defaultValue) << t.name;
    EXPECT_LE(t.defaultValue, t.max) << t.name;
    EXPECT_GT(t.step, 0.0) << t.name;
    EXPECT_LE(t.step, double(t.max - t.min)) << t.name;
    EXPECT_EQ(t.value != nullptr, SearchTunablesExposed) << t.name;
  }
  // The constants search.cpp reads are the table's defaults in a normal build.
  EXPECT_EQ(tunable::RfpMargin, 75);
  EXPECT_EQ(tunable::LmrDivisor, 225);
}

TEST(SearchTunables, OpenBenchSpsaInputHasOneWellFormedLinePerConstant) {
  std::istringstream in(openbench_spsa_input());
  std::string line;
  size_t lines = 0;
  while (std::getline(in, line)) {
    const SearchTunable& t = search_tunables()[lines++];
    // name, int, default, min, max, c_end, r_end
    std::istringstream fields(line);
    std::string name, type;
    int def = 0, lo = 0, hi = 0;
    double c = 0, r = 0;
    char comma = 0;
    std::getline(fields, name, ',');
    fields >> type;
    fields >> def >> comma >> lo >> comma >> hi >> comma >> c >> comma >> r;
    EXPECT_EQ(name, t.name);
    EXPECT_EQ(type, "int,");
    EXPECT_EQ(def, t.defaultValue);
    EXPECT_EQ(lo, t.min);
    EXPECT_EQ(hi, t.max);
    EXPECT_DOUBLE_EQ(c, t.step);
    EXPECT_DOUBLE_EQ(r, 0.002);
    EXPECT_TRUE(fields) << line;
  }
  EXPECT_EQ(lines, search_tunables().size());
}

TEST(SearchTunables, SettingByName) {
  EXPECT_NE(set_search_tunable("NoSuchConstant", 1), "");
  if constexpr (SearchTunablesExposed) {
    EXPECT_EQ(set_search_tunable("RfpMargin", 80), "");
    EXPECT_EQ(*search_tunables()[4].value, 80);
    EXPECT_NE(set_search_tunable("RfpMargin", 100000), "");  // out of range, unchanged
    EXPECT_EQ(set_search_tunable("RfpMargin", 75), "");
  } else {
    EXPECT_NE(set_search_tunable("RfpMargin", 80), "");  // compiled in: refused with a reason
  }
}
