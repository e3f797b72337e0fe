// SPDX-License-Identifier: GPL-3.0-or-later
// verify-endgames on the 3-4 piece tables of tests/data at a CI-sized sample: KPK exact everywhere,
// the other endings above their floors; and the command's argument handling.
#include <sstream>

#include "tb/syzygy.hpp"
#include "tools/verify_endgames.hpp"
#include "test_data.hpp"

using namespace taper;

namespace {

std::string tables() { return taper::testing::data_path("syzygy"); }

const EndingReport* find(const std::vector<EndingReport>& reports, const std::string& material) {
  for (const EndingReport& r : reports)
    if (r.material == material) return &r;
  return nullptr;
}

}  // namespace

TEST(VerifyEndgames, CommandRejectsBadArguments) {
  std::ostringstream out;
  EXPECT_EQ(run_verify_endgames({}, out), 2);
  EXPECT_NE(out.str().find("no Syzygy folder given"), std::string::npos) << out.str();
  out.str("");
  EXPECT_EQ(run_verify_endgames({tables(), "--frobnicate"}, out), 2);
  EXPECT_NE(out.str().find("unknown flag --frobnicate for verify-endgames"), std::string::npos) << out.str();
  out.str("");
  EXPECT_EQ(run_verify_endgames({tables(), "--sample", "many"}, out), 2);
  out.str("");
  EXPECT_EQ(run_verify_endgames({"/nonexistent/taper-tables"}, out), 2);
  EXPECT_NE(out.str().find(syzygy::compiled_in() ? "does not exist" : "Syzygy prober not available"), std::string::npos)
      << out.str();
}

TEST(VerifyEndgames, KpkAgreesOnEveryPosition) {
  if (!syzygy::compiled_in()) GTEST_SKIP() << "built without libfathom";
  std::ostringstream out;
  EXPECT_EQ(run_verify_endgames({tables(), "--only", "KPvK,KvKP"}, out), 0) << out.str();
  EXPECT_NE(out.str().find("KPvK      KPvK      exact     331352 all     100.00%"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("KvKP      KPvK      exact     331352 all     100.00%"), std::string::npos) << out.str();
}

TEST(VerifyEndgames, SampledEndingsStayAboveTheirFloors) {
  if (!syzygy::compiled_in()) GTEST_SKIP() << "built without libfathom";
  VerifyOptions options;
  options.tablePath = tables();
  options.sample = taper::testing::env_long("TAPER_VERIFY_SAMPLE", 3000);
  options.enumerateLimit = 0;  // sample everything, 3-piece endings too
  options.bitbases = false;    // the rules alone (the next test checks them with bitbases)
  std::vector<EndingReport> reports;
  std::string error;
  ASSERT_TRUE(verify_endgames(options, reports, error)) << error;
  ASSERT_GE(reports.size(), 40u);  // every 3-4 piece material with knowledge, both colours

  for (const EndingReport& r : reports) {
    EXPECT_TRUE(r.sampled);
    EXPECT_EQ(r.positions, options.sample) << r.material;
    // Floors a little under what a full run measures (see the note of issue 5), so that a
    // regression shows while sampling noise does not.
    double floor = r.knowledge == "KXK" || r.knowledge == "KPvK" || r.knowledge == "KNNvK" ? 99.5
                   : r.knowledge == "KBNvK" || !r.exact                                   ? 98.5
                   : r.knowledge == "KRvKN"                                               ? 80.0
                                                                                          : 85.0;
    EXPECT_GE(r.percent(), floor) << r.material << " (" << r.knowledge << ")";
  }
  for (const char* m : {"KPvK", "KvKP"}) {
    const EndingReport* r = find(reports, m);
    ASSERT_NE(r, nullptr) << m;
    EXPECT_EQ(r->agree, r->positions) << m;
  }
  // The scale functions do claim draws, and KPKP claims many.
  const EndingReport* kpkp = find(reports, "KPvKP");
  ASSERT_NE(kpkp, nullptr);
  EXPECT_GT(kpkp->claims, options.sample / 10);

  // The same seed gives the same sample.
  std::vector<EndingReport> again;
  options.only = {"KRvKP", "KQvKR"};
  ASSERT_TRUE(verify_endgames(options, again, error));
  ASSERT_EQ(again.size(), 2u);
  std::vector<EndingReport> third;
  ASSERT_TRUE(verify_endgames(options, third, error));
  EXPECT_EQ(again[0].agree, third[0].agree);
  EXPECT_EQ(again[1].agree, third[1].agree);
}

TEST(VerifyEndgames, BitbasesMakeTheSolvedEndingsExact) {
  if (!syzygy::compiled_in()) GTEST_SKIP() << "built without libfathom";
  VerifyOptions options;
  options.tablePath = tables();
  options.sample = taper::testing::env_long("TAPER_VERIFY_SAMPLE", 3000);
  options.only = {"KQvKR", "KRvKQ", "KQvKP", "KPvKQ", "KRvKP", "KPvKR", "KRvKB", "KBvKR", "KRvKN", "KNvKR"};
  std::vector<EndingReport> reports;
  std::string error;
  ASSERT_TRUE(verify_endgames(options, reports, error)) << error;
  ASSERT_EQ(reports.size(), options.only.size());
  for (const EndingReport& r : reports) {
    EXPECT_EQ(r.positions, options.sample) << r.material;
    EXPECT_EQ(r.agree, r.positions) << r.material << ": " << r.saidWinIsDraw << " wins said that are draws, "
                                    << r.saidDrawIsWin << " draws said that are wins, " << r.otherMismatch << " other";
  }
}
