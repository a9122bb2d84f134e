// Tâb rules tests: hand-made positions (the board as position text, rows
// a..i / k..s / S..K / A..I top to bottom: NOTATION.md §6), a turn, the whole
// expected position compared; Lane's two worked examples (Lane 1836); every
// rule and option of docs/RULES.md §Tâb; every error code with its offset.
//
// Position text: '.' empty, S/N a Nasrani, s/n a Muslim kelb, s3 an 'eggeh
// of three, ^4 a history beyond the kelb's own row (4: has entered the
// adversary's row).
#include <gtest/gtest.h>

#include "beyt/game.hpp"
#include "beyt/tab.hpp"
#include "position_text.hpp"

namespace {

using namespace beyt;
using test::position;
using test::position_error;

const Game& tab() {
  const Game* g = find_game("tab");
  EXPECT_NE(g, nullptr);
  return g ? *g : tab_game();
}

std::unique_ptr<State> state_of(std::string_view rules, std::string_view setup = "") {
  RuleSet r;
  Error e = tab().parse_rules(rules, r);
  EXPECT_FALSE(e) << rules << ": " << e.reason;
  std::unique_ptr<State> s;
  e = tab().new_state(r, setup, s);
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

constexpr const char* kStart = "NNNNNNNNN/........./........./SSSSSSSSS S play";

// --- Lane's worked examples (Lane 1836) -------------------------------------

TEST(TabLane, TabFourTwoTakesTheKelbFromIToQ) {
  // "Supposing him, at the beginning of the game, to have thrown táb and four
  // and two, he removes the kelb from beyt I, and places it in the seventh
  // beyt from I, which is Q." The opening táb counts (docs/RULES.md §Tâb Opening).
  auto s = state_of("");
  ASSERT_EQ(s->position_text(), "NNNNNNNNN/........./........./SSSSSSSSS S opening");
  ASSERT_FALSE(s->play_turn("1,4,2:1I-K,4K-O,2O-Q"));
  //  i h g f e d c b a        N N N N N N N N N
  //  k l m n o p q r s        . . . . . . . . .
  //  S R Q P O N M L K   ->   . . s . . . . . .
  //  A B C D E F G H I        S S S S S S S S .
  EXPECT_EQ(s->position_text(), "NNNNNNNNN/........./..s....../SSSSSSSS. N play");
  EXPECT_EQ(s->turns_played(), 1u);
}

TEST(TabLane, FromMTakingOSAndA) {
  // "if one party has a kelb in the beyt m, and the other has one in o, and
  // another in s, and the former has thrown táb (or one) and then four, and
  // then two, he may take the kelb in o by the throw of two; then, by the
  // throw of four, take that in s; and, by the throw of táb, pass into a, and
  // take a third kelb if it contain one."
  //   a: N (North's Nasrani), m: South, o and s: North.
  const char* setup = "........N/..s.n...n/........./......... S play";
  EXPECT_EQ(canon("", setup, "1,4,2:2mxo,4oxs,1sxa"), "1,4,2:2mxo,4oxs,1sxa");
  EXPECT_EQ(after("", setup, "1,4,2:2mxo,4oxs,1sxa"), "........s/........./........./......... N play");
  auto s = state_of("", setup);
  ASSERT_FALSE(s->play_turn("1,4,2:2m-o,4o-s,1s-a"));  // lenient: '-' where it takes
  EXPECT_EQ(s->outcome(), Result::south_wins);
  EXPECT_TRUE(s->is_terminal());
}

// --- Cells ------------------------------------------------------------------

TEST(TabCells, LaneLettersAndGridNames) {
  // docs/RULES.md §Tâb Board: the 9-wide lettering, no J.
  EXPECT_EQ(tab_cell_name(tab_cell(0, 0), 9, false), "A");
  EXPECT_EQ(tab_cell_name(tab_cell(8, 0), 9, false), "I");
  EXPECT_EQ(tab_cell_name(tab_cell(8, 1), 9, false), "K");
  EXPECT_EQ(tab_cell_name(tab_cell(0, 1), 9, false), "S");
  EXPECT_EQ(tab_cell_name(tab_cell(0, 2), 9, false), "k");
  EXPECT_EQ(tab_cell_name(tab_cell(8, 3), 9, false), "a");
  EXPECT_EQ(tab_cell_name(tab_cell(0, 3), 9, false), "i");
  EXPECT_EQ(tab_cell_name(tab_cell(8, 1), 9, true), "i2");
  EXPECT_EQ(tab_cell_name(tab_cell(6, 1), 7, false), "H");   // 7 wide: A..G, then H..O
  EXPECT_EQ(tab_cell_name(tab_cell(0, 1), 11, false), "W");  // 11 wide: M..W
  EXPECT_EQ(tab_cell_name(tab_cell(12, 3), 13, false), "m4");  // no letters on 13
  for (int w : {7, 9, 11, 13, 15})
    for (int r = 0; r < 4; ++r)
      for (int f = 0; f < w; ++f)
        for (bool grid : {false, true}) {
          std::string n = tab_cell_name(tab_cell(f, r), w, grid);
          std::size_t i = 0;
          TabCell c = -1;
          bool g = false;
          ASSERT_TRUE(tab_read_cell(n, i, w, c, g)) << n;
          EXPECT_EQ(c, tab_cell(f, r)) << n;
          EXPECT_EQ(i, n.size());
        }
}

TEST(TabCells, GridTurnsAndConversion) {
  EXPECT_EQ(after("", "", "1,4,2:1i1-i2,4i2-e2,2e2-c2"), "NNNNNNNNN/........./..s....../SSSSSSSS. N play");
  EXPECT_EQ(canon("", "", "1,4,2:1i1-i2,4K-O,2O-Q"), "1,4,2:1i1-i2,4i2-e2,2e2-c2");  // style of the first cell
  std::string out;
  ASSERT_FALSE(tab_rewrite_cells("1WBBB,4,2:1I-K,4K-O,2O-Q", 9, true, out));
  EXPECT_EQ(out, "1WBBB,4,2:1i1-i2,4i2-e2,2e2-c2");
  ASSERT_FALSE(tab_rewrite_cells(out, 9, false, out));
  EXPECT_EQ(out, "1WBBB,4,2:1I-K,4K-O,2O-Q");
  EXPECT_EQ(tab_rewrite_cells("1,2:1m1-m2", 13, false, out).code, Code::bad_rules);
  EXPECT_EQ(after("width=13", "", "1,2:1m1-m2,2m2-k2"),
            "NNNNNNNNNNNNN/............./..........s../SSSSSSSSSSSS. N play");
}

// --- Throws -------------------------------------------------------------------

TEST(TabThrows, OpeningIsOneThrowEachUntilATab) {
  auto s = state_of("");
  ASSERT_FALSE(s->play_turn("3"));
  EXPECT_EQ(s->position_text(), "NNNNNNNNN/........./........./SSSSSSSSS N opening");
  ASSERT_FALSE(s->play_turn("6"));  // a six in the opening does not throw again
  EXPECT_EQ(err_text(s->play_turn("4,2")), "E341@2");
  EXPECT_EQ(err_text(s->play_turn("3:3--")), "E341@1");
  ASSERT_FALSE(s->play_turn("1,3:1I-K,3K-N"));
  EXPECT_EQ(s->position_text(), "NNNNNNNNN/........./.....s.../SSSSSSSS. N play");
  EXPECT_EQ(canon("first=north", "", "2"), "2");
  EXPECT_EQ(after("first=north", "", "1,2:1i-k"), ".NNNNNNNN/n......../........./SSSSSSSSS S play");
}

TEST(TabThrows, SequenceFacesAndUses) {
  EXPECT_EQ(canon("", kStart, "2,3"), "E341@2");          // the throwing ended with the 2
  EXPECT_EQ(canon("", kStart, "1,4:1I-K"), "E341@2");     // ends on a 4: throws again
  EXPECT_EQ(canon("", kStart, "1WWBB,2:1I-K"), "E340@0");  // two white is 2, not táb
  EXPECT_EQ(canon("", kStart, "1WBBB,2WBWB:1I-K"), "1WBBB,2WBWB:1I-K,2--");
  EXPECT_EQ(canon("", kStart, "6BBBB,2:6--,2--"), "6BBBB,2:6--,2--");
  EXPECT_EQ(canon("", kStart, "1,2:1I-K,1K-L"), "E342@9");  // a throw used twice
  EXPECT_EQ(canon("", kStart, "1,2:3I-L"), "E342@4");        // a throw not thrown
  EXPECT_EQ(canon("", kStart, "2"), "2:2--");                // omitted forfeits are appended
  EXPECT_EQ(canon("", kStart, "1,2:2--"), "1,2:2--,1--");
  EXPECT_EQ(canon("", kStart, "1,2:1I-K,2K-M"), "1,2:1I-K,2K-M");
  EXPECT_EQ(canon("", kStart, "1,2:1I-K 2K-M"), "E301@8");
  EXPECT_EQ(canon("", kStart, "1,2:1J-K"), "E301@5");
}

// --- Nasrani and release ----------------------------------------------------

TEST(TabRelease, NasraniLeavesOnlyByTabFrontFirst) {
  EXPECT_EQ(canon("", kStart, "4,2:4I-N"), "E343@4");  // "but by throwing táb before each such removal"
  EXPECT_EQ(canon("", kStart, "1,2:1H-I"), "E344@5");  // "He must always commence with the kelb in beyt I"
  EXPECT_EQ(canon("", kStart, "1,2:1I-L"), "E345@7");  // táb is one step
  // release=any: still I first, then any Nasrani whose step is legal.
  EXPECT_EQ(canon("release=any", kStart, "1,2:1H-I"), "E344@5");
  const char* freed = "NNNNNNNNN/........./..s....../SSSSSSSS. S play";
  EXPECT_EQ(canon("release=any", freed, "1,2:1C-D"), "E304@7");  // D holds a Nasrani
  EXPECT_EQ(canon("release=any", freed, "1,2:1D-E"), "E304@7");
  EXPECT_EQ(after("release=any", "NNNNNNNNN/........./..s....../SSS.SSSS. S play", "1,2:1C-D"),
            "NNNNNNNNN/........./..s....../SS.sSSSS. N play");
  EXPECT_EQ(canon("", "NNNNNNNNN/........./..s....../SSS.SSSS. S play", "1,2:1C-D"), "E344@5");
  EXPECT_EQ(after("", freed, "1,1,2:1H-I,1I-K"), "NNNNNNNNN/........./..s.....s/SSSSSSS.. N play");
}

// release=any: the first kelb a side frees is its foremost Nasrani on the
// board, even after the opponent has taken another of its Nasrani; only when
// the foremost itself is lost is the next one foremost (docs/RULES.md §Tâb
// Finer points). North's three Nasrani stand on a, b, c (pieces=3; c is the
// foremost, nearest i).
TEST(TabRelease, AnyReleaseStillFreesTheForemostFirstAfterALoss) {
  const char* b_lost = "......N.N/........./........./SSS...... N play";
  EXPECT_EQ(canon("pieces=3; release=any", b_lost, "1,2:1a-b"), "E344@5");
  EXPECT_EQ(canon("pieces=3; release=any", b_lost, "1,2:1c-d"), "1,2:1c-d,2--");
  const char* c_lost = ".......NN/........./........./SSS...... N play";  // b is now the foremost
  EXPECT_EQ(canon("pieces=3; release=any", c_lost, "1,2:1b-c"), "1,2:1b-c,2--");
  EXPECT_EQ(canon("pieces=3; release=any", c_lost, "1,1,2:1b-c,1a-b"), "1,1,2:1b-c,1a-b,2--")
      << "once one is freed, any Nasrani may follow";
  // The issue's record: South takes North's b with its 14-throw turn; North's
  // next táb may not free a (c is still the foremost).
  auto s = state_of("pieces=3; release=any");
  ASSERT_FALSE(s->play_turn("1,6,6,6,4,1,1,6,1,1,4,4,4,2:1C-D,6D-K,6K-Q,6Q-n,4n-r,1r-s,2sxb,1B-C,6C-I,1I-K,1A-B,"
                       "4B-F,4F-K,4b-f"));
  EXPECT_EQ(err_text(s->play_turn("1,2:1a-b,2--")), "E344@5");
  EXPECT_FALSE(s->play_turn("1,2:1c-d,2--"));
}

// release=any: "He must always commence with the kelb in beyt I" (Lane 1836)
// binds the first kelb a side frees in the game, once. A side whose freed
// kelbs have all been taken frees any Nasrani after that (docs/RULES.md §Tâb
// Finer points). pieces=3: South's Nasrani on A and C (B was lost), a
// Muslim on K; North's kelb on r takes it with a 2 (r, s, K).
//   i h g f e d c b a        . . . . . . . N N
//   k l m n o p q r s        . . . . . . . n .
//   S R Q P O N M L K        . . . . . . . . s
//   A B C D E F G H I        S . S . . . . . .
TEST(TabRelease, AnyReleaseFirstIsOnceAGame) {
  const char* setup = ".......NN/.......n./........s/S.S...... N play";
  auto s = state_of("pieces=3; release=any", setup);
  ASSERT_FALSE(s->play_turn("2:2rxK"));
  // South has freed a kelb in this game (the one just taken), which the board
  // no longer shows: the position text's fourth field says it.
  EXPECT_EQ(s->position_text(), ".......NN/........./........n/S.S...... S play SN");
  // A may follow.
  EXPECT_FALSE(s->play_turn("1,2:1A-B,2--"));
  EXPECT_EQ(s->position_text(), ".......NN/........./........n/.sS...... N play");
  // Under the default (front-first) C is still the one.
  auto f = state_of("pieces=3", setup);
  ASSERT_FALSE(f->play_turn("2:2rxK"));
  EXPECT_EQ(f->position_text(), ".......NN/........./........n/S.S...... S play")
      << "the fourth field is written under release=any only, where it counts";
  EXPECT_EQ(err_text(f->play_turn("1,2:1A-B,2--")), "E344@5");
  // A set-up position without the fourth field: with no Muslim on the board,
  // the side is taken not to have freed one, and the foremost comes first.
  EXPECT_EQ(canon("pieces=3; release=any", ".......NN/........./........n/S.S...... S play", "1,2:1A-B,2--"),
            "E344@5");
  // With it, the game goes on as it would have from the first move.
  auto set = state_of("pieces=3; release=any", ".......NN/........./........n/S.S...... S play SN");
  ASSERT_TRUE(set);
  auto again = state_of("pieces=3; release=any", setup);
  ASSERT_FALSE(again->play_turn("2:2rxK"));
  EXPECT_TRUE(again->equals(*set)) << "the fourth field carries what the game knew";
  EXPECT_EQ(canon("pieces=3; release=any", ".......NN/........./........n/S.S...... S play SN", "1,2:1A-B,2--"),
            "1,2:1A-B,2--");
}

TEST(TabRelease, PiecesInTheFirstCellsOnly) {
  // Lane: "only in a certain number of beyts ... in the first four": A..D, a..d.
  auto s = state_of("width=7; pieces=4");
  EXPECT_EQ(s->position_text(), "...NNNN/......./......./SSSS... S opening");
  EXPECT_EQ(err_text(s->play_turn("1,2:1C-D")), "E344@5");
  ASSERT_FALSE(s->play_turn("1,2:1D-E,2E-G"));
  EXPECT_EQ(s->position_text(), "...NNNN/......./......./SSS...s N play");
}

// --- Track, fork, enemy row -------------------------------------------------

TEST(TabTrack, TheRoundAndTheFork) {
  // South on s: a 1 goes back to K (round again) or up into a.
  const char* setup = "N......../........s/........./S........ S play";
  EXPECT_EQ(after("", setup, "1,2:1s-K"), "N......../........./........s^3/S........ N play");
  EXPECT_EQ(after("", setup, "1,2:1s-a"), "N.......s/........./........./S........ N play");
  // North mirrors: on S a 1 goes to k or down into A.
  const char* north = "........N/........./n......../S........ N play";
  EXPECT_EQ(after("", north, "1,2:1S-k"), "........N/n^3......../........./S........ S play");
  EXPECT_EQ(after("", north, "1,2:1SxA"), "........N/........./........./n........ S play");
  EXPECT_EQ(canon("", north, "1,2:1S-B"), "E345@7");
}

TEST(TabTrack, EnemyRowEntryNeedsAnEnemyKelbThereAndHappensOnce) {
  // North has no kelb in his home row: South cannot enter it.
  EXPECT_EQ(canon("", "........./........s/n......../S........ S play", "1,2:1s-a"), "E346@7");
  // A kelb that has entered once (^4) only goes round the middle rows.
  EXPECT_EQ(canon("", "N......../........s^4/........./S........ S play", "1,2:1s-a"), "E346@7");
  EXPECT_EQ(canon("", "N......../........s^4/........./S........ S play", "1,2:1s-K"), "1,2:1s-K,2--");
}

TEST(TabTrack, LockInTheEnemyRow) {
  // South kelb on b (in North's row): it moves on only when South's own row
  // is empty, or holds only an 'eggeh and no táb was thrown (Lane 1836).
  EXPECT_EQ(canon("", "N......s./........./........./S........ S play", "1,2:2b-d"), "E347@5");
  EXPECT_EQ(canon("", "N......s./........./........./......... S play", "1,2:2b-d"), "1,2:2b-d,1--");
  EXPECT_EQ(canon("", "N......s./........./........./s2........ S play", "3:3b-e"), "3:3b-e");
  EXPECT_EQ(canon("", "N......s./........./........./s2........ S play", "1,3:3b-e"), "E347@5");
  EXPECT_EQ(canon("", "N......s./........./........./s......s. S play", "3:3b-e"), "E347@3");
}

TEST(TabTrack, SafetyInTheEnemyRow) {
  // North kelb on I (in South's row) is safe from South's kelb on H.
  const char* setup = "N......../........./........./.......sn S play";
  EXPECT_EQ(canon("", setup, "1,2:1H-I"), "E348@7");
  EXPECT_EQ(canon("enemy-row-safe=no", setup, "1,2:1H-I"), "1,2:1HxI,2--");
  // It may be passed over: H + 2 = K.
  EXPECT_EQ(canon("", setup, "2:2H-K"), "2:2H-K");
  EXPECT_EQ(canon("pass-enemy=no", setup, "2:2H-K"), "E350@5");
}

TEST(TabTrack, CapturesAndLandings) {
  // South's kelb on Q goes R, S, then k, l, m, n, o; North's kelb on o.
  const char* setup = "N......../....n..../..s....../S........ S play";
  EXPECT_EQ(canon("", setup, "3:3Qxk"), "E307@5");  // 'x' where nothing is taken
  EXPECT_EQ(canon("", setup, "1,2:1Q-R,2R-k"), "1,2:1Q-R,2R-k");
  EXPECT_EQ(after("", setup, "6,1,2:6Q-n,1n-o,2--"), "N......../....s..../........./S........ N play");
  EXPECT_EQ(canon("", setup, "6,1,2:6Q-n,1n-o,2--"), "6,1,2:6Q-n,1nxo,2--");
  EXPECT_EQ(after("", setup, "6,2:6Q-n,2n-p"), "N......../....ns.../........./S........ N play");
}

// --- 'Eggeh -------------------------------------------------------------------

TEST(TabEggeh, JoinMoveSplitReduce) {
  // Two South kelbs join on O: an 'eggeh of two.
  const char* setup = "N......../........./....s.s../S........ S play";
  EXPECT_EQ(after("", setup, "2:2M-O"), "N......../........./....s2..../S........ N play");
  // The 'eggeh moves as one.
  const char* eggeh = "N......../........./....s2..../S........ S play";
  EXPECT_EQ(after("", eggeh, "3:3O-R"), "N......../........./.s2......./S........ N play");
  // Only a táb divides it: one kelb one cell ("'").
  EXPECT_EQ(after("", eggeh, "1,2:1O-P'"), "N......../........./...ss..../S........ N play");
  EXPECT_EQ(canon("", eggeh, "1,2:2O-Q'"), "E349@5");
  EXPECT_EQ(canon("", "N......../........./....s..../S........ S play", "1,2:1O-P'"), "E349@5");
  // Back into a row it has passed: reduced to one kelb (s -> K, row S..K
  // again). Entering North's row is a new row: it stays whole.
  const char* on_s = "N......../........s2/........./S........ S play";
  EXPECT_EQ(after("", on_s, "1,2:1s-K"), "N......../........./........s^3/S........ N play");
  EXPECT_EQ(after("", on_s, "1,2:1s-a"), "N.......s2/........./........./S........ N play");
  // An 'eggeh whose kelbs have different histories takes the union: one kelb
  // has been round (^3), so moving into row k..s again reduces it.
  EXPECT_EQ(after("", "N......../........./s.s^3....../S........ S play", "2:2Q-S"),
            "N......../........./s2^3......../S........ N play");
  EXPECT_EQ(after("", "N......../........./s2^3......../S........ S play", "1,2:1S-k"),
            "N......../s......../........./S........ N play");
  EXPECT_EQ(after("", "N......../........./s2......../S........ S play", "1,2:1S-k"),
            "N......../s2......../........./S........ N play");
}

// docs/RULES.md §Tâb Finer points: the kelb left after a reduction "then
// lands normally (takes or joins)". South's 'eggeh of two on s goes back to
// K (row S..K again): reduced to one kelb, which takes North's kelb on K, or
// joins South's kelb there (the history of the new 'eggeh is the union, ^3).
TEST(TabEggeh, ReducedKelbTakesOrJoins) {
  EXPECT_EQ(canon("", "N......../........s2/........n/S........ S play", "1,2:1s-K"), "1,2:1sxK,2--");
  EXPECT_EQ(after("", "N......../........s2/........n/S........ S play", "1,2:1sxK"),
            "N......../........./........s^3/S........ N play");
  EXPECT_EQ(after("", "N......../........s2/........s/S........ S play", "1,2:1s-K"),
            "N......../........./........s2^3/S........ N play");
}

// "he takes the latter" (Lane 1836): landing on an enemy 'eggeh takes every
// kelb of it (docs/RULES.md §Tâb Capture: "takes them all").
//   S R Q P O N M L K   South on Q, a North 'eggeh of two on R.
TEST(TabEggeh, AnEnemyEggehIsTakenWhole) {
  const char* setup = "N......../........./.n2s....../S........ S play";
  EXPECT_EQ(canon("", setup, "1,2:1Q-R"), "1,2:1QxR,2--");
  auto s = state_of("", setup);
  ASSERT_FALSE(s->play_turn("1,2:1QxR"));
  EXPECT_EQ(s->position_text(), "N......../........./.s......./S........ N play");
  EXPECT_FALSE(s->is_terminal());  // North keeps his Nasrani on i
}

TEST(TabEnd, LastKelbTakenEndsTheGame) {
  auto t = state_of("", "........./.......sn/........./S........ S play");
  EXPECT_EQ(err_text(t->play_turn("1,2:1rxs,2s-L")), "E302@9");  // nothing moves after the last capture
  ASSERT_FALSE(t->play_turn("1,2:1rxs"));
  EXPECT_EQ(t->outcome(), Result::south_wins);
  EXPECT_EQ(err_text(t->play_turn("2")), "E302@0");
}

// --- Position text, rules, render --------------------------------------------

TEST(TabPositionText, RoundTripsAndRejectsBadText) {
  for (const char* text : {"NNNNNNNNN/........./........./SSSSSSSSS S opening",
                           "N.......s2/n^3......../....n12..../S........ N play",
                           "...NNNN/......./......./SSSS... S opening",
                           ".......NN/........./........n/S.S...... S play SN",
                           "NNNNNNN../........./........./S........ N play N"}) {
    TabPosition p = position<TabPosition>(text);
    EXPECT_EQ(p.text(), text);
  }
  // The fourth field is written only where the board does not tell it.
  EXPECT_EQ(position<TabPosition>("N......../........./.s......./S........ N play S").text(),
            "N......../........./.s......./S........ N play");
  EXPECT_EQ(position<TabPosition>("NNNNNNNNN/........./........./SSSSSSSSS S opening -").text(),
            "NNNNNNNNN/........./........./SSSSSSSSS S opening");
  Error bad = position_error<TabPosition>("NNNNNNNNN/........./........./SSSSSSSSS S play X");
  EXPECT_EQ(err_text(bad), "E204@47");
  EXPECT_NE(bad.reason.find("-, S, N or SN"), std::string::npos) << bad.reason;
  EXPECT_EQ(err_text(position_error<TabPosition>("NNNNNNNNN/........./........./SSSSSSSSS S play NS")), "E204@47");
  bad = position_error<TabPosition>("N......../........./.s......./S........ N play N");
  EXPECT_EQ(err_text(bad), "E204@47");
  EXPECT_NE(bad.reason.find("S has a Muslim kelb on the board"), std::string::npos) << bad.reason;
  EXPECT_EQ(err_text(position_error<TabPosition>("NNNNNNNNN/........./........./SSSSSSSSS S play - x")), "E204@49");
  EXPECT_EQ(position_error<TabPosition>("NNNNNNNN/........./........./SSSSSSSSS S play").code, Code::bad_setup);
  EXPECT_EQ(position_error<TabPosition>("NNNNNNNNN/........./........./SSSSSSSSS X play").offset, 40u);
  EXPECT_EQ(position_error<TabPosition>("NNNNNNNNN/........./........./SSSSSSSSQ S play").offset, 38u);
  std::unique_ptr<State> s;
  RuleSet r;
  ASSERT_FALSE(tab().parse_rules("width=7", r));
  EXPECT_EQ(tab().new_state(r, kStart, s).code, Code::bad_setup);  // 9 wide under width=7
  ASSERT_FALSE(tab().parse_rules("", r));
  EXPECT_EQ(tab().new_state(r, "NNNNNNNNN/........./..S....../SSSSSSSS. S play", s).code, Code::bad_setup);
  EXPECT_EQ(tab().new_state(r, "NNNNNNNNN/........./..s....../SSSSSSSS. S opening", s).code, Code::bad_setup);
}

TEST(TabRules, OptionsParse) {
  RuleSet r;
  EXPECT_FALSE(tab().parse_rules("lane; width=11; pieces=4; release=any", r));
  TabOptions o;
  ASSERT_FALSE(TabOptions::from_rules(r, o));
  EXPECT_EQ(o.width, 11);
  EXPECT_EQ(o.kelbs(), 4);
  EXPECT_TRUE(o.release_any);
  ASSERT_FALSE(tab().parse_rules("width=7; pieces=9", r));
  EXPECT_EQ(TabOptions::from_rules(r, o).code, Code::bad_rules);
  ASSERT_FALSE(tab().parse_rules("pieces=x", r));
  EXPECT_EQ(TabOptions::from_rules(r, o).code, Code::bad_rules);
  EXPECT_EQ(tab().parse_rules("width=8", r).code, Code::bad_rules);
}

TEST(TabRender, LanesBoardAndPieces) {
  auto s = state_of("");
  RenderOptions ro;
  ro.empty_board = true;
  std::string board = s->drawing()->render(ro);
  EXPECT_NE(board.find("│ i │ h │ g │ f │ e │ d │ c │ b │ a │   North's home row\n"), std::string::npos);
  EXPECT_NE(board.find("│ A │ B │ C │ D │ E │ F │ G │ H │ I │   South's home row\n"), std::string::npos);
  ro.empty_board = false;
  auto t = state_of("", "N......../........./....s3..../S........ N play");
  std::string diagram = t->drawing()->render(ro);
  EXPECT_NE(diagram.find("│O●3│"), std::string::npos) << diagram;
  EXPECT_NE(diagram.find("North to move"), std::string::npos);
  // Lane's letters stay on every cell of a lettered board, a kelb after it.
  EXPECT_NE(diagram.find("│i□ │ h │ g │"), std::string::npos) << diagram;
  EXPECT_NE(diagram.find("│A■ │ B │ C │"), std::string::npos) << diagram;
  auto wide = state_of("width=13", "N............/............./............./S............ N play");
  EXPECT_NE(wide->drawing()->render(ro).find(" 1 │ ■ │   │"), std::string::npos) << wide->drawing()->render(ro);
  // ASCII keeps Lane's letters too; its kelbs are marks no letter is taken for.
  ro.style = DiagramStyle::ascii;
  std::string ascii = t->drawing()->render(ro);
  EXPECT_NE(ascii.find("|i% | h | g |"), std::string::npos) << ascii;
  EXPECT_NE(ascii.find("| P |O@3| N |"), std::string::npos) << ascii;
  EXPECT_NE(ascii.find("|A# | B | C |"), std::string::npos) << ascii;
  EXPECT_NE(ascii.find("# South Nasrani  @ South Muslim  % North Nasrani  * North Muslim"), std::string::npos);
  // An 'eggeh of ten or more widens every cell by one, the letter still in front.
  auto big = state_of("width=11", "N........../.........../.....s10...../S.......... N play");
  std::string wide_cells = big->drawing()->render(ro);
  EXPECT_NE(wide_cells.find("|R@10|"), std::string::npos) << wide_cells;
  EXPECT_NE(wide_cells.find("| a  |"), std::string::npos) << wide_cells;
}

TEST(TabRandom, RandomTurnsAreCanonicalAndLegal) {
  for (const char* rules : {"", "width=7; pieces=4", "width=13", "release=any; enemy-row-safe=no; pass-enemy=no"}) {
    auto s = state_of(rules);
    Rng rng(3);
    for (int turn = 0; turn < 400 && !s->is_terminal(); ++turn) {
      std::string m = s->random_turn(rng), c;
      Error e = s->check_turn(m, c);
      ASSERT_FALSE(e) << rules << " " << m << ": " << e.reason << " in " << s->position_text();
      ASSERT_EQ(c, m);
      ASSERT_FALSE(s->play_turn(m));
    }
  }
}

}  // namespace
