// SPDX-License-Identifier: GPL-3.0-or-later
// The version moves with the changelog: the build's version (CMakeLists.txt, the one place it is
// written) is semantic and CHANGELOG.md has its section, newest first.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace {

using Version = std::tuple<int, int, int>;

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

Version parse(const std::string& text) {
  std::smatch m;
  const std::regex semver(R"((\d+)\.(\d+)\.(\d+))");
  EXPECT_TRUE(std::regex_match(text, m, semver)) << text;
  return {std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3])};
}

}  // namespace

TEST(Changelog, TheBuildsVersionIsSemanticAndHasItsSection) {
  const std::string version = TAPER_VERSION;
  const Version current = parse(version);
  const std::string log = read_file(std::string(TAPER_SOURCE_DIR) + "/CHANGELOG.md");
  ASSERT_FALSE(log.empty()) << "CHANGELOG.md missing";

  // Released sections, "## [X.Y.Z] - YYYY-MM-DD", newest first and each older than the last.
  std::vector<Version> released;
  const std::regex heading(R"(\n## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d\d-\d\d)\n)");
  for (std::sregex_iterator it(log.begin(), log.end(), heading), end; it != end; ++it) {
    released.push_back(parse((*it)[1]));
    if (released.size() > 1) {
      EXPECT_LT(released.back(), released[released.size() - 2]) << (*it)[1];
    }
  }
  ASSERT_FALSE(released.empty());

  // The build is either the newest release or the one the Unreleased section announces.
  const size_t unreleased = log.find("\n## [Unreleased]\n");
  ASSERT_NE(unreleased, std::string::npos) << "no '## [Unreleased]' section";
  if (current == released.front()) return;
  EXPECT_GT(current, released.front()) << version << " is older than the newest release in CHANGELOG.md";
  EXPECT_NE(log.find("To be released as **" + version + "**", unreleased), std::string::npos)
      << "the Unreleased section does not name the build's version " << version;
}
