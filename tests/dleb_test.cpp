// Dleb rules tests: hand-made positions (the field as position text, lines
// D, C, B, A top to bottom, cross-lines 1..N left to right: NOTATION.md §7),
// a turn, the whole expected position compared; Marin's entry stages and
// liberation examples (Marin 1931); every rule and option of docs/RULES.md §Dleb; every
// error code with its offset.
//
// Position text: '.' empty, S/N a slave, s/n a free man, s2 a double; on B
// and C a heading, '>' toward D or '<' toward A. Then the turn (S1 = South,
// player 1), who has entered (South's players / North's), stored dleb.
#include <gtest/gtest.h>

#include "beyt/dleb.hpp"
#include "beyt/dleb_track.hpp"
#include "beyt/game.hpp"
#include "position_text.hpp"

namespace {

using namespace beyt;
using test::position;
using test::position_error;

const Game& dleb() {
  const Game* g = find_game("dleb");
  EXPECT_NE(g, nullptr);
  return g ? *g : dleb_game();
}

std::unique_ptr<State> state_of(std::string_view rules, std::string_view setup = "") {
  RuleSet r;
  Error e = dleb().parse_rules(rules, r);
  EXPECT_FALSE(e) << rules << ": " << e.reason;
  std::unique_ptr<State> s;
  e = dleb().new_state(r, setup, s);
  EXPECT_FALSE(e) << setup << ": " << e.reason;
  return s;
}

std::string err_text(const Error& e) { return code_id(e.code) + "@" + std::to_string(e.offset); }

std::string after(std::string_view rules, std::string_view setup, std::string_view move) {
  auto s = state_of(rules, setup);
  if (!s) return "no state";
  Error e = s->play_turn(move);
  return e ? err_text(e) : s->position_text();
}

std::string canon(std::string_view rules, std::string_view setup, std::string_view move) {
  auto s = state_of(rules, setup);
  std::string out;
  Error e = s->check_turn(move, out);
  return e ? err_text(e) : out;
}

constexpr const char* kFour = "cross-lines=4";
constexpr const char* kStart4 = "NNNN/..../..../SSSS S1 0/0 0/0";
constexpr const char* kEntered4 = "NNNN/..../..../SSSS S1 1/1 0/0";

// --- Marin's entry stages (Marin 1931 "Entering the game") --------------------

TEST(DlebEntry, StageOneDugOrTxlxEndsTheTurn) {
  // "(1) He plays with the four billets: if he throws a dug or a txlx·dx, his
  // turn is ended ...; if a stte or a gsse turns up, he goes on throwing"
  EXPECT_EQ(after(kFour, kStart4, "BBWW"), "NNNN/..../..../SSSS N1 0/0 0/0");
  EXPECT_EQ(after(kFour, kStart4, "BBBB,WWWW,BWWW"), "NNNN/..../..../SSSS N1 0/0 0/0");
  EXPECT_EQ(canon(kFour, kStart4, "BBBB"), "E341@4");       // he throws on
  EXPECT_EQ(canon(kFour, kStart4, "BBWW,BBWW"), "E341@5");  // the turn had ended
  EXPECT_EQ(canon(kFour, kStart4, "BBWW:2A1-B2"), "E342@5");  // nothing moves
}

TEST(DlebEntry, StagesTwoAndThreeAndHab) {
  // "as soon as a dleb appears he counts one dleb and immediately passes on
  // to the second stage. (2) He plays with three billets ... one black and
  // two white ... third stage. (3) ... two black (hab), all the dleb and gsse
  // he may have scored are lost"
  EXPECT_EQ(after(kFour, kStart4, "BBBW,BBB,WWW,BWW,BB"), "NNNN/..../..../SSSS N1 0/0 0/0");
  EXPECT_EQ(canon(kFour, kStart4, "BBBW,BBBW"), "E341@5");  // stage 2: three billets
  EXPECT_EQ(canon(kFour, kStart4, "BBBW,BWW,BWW"), "E341@9");  // stage 3: two billets
  EXPECT_EQ(canon(kFour, kStart4, "BBBW,BWW,BB:1A1-B1"), "E342@12");  // hab: all lost
}

TEST(DlebEntry, DagEntersAndPlaysTheScoredThrows) {
  // "if he gets two white, he counts a gsse and reverts immediately into the
  // second stage; but if he casts one white and one black (dag), he enters
  // definitely into the game by making good whatever dleb and gsse he may
  // have summed up". Scored: the stage-1 dleb and one gsse (WW).
  const char* turn = "BBBW,BWW,WW,BWW,BW:1A1-B1,4B1-C4";
  EXPECT_EQ(after(kFour, kStart4, turn), "NNNN/...s>/..../.SSS N1 1/0 0/0");
  // Liberation is compulsory: the scored dleb must free A1.
  EXPECT_EQ(canon(kFour, kStart4, "BBBW,BWW,BW"), "E352@11");
  EXPECT_EQ(canon(kFour, kStart4, "BBBW,BWW,BW:1--"), "E352@12");
  EXPECT_EQ(canon(kFour, kStart4, "BBBW,BWW,BW:1A1-B1"), "BBBW,BWW,BW:1A1-B1");
  EXPECT_EQ(canon(kFour, kStart4, "BBBW,BWW,WW,BWW,BW:1A1-B1"), "BBBW,BWW,WW,BWW,BW:1A1-B1,4--");
  EXPECT_EQ(canon(kFour, kStart4, "BBBW,BWW,BW:4A1-B3"), "E342@12");  // no gsse was scored
}

// --- Throws -------------------------------------------------------------------

TEST(DlebThrows, EnteredPlayersThrowFourBilletsAndAgainOnDlebGsseStte) {
  // Marin 1931, p. 508: "After throwing a stte, a dleb, or a gsse, the same person goes
  // on playing, but after a dug or a txlx·dx he must hand over the sticks".
  EXPECT_EQ(canon(kFour, kEntered4, "BBWW,BBWW"), "E341@5");
  EXPECT_EQ(canon(kFour, kEntered4, "BBBW"), "E341@0");
  EXPECT_EQ(canon(kFour, kEntered4, "BBW"), "E341@0");
  EXPECT_EQ(canon(kFour, kEntered4, "BBBW,BBWW:1A1-B1,2B1-B3"), "BBBW,BBWW:1A1-B1,2B1-B3");
  EXPECT_EQ(canon(kFour, kEntered4, "BBBX"), "E301@3");
}

TEST(DlebThrows, TheGurCountsWhiteByDayBlackByNight) {
  // "A billet lying on its side is called a g·r; it is counted as white if
  // the game is played during the day time, as black if it is night time."
  EXPECT_EQ(canon(kFour, kEntered4, "GBBB,BBWW:1A1-B1,2B1-B3"), "GBBB,BBWW:1A1-B1,2B1-B3");
  EXPECT_EQ(canon("cross-lines=4; time=night", kEntered4, "GBBB,BBWW:1A1-B1,2B1-B3"), "E342@10");
  EXPECT_EQ(canon("cross-lines=4; time=night", kEntered4, "GBBB,BBWW:2--,6--"), "GBBB,BBWW:2--,6--");
}

// --- Liberation ------------------------------------------------------------------

TEST(DlebLiberation, MarinsExamplesFrontFirst) {
  // "before it has been moved one single step (A1 to B1, A2 to A1, etc., D20
  // to C20, D19 to D20, etc.)"
  std::string n20(20, 'N'), s20(20, 'S'), dots(20, '.');
  std::string setup = n20 + "/" + dots + "/" + dots + "/" + s20 + " S1 1/1 0/0";
  auto s = state_of("", setup);
  ASSERT_FALSE(s->play_turn("BBBW,BBBW,BBWW:1A1-B1,1A2-A1,2--"));
  ASSERT_FALSE(s->play_turn("BBBW,BBBW,BBWW:1D20-C20,1D19-D20,2--"));
  EXPECT_EQ(s->position_text(), std::string(18, 'N') + ".n/" + std::string(19, '.') + "n</s>" +
                                    std::string(19, '.') + "/s." + std::string(18, 'S') + " S1 1/1 0/0");
  EXPECT_EQ(canon("", setup, "BBBW,BBWW:1A2-A1,2--"), "E344@11");  // A1 first
  EXPECT_EQ(canon("", setup, "BBWW:2A1-B2"), "E343@5");            // only a dleb frees a slave
}

TEST(DlebLiberation, TheFrontSlaveIsFoundPastEatenOnes) {
  // South's front is the slave nearest A1, North's the one nearest DN
  // (docs/RULES.md §Dleb); the points of eaten slaves are passed over.
  const char* south = "NNNN/..../..../.S.S S1 1/1 0/0";
  EXPECT_EQ(canon(kFour, south, "BBBW,BBWW:1A4-A3,2--"), "E344@11");
  EXPECT_EQ(after(kFour, south, "BBBW,BBWW:1A2-A1,2--"), "NNNN/..../..../s..S N1 1/1 0/0");
  const char* north = "NN../..../..../SSSS N1 1/1 0/0";
  EXPECT_EQ(canon(kFour, north, "BBBW,BBWW:1D1-D2,2--"), "E344@11");
  EXPECT_EQ(after(kFour, north, "BBBW,BBWW:1D2-D3,2--"), "N.n./..../..../SSSS S1 1/1 0/0");
}

TEST(DlebLiberation, EveryDlebFreesWhileSlavesRemain) {
  // A free man on B1 and slaves on A2..A4: the dleb must free A2.
  const char* setup = "NNNN/..../s>.../.SSS S1 1/1 0/0";
  EXPECT_EQ(canon(kFour, setup, "BBBW,BBWW:1B1-B2,2--"), "E352@11");
  EXPECT_EQ(canon(kFour, setup, "BBBW,BBWW:1A2-A1,2B1-B3"), "BBBW,BBWW:1A2-A1,2B1-B3");
  EXPECT_EQ(canon(kFour, setup, "BBBW,BBWW:1+"), "E352@10");  // no storing while slaves remain
}

// --- Track, taking, doubles -----------------------------------------------------

TEST(DlebTrack, TheBoustrophedonAndHeadings) {
  // South men on D1 (a sea-farer) and C1 heading home; North's slave on D4.
  const char* setup = "s..N/s<.../..../.... S1 1/1 0/0";
  EXPECT_EQ(after(kFour, setup, "BBBW,BBBW,BBWW:1C1-B1,1B1-B2,2D1-D3"), "..sN/..../.s<../.... N1 1/1 0/0");
  // D4 + 1 = C4 (homeward), B4 homeward + 1 = A4; A1 + 1 = B1 (outward).
  EXPECT_EQ(after(kFour, "s..N/..../...s</s... S1 1/1 0/0", "BBBW,BBBW,WWBB:1B4-A4,1A1-B1,2A4-A2"),
            "s..N/..../s>.../.s.. N1 1/1 0/0");
  EXPECT_EQ(after(kFour, "...n/..../..../s... N1 1/1 0/0", "BWWW:3D4-C2"), "..../.n<../..../s... S1 1/1 0/0");
  EXPECT_EQ(canon(kFour, setup, "BBWW:2D1-C1"), "E345@9");
  // The reason names where the throw takes the man, read off the track as the
  // check reads it: within a segment, and across a segment's end (B4 homeward,
  // then A4, A3).
  EXPECT_EQ(state_of(kFour, setup)->play_turn("BBWW:2D1-C1").reason,
            "a throw of 2 takes the man on D1 to D3, not C1 (docs/RULES.md §Dleb Track)");
  EXPECT_EQ(state_of(kFour, "s..N/..../...s</s... S1 1/1 0/0")->play_turn("BBWW:2B4-A2").reason,
            "a throw of 2 takes the man on B4 to A3, not A2 (docs/RULES.md §Dleb Track)");
}

TEST(DlebTrack, NoPassingOverAnEnemyAndEating) {
  // "A man can pass over other men of its own kind, but not over an enemy. If
  // a throw of the billets brings it to the exact place occupied by a man of
  // the other team, he eats it".
  const char* setup = "N.../..../.n<../s... S1 1/1 0/0";
  EXPECT_EQ(canon(kFour, setup, "BWWW:3A1-B3"), "E350@9");
  EXPECT_EQ(canon(kFour, setup, "BBWW:2A1-B2"), "BBWW:2A1xB2");
  EXPECT_EQ(after(kFour, setup, "BBWW:2A1xB2"), "N.../..../.s>../.... N1 1/1 0/0");
  EXPECT_EQ(canon(kFour, setup, "BBBW,BBWW:1A1xB1,2--"), "E307@14");
  // The last enemy man eaten: the rest are forfeits; South wins.
  auto s = state_of(kFour, "..../..../.n<../s... S1 1/1 0/0");
  EXPECT_EQ(err_text(s->play_turn("BBWW,BBWW")), "E341@5");
  EXPECT_EQ(err_text(s->play_turn("BBBB,BBWW:2A1xB2,6B2-D4")), "E302@17");
  ASSERT_FALSE(s->play_turn("BBBB,BBWW:2A1xB2"));
  EXPECT_EQ(s->outcome(), Result::south_wins);
}

TEST(DlebTrack, DoubleMen) {
  // "A man can be left by the side of another of its own kind; henceforth the
  // two companions move together ... Only a dleb can separate them again".
  EXPECT_EQ(after(kFour, "..N./..../..../ss.. S1 1/1 0/0", "BBBW,BBWW:1A2-A1,2A1-B2"),
            "..N./..../.s2>../.... N1 1/1 0/0");
  EXPECT_EQ(after(kFour, "..N./..../..../s2... S1 1/1 0/0", "BBBW,BBWW:1A1-B1',2--"),
            "..N./..../s>.../s... N1 1/1 0/0");
  EXPECT_EQ(canon(kFour, "..N./..../..../s2... S1 1/1 0/0", "BBWW:2A1-B2'"), "E349@5");
  EXPECT_EQ(canon(kFour, "..N./..../..../.S.s S1 1/1 0/0", "BBWW:2A4-A2"), "E304@9");  // not onto one's slave
  // Headings: a man heading home joins one heading out on B2: the standing
  // man's heading (default) or the mover's (double-course=mover).
  const char* meet = "..N./s<.../.s>../.... S1 1/1 0/0";
  EXPECT_EQ(after(kFour, meet, "BBWW:2C1-B2"), "..N./..../.s2>../.... N1 1/1 0/0");
  EXPECT_EQ(after("cross-lines=4; double-course=mover", meet, "BBWW:2C1-B2"), "..N./..../.s2<../.... N1 1/1 0/0");
}

// Marin 1931, p. 510: the two companions "run the risk of being eaten
// together"; docs/RULES.md §Dleb Finer points: "Doubles may grow beyond two
// men". North's man on B1 (homeward, '<') eats South's double on B2 with a
// dleb; South's third man joins a double on A1.
TEST(DlebTrack, DoublesAreEatenWholeAndGrow) {
  const char* eat = "..../..../n<s2>../s... N1 1/1 0/0";
  EXPECT_EQ(canon(kFour, eat, "BBBW,BBWW:1B1-B2"), "BBBW,BBWW:1B1xB2,2--");
  EXPECT_EQ(after(kFour, eat, "BBBW,BBWW:1B1xB2"), "..../..../.n<../s... S1 1/1 0/0");
  EXPECT_EQ(after(kFour, "..N./..../..../s2s.. S1 1/1 0/0", "BBBW,BBWW:1A2-A1,2A1-B2"),
            "..N./..../.s3>../.... N1 1/1 0/0");
}

// docs/RULES.md §Dleb Finer points: "Stored dleb belong to the team; any
// member may play them". South's first player stores a dleb; his partner,
// who plays next, plays it.
TEST(DlebStored, APartnerPlaysTheTeamsStoredDleb) {
  auto s = state_of("cross-lines=4; players=2", "..N./..../..../s... S1 11/11 0/0");
  ASSERT_FALSE(s->play_turn("BBBW,BBWW:1+,2A1-B2"));
  EXPECT_EQ(s->position_text(), "..N./..../.s>../.... S2 11/11 1/0");
  EXPECT_EQ(s->player_label(), "South, player 2");
  ASSERT_FALSE(s->play_turn("BBWW:+1B2-B3,2--"));
  EXPECT_EQ(s->position_text(), "..N./..../..s>./.... N1 11/11 0/0");
  // North's team has none stored.
  EXPECT_EQ(canon("cross-lines=4; players=2", "..n./..../..../s... N1 11/11 1/0", "BBWW:+1D3-D4,2--"), "E353@5");
}

TEST(DlebStored, StoringAndPlayingDleb) {
  // "When one team has liberated all its men, it is free to turn its dleb to
  // any use it likes; it can even store them up ... Only dleb can be stored".
  EXPECT_EQ(after(kFour, "..N./..../..../s... S1 1/1 0/0", "BBBW,BBWW:1+,2A1-B2"),
            "..N./..../.s>../.... N1 1/1 1/0");
  EXPECT_EQ(after(kFour, "..N./..../..../s... S1 1/1 1/0", "BBWW:+1A1-B1,2B1-B3"),
            "..N./..../..s>./.... N1 1/1 0/0");
  EXPECT_EQ(canon(kFour, "..N./..../..../s... S1 1/1 0/0", "BBWW:+1A1-B1,2B1-B3"), "E353@5");
  EXPECT_EQ(canon(kFour, "..N./..../..../s... S1 1/1 0/0", "BBWW:2+"), "E353@5");
  EXPECT_EQ(canon(kFour, "..N./..../..../s... S1 1/1 0/0", "BBBW,BBWW:1--,2--"), "BBBW,BBWW:1--,2--");
}

// --- Teams and the handicapped player ----------------------------------------

TEST(DlebTeams, PartnersPlayInSuccession) {
  auto s = state_of("cross-lines=4; players=2");
  EXPECT_EQ(s->position_text(), "NNNN/..../..../SSSS S1 00/00 0/0");
  EXPECT_EQ(s->player_label(), "South, player 1");
  ASSERT_FALSE(s->play_turn("BBWW"));
  EXPECT_EQ(s->player_label(), "South, player 2");
  ASSERT_FALSE(s->play_turn("BBWW"));
  EXPECT_EQ(s->player_label(), "North, player 1");
  ASSERT_FALSE(s->play_turn("BBWW"));
  ASSERT_FALSE(s->play_turn("BBWW"));
  EXPECT_EQ(s->position_text(), "NNNN/..../..../SSSS S1 00/00 0/0");
  auto t = state_of("cross-lines=4; players=2; first=north");
  EXPECT_EQ(t->player_label(), "North, player 1");
}

TEST(DlebTeams, HandicappedPlayerOnlyHisDlebCount) {
  // "If a boy has been unable to enter the game proper, and all the pawns on
  // his own side have been liberated ... no attention will be paid to any of
  // his throws with the exception of the dleb".
  const char* setup = "..N./..../..../s... S2 10/00 0/0";
  EXPECT_EQ(canon("cross-lines=4; players=2", setup, "BBWW:2A1-B2"), "E351@5");
  EXPECT_EQ(canon("cross-lines=4; players=2", setup, "BBBW,BBWW:1A1-B1"), "BBBW,BBWW:1A1-B1,2--");
  EXPECT_EQ(after("cross-lines=4; players=2", setup, "BBBW,BBWW:1A1-B1"), "..N./..../s>.../.... N1 10/00 0/0");
}

// --- Position text, rules, render -----------------------------------------------

TEST(DlebPositionText, RoundTripsAndRejectsBadText) {
  for (const char* text : {"NNNN/..../..../SSSS S1 0/0 0/0", "s..N/s<.../.s2>../.S.s N2 10/01 3/0"}) {
    DlebPosition p = position<DlebPosition>(text);
    EXPECT_EQ(p.text(), text);
  }
  EXPECT_EQ(err_text(position_error<DlebPosition>("NNNN/..../.s../SSSS S1 0/0 0/0")), "E204@12");  // heading missing
  EXPECT_EQ(err_text(position_error<DlebPosition>("NNNN/..../..../SSSS S3 0/0 0/0")), "E204@20");
  EXPECT_EQ(err_text(position_error<DlebPosition>("NNNN/..../..../SSSS S1 0/00 0/0")), "E204@23");
  EXPECT_EQ(position_error<DlebPosition>("SNNN/..../..../SSSS S1 0/0 0/0").code, Code::bad_setup);  // slave off its line
  std::unique_ptr<State> s;
  RuleSet r;
  ASSERT_FALSE(dleb().parse_rules("", r));
  EXPECT_EQ(dleb().new_state(r, kStart4, s).code, Code::bad_setup);  // 4 cross-lines under 20
}

TEST(DlebRules, OptionsParse) {
  RuleSet r;
  DlebOptions o;
  ASSERT_FALSE(dleb().parse_rules("marin; cross-lines=60; players=3; time=night", r));
  ASSERT_FALSE(DlebOptions::from_rules(r, o));
  EXPECT_EQ(o.cross_lines, 60);
  EXPECT_EQ(o.players, 3);
  EXPECT_TRUE(o.night);
  for (const char* bad : {"cross-lines=3", "cross-lines=101", "players=0", "players=9", "cross-lines=x"}) {
    ASSERT_FALSE(dleb().parse_rules(bad, r));
    EXPECT_EQ(DlebOptions::from_rules(r, o).code, Code::bad_rules) << bad;
  }
}

TEST(DlebRender, FourLinesWithMenAndDoubles) {
  auto s = state_of(kFour, "..N./..../.s2>../s... N1 1/1 0/0");
  RenderOptions ro;
  std::string d = s->drawing()->render(ro);
  EXPECT_NE(d.find("B ─┼──●2─┼──┼─"), std::string::npos) << d;
  EXPECT_NE(d.find("D ─┼──┼──□──┼─"), std::string::npos) << d;
  EXPECT_NE(d.find("    1  2  3  4\n"), std::string::npos) << d;
  EXPECT_NE(d.find("North to move"), std::string::npos);
  ro.style = DiagramStyle::ascii;
  EXPECT_NE(s->drawing()->render(ro).find("B -+--x2-+--+-"), std::string::npos) << s->drawing()->render(ro);
}

TEST(DlebRandom, RandomTurnsAreCanonicalAndLegal) {
  for (const char* rules : {"", "players=2", "cross-lines=4; players=3", "cross-lines=6; time=night"}) {
    auto s = state_of(rules);
    Rng rng(11);
    for (int turn = 0; turn < 600 && !s->is_terminal(); ++turn) {
      std::string m = s->random_turn(rng), c;
      Error e = s->check_turn(m, c);
      ASSERT_FALSE(e) << rules << " " << m << ": " << e.reason << " in " << s->position_text();
      ASSERT_EQ(c, m);
      ASSERT_FALSE(s->play_turn(m));
    }
  }
}

// The random player keeps each team's free men's points from one of its
// turns to the next (the `random_memory` hook, lib/src/engine_hooks.hpp):
// its turns are those of a State made afresh from the position before each
// (nothing kept), on fields of every width class (two lines a word up to 32
// cross-lines, a word a line up to 64, two words beyond), over whole games.
TEST(DlebRandom, KeptPointsPlayAsPointsFoundAfresh) {
  for (const char* rules : {"", "players=2", "cross-lines=4; players=3", "cross-lines=6; time=night",
                            "cross-lines=40", "cross-lines=100; players=2"}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      auto s = state_of(rules);
      Rng kept(seed), fresh(seed);
      std::string a, b;
      int turn = 0;
      for (; turn < 3000 && !s->is_terminal(); ++turn) {
        auto f = state_of(rules, s->position_text());
        f->play_random(fresh, &b);
        s->play_random(kept, &a);
        ASSERT_EQ(a, b) << rules << ", seed " << seed << ", turn " << turn;
      }
      EXPECT_GT(turn, 20) << rules;
    }
  }
}

// What the random player kept is not used once the position has changed by
// another way: undo() of its turn, a turn played by its text, or events
// applied (a move among them) before play_random() ends the turn. Its next
// turn is then that of a State made afresh (the same events applied).
TEST(DlebRandom, WhatThePlayerKeptIsDroppedWhenThePositionChangesOtherwise) {
  int undone = 0, played = 0, applied = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    auto s = state_of("");
    s->keep_history(true);
    Rng rng(seed);
    for (int turn = 0; turn < 4000 && !s->is_terminal(); ++turn) {
      s->play_random(rng);
      if (s->is_terminal()) break;
      const std::string start = s->position_text();
      std::vector<std::string> events;  // applied to both, before the random player's turn
      switch (turn % 4) {
        case 1:  // its turn taken back
          ASSERT_FALSE(s->undo());
          ++undone;
          break;
        case 2: {  // a turn played by its text
          ASSERT_FALSE(s->play_turn(s->random_turn(rng)));
          ++played;
          break;
        }
        case 3: {  // the throws and the first use, then the random player's
          auto all = s->turn_events(s->random_turn(rng));
          ASSERT_TRUE(all) << all.error().reason;
          for (const auto& e : *all) {
            const bool use = s->status().to_move != Actor::chance;
            ASSERT_FALSE(s->apply(e)) << e;
            events.push_back(e);
            if (use) break;
          }
          ++applied;
          break;
        }
        default:
          continue;
      }
      if (s->is_terminal()) break;
      auto f = state_of("", events.empty() ? s->position_text() : start);
      for (const auto& e : events) ASSERT_FALSE(f->apply(e)) << e;
      Rng a(seed * 100000 + static_cast<std::uint64_t>(turn)), b(seed * 100000 + static_cast<std::uint64_t>(turn));
      std::string kept, fresh;
      f->play_random(b, &fresh);
      s->play_random(a, &kept);
      ASSERT_EQ(kept, fresh) << "seed " << seed << ", turn " << turn << ", case " << turn % 4;
    }
  }
  EXPECT_GT(undone, 100);
  EXPECT_GT(played, 100);
  EXPECT_GT(applied, 100);
}

// The track's table (beyt/dleb_track.hpp, the random player's walks) against
// a walk made step by step from Marin 1931's words ("A1 successively to B1,
// B2, B3 ... B20, C20 ... C1, D1 ... D20, ... and comes back through C20 ...
// C1, B1 ... B20, A20 ..."; docs/RULES.md §Dleb Track), for every number of
// cross-lines, every place of the cycle, and every point, segment running
// along its line and throw value.
TEST(DlebTrack, TheTableIsTheStepByStepWalk) {
  struct Place {
    int line, x, segment;
  };
  constexpr int kLine[6] = {0, 1, 2, 3, 2, 1};  // A, B out, C out, D, C back, B back
  for (int n = DlebTrack::kMinCrossLines; n <= DlebTrack::kMaxCrossLines; ++n) {
    // One step along the track: within a segment toward its end (B and D
    // upward, A and C downward), else onto the next segment's first point.
    const auto step = [n, &kLine](Place q) {
      const bool up = q.segment % 2 == 1;
      if (up ? q.x < n : q.x > 1) return Place{q.line, up ? q.x + 1 : q.x - 1, q.segment};
      const int next = (q.segment + 1) % 6;
      return Place{kLine[next], next % 2 == 1 ? 1 : n, next};
    };
    const DlebTrack& track = DlebTrack::of(n);
    Place q{0, n, 0};  // place 0: A N, where South's walk along A ends
    for (int c = 0; c < 6 * n + 6; ++c, q = step(q)) {
      ASSERT_EQ(track.point(c), dleb_point(q.line, q.x)) << "n=" << n << " place " << c;
      ASSERT_EQ(track.segment(c), q.segment) << "n=" << n << " place " << c;
    }
    for (int seg = 0; seg < 6; ++seg)
      for (int x = 1; x <= n; ++x) {
        const int c = DlebTrack::place_of(x - 1, seg, n);
        ASSERT_EQ(track.point(c), dleb_point(kLine[seg], x)) << "n=" << n << " segment " << seg << " x=" << x;
        Place at{kLine[seg], x, seg};
        for (int value = 1; value <= 6; ++value) {
          at = step(at);
          const std::uint16_t end = track.from(c)[value];
          ASSERT_EQ(end & DlebTrack::kPointMask, dleb_point(at.line, at.x)) << "n=" << n << " value " << value;
          ASSERT_EQ(end >> DlebTrack::kSegmentAt, at.segment) << "n=" << n << " value " << value;
        }
      }
  }
}

}  // namespace
