// SPDX-License-Identifier: GPL-3.0-or-later
// Setting SyzygyPath again (same folder, another folder, none) must print nothing on stderr
// (GUIs show it as engine errors) and leave the probes correct. Libfathom prints a false
// "munmap: ..." for every table it releases; the wrapper filters exactly those lines.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "board/movegen.hpp"
#include "tb/syzygy.hpp"
#include "test_data.hpp"

using namespace taper;
using namespace taper::testing;

namespace {

namespace fs = std::filesystem;

/// Captures what the process writes to file descriptor 2 while `f` runs.
template <class F>
std::string stderr_of(F&& f) {
  std::fflush(stderr);
  FILE* capture = std::tmpfile();
  int saved = dup(STDERR_FILENO);
  dup2(fileno(capture), STDERR_FILENO);
  f();
  std::fflush(stderr);
  dup2(saved, STDERR_FILENO);
  close(saved);
  std::string text;
  std::rewind(capture);
  for (int c; (c = std::fgetc(capture)) != EOF;) text += char(c);
  std::fclose(capture);
  return text;
}

/// Probes that touch (and so memory-map) several tables, with their known results.
struct Probe {
  const char* fen;
  syzygy::Wdl wdl;
};
const Probe Probes[] = {
    {"8/8/8/4k3/8/8/8/KQ6 w - - 0 1", syzygy::Wdl::Win},         // KQvK
    {"8/8/8/4k3/8/8/8/KR6 b - - 0 1", syzygy::Wdl::Loss},        // KRvK, the lone king to move
    {"8/8/8/4k3/8/8/2P5/K7 b - - 0 1", syzygy::Wdl::Draw},       // KPvK, the king catches the pawn
    {"8/8/8/4k3/8/8/8/KN6 w - - 0 1", syzygy::Wdl::Draw},        // KNvK
    {"8/8/8/4k3/8/2b5/8/KR6 w - - 0 1", syzygy::Wdl::Draw},      // KRvKB
};

/// Probes every position; expects the known result where `loaded` says the table is there.
void expect_probes(const char* when, bool (*loaded)(const std::string& fen)) {
  for (const Probe& p : Probes) {
    Position pos;
    ASSERT_TRUE(pos.set(p.fen, false)) << p.fen;
    syzygy::Wdl wdl;
    bool ok = syzygy::probe_wdl(pos, wdl);
    EXPECT_EQ(ok, loaded(p.fen)) << when << ": " << p.fen;
    if (ok) {
      EXPECT_EQ(wdl, p.wdl) << when << ": " << p.fen;
    }
  }
}

}  // namespace

TEST(SyzygyReinit, SecondInitIsSilentOnStderrAndStaysCorrect) {
  Position::init();
  if (!syzygy::compiled_in()) GTEST_SKIP() << "built without libfathom";
  const std::string all = data_path("syzygy");
  // Another folder with only the KQvK and KRvK tables (symbolic links, nothing copied).
  fs::path subset = fs::temp_directory_path() / ("taper_tb_subset_" + std::to_string(getpid()));
  fs::create_directories(subset);
  for (const char* name : {"KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz"})
    fs::create_symlink(fs::path(all) / name, subset / name);
  auto everything = [](const std::string&) { return true; };
  auto nothing = [](const std::string&) { return false; };
  auto subsetOnly = [](const std::string& fen) { return fen.find("KQ6") != std::string::npos || fen.find("KR6 b") != std::string::npos; };

  std::string noise;
  syzygy::LoadResult r;
  noise += stderr_of([&] { r = syzygy::init(all); });
  ASSERT_TRUE(r.ok) << r.message;
  expect_probes("first load", everything);
  // The same folder again: Fathom releases every table it mapped and maps them anew.
  noise += stderr_of([&] { r = syzygy::init(all); });
  EXPECT_TRUE(r.ok) << r.message;
  expect_probes("same folder again", everything);
  // Another folder: only its tables may answer.
  noise += stderr_of([&] { r = syzygy::init(subset.string()); });
  EXPECT_TRUE(r.ok) << r.message;
  EXPECT_EQ(r.wdlTables, 2);
  expect_probes("subset folder", subsetOnly);
  // No folder: nothing answers.
  noise += stderr_of([&] { r = syzygy::init(""); });
  EXPECT_EQ(syzygy::max_pieces(), 0);
  expect_probes("no folder", nothing);
  // And back to everything.
  noise += stderr_of([&] { r = syzygy::init(all); });
  EXPECT_TRUE(r.ok) << r.message;
  expect_probes("reloaded", everything);
  EXPECT_EQ(noise, "");
  fs::remove_all(subset);
}
