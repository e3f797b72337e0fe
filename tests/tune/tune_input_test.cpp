// SPDX-License-Identifier: GPL-3.0-or-later
// The tuner's input: line formats, plain/gzip/xz files, bad lines counted, quiescence resolution.
#if TAPER_HAS_LZMA
#include <lzma.h>
#endif
#if TAPER_HAS_ZLIB
#include <zlib.h>
#endif

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "board/position.hpp"
#include "test_data.hpp"
#include "tune/dataset.hpp"
#include "tune/quiet.hpp"

using namespace taper;
using namespace taper::tune;
using namespace taper::testing;

namespace {

std::string temp_path(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("taper_tune_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

std::vector<std::string> read_all(const std::string& path) {
  LineReader r(path);
  EXPECT_TRUE(r.ok()) << r.error();
  std::vector<std::string> lines;
  for (std::string line; r.next(line);) lines.push_back(line);
  EXPECT_TRUE(r.error().empty()) << r.error();
  return lines;
}

}  // namespace

TEST(TuneInput, ParsesTheThreeFormats) {
  LabelledPosition p;
  ASSERT_EQ(parse_labelled_line("8/2N2kp1/5b1p/1P6/3p4/4P1P1/5K1P/8 b - - 0 38 [1.0] -154", p), LineStatus::Position);
  EXPECT_EQ(p.fen, "8/2N2kp1/5b1p/1P6/3p4/4P1P1/5K1P/8 b - - 0 38");
  EXPECT_EQ(p.result, 1.0);
  EXPECT_FALSE(p.hasScore);
  ASSERT_EQ(parse_labelled_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - [0.5]", p), LineStatus::Position);
  EXPECT_EQ(p.result, 0.5);

  ASSERT_EQ(parse_labelled_line("5bk1/3q1p2/5rp1/p1p5/4RBP1/1PP2P2/1PK1Q3/8 w - - c9 \"1-0\";", p), LineStatus::Position);
  EXPECT_EQ(p.fen, "5bk1/3q1p2/5rp1/p1p5/4RBP1/1PP2P2/1PK1Q3/8 w - -");
  EXPECT_EQ(p.result, 1.0);
  ASSERT_EQ(parse_labelled_line("5bk1/3q1p2/5rp1/p1p5/4RBP1/1PP2P2/1PK1Q3/8 b - - id \"x\"; c9 \"1/2-1/2\";\r", p),
            LineStatus::Position);
  EXPECT_EQ(p.result, 0.5);
  ASSERT_EQ(parse_labelled_line("5bk1/3q1p2/5rp1/p1p5/4RBP1/1PP2P2/1PK1Q3/8 b - - 3 40 c9 \"0-1\";", p), LineStatus::Position);
  EXPECT_EQ(p.fen, "5bk1/3q1p2/5rp1/p1p5/4RBP1/1PP2P2/1PK1Q3/8 b - - 3 40");
  EXPECT_EQ(p.result, 0.0);

  const std::string fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  ASSERT_EQ(parse_labelled_line(format_datagen_line(fen, -37, 0.0), p), LineStatus::Position);
  EXPECT_EQ(p.fen, fen);
  EXPECT_TRUE(p.hasScore);
  EXPECT_EQ(p.score, -37);
  EXPECT_EQ(p.result, 0.0);
  ASSERT_EQ(parse_labelled_line(fen + " | 12 | 1/2-1/2", p), LineStatus::Position);
  EXPECT_EQ(p.result, 0.5);
  ASSERT_EQ(parse_labelled_line(fen + " 1-0", p), LineStatus::Position);
  EXPECT_EQ(p.result, 1.0);
}

TEST(TuneInput, BlankAndBadLines) {
  LabelledPosition p;
  std::string why;
  EXPECT_EQ(parse_labelled_line("", p), LineStatus::Blank);
  EXPECT_EQ(parse_labelled_line("   \r", p), LineStatus::Blank);
  EXPECT_EQ(parse_labelled_line("# comment", p), LineStatus::Blank);
  for (const char* bad : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",  // no result
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - [1.5]",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 \"2-0\";",
                          "rnbqkbnr/pppppppp/8/8/8/8 w KQkq - [1.0]",  // six ranks
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - | x | 1.0",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - | 5",
                          "hello world"}) {
    why.clear();
    EXPECT_EQ(parse_labelled_line(bad, p, &why), LineStatus::Bad) << bad;
    EXPECT_FALSE(why.empty()) << bad;
  }
}

TEST(TuneInput, RepositoryTuningFilesParseCompletely) {
  const std::pair<const char*, size_t> files[] = {{"tuning/quiet-labeled-subset-1_1000.epd", 1081},
                                                  {"tuning/sample_ethereal_fen.epd", 100},
                                                  {"tuning/selfplay-082e9e3-every1100.txt", 2004}};
  for (auto [file, expected] : files) {
    size_t positions = 0;
    LabelledPosition p;
    for (const std::string& line : read_all(data_path(file))) {
      const LineStatus status = parse_labelled_line(line, p);
      ASSERT_NE(status, LineStatus::Bad) << file << ": " << line;
      if (status != LineStatus::Position) continue;  // the self-play sample's '#' provenance lines
      Position pos;
      ASSERT_TRUE(pos.set(p.fen, false)) << p.fen;
      ++positions;
    }
    EXPECT_EQ(positions, expected) << file;
  }
}

#if TAPER_HAS_LZMA
// Larger data, not kept in the repository: the whole TCEC set (355,672 positions, 4.7 MB of xz)
// through the xz reader, where a machine has it ($TAPER_DATA or the folder beside the repository).
TEST(TuneInput, WholeTcecSetReadsThroughXz) {
  TAPER_SKIP_WITHOUT_DATA("tuning/tcec-labeled.epd.xz");
  LineReader reader(data_path("tuning/tcec-labeled.epd.xz"));
  ASSERT_TRUE(reader.ok());
  LabelledPosition p;
  size_t positions = 0, wins = 0;
  for (std::string line; reader.next(line);) {
    ASSERT_EQ(parse_labelled_line(line, p), LineStatus::Position) << line;
    ++positions;
    wins += p.result == 1.0;
  }
  EXPECT_EQ(positions, 355672u);
  EXPECT_EQ(wins, 112929u);  // the 1-0 count its README states
}
#endif

#if TAPER_HAS_ZLIB && TAPER_HAS_LZMA
TEST(TuneInput, GzipAndXzReadLikePlain) {
  // Lines with CRLF and no final newline, written plain, gzip- and xz-compressed.
  std::string text;
  std::vector<std::string> expected;
  for (const std::string& line : read_lines("tuning/quiet-labeled-subset-1_1000.epd")) {
    expected.push_back(line);
    text += line + (expected.size() % 3 ? "\n" : "\r\n");
  }
  text.pop_back();  // no newline after the last line
  if (text.back() == '\r') text.pop_back();

  const std::string plain = temp_path("data.epd"), gz = temp_path("data.epd.gz"), xz = temp_path("data.xz");
  std::ofstream(plain, std::ios::binary) << text;
  gzFile g = gzopen(gz.c_str(), "wb");
  ASSERT_TRUE(g);
  ASSERT_EQ(gzwrite(g, text.data(), unsigned(text.size())), int(text.size()));
  gzclose(g);
  std::vector<uint8_t> packed(text.size() + 4096);
  size_t packedSize = 0;
  ASSERT_EQ(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const uint8_t*>(text.data()),
                                    text.size(), packed.data(), &packedSize, packed.size()),
            LZMA_OK);
  std::ofstream(xz, std::ios::binary).write(reinterpret_cast<const char*>(packed.data()), std::streamsize(packedSize));

  for (const auto& [path, format] : {std::pair{plain, "plain"}, {gz, "gzip"}, {xz, "xz"}}) {
    LineReader r(path);
    EXPECT_STREQ(r.format(), format);
    EXPECT_EQ(read_all(path), expected) << path;
  }

  // A truncated xz file is an error, reported, not a crash.
  std::ofstream(xz, std::ios::binary).write(reinterpret_cast<const char*>(packed.data()), std::streamsize(packedSize / 2));
  LineReader r(xz);
  std::string line;
  while (r.next(line)) {
  }
  EXPECT_FALSE(r.error().empty());
  EXPECT_FALSE(LineReader(temp_path("missing.epd")).ok());
}
#else
TEST(TuneInput, CompressedFilesWithoutTheirLibraryAreRefusedClearly) {
  // Built without zlib or liblzma: the reader names the format and the way out, and plain files still work.
  const std::string gz = temp_path("data.epd.gz"), xz = temp_path("data.xz"), plain = temp_path("data.epd");
  std::ofstream(gz, std::ios::binary) << "\x1f\x8b\x08rest";
  std::ofstream(xz, std::ios::binary) << std::string("\xfd" "7zXZ\0rest", 10);
  std::ofstream(plain, std::ios::binary) << "line one\nline two\n";
#if !TAPER_HAS_ZLIB
  EXPECT_NE(LineReader(gz).error().find("no zlib"), std::string::npos) << LineReader(gz).error();
#endif
#if !TAPER_HAS_LZMA
  EXPECT_NE(LineReader(xz).error().find("no liblzma"), std::string::npos) << LineReader(xz).error();
#endif
  EXPECT_EQ(read_all(plain), (std::vector<std::string>{"line one", "line two"}));
}
#endif

TEST(TuneInput, BadLinesAreCountedNotFatal) {
  const std::string path = temp_path("mixed.epd");
  std::ofstream(path) << "5bk1/3q1p2/5rp1/p1p5/4RBP1/1PP2P2/1PK1Q3/8 w - - c9 \"1-0\";\n"
                         "this is not a position\n"
                         "\n"
                         "8/2N2kp1/5b1p/1P6/3p4/4P1P1/5K1P/8 b - - 0 38 [0.0] 12\n"
                         "8/8/8/8/8/8/8/8 w - - [1.0]\n"  // no kings: the FEN is rejected
                         "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | 20 | 0.5\n"
                         "4k3/8/8/8/8/8/8/4K3 w - - [0.5]\n";  // dead draw: loaded, not tuned
  Dataset train, validation;
  LoadReport rep;
  LoadOptions opt;
  opt.validationFraction = 0;
  opt.progress = false;
  std::string error;
  ASSERT_TRUE(load_dataset({path}, opt, train, validation, rep, &error)) << error;
  EXPECT_EQ(rep.lines, 7u);
  EXPECT_EQ(rep.bad, 2u);
  EXPECT_EQ(rep.positions, 4u);
  EXPECT_EQ(rep.notGeneral, 1u);
  EXPECT_EQ(train.size(), 3u);
  EXPECT_EQ(validation.size(), 0u);
  ASSERT_EQ(rep.badExamples.size(), 2u);
  EXPECT_NE(rep.badExamples[0].find("line 2"), std::string::npos) << rep.badExamples[0];
  EXPECT_NE(rep.badExamples[1].find("line 5"), std::string::npos) << rep.badExamples[1];
  EXPECT_FALSE(load_dataset({temp_path("missing.epd")}, opt, train, validation, rep, &error));
}

TEST(TuneInput, ValidationSplitIsStableAndSized) {
  LoadOptions opt;
  opt.progress = false;
  opt.validationFraction = 0.25;
  Dataset t1, v1, t2, v2;
  LoadReport r1, r2;
  const std::string file = data_path("tuning/quiet-labeled-subset-1_1000.epd");
  ASSERT_TRUE(load_dataset({file}, opt, t1, v1, r1));
  opt.threads = 1;  // the split and order do not depend on the thread count
  ASSERT_TRUE(load_dataset({file}, opt, t2, v2, r2));
  ASSERT_EQ(v1.size(), v2.size());
  for (size_t i = 0; i < v1.size(); ++i) EXPECT_EQ(v1.entries[i].baseEval, v2.entries[i].baseEval);
  const double share = double(v1.size()) / double(v1.size() + t1.size());
  EXPECT_NEAR(share, 0.25, 0.05);
}

TEST(TuneQuiet, ResolvesCapturesAndKeepsQuietPositions) {
  Evaluator ev;
  Position pos;
  // White wins a queen that nothing defends: the leaf is after Qxd5, Black to move.
  ASSERT_TRUE(pos.set("4k3/8/8/3q4/8/8/3Q4/4K3 w - - 0 1", false));
  int plies = 0;
  EXPECT_EQ(resolve_quiet(pos, ev, &plies), QuietResult::Resolved);
  EXPECT_EQ(plies, 1);
  EXPECT_EQ(pos.count(BLACK, QUEEN), 0);
  EXPECT_EQ(pos.side_to_move(), BLACK);

  // A defended pawn is not taken by the queen (losing capture): nothing to resolve.
  ASSERT_TRUE(pos.set("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", false));
  EXPECT_EQ(resolve_quiet(pos, ev, &plies), QuietResult::Unchanged);
  EXPECT_EQ(plies, 0);

  // Checkmated: no quiet leaf.
  ASSERT_TRUE(pos.set("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", false));
  EXPECT_EQ(resolve_quiet(pos, ev), QuietResult::Terminal);

  // Resolving the quiet set changes few positions and never leaves one in check.
  int changed = 0, total = 0;
  LabelledPosition lp;
  for (const std::string& line : read_lines("tuning/quiet-labeled-subset-1_1000.epd")) {
    ASSERT_EQ(parse_labelled_line(line, lp), LineStatus::Position);
    ASSERT_TRUE(pos.set(lp.fen, false));
    const QuietResult q = resolve_quiet(pos, ev);
    ++total;
    changed += q != QuietResult::Unchanged;
    if (q != QuietResult::Terminal) {
      EXPECT_FALSE(pos.in_check()) << lp.fen;
    }
  }
  EXPECT_LT(changed, total / 4);
}
