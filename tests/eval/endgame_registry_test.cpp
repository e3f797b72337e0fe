// SPDX-License-Identifier: GPL-3.0-or-later
// The known-endgame registry: signature keys, both colours, families, and refusing collisions.
#include <gtest/gtest.h>

#include "eval/endgames.hpp"

using namespace taper;
using namespace taper::endgames;

namespace {

Position make(const std::string& fen) {
  Position::init();
  init();
  Position pos;
  EXPECT_TRUE(pos.set(fen, false)) << fen;
  return pos;
}

Value dummy_exact(const Position&, Color) { return 0; }
int dummy_scale(const Position&, Color) { return ScaleDraw; }

}  // namespace

TEST(EndgameRegistry, SignatureKeysEqualPositionMaterialKeys) {
  EXPECT_EQ(signature_key("KBNvK"), make("8/8/8/3k4/8/8/8/KBN5 w - - 0 1").material_key());
  EXPECT_EQ(signature_key("KvKBN"), make("kbn5/8/8/8/8/3K4/8/8 w - - 0 1").material_key());
  EXPECT_EQ(signature_key("KRPvKR"), make("8/8/3k4/r7/8/3PK3/R7/8 b - - 0 1").material_key());
  EXPECT_NE(signature_key("KBNvK"), signature_key("KvKBN"));
  EXPECT_NE(signature_key("KPPvK"), signature_key("KPvK"));
  for (const char* bad : {"KBN", "BNvK", "KKvK", "KXvK", "KBNvk", "KPPPPPPPPPvK", ""}) EXPECT_EQ(signature_key(bad), 0u) << bad;
  Position pos = make("8/8/3k4/r7/8/3PK3/R7/8 b - - 0 1");
  EXPECT_EQ(signature_of(pos), "KRPvKR");
  EXPECT_EQ(signature_key(signature_of(pos)), pos.material_key());
}

TEST(EndgameRegistry, ExactEndingsAreFoundForBothColours) {
  struct Case {
    const char* white;  // the strong side is White
    const char* black;  // the same material with colours swapped
    const char* name;
  };
  const Case cases[] = {
      {"8/8/8/3k4/8/8/8/KBN5 w - - 0 1", "kbn5/8/8/8/8/3K4/8/8 w - - 0 1", "KBNvK"},
      {"8/8/8/3k4/8/8/4P3/4K3 w - - 0 1", "4k3/4p3/8/8/3K4/8/8/8 w - - 0 1", "KPvK"},
      {"8/8/8/3k4/8/8/8/KNN5 b - - 0 1", "knn5/8/8/8/8/3K4/8/8 b - - 0 1", "KNNvK"},
      {"8/8/3r4/3k4/8/8/8/KQ6 w - - 0 1", "kq6/8/8/8/3K4/3R4/8/8 w - - 0 1", "KQvKR"},
      {"8/8/3p4/3k4/8/8/8/KQ6 w - - 0 1", "kq6/8/8/8/3K4/3P4/8/8 w - - 0 1", "KQvKP"},
      {"8/8/3p4/3k4/8/8/8/KR6 w - - 0 1", "kr6/8/8/8/3K4/3P4/8/8 w - - 0 1", "KRvKP"},
      {"8/8/3b4/3k4/8/8/8/KR6 w - - 0 1", "kr6/8/8/8/3K4/3B4/8/8 w - - 0 1", "KRvKB"},
      {"8/8/3n4/3k4/8/8/8/KR6 w - - 0 1", "kr6/8/8/8/3K4/3N4/8/8 w - - 0 1", "KRvKN"},
      {"8/8/8/3k4/8/8/8/KQ6 w - - 0 1", "kq6/8/8/8/3K4/8/8/8 w - - 0 1", "KXK"},
      {"8/8/8/3k4/8/8/8/KRBN4 w - - 0 1", "krbn4/8/8/8/3K4/8/8/8 w - - 0 1", "KXK"},
      {"8/8/8/3k4/8/8/PPP5/KR6 w - - 0 1", "kr6/ppp5/8/8/3K4/8/8/8 w - - 0 1", "KXK"},
  };
  for (const Case& c : cases) {
    for (Color strong : {WHITE, BLACK}) {
      Position pos = make(strong == WHITE ? c.white : c.black);
      const Known* k = lookup(pos);
      ASSERT_NE(k, nullptr) << c.name;
      EXPECT_STREQ(k->name, c.name);
      EXPECT_NE(k->exact, nullptr) << c.name;
      EXPECT_EQ(k->exactStrong, strong) << c.name;
    }
  }
}

TEST(EndgameRegistry, ScaleEndingsAndPawnFamilies) {
  // KRPvKR scales for the side with the pawn only.
  const Known* k = lookup(make("8/8/3k4/r7/8/3PK3/R7/8 b - - 0 1"));
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->exact, nullptr);
  EXPECT_NE(k->scale[WHITE], nullptr);
  EXPECT_EQ(k->scale[BLACK], nullptr);
  k = lookup(make("8/8/3k4/r2p4/8/4K3/R7/8 b - - 0 1"));
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->scale[WHITE], nullptr);
  EXPECT_NE(k->scale[BLACK], nullptr);
  // KPvKP is symmetric: both sides get the function.
  k = lookup(make("8/8/3k4/3p4/8/3PK3/8/8 w - - 0 1"));
  ASSERT_NE(k, nullptr);
  EXPECT_NE(k->scale[WHITE], nullptr);
  EXPECT_NE(k->scale[BLACK], nullptr);
  // Bishop and any number of pawns against a bare king (KBPsK), either colour.
  for (const char* fen : {"8/8/3k4/8/P7/P7/P7/KB6 w - - 0 1", "8/8/3k4/8/8/8/7P/KB6 w - - 0 1"}) {
    k = lookup(make(fen));
    ASSERT_NE(k, nullptr) << fen;
    EXPECT_STREQ(k->name, "KBvK");
    EXPECT_NE(k->scale[WHITE], nullptr);
  }
  k = lookup(make("kb6/p7/p7/8/8/3K4/8/8 w - - 0 1"));
  ASSERT_NE(k, nullptr);
  EXPECT_NE(k->scale[BLACK], nullptr);
  EXPECT_EQ(k->scale[WHITE], nullptr);
  // Pawns only against a bare king (two or more; one pawn is KPK).
  k = lookup(make("8/8/3k4/8/8/8/PP6/K7 w - - 0 1"));
  ASSERT_NE(k, nullptr);
  EXPECT_STREQ(k->name, "KvK");
}

TEST(EndgameRegistry, NothingForOtherMaterial) {
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8/3k4/8/8/8/8/KB6 w - - 0 1",
                          "8/8/3k4/8/8/8/8/KN6 w - - 0 1", "8/8/3k4/8/8/8/P7/KN6 w - - 0 1", "8/8/3k4/8/8/8/8/K7 w - - 0 1",
                          "8/8/3k4/3p4/8/8/8/KB6 w - - 0 1", "8/8/3k4/3r4/8/8/8/KR6 w - - 0 1"})
    EXPECT_EQ(lookup(make(fen)), nullptr) << fen;
}

TEST(EndgameRegistry, ListsEveryRegistration) {
  init();
  bool sawKbnk = false, sawFamily = false;
  for (const Registration& r : registrations()) {
    EXPECT_NE(signature_key(r.signature), 0u) << r.signature;
    sawKbnk |= r.signature == "KBNvK" && r.exact && !r.anyPawns;
    sawFamily |= r.signature == "KBvK" && !r.exact && r.anyPawns;
  }
  EXPECT_TRUE(sawKbnk);
  EXPECT_TRUE(sawFamily);
}

TEST(EndgameRegistryDeathTest, RefusesDuplicatesAndSymmetricExactEndings) {
  Position::init();
  Registry r;
  r.exact("KBNvK", dummy_exact);
  r.scale("KPvKP", dummy_scale);  // symmetric scale functions are fine: one per side
  EXPECT_DEATH(r.exact("KBNvK", dummy_exact), "KBNvK is registered twice");
  EXPECT_DEATH(r.scale("KvKBN", dummy_scale), "has the same material key as another signature");
  EXPECT_DEATH(r.exact("KRvKR", dummy_exact), "symmetric");
  EXPECT_DEATH(r.exact("KBNK", dummy_exact), "not a valid signature");
  Position pos;
  ASSERT_TRUE(pos.set("8/8/3k4/8/8/8/8/KBN5 w - - 0 1", false));
  const Known* k = r.find(pos);
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->exact, &dummy_exact);
}
