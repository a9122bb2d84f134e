// Um el-Banât rules tests (docs/RULES.md §Um el-Banât, Davies Davies 1925): hand-made
// positions (position text, NOTATION.md section 9), a turn, the whole expected
// position; Davies' Fig. 9 pecking sequence; begetting, nourishing, relay,
// passing, stage ends with the borrowing rules and re-allotted houses, the
// endless sowing of docs/RULES.md §Um el-Banât; every error code with its offset.
//
// Position text: counts A..F,a..f  owners  daughters  held S-N  to-move
// phase  starter. Diagrams: North's row f..a on top, D = daughter.
#include <gtest/gtest.h>

#include <algorithm>

#include "beyt/game.hpp"
#include "beyt/notation/moves.hpp"
#include "beyt/umelbanat.hpp"
#include "position_text.hpp"

namespace {

using namespace beyt;
using test::position;
using test::position_error;

std::unique_ptr<State> state_of(std::string_view rules, std::string_view setup = "") {
  RuleSet r;
  Error e = umelbanat_game().parse_rules(rules, r);
  EXPECT_FALSE(e) << e.reason;
  std::unique_ptr<State> s;
  e = umelbanat_game().new_state(r, setup, s);
  EXPECT_FALSE(e) << setup << ": " << e.reason;
  return s;
}

std::string err_text(const Error& e) { return code_id(e.code) + "@" + std::to_string(e.offset); }

std::string after(std::string_view setup, std::string_view move) {
  auto s = state_of("davies", setup);
  if (!s) return "no state";
  Error e = s->play_turn(move);
  return e ? err_text(e) : s->position_text();
}

TEST(Umelbanat, InitialPosition) {
  auto s = state_of("davies");
  ASSERT_NE(find_game("umelbanat"), nullptr);
  EXPECT_EQ(s->position_text(), "4,4,4,4,4,4,4,4,4,4,4,4 SSSSSSNNNNNN ------------ 0-0 S play S");
  EXPECT_EQ(state_of("davies; first=north")->to_move(), Actor::north);
}

// Davies Fig. 9: "he can begin with the two counters in house X, drop one into
// W and the other into D1, from which he then removes two from the board.
// Moving again, he can pick up the one counter just dropped into W, drop it
// into D1 and again remove two. Playing again from Y, he again removes two,
// after which he can again score by playing from W."
// Here X = B, W = C, D1 = D (North's daughter in South's row), Y = A:
//     f  e  d  c  b  a
//   [ 6  6  6  6  6  6 ]
//   [ 3  2  0  7D 0  0 ]   South: B,C,A,C pecks four times, then B ends in C.
//     A  B  C  D  E  F
TEST(Umelbanat, DaviesFig9PeckingSequence) {
  const char* fig9 = "3,2,0,7,0,0,6,6,6,6,6,6 SSSSSSNNNNNN ---n-------- 0-0 S play S";
  EXPECT_EQ(after(fig9, "B,C,A,C,B"), "0,0,1,3,0,0,6,6,6,6,6,6 SSSSSSNNNNNN ---n-------- 8-0 N play S");
  // Each peck removes two (to South's count) and South plays again.
  UmelbanatPosition p = position<UmelbanatPosition>(fig9);
  UmelbanatOptions o;
  EXPECT_EQ(umelbanat_sow(o, p, pit_of_letter('B'), Side::south), UmelbanatStop::peck);  // X
  EXPECT_EQ(p.held[0], 2);
  EXPECT_EQ(umelbanat_sow(o, p, pit_of_letter('C'), Side::south), UmelbanatStop::peck);  // W
  EXPECT_EQ(umelbanat_sow(o, p, pit_of_letter('A'), Side::south), UmelbanatStop::peck);  // Y
  EXPECT_EQ(umelbanat_sow(o, p, pit_of_letter('C'), Side::south), UmelbanatStop::peck);  // W again
  EXPECT_EQ(p.held[0], 8);
  // A turn that stops while a peck lets him play on, or goes on after a sowing
  // that did not peck, is wrong (E329).
  EXPECT_EQ(after(fig9, "B,C,A"), "E329@4");  // at A, the sowing that pecked
  EXPECT_EQ(after(fig9, "B,C,A,C,B,C"), "E329@9");
  // Sowing from the daughter's house (E327).
  EXPECT_EQ(after(fig9, "D"), "E327@0");
  EXPECT_EQ(after(fig9, "B,D"), "E327@2");
  // The whole turn is among the legal turns (the listed sowings followed
  // to each turn's end), its first sowing among the listed events.
  auto s = state_of("davies", fig9);
  std::vector<std::string> moves;
  s->legal_events(moves);
  EXPECT_NE(std::find(moves.begin(), moves.end(), "B"), moves.end());
  moves.clear();
  EXPECT_TRUE(notation::whole_turns(*s, moves, 100000));
  EXPECT_NE(std::find(moves.begin(), moves.end(), "B,C,A,C,B"), moves.end());
}

// Davies: "(b) it falls on to three others in one of his opponent's houses":
// a daughter is begotten; the move stops.
TEST(Umelbanat, BegetOnFourInOpponentsHouse) {
  EXPECT_EQ(after("4,4,4,4,4,1,3,4,4,4,4,4 SSSSSSNNNNNN ------------ 4-0 S play S", "F"),
            "4,4,4,4,4,0,4,4,4,4,4,4 SSSSSSNNNNNN ------s----- 4-0 N play S");
}

// docs/RULES.md §Um el-Banât Finer points: "Four in one's own house relays": E into F makes
// four in South's own house; F relays to a, b, c, d; d was empty: stop.
TEST(Umelbanat, FourInOwnHouseRelays) {
  EXPECT_EQ(after("0,0,0,0,1,3,0,0,0,0,0,0 SSSSSSNNNNNN ------------ 22-22 S play S", "E"),
            "0,0,0,0,0,0,1,1,1,1,0,0 SSSSSSNNNNNN ------------ 22-22 N play S");
}

// Davies: "if either player drops the last counter ... into the house of one
// of his own daughters, he is said to have ... nourished her and his move stops".
TEST(Umelbanat, NourishStops) {
  EXPECT_EQ(after("4,4,4,4,4,1,5,4,4,4,4,2 SSSSSSNNNNNN ------s----- 4-0 S play S", "F"),
            "4,4,4,4,4,0,6,4,4,4,4,2 SSSSSSNNNNNN ------s----- 4-0 N play S");
}

TEST(Umelbanat, OwnershipAndPassing) {
  const char* start = "4,4,4,4,4,4,4,4,4,4,4,4 SSSSSSNNNNNN ------------ 0-0 S play S";
  EXPECT_EQ(after(start, "a"), "E322@0");
  EXPECT_EQ(after(start, "--"), "E328@0");
  EXPECT_EQ(after(start, "#0-0"), "E303@0");
  EXPECT_EQ(after(start, "A;"), "E301@1");
  // South has no house to sow from (his only counters lie in North's daughter's house).
  const char* none = "0,0,4,0,0,0,4,4,4,4,4,4 SSSSSSNNNNNN --n--------- 12-8 S play S";
  auto s = state_of("davies", none);
  std::vector<std::string> moves;
  s->legal_events(moves);
  EXPECT_EQ(moves, std::vector<std::string>{"--"});
  EXPECT_EQ(after(none, "--"), "0,0,4,0,0,0,4,4,4,4,4,4 SSSSSSNNNNNN --n--------- 12-8 N play S");
}

// docs/RULES.md §Um el-Banât: `2 1 2 0 1 0 | 1 0 1 0 1 0` sowing from C never ends; such a
// move is not legal (E320), and the engine does not hang.
TEST(Umelbanat, EndlessSowingFromRulesExample) {
  const char* pos = "2,1,2,0,1,0,1,0,1,0,1,0 SSSSSSNNNNNN ------------ 20-19 S play S";
  EXPECT_EQ(after(pos, "C"), "E320@0");
  // B (1) into C makes 3 in South's own house: relay C -> D 1, E 2, F 1:
  // F was empty, stop.
  EXPECT_EQ(after(pos, "B"), "2,0,0,1,2,1,1,0,1,0,1,0 SSSSSSNNNNNN ------------ 20-19 N play S");
}

// A sowing that never ends with a long cycle, met in a random game: from C,
// the relay laps repeat with a period of 1 407 924 laps (from the first:
// counted by a plain simulation of the laps). No cap on the laps may call it
// ended or endless early: the cycle test sows to the repeat. The other houses'
// sowings end, and the listing leaves C out.
TEST(Umelbanat, EndlessSowingWithALongCycle) {
  const char* pos = "2,1,5,0,7,4,8,4,1,7,1,8 SSSSSSNNNNNN ------------ 0-0 S play N";
  EXPECT_EQ(after(pos, "C"), "E320@0");
  auto s = state_of("davies", pos);
  std::vector<std::string> moves;
  s->legal_events(moves);
  EXPECT_EQ(moves, (std::vector<std::string>{"A", "B", "E", "F"}));
}

// A daughter's house on the board: no sowing from it can be endless (the
// random player's shortcut, lib/src/games/umelbanat: all_sowings_end). On
// boards drawn at random (the counters of a stage, owners, marks), every
// sowing of either side ends once a daughter stands; without one, some
// never end (so the boards do reach endless sowings).
TEST(Umelbanat, NoEndlessSowingWithADaughterOnTheBoard) {
  Rng rng(2026);
  int endless_without = 0, sown_with = 0;
  for (int board = 0; board < 20000; ++board) {
    UmelbanatPosition p;
    const int counters = 2 + static_cast<int>(rng.below(47));
    for (int c = 0; c < counters; ++c) ++p.pits[rng.below(kPits)];
    for (Side& owner : p.owner) owner = rng.below(2) ? Side::north : Side::south;
    const bool daughters = board % 2 == 0;
    if (daughters)
      for (int k = 1 + static_cast<int>(rng.below(3)); k > 0; --k)
        p.mark[rng.below(kPits)] = rng.below(2) ? UmelbanatMark::north : UmelbanatMark::south;
    for (Side side : {Side::south, Side::north})
      for (bool skip : {false, true})
        for (int h = 0; h < kPits; ++h) {
          if (!p.sowable(h, side)) continue;
          UmelbanatOptions o;
          o.skip_origin = skip;
          UmelbanatPosition w = p;
          const bool never_ends = umelbanat_sow(o, w, h, side) == UmelbanatStop::endless;
          if (daughters) {
            EXPECT_FALSE(never_ends) << p.text() << " from " << pit_letter(h);
            ++sown_with;
          } else {
            endless_without += never_ends;
          }
        }
  }
  EXPECT_GT(sown_with, 10000);
  EXPECT_GT(endless_without, 0);
}

// Once a daughter stands, the State lists every house the player may sow
// from without sowing any (docs/RULES.md §Um el-Banât "Sowing": no sowing is
// endless then, and pecks cannot go on without end). Checked against the
// first sowings of the whole turns that umelbanat_legal finds by sowing
// each house and searching the pecks, at the turn starts of random games
// under both readings of skip-origin.
TEST(Umelbanat, ListedSowingsOnceADaughterStands) {
  int compared = 0;
  for (std::string_view rules : {"davies", "davies; skip-origin=yes"}) {
    UmelbanatOptions o;
    o.skip_origin = rules != "davies";
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      Rng rng(seed);
      auto s = state_of(rules);
      for (int t = 0; t < 300 && !s->is_terminal(); ++t) {
        const UmelbanatPosition pos = position<UmelbanatPosition>(s->position_text());
        const bool daughter = std::any_of(pos.mark.begin(), pos.mark.end(),
                                          [](UmelbanatMark m) { return m != UmelbanatMark::none; });
        std::vector<UmelbanatMove> turns;
        if (daughter && pos.phase == UmelbanatPhase::play && pos.can_sow(pos.to_move) &&
            umelbanat_legal(o, pos, turns, 20000)) {
          std::vector<std::string> firsts;  // in house order, as turns come from the search
          for (const auto& m : turns) {
            const std::string h(1, pit_letter(m.houses[0]));
            if (std::find(firsts.begin(), firsts.end(), h) == firsts.end()) firsts.push_back(h);
          }
          std::vector<std::string> listed;
          s->legal_events(listed);
          ASSERT_EQ(listed, firsts) << rules << ": " << s->position_text();
          ++compared;
        }
        s->play_random(rng);
      }
    }
  }
  EXPECT_GT(compared, 2000);
}

// Davies: "divides them into fours ... If B has gained three counters, over
// and above some multiple of four ..., he borrows one more from A ..., but if
// B has gained a multiple of four plus two counters or one, A borrows these
// back" (docs/RULES.md §Um el-Banât "Stage end": allotted from the greater holder's first house).
TEST(Umelbanat, StageEndReallotsHouses) {
  auto end = [](int s, int n, char starter = 'S') {
    return "0,0,0,0,0,0,0,0,0,0,0,0 SSSSSSNNNNNN ------------ " + std::to_string(s) + "-" + std::to_string(n) +
           " - end " + starter;
  };
  const std::string fours = "4,4,4,4,4,4,4,4,4,4,4,4 ";
  EXPECT_EQ(after(end(32, 16), "#32-16"), fours + "SSSSSSSSNNNN ------------ 0-0 S play S");  // Fig. 10
  EXPECT_EQ(after(end(31, 17), "#31-17"), fours + "SSSSSSSSNNNN ------------ 0-0 S play S");  // 3 borrows one
  EXPECT_EQ(after(end(30, 18), "#30-18"), fours + "SSSSSSSNNNNN ------------ 0-0 S play S");  // 2 goes back
  EXPECT_EQ(after(end(29, 19), "#29-19"), fours + "SSSSSSSNNNNN ------------ 0-0 S play S");  // 1 goes back
  EXPECT_EQ(after(end(17, 31), "#17-31"), fours + "NNSSSSNNNNNN ------------ 0-0 N play N");  // from a onward
  EXPECT_EQ(after(end(24, 24), "#24-24"), fours + "SSSSSSNNNNNN ------------ 0-0 N play N");  // the other begins
  EXPECT_EQ(after(end(24, 24, 'N'), "#24-24"), fours + "SSSSSSNNNNNN ------------ 0-0 S play S");
  EXPECT_EQ(after(end(32, 16), "#16-32"), "E325@1");
  EXPECT_EQ(after(end(32, 16), "A"), "E303@0");
  // Driven off the board: 47 = 11 fours and 3, borrowing the last counter.
  auto s = state_of("davies", end(47, 1));
  ASSERT_FALSE(s->play_turn("#47-1"));
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->outcome(), Result::south_wins);
  EXPECT_EQ(err_text(s->play_turn("A")), "E302@0");
}

// The stage total counts daughters' houses and the counters held.
TEST(Umelbanat, StageTotalsAndRepetitionEnd) {
  UmelbanatPosition p = position<UmelbanatPosition>("0,0,5,0,0,0,3,0,0,0,0,2 SSSSSSNNNNNN --n---s----- 20-18 S play S");
  EXPECT_EQ(p.stage_total(Side::south), 23);
  EXPECT_EQ(p.stage_total(Side::north), 23);
  EXPECT_FALSE(p.only_daughters());
  umelbanat_end_stage_by_repetition(p);  // f (2, North's) goes to North
  EXPECT_EQ(p.text(), "0,0,5,0,0,0,3,0,0,0,0,0 SSSSSSNNNNNN --n---s----- 20-20 - end S");
}

// Option skip-origin (default no): a lap of twelve or more passes over its
// own house only with skip-origin=yes.
TEST(Umelbanat, SkipOriginOption) {
  UmelbanatPosition p = position<UmelbanatPosition>("12,0,0,0,0,0,0,0,0,0,0,0 SSSSSSNNNNNN ------------ 18-18 S play S");
  UmelbanatPosition q = p;
  UmelbanatOptions no, yes;
  yes.skip_origin = true;
  // No skip: one in every house, the twelfth back in A (was empty): stop.
  EXPECT_EQ(umelbanat_sow(no, p, 0, Side::south), UmelbanatStop::empty);
  EXPECT_EQ(p.text(), "1,1,1,1,1,1,1,1,1,1,1,1 SSSSSSNNNNNN ------------ 18-18 S play S");
  // Skip: A is passed over, the twelfth makes B 2 (South's own): relay B to
  // C, D (2): relay D to E, F (2): relay F to a, b; b to c, d; d to e, f;
  // f to A, B: B was empty, stop.
  EXPECT_EQ(umelbanat_sow(yes, q, 0, Side::south), UmelbanatStop::empty);
  EXPECT_EQ(q.text(), "1,1,2,0,2,0,2,0,2,0,2,0 SSSSSSNNNNNN ------------ 18-18 S play S");
}

// docs/RULES.md §Um el-Banât Finer points: "A peck takes at most two (one
// when the house holds one)", and "After a peck, a player with nothing to sow
// passes, and his turn ends there". North's daughter stands on C.
TEST(Umelbanat, PeckTakesAtMostTwoAndMayEndTheTurn) {
  // C empty: B's one counter makes 1 there; the peck takes it alone. South
  // plays again, from F into the empty a.
  const char* one = "0,1,0,0,0,1,0,4,4,4,4,4 SSSSSSNNNNNN --n--------- 13-13 S play S";
  EXPECT_EQ(after(one, "B,F"), "0,0,0,0,0,0,1,4,4,4,4,4 SSSSSSNNNNNN --n--------- 14-13 N play S");
  EXPECT_EQ(after(one, "B"), "E329@0");  // he plays again: F is his to sow
  // C holds 1: B makes 2, both taken; South has nothing left to sow, so his
  // turn ends with the peck and North plays.
  const char* last = "0,1,1,0,0,0,4,4,4,4,4,4 SSSSSSNNNNNN --n--------- 11-11 S play S";
  EXPECT_EQ(after(last, "B"), "0,0,0,0,0,0,4,4,4,4,4,4 SSSSSSNNNNNN --n--------- 13-11 N play S");
  EXPECT_EQ(after(last, "B,--"), "E301@2");
}

// docs/RULES.md §Um el-Banât Finer points: a position that repeats within a
// stage, compared after every turn, ends the stage; the counters outside
// daughters' houses go to their houses' owners. One counter each chases the
// other round the board: after twelve turns the start comes back.
TEST(Umelbanat, RepeatedPositionEndsTheStage) {
  auto s = state_of("davies", "1,0,0,0,0,0,1,0,0,0,0,0 SSSSSSNNNNNN ------------ 23-23 S play S");
  const char* turns[] = {"A", "a", "B", "b", "C", "c", "D", "d", "E", "e", "F", "f"};
  for (const char* t : turns) {
    EXPECT_EQ(s->to_move() == Actor::referee, false) << t;
    ASSERT_FALSE(s->play_turn(t)) << t;
  }
  EXPECT_EQ(s->position_text(), "0,0,0,0,0,0,0,0,0,0,0,0 SSSSSSNNNNNN ------------ 24-24 - end S");
  EXPECT_EQ(s->to_move(), Actor::referee);
  ASSERT_FALSE(s->play_turn("#24-24"));
  EXPECT_EQ(s->position_text(), "4,4,4,4,4,4,4,4,4,4,4,4 SSSSSSNNNNNN ------------ 0-0 N play N");
}

// Pecks multiply the turns (any order of the pecking sowings): past 1000
// whole turns at some positions. The State lists one sowing at a time: at
// most twelve, and exactly the first sowings of the whole turns; a pecking
// sowing leaves the turn in progress with the second sowings of those turns
// listed; its random turn is still legal and canonical.
TEST(Umelbanat, PositionsWithManyTurnsListEachSowing) {
  bool found = false;
  for (std::uint64_t seed = 1000; seed < 1010 && !found; ++seed) {
    Rng rng(seed);
    auto s = state_of("davies");
    for (int t = 0; t < 500 && !s->is_terminal() && !found; ++t) {
      const UmelbanatPosition pos = position<UmelbanatPosition>(s->position_text());
      std::vector<UmelbanatMove> turns;
      if (pos.phase == UmelbanatPhase::play && !umelbanat_legal(UmelbanatOptions{}, pos, turns, 1000)) {
        found = true;
        turns.clear();
        ASSERT_TRUE(umelbanat_legal(UmelbanatOptions{}, pos, turns));
        EXPECT_GT(turns.size(), 1000u);
        std::vector<std::string> firsts;  // the first sowings of the whole turns, in house order
        for (const auto& m : turns) {
          const std::string h(1, pit_letter(m.houses[0]));
          if (std::find(firsts.begin(), firsts.end(), h) == firsts.end()) firsts.push_back(h);
        }
        std::sort(firsts.begin(), firsts.end(), [](const std::string& a, const std::string& b) {
          return pit_of_letter(a[0]) < pit_of_letter(b[0]);
        });
        std::vector<std::string> moves;
        s->legal_events(moves);
        EXPECT_EQ(moves, firsts);
        // Followed to each turn's end, the listed sowings give the whole
        // turns in umelbanat_legal's order (the studio enters whole turns).
        std::vector<std::string> whole, expected;
        EXPECT_TRUE(notation::whole_turns(*s, whole, 100000));
        for (const auto& m : turns) expected.push_back(umelbanat_format(m));
        EXPECT_EQ(whole, expected);
        whole.clear();
        EXPECT_FALSE(notation::whole_turns(*s, whole, 1000));
        EXPECT_EQ(whole.size(), 1000u);
        // A sowing of a turn of two or more: the turn goes on with its second.
        const auto longer = std::find_if(turns.begin(), turns.end(), [](const UmelbanatMove& m) { return m.n > 1; });
        ASSERT_NE(longer, turns.end());
        auto next = s->clone();
        ASSERT_FALSE(next->apply(std::string(1, pit_letter(longer->houses[0]))));
        EXPECT_TRUE(next->mid_turn());
        moves.clear();
        next->legal_events(moves);
        EXPECT_NE(std::find(moves.begin(), moves.end(), std::string(1, pit_letter(longer->houses[1]))), moves.end());
        EXPECT_EQ(std::find(moves.begin(), moves.end(), "--"), moves.end());  // after a peck he sows again
        std::string m = s->random_turn(rng), canonical;
        EXPECT_FALSE(s->check_turn(m, canonical)) << m;
        EXPECT_EQ(canonical, m);
      }
      ASSERT_FALSE(s->play_turn(s->random_turn(rng)));
    }
  }
  EXPECT_TRUE(found);
}

TEST(Umelbanat, SetUpErrors) {
  RuleSet r;
  ASSERT_FALSE(umelbanat_game().parse_rules("", r));
  std::unique_ptr<State> s;
  EXPECT_EQ(err_text(umelbanat_game().new_state(r, "4,4 SSSSSSNNNNNN ------------ 0-0 S play S", s)), "E204@3");
  EXPECT_EQ(err_text(umelbanat_game().new_state(r, "4,4,4,4,4,4,4,4,4,4,4,4 SSSSSSNNNNNX ------------ 0-0 S play S", s)),
            "E204@35");
  // A daughter of South in South's own house.
  EXPECT_EQ(err_text(umelbanat_game().new_state(r, "4,4,4,4,4,4,4,4,4,4,4,4 SSSSSSNNNNNN s----------- 0-0 S play S", s)),
            "E204@0");
}

TEST(Umelbanat, RenderShowsDaughtersAndGroove) {
  auto s = state_of("davies", "4,4,4,4,4,4,4,4,4,4,4,4 SSSSSSSSNNNN ---n-------- 0-0 S play S");
  RenderOptions o;
  std::string d = s->drawing()->render(o);
  EXPECT_NE(d.find("♀N"), std::string::npos) << d;
  EXPECT_NE(d.find("┃"), std::string::npos) << d;   // between c and b in North's row
  EXPECT_NE(d.find("━"), std::string::npos) << d;   // under b and a
  EXPECT_NE(d.find("houses ABCDEFab"), std::string::npos) << d;
  EXPECT_NE(d.find("houses cdef"), std::string::npos) << d;
  o.style = DiagramStyle::ascii;
  d = s->drawing()->render(o);
  EXPECT_NE(d.find("*N"), std::string::npos) << d;
  EXPECT_NE(d.find("#"), std::string::npos) << d;
}

}  // namespace
