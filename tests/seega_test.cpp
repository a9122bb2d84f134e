// Seega rules tests: hand-made positions (a diagram in a comment, a move, the
// whole expected position compared as position text), the worked example of
// Walker's illustration 2 (Walker 2011), every option of docs/RULES.md §Seega,
// every error code of the engine with its offset, and random playouts.
//
// Diagrams: S = South, N = North, . = empty; rank 5 on top (NOTATION.md §5).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <stdexcept>

#include "beyt/game.hpp"
#include "beyt/seega.hpp"
#include "position_text.hpp"

namespace {

using namespace beyt;
using test::position;
using test::position_error;

const Game& seega() {
  const Game* g = find_game("seega");
  EXPECT_NE(g, nullptr);
  return g ? *g : seega_game();
}

RuleSet rules_of(std::string_view text) {
  RuleSet r;
  Error e = seega().parse_rules(text, r);
  EXPECT_FALSE(e) << text << ": " << e.reason;
  return r;
}

std::unique_ptr<State> state_of(std::string_view rules, std::string_view setup = "") {
  std::unique_ptr<State> s;
  Error e = seega().new_state(rules_of(rules), setup, s);
  EXPECT_FALSE(e) << setup << ": " << e.reason;
  return s;
}

// "E304@3" for an error, so that code and offset are pinned together.
std::string err_text(const Error& e) { return code_id(e.code) + "@" + std::to_string(e.offset); }

// Plays `move` from `setup` under `rules`: the position text after it, or the
// error as "E304@3".
std::string after(std::string_view rules, std::string_view setup, std::string_view move) {
  auto s = state_of(rules, setup);
  if (!s) return "no state";
  Error e = s->play_turn(move);
  return e ? err_text(e) : s->position_text();
}

// The canonical text of `move` (check), or the error.
std::string canon(std::string_view rules, std::string_view setup, std::string_view move) {
  auto s = state_of(rules, setup);
  std::string out;
  Error e = s->check_turn(move, out);
  return e ? err_text(e) : out;
}

std::vector<std::string> legal(std::string_view rules, std::string_view setup) {
  std::vector<std::string> out;
  state_of(rules, setup)->legal_events(out);
  return out;
}

bool contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// ---------------------------------------------------------------------------
// Positions used by several tests
// ---------------------------------------------------------------------------

// 5 . . . . N
// 4 . . . . .
// 3 . . + . .        (+ = centre c3)
// 2 S N . S .
// 1 . . . . .
constexpr const char* kSimple = "4N/5/5/SN1S1/5 S move";

// Chain: c1-c2 takes b2, then c2-c3 takes d3.
// 5 . . . . .
// 4 . . . . .
// 3 . . . N S
// 2 S N . . .
// 1 . . S . N
constexpr const char* kChain = "5/5/3NS/SN3/2S1N S move";

// Walker's illustration 2 (Walker 2011): North on the centre c3, above it (c4)
// and to its right (d3). South e4-d4 takes c4 and d3; c3 stays.
// 5 . . . . .
// 4 . S N . S
// 3 . S N N .
// 2 . . . S .
// 1 N . . . .
constexpr const char* kWalker2 = "5/1SN1S/1SNN1/3S1/N4 S move";

// North (a5) is blocked by b5 and a4.
// 5 N S . . .
// 4 S . . . .
// 3 . . . . .
// 2 . . . . .
// 1 . . . . S
constexpr const char* kBlocked = "NS3/S4/5/5/4S N move";

// ---------------------------------------------------------------------------
// Game table, options and presets
// ---------------------------------------------------------------------------

TEST(SeegaRules, GameTableEntry) {
  EXPECT_EQ(&seega(), &seega_game());
  EXPECT_EQ(seega().name(), "seega");
  EXPECT_EQ(seega().title(), "Seega");
  std::vector<std::string_view> names;
  for (const auto& spec : seega().options()) {
    names.push_back(spec.name);
    EXPECT_FALSE(spec.help.empty());
    EXPECT_NE(spec.source.find("docs/RULES.md §Seega"), std::string_view::npos) << spec.name;
    // Every option names its published source by author and year.
    bool cited = spec.source.find("Walker 2011") != std::string_view::npos ||
                 spec.source.find("Lane 1836") != std::string_view::npos;
    EXPECT_TRUE(cited) << spec.name << ": " << spec.source;
    EXPECT_EQ(spec.source.find("seed"), std::string_view::npos) << spec.name;
  }
  EXPECT_EQ(names, (std::vector<std::string_view>{"size", "first-mover", "chain", "centre-immune", "blocked",
                                                   "lane-opening", "barrier"}));
  ASSERT_EQ(seega().presets().size(), 2u);
  EXPECT_EQ(seega().presets()[0].name, "walker");
  EXPECT_EQ(seega().presets()[1].name, "lane");
}

TEST(SeegaRules, WalkerPresetIsAllDefaults) {
  SeegaOptions o;
  ASSERT_FALSE(SeegaOptions::from_rules(RuleSet{}, o));  // missing options: defaults
  EXPECT_EQ(o, SeegaOptions{});
  ASSERT_FALSE(SeegaOptions::from_rules(rules_of("walker"), o));
  EXPECT_EQ(o, SeegaOptions{});
  ASSERT_FALSE(SeegaOptions::from_rules(rules_of(""), o));
  EXPECT_EQ(o, SeegaOptions{});
  EXPECT_EQ(rules_of("").canonical(), "walker");
}

TEST(SeegaRules, LanePreset) {
  SeegaOptions o;
  ASSERT_FALSE(SeegaOptions::from_rules(rules_of("lane"), o));
  EXPECT_EQ(o.size, 5);
  EXPECT_EQ(o.first_mover, SeegaFirstMover::first_placer);
  EXPECT_EQ(o.chain, SeegaChain::mandatory);
  EXPECT_FALSE(o.centre_immune);
  EXPECT_EQ(o.blocked, SeegaBlocked::remove);
  EXPECT_TRUE(o.lane_opening);
  EXPECT_FALSE(o.barrier);
  EXPECT_EQ(seega_cell_name(o.opening[0][0]) + seega_cell_name(o.opening[0][1]), "c1c5");
  EXPECT_EQ(seega_cell_name(o.opening[1][0]) + seega_cell_name(o.opening[1][1]), "a3e3");
  EXPECT_EQ(rules_of("lane; chain=optional").canonical(), "lane; chain=optional");
}

TEST(SeegaRules, SizesAndTheirOpenings) {
  SeegaOptions o;
  ASSERT_FALSE(SeegaOptions::from_rules(rules_of("walker; size=7"), o));
  EXPECT_EQ(o.size, 7);
  EXPECT_EQ(o.pieces(), 24);
  EXPECT_EQ(seega_cell_name(o.centre()), "d4");
  EXPECT_FALSE(o.lane_opening);
  ASSERT_FALSE(SeegaOptions::from_rules(rules_of("lane; size=7"), o));
  EXPECT_EQ(seega_cell_name(o.opening[0][0]) + seega_cell_name(o.opening[0][1]) + "/" +
                seega_cell_name(o.opening[1][0]) + seega_cell_name(o.opening[1][1]),
            "d1d7/a4g4");
  ASSERT_FALSE(SeegaOptions::from_rules(rules_of("lane; size=9"), o));
  EXPECT_EQ(o.pieces(), 40);
  EXPECT_EQ(seega_cell_name(o.centre()), "e5");
  EXPECT_EQ(seega_cell_name(o.opening[0][0]) + seega_cell_name(o.opening[0][1]) + "/" +
                seega_cell_name(o.opening[1][0]) + seega_cell_name(o.opening[1][1]),
            "e1e9/a5i5");
  EXPECT_EQ(state_of("walker; size=9")->position_text(), "9/9/9/9/9/9/9/9/9 S place");
}

TEST(SeegaRules, BadRules) {
  RuleSet r;
  EXPECT_EQ(seega().parse_rules("walker; size=6", r).code, Code::bad_rules);
  EXPECT_EQ(seega().parse_rules("chain=maybe", r).code, Code::bad_rules);
  EXPECT_EQ(seega().parse_rules("kane", r).code, Code::bad_rules);
  EXPECT_EQ(seega().parse_rules("walker; blocked=pass", r).code, Code::bad_rules);
  // lane-opening is free form: the engine checks it in new_state.
  for (const char* bad : {"lane-opening=c3+c4/b3+d3", "lane-opening=c1+c1/b3+d3", "lane-opening=f1+c4/b3+d3",
                          "lane-opening=junk", "lane-opening=c1+c5/a3+c1", "lane-opening=c1+c5-a3+e3"}) {
    ASSERT_FALSE(seega().parse_rules(bad, r)) << bad;
    std::unique_ptr<State> s;
    Error e = seega().new_state(r, "", s);
    EXPECT_EQ(e.code, Code::bad_rules) << bad;
    EXPECT_FALSE(e.reason.empty());
  }
  // f1 exists on 7x7.
  ASSERT_FALSE(seega().parse_rules("size=7; lane-opening=f1+c4/b3+d3", r));
  std::unique_ptr<State> s;
  EXPECT_FALSE(seega().new_state(r, "", s));
}

// ---------------------------------------------------------------------------
// Placement (Walker rules 2-4; Lane; docs/RULES.md §Seega "Placement")
// ---------------------------------------------------------------------------

TEST(SeegaPlacement, SouthPlacesFirstTwoPerTurn) {
  auto s = state_of("walker");
  EXPECT_EQ(s->to_move(), Actor::south);
  EXPECT_EQ(s->position_text(), "5/5/5/5/5 S place");
  // 5 . . S . .
  // 1 . . S . .
  ASSERT_FALSE(s->play_turn("c1,c5"));
  EXPECT_EQ(s->position_text(), "2S2/5/5/5/2S2 N place");
  EXPECT_EQ(s->to_move(), Actor::north);
  EXPECT_EQ(s->turns_played(), 1u);
  EXPECT_EQ(after("walker", "2S2/5/5/5/2S2 N place", "e3,a3"), "2S2/5/N3N/5/2S2 S place");
  EXPECT_EQ(canon("walker", "", "c5,c1"), "c5,c1");  // the written order is kept
}

// docs/RULES.md §Seega Placement: placing takes nothing. South's c1 puts
// North's b1 between two South pieces, and c5 puts nothing of North's
// between; b1 stays.
// 5 N . . . S        N . S . S
// 1 S N . . .   ->   S N S . .
TEST(SeegaPlacement, PlacingTakesNothing) {
  const char* setup = "N3S/5/5/5/SN3 S place";
  EXPECT_EQ(after("walker", setup, "c1,c5"), "N1S1S/5/5/5/SNS2 N place");
  EXPECT_EQ(after("lane", setup, "c1,c5"), "N1S1S/5/5/5/SNS2 N place");
  EXPECT_EQ(canon("walker", setup, "c1xb1,c5"), "E301@2");  // nor is a capture written
}

TEST(SeegaPlacement, Errors) {
  EXPECT_EQ(after("walker", "", "c3,a1"), "E314@0");
  EXPECT_EQ(after("walker", "", "a1,c3"), "E314@3");
  EXPECT_EQ(after("walker", "", "a1,a1"), "E304@3");
  EXPECT_EQ(after("walker", "2S2/5/5/5/2S2 N place", "c1,a1"), "E304@0");
  EXPECT_EQ(after("walker", "2S2/5/5/5/2S2 N place", "a1,c5"), "E304@3");
  EXPECT_EQ(after("walker", "", "f1,a1"), "E306@0");
  EXPECT_EQ(after("walker", "", "a1,f1"), "E306@3");
  EXPECT_EQ(after("walker", "", "a1-a2"), "E303@0");
  EXPECT_EQ(after("walker", "", "--"), "E303@0");
  EXPECT_EQ(after("walker", "", "~a1/a2-a3"), "E303@0");
}

// 5 S N S N S
// 4 N S N S N
// 3 S N + S S
// 2 N S N S N
// 1 S N S . .       North places the last pair d1,e1.
TEST(SeegaPlacement, LastPairStartsMovementFirstMoverOption) {
  const char* setup = "SNSNS/NSNSN/SN1SS/NSNSN/SNS2 N place";
  // Walker rule 4: the second player, who placed last, steps first.
  EXPECT_EQ(after("walker", setup, "d1,e1"), "SNSNS/NSNSN/SN1SS/NSNSN/SNSNN N move");
  // first-placer (Ludii; one reading of Lane): South steps first.
  EXPECT_EQ(after("walker; first-mover=first-placer", setup, "e1,d1"), "SNSNS/NSNSN/SN1SS/NSNSN/SNSNN S move");
  auto s = state_of("walker", setup);
  std::vector<std::string> moves;
  s->legal_events(moves);
  EXPECT_EQ(moves, (std::vector<std::string>{"d1,e1"}));
}

TEST(SeegaPlacement, LegalPairsSmallerCellFirst) {
  auto moves = legal("walker", "");
  EXPECT_EQ(moves.size(), 276u);  // 24 cells choose 2
  EXPECT_EQ(moves.front(), "a1,a2");
  EXPECT_EQ(moves.back(), "e4,e5");
  EXPECT_FALSE(contains(moves, "a2,a1"));
  for (const auto& m : moves) EXPECT_EQ(m.find("c3"), std::string::npos) << m;
  EXPECT_EQ(std::set<std::string>(moves.begin(), moves.end()).size(), moves.size());
}

TEST(SeegaPlacement, LaneOpening) {
  // Lane: the first two of each player on prescribed cells ("a, a", "b, b").
  EXPECT_EQ(legal("lane", ""), (std::vector<std::string>{"c1,c5"}));
  EXPECT_EQ(after("lane", "", "c5,c1"), "2S2/5/5/5/2S2 N place");  // either order
  EXPECT_EQ(after("lane", "", "c1,d1"), "E313@3");
  EXPECT_EQ(after("lane", "", "d1,c1"), "E313@0");
  EXPECT_EQ(legal("lane", "2S2/5/5/5/2S2 N place"), (std::vector<std::string>{"a3,e3"}));
  EXPECT_EQ(after("lane", "2S2/5/5/5/2S2 N place", "a3,b3"), "E313@3");
  EXPECT_EQ(after("lane", "2S2/5/5/5/2S2 N place", "e3,a3"), "2S2/5/N3N/5/2S2 S place");
  // Later pairs are free.
  EXPECT_EQ(after("lane", "2S2/5/N3N/5/2S2 S place", "a1,b1"), "2S2/5/N3N/5/SSS2 N place");
  // The option off (walker): any first pair.
  EXPECT_EQ(after("walker", "", "c1,d1"), "5/5/5/5/2SS1 N place");
  // Custom cells: South c2+c4, North b3+d3.
  EXPECT_EQ(after("walker; lane-opening=c2+c4/b3+d3", "", "c1,c5"), "E313@0");
  EXPECT_EQ(after("walker; lane-opening=c2+c4/b3+d3", "", "c4,c2"), "5/2S2/5/2S2/5 N place");
  EXPECT_EQ(after("walker; lane-opening=c2+c4/b3+d3", "5/2S2/5/2S2/5 N place", "b3,d3"), "5/2S2/1N1N1/2S2/5 S place");
  // 7x7: d1 d7 and a4 g4.
  EXPECT_EQ(after("lane; size=7", "", "d7,d1"), "3S3/7/7/7/7/7/3S3 N place");
  EXPECT_EQ(after("lane; size=7", "3S3/7/7/7/7/7/3S3 N place", "a4,g4"), "3S3/7/7/N5N/7/7/3S3 S place");
  EXPECT_EQ(after("lane; size=9", "", "e1,e9"), "4S4/9/9/9/9/9/9/9/4S4 N place");
}

// ---------------------------------------------------------------------------
// Movement and capture (Walker rules 5-12; docs/RULES.md §Seega "Capture", "Centre")
// ---------------------------------------------------------------------------

TEST(SeegaCapture, CustodianCapture) {
  // d2-c2 traps b2 between c2 and a2.
  EXPECT_EQ(after("walker", kSimple, "d2-c2"), "4N/5/5/S1S2/5 N move");
  EXPECT_EQ(canon("walker", kSimple, "d2-c2"), "d2-c2xb2");
  EXPECT_EQ(after("walker", kSimple, "d2-c2xb2"), "4N/5/5/S1S2/5 N move");
  // A plain step.
  EXPECT_EQ(after("walker", kSimple, "d2-d3"), "4N/5/3S1/SN3/5 N move");
}

TEST(SeegaCapture, WalkerIllustration2CentrePieceImmune) {
  // Walker 2011, Illustration 2: "The central white piece will not be captured
  // even if sandwiched, but the white piece above it, and the one on the
  // right, can be captured." e4-d4 takes c4 (b4 beyond) and d3 (d2 beyond).
  EXPECT_EQ(canon("walker", kWalker2, "e4-d4"), "e4-d4xc4xd3");
  // 5 . . . . .
  // 4 . S . S .
  // 3 . S N . .      c3 stays
  // 2 . . . S .
  // 1 N . . . .
  EXPECT_EQ(after("walker", kWalker2, "e4-d4"), "5/1S1S1/1SN2/3S1/N4 N move");
  // Going on to d3 sandwiches c3 between b3 and d3: nothing taken, so the
  // chain step is illegal.
  EXPECT_EQ(after("walker", kWalker2, "e4-d4xc4xd3-d3"), "E308@11");
  EXPECT_FALSE(contains(legal("walker", kWalker2), "e4-d4xc4xd3-d3"));
  // Without immunity (centre-immune=no, as in `lane`) the chain takes c3.
  EXPECT_EQ(after("walker; centre-immune=no", kWalker2, "e4-d4xc4xd3-d3xc3"), "5/1S3/1S1S1/3S1/N4 N move");
}

TEST(SeegaCapture, SandwichedCentreDirectStep) {
  // 3 . S N . S      e3-d3 traps the centre piece c3 between b3 and d3.
  const char* setup = "5/5/1SN1S/5/N4 S move";
  EXPECT_EQ(after("walker", setup, "e3-d3"), "5/5/1SNS1/5/N4 N move");
  EXPECT_EQ(after("walker", setup, "e3-d3xc3"), "E307@5");
  EXPECT_EQ(canon("walker; centre-immune=no", setup, "e3-d3"), "e3-d3xc3");
  EXPECT_EQ(after("walker; centre-immune=no", setup, "e3-d3"), "5/5/1S1S1/5/N4 N move");
}

TEST(SeegaCapture, CentrePieceMayCapture) {
  // Walker rule 12: the immune piece on c3 captures with a2-a3 (b3 taken).
  // 3 . N S . .
  // 2 S . . . .
  // 1 . . . . N
  EXPECT_EQ(canon("walker", "5/5/1NS2/S4/4N S move", "a2-a3"), "a2-a3xb3");
  EXPECT_EQ(after("walker", "5/5/1NS2/S4/4N S move", "a2-a3"), "5/5/S1S2/5/4N N move");
  // Moving onto the centre captures too: c2-c3 takes d3 (e3 beyond).
  EXPECT_EQ(after("walker", "5/5/3NS/2S2/N4 S move", "c2-c3"), "5/5/2S1S/5/N4 N move");
}

TEST(SeegaCapture, MultipleCaptures) {
  // 5 . . S . .
  // 4 S N . N S      c5-c4 takes b4 and d4; c3 (centre) only without immunity.
  // 3 . . N . .
  // 2 . . S . .
  // 1 . . . . N
  const char* setup = "2S2/SN1NS/2N2/2S2/4N S move";
  EXPECT_EQ(canon("walker", setup, "c5-c4"), "c5-c4xb4xd4");
  EXPECT_EQ(canon("walker", setup, "c5-c4xd4xb4"), "c5-c4xb4xd4");  // any order
  EXPECT_EQ(after("walker", setup, "c5-c4"), "5/S1S1S/2N2/2S2/4N N move");
  EXPECT_EQ(canon("walker; centre-immune=no", setup, "c5-c4"), "c5-c4xb4xc3xd4");
  EXPECT_EQ(after("walker; centre-immune=no", setup, "c5-c4"), "5/S1S1S/5/2S2/4N N move");
  EXPECT_EQ(after("walker", setup, "c5-c4xb4"), "E307@5");        // d4 missing
  EXPECT_EQ(after("walker", setup, "c5-c4xb4xd4xc3"), "E307@11");  // c3 is immune
}

TEST(SeegaCapture, CaptureErrorsNameWhatTheStepTakes) {
  // E307 says what the step does take and the move to write (issue 23).
  const char* setup = "2S2/SN1NS/2N2/2S2/4N S move";
  auto reason = [&](std::string_view move) { return state_of("walker", setup)->play_turn(move).reason; };
  EXPECT_EQ(reason("c5-c4xb4"),
            "this step takes b4 and d4, 1 listed (Walker 2011, rule 10: all trapped enemies are taken): write "
            "c5-c4xb4xd4");
  EXPECT_EQ(reason("c5-c4xb4xd4xc3"),
            "c3 is not taken by this step (custodian capture, Walker 2011, rule 8); this step takes b4 and d4: write "
            "c5-c4xb4xd4");
  EXPECT_EQ(reason("c5-c4xb4xb4"),
            "b4 is listed twice (custodian capture, Walker 2011, rule 8); this step takes b4 and d4: write "
            "c5-c4xb4xd4");
  EXPECT_EQ(state_of("walker", kSimple)->play_turn("d2-e2xb2").reason,
            "b2 is not taken by this step (custodian capture, Walker 2011, rule 8); this step takes nothing: write "
            "d2-e2");
}

TEST(SeegaCapture, MovingBetweenTwoEnemiesIsSafe) {
  // 2 . N . N .      c1-c2 walks in between b2 and d2: nothing happens.
  // 1 . . S . .
  EXPECT_EQ(after("walker", "5/5/5/1N1N1/2S2 S move", "c1-c2"), "5/5/5/1NSN1/5 N move");
  // And North does not take it by standing still: a North step elsewhere.
  EXPECT_EQ(after("walker", "5/5/5/1NSN1/5 N move", "b2-b3"), "5/5/1N3/2SN1/5 S move");
}

TEST(SeegaCapture, StepErrors) {
  EXPECT_EQ(after("walker", kSimple, "b2-b3"), "E305@0");  // North's piece
  EXPECT_EQ(after("walker", kSimple, "c2-c3"), "E305@0");  // empty origin
  EXPECT_EQ(after("walker", kSimple, "d2-c3"), "E306@3");  // diagonal
  EXPECT_EQ(after("walker", kSimple, "d2-b2"), "E306@3");  // two cells
  EXPECT_EQ(after("walker", kSimple, "d2-f2"), "E306@3");  // off the board
  EXPECT_EQ(after("walker", kSimple, "a2-b2"), "E304@3");  // occupied
  EXPECT_EQ(after("walker", kSimple, "d2-c2xa2"), "E307@5");
  EXPECT_EQ(after("walker", kSimple, "d2-c2xb2xb2"), "E307@8");
  EXPECT_EQ(after("walker", kSimple, "d2-e2xb2"), "E307@5");  // listed, nothing taken
  EXPECT_EQ(after("walker", kSimple, "a1,b1"), "E303@0");
  EXPECT_EQ(after("walker", kSimple, "--"), "E310@0");  // South can step
  EXPECT_EQ(after("walker", kSimple, "~b2/a2-a1"), "E311@0");
  EXPECT_EQ(after("walker; blocked=remove", kSimple, "~b2/a2-a1"), "E310@0");
}

TEST(SeegaCapture, SyntaxErrors) {
  struct Case {
    const char* move;
    const char* expect;
  };
  for (const Case& c : {Case{"d2c2", "E301@2"}, Case{"d2-", "E301@3"}, Case{"d2-c2x", "E301@6"},
                        Case{"z1-a1", "E301@0"}, Case{"", "E301@0"}, Case{"d2-c2 ", "E301@5"},
                        Case{"d2-c2xb2,", "E301@8"}, Case{"d2-C2", "E301@3"}, Case{"~b2a2-a1", "E301@3"},
                        Case{"~", "E301@1"}, Case{"a1,a", "E301@3"}, Case{"a1,a2,", "E301@5"},
                        Case{"---", "E301@0"}, Case{"d2-c2xb2xa1xa3xa4xa5", "E307@17"}})
    EXPECT_EQ(after("walker", kSimple, c.move), c.expect) << c.move;
}

// ---------------------------------------------------------------------------
// Chains (Walker rule 9 "may"; Lane "as long as he can" = chain=mandatory)
// ---------------------------------------------------------------------------

TEST(SeegaChain, OptionalChain) {
  // c1-c2 takes b2; the piece may go on: c2-c3 takes d3.
  // after:  5 . . . . .
  //         4 . . . . .
  //         3 . . S . S
  //         2 S . . . .
  //         1 . . . . N
  EXPECT_EQ(after("walker", kChain, "c1-c2xb2-c3xd3"), "5/5/2S1S/S4/4N N move");
  EXPECT_EQ(after("walker", kChain, "c1-c2-c3"), "5/5/2S1S/S4/4N N move");
  EXPECT_EQ(canon("walker", kChain, "c1-c2-c3"), "c1-c2xb2-c3xd3");
  EXPECT_EQ(after("walker", kChain, "c1-c2"), "5/5/3NS/S1S2/4N N move");  // declined
  auto moves = legal("walker", kChain);
  EXPECT_TRUE(contains(moves, "c1-c2xb2"));
  EXPECT_TRUE(contains(moves, "c1-c2xb2-c3xd3"));
  EXPECT_TRUE(contains(moves, "c1-d1"));
}

TEST(SeegaChain, MandatoryChain) {
  EXPECT_EQ(after("walker; chain=mandatory", kChain, "c1-c2"), "E309@3");
  EXPECT_EQ(after("walker; chain=mandatory", kChain, "c1-c2xb2-c3xd3"), "5/5/2S1S/S4/4N N move");
  // The first step need not capture.
  EXPECT_EQ(after("walker; chain=mandatory", kChain, "c1-d1"), "5/5/3NS/SN3/3SN N move");
  auto moves = legal("walker; chain=mandatory", kChain);
  EXPECT_FALSE(contains(moves, "c1-c2xb2"));
  EXPECT_TRUE(contains(moves, "c1-c2xb2-c3xd3"));
  EXPECT_TRUE(contains(moves, "c1-d1"));
  // Lane's preset: no immunity and mandatory chains, Walker's illustration.
  EXPECT_EQ(after("lane", kWalker2, "e4-d4"), "E309@3");
  EXPECT_EQ(after("lane", kWalker2, "e4-d4-d3"), "5/1S3/1S1S1/3S1/N4 N move");
}

TEST(SeegaChain, ChainErrors) {
  // No chain has 49 steps (each step after the first takes a piece).
  std::string long_chain = "c1";
  for (int i = 0; i < 49; ++i) long_chain += i % 2 ? "-c1" : "-c2";
  EXPECT_EQ(after("walker", kChain, long_chain), "E308@146");
  EXPECT_EQ(after("walker", kChain, "c1-c2xb2-b2"), "E308@8");  // captures nothing
  EXPECT_EQ(after("walker", kChain, "c1-d1-d2"), "E308@5");     // first step took nothing
  EXPECT_EQ(after("walker", kChain, "c1-c2xb2-c4"), "E306@9");  // not one step from c2
  EXPECT_EQ(after("walker", kChain, "c1-c2xb2-c3xd3xe3"), "E307@14");
}

// ---------------------------------------------------------------------------
// Blocked player (Walker rule 7; Lane; docs/RULES.md §Seega "Blocked player")
// ---------------------------------------------------------------------------

TEST(SeegaBlocked, ExtraTurn) {
  EXPECT_EQ(legal("walker", kBlocked), (std::vector<std::string>{"--"}));
  EXPECT_EQ(after("walker", kBlocked, "--"), "NS3/S4/5/5/4S S move extra");
  EXPECT_EQ(after("walker", kBlocked, "a5-b5"), "E310@0");
  EXPECT_EQ(after("walker", kBlocked, "~b5/a5-b5"), "E311@0");
  // The extra turn: South's first step must open a way for North.
  const char* extra = "NS3/S4/5/5/4S S move extra";
  EXPECT_EQ(after("walker", extra, "e1-e2"), "E312@0");
  EXPECT_EQ(after("walker", extra, "b5-c5"), "N1S2/S4/5/5/4S N move");
  EXPECT_EQ(legal("walker", extra), (std::vector<std::string>{"a4-b4", "a4-a3", "b5-c5", "b5-b4"}));
  auto s = state_of("walker", kBlocked);
  ASSERT_FALSE(s->play_turn("--"));
  EXPECT_EQ(s->to_move(), Actor::south);
  ASSERT_FALSE(s->play_turn("a4-a3"));
  EXPECT_EQ(s->to_move(), Actor::north);
  EXPECT_EQ(s->position_text(), "NS3/5/S4/5/4S N move");
}

TEST(SeegaBlocked, NoWayCanBeOpened) {
  // 5 N S S . .     b5 and a4 cannot move: no first step opens a way, so
  // 4 S S . . .     any step is allowed ("if he can").
  // 3 S . . . .
  EXPECT_EQ(after("walker", "NSS2/SS3/S4/5/5 N move", "--"), "NSS2/SS3/S4/5/5 S move extra");
  EXPECT_EQ(after("walker", "NSS2/SS3/S4/5/5 S move extra", "a3-a2"), "NSS2/SS3/5/S4/5 N move");
  EXPECT_EQ(after("walker", "NSS2/SS3/5/S4/5 N move", "--"), "NSS2/SS3/5/S4/5 S move extra");
}

TEST(SeegaBlocked, TakingTheLastPieceOpens) {
  // 4 S . . . .     a4-a3 takes North's last piece a2 (a1 beyond): that
  // 3 . . . . .     counts as opening a way (docs/RULES.md §Seega, finer points),
  // 2 N S . . .     though b2-c2 would also have left North a step.
  // 1 S . . . .
  const char* setup = "5/S4/5/NS3/S4 S move extra";
  EXPECT_EQ(after("walker", setup, "a4-a3"), "5/5/S4/1S3/S4 N move");
  auto s = state_of("walker", setup);
  ASSERT_FALSE(s->play_turn("a4-a3"));
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->outcome(), Result::south_wins);
}

TEST(SeegaBlocked, LaneRemoval) {
  // Lane: North asks South to open a way; South removes b5 (next to a5) and
  // North steps a5-b5.
  EXPECT_EQ(after("lane", kBlocked, "~b5/a5-b5"), "1N3/S4/5/5/4S S move");
  EXPECT_EQ(after("walker; blocked=remove", kBlocked, "~a4/a5-a4"), "1S3/N4/5/5/4S S move");
  EXPECT_EQ(legal("lane", kBlocked), (std::vector<std::string>{"~a4/a5-a4", "~b5/a5-b5"}));
  EXPECT_EQ(after("lane", kBlocked, "~e1/a5-b5"), "E311@1");  // e1 is not next to North
  EXPECT_EQ(after("lane", kBlocked, "~a5/a5-b5"), "E311@1");  // not South's piece
  EXPECT_EQ(after("lane", kBlocked, "--"), "E310@0");
  EXPECT_EQ(after("lane", kBlocked, "a5-b5"), "E310@0");
  EXPECT_EQ(after("lane", kBlocked, "~b5/a5-a4"), "E304@7");
  EXPECT_EQ(after("lane", kBlocked, "~b5/b5-c5"), "E305@4");
  EXPECT_EQ(after("lane", kBlocked, "~f5/a5-b5"), "E306@1");
  EXPECT_EQ(canon("lane", kBlocked, "~b5/a5-b5"), "~b5/a5-b5");
}

TEST(SeegaBlocked, RemovalThenCaptureAndChain) {
  // 5 N S N S S     North (a5, c5, e4) is blocked. Lane: South removes c4;
  // 4 S S S S N     North c5-c4 takes d4 (e4 beyond), and must go on
  // 3 . . . . S     (chain=mandatory): c4-c5 takes b5 (a5 beyond).
  // 2 . . . . .
  // 1 . . . . .
  const char* setup = "NSNSS/SSSSN/4S/5/5 N move";
  auto moves = legal("lane", setup);
  EXPECT_TRUE(contains(moves, "~a4/a5-a4"));
  EXPECT_TRUE(contains(moves, "~c4/c5-c4xd4-c5xb5"));
  EXPECT_FALSE(contains(moves, "~c4/c5-c4xd4"));
  EXPECT_EQ(after("lane", setup, "~c4/c5-c4-c5"), "N1NSS/SS2N/4S/5/5 S move");
  EXPECT_EQ(canon("lane", setup, "~c4/c5-c4-c5"), "~c4/c5-c4xd4-c5xb5");
  EXPECT_EQ(after("lane", setup, "~c4/c5-c4xd4"), "E309@7");
  EXPECT_EQ(after("lane", setup, "~c4/c5-c4xb4"), "E307@9");
}

// ---------------------------------------------------------------------------
// End of the game, barrier (Walker rule 13, Variations)
// ---------------------------------------------------------------------------

TEST(SeegaEnd, LastPieceTakenEndsTheGame) {
  auto s = state_of("walker", "5/5/5/SN1S1/5 S move");
  EXPECT_FALSE(s->is_terminal());
  ASSERT_FALSE(s->play_turn("d2-c2"));
  EXPECT_EQ(s->position_text(), "5/5/5/S1S2/5 N move");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->outcome(), Result::south_wins);
  EXPECT_EQ(s->to_move(), Actor::none);
  std::vector<std::string> moves;
  s->legal_events(moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_EQ(err_text(s->play_turn("a2-a3")), "E302@0");
  EXPECT_EQ(err_text(s->play_turn("garbage")), "E302@0");
  EXPECT_EQ(state_of("walker", "N4/5/5/5/5 S move")->outcome(), Result::north_wins);
  EXPECT_EQ(state_of("walker", "2S2/5/5/5/2S2 N place")->outcome(), Result::unfinished);
}

TEST(SeegaEnd, Barrier) {
  Result r = Result::unfinished;
  // 5 S S . . .
  // 1 N . . . .
  EXPECT_FALSE(state_of("walker; barrier=yes", "SS3/5/5/5/N4 N move")->adjudicate("barrier", r));
  EXPECT_EQ(r, Result::south_wins);
  EXPECT_FALSE(state_of("walker; barrier=yes", "S4/5/5/5/NN3 N move")->adjudicate("barrier", r));
  EXPECT_EQ(r, Result::north_wins);
  EXPECT_FALSE(state_of("walker; barrier=yes", "S4/5/5/5/N4 N move")->adjudicate("barrier", r));
  EXPECT_EQ(r, Result::draw);
  EXPECT_EQ(state_of("walker", "SS3/5/5/5/N4 N move")->adjudicate("barrier", r).code, Code::bad_termination);
  EXPECT_EQ(state_of("walker; barrier=yes", "SS3/5/5/5/N4 N move")->adjudicate("agreement", r).code,
            Code::bad_termination);
}

// ---------------------------------------------------------------------------
// Position text, set-up, State values
// ---------------------------------------------------------------------------

TEST(SeegaPosition, TextRoundTrip) {
  for (const char* text : {"5/5/5/5/5 S place", "2S2/5/5/5/2S2 N place", kSimple, kChain, kWalker2, kBlocked,
                           "NS3/S4/5/5/4S S move extra", "3S3/7/7/N5N/7/7/3S3 S place",
                           "9/9/9/9/9/9/9/9/SN7 S move"}) {
    SeegaPosition p = position<SeegaPosition>(text);
    EXPECT_EQ(p.text(), text);
    auto s = state_of(p.size == 5 ? "walker" : p.size == 7 ? "walker; size=7" : "walker; size=9", text);
    ASSERT_TRUE(s) << text;
    EXPECT_EQ(s->position_text(), text);
  }
  SeegaPosition p = position<SeegaPosition>(kWalker2);
  EXPECT_EQ(p.at("c3"), SeegaPiece::north);
  EXPECT_EQ(p.at("b4"), SeegaPiece::south);
  EXPECT_EQ(p.at("a5"), SeegaPiece::empty);
  EXPECT_EQ(p.count(Side::south), 4);
  EXPECT_EQ(p.count(Side::north), 4);
  EXPECT_EQ(p, position<SeegaPosition>("5/1SN1S/1SNN1/3S1/N4  S  move"));  // blanks are lenient
  EXPECT_FALSE(p == position<SeegaPosition>("5/1SN1S/1SNN1/3S1/N4 N move"));
  EXPECT_EQ(err_text(position_error<SeegaPosition>("junk")), "E204@4");  // an Error (fields missing at the end), never an exception
}

TEST(SeegaPosition, BadSetup) {
  auto code_at = [](std::string_view rules, std::string_view setup) {
    std::unique_ptr<State> s;
    Error e = seega().new_state(rules_of(rules), setup, s);
    return e ? err_text(e) : std::string("ok");
  };
  EXPECT_EQ(code_at("walker", "5/5/5/5 S place"), "E204@0");          // 4 rows
  EXPECT_EQ(code_at("walker", "5/5/5/5/6 S place"), "E204@8");        // row 5 has 6 cells
  EXPECT_EQ(code_at("walker", "5/5/5/5/4x S place"), "E204@9");
  EXPECT_EQ(code_at("walker", "5/5/5/5/14 S place"), "E204@9");       // one digit per run
  EXPECT_EQ(code_at("walker", "5/5/5/5/5 X place"), "E204@10");
  EXPECT_EQ(code_at("walker", "5/5/5/5/5 S play"), "E204@12");
  EXPECT_EQ(code_at("walker", "5/5/5/5/5 S move more"), "E204@17");
  EXPECT_EQ(code_at("walker", "5/5/5/5/5 S"), "E204@11");
  EXPECT_EQ(code_at("walker", "5/5/5/5/5 S move extra x"), "E204@23");
  EXPECT_EQ(code_at("walker", "7/7/7/7/7/7/7 S place"), "E204@0");  // size=5
  EXPECT_EQ(code_at("walker; size=7", "7/7/7/7/7/7/7 S place"), "ok");
  EXPECT_EQ(code_at("walker", "5/5/5/5/2S1S S place"), "E204@0");    // South placed, South to move
  EXPECT_EQ(code_at("walker", "5/5/2S2/5/S4 N place"), "E204@0");    // centre during placement
  EXPECT_EQ(code_at("walker", "5/5/5/5/S4 N place"), "E204@0");      // one piece
  EXPECT_EQ(code_at("walker", "5/5/5/5/5 S place extra"), "E204@0");
  EXPECT_EQ(code_at("lane", "NS3/S4/5/5/4S S move extra"), "E204@0");  // no extra turns in Lane
  EXPECT_EQ(code_at("walker", "SSSSS/SSSSS/SSS2/5/5 S move"), "E204@0");  // 13 pieces
  EXPECT_EQ(code_at("lane", "5/5/S4/5/2S2 N place"), "E204@0");      // a3 is North's opening cell
  EXPECT_EQ(code_at("walker", "SNSNS/NSNSN/SN1SN/NSNSN/SNSNS S place"), "E204@0");  // all placed
}

TEST(SeegaPosition, StateValues) {
  auto a = state_of("walker", kChain);
  auto b = a->clone();
  EXPECT_TRUE(a->equals(*b));
  EXPECT_FALSE(a->equals(*state_of("walker; chain=mandatory", kChain)));  // other rules
  std::string canonical;
  ASSERT_FALSE(a->check_turn("c1-c2", canonical));
  EXPECT_EQ(canonical, "c1-c2xb2");
  EXPECT_TRUE(a->equals(*b));  // check() does not play
  EXPECT_TRUE(a->play_turn("c1-c3"));
  EXPECT_TRUE(a->equals(*b));  // a failed play changes nothing
  EXPECT_EQ(a->turns_played(), 0u);
  ASSERT_FALSE(a->play_turn("c1-c2"));
  EXPECT_FALSE(a->equals(*b));
  EXPECT_EQ(a->turns_played(), 1u);
  EXPECT_EQ(b->turns_played(), 0u);
}

// ---------------------------------------------------------------------------
// The typed API
// ---------------------------------------------------------------------------

TEST(SeegaTypedApi, ParseCheckApplyFormat) {
  SeegaOptions o;
  SeegaPosition p = position<SeegaPosition>(kChain);
  SeegaMove m;
  ASSERT_FALSE(seega_parse("c1-c2-c3", m));
  EXPECT_EQ(m.kind, SeegaMoveKind::steps);
  EXPECT_EQ(m.nsteps, 2);
  EXPECT_EQ(seega_format(m), "c1-c2-c3");
  ASSERT_FALSE(seega_check(o, p, m));
  EXPECT_EQ(seega_format(m), "c1-c2xb2-c3xd3");
  seega_apply(o, p, m);
  EXPECT_EQ(p, position<SeegaPosition>("5/5/2S1S/S4/4N N move"));
  ASSERT_FALSE(seega_parse("~c4/b5-c4", m));
  EXPECT_EQ(m.kind, SeegaMoveKind::removal);
  EXPECT_EQ(seega_cell_name(m.removed), "c4");
  EXPECT_EQ(m.from_offset, 4);
  ASSERT_FALSE(seega_parse("--", m));
  EXPECT_EQ(m.kind, SeegaMoveKind::blocked);
  ASSERT_FALSE(seega_parse("c1,c5", m));
  EXPECT_EQ(m.kind, SeegaMoveKind::place);
  EXPECT_EQ(seega_format(m), "c1,c5");
  SeegaPosition q = SeegaPosition::initial(o);
  ASSERT_FALSE(seega_play(o, q, "c1,c5"));
  EXPECT_EQ(q.text(), "2S2/5/5/5/2S2 N place");
  EXPECT_EQ(seega_cell(2, 2), 20);
  EXPECT_TRUE(seega_can_step(position<SeegaPosition>(kBlocked), Side::south));
  EXPECT_FALSE(seega_can_step(position<SeegaPosition>(kBlocked), Side::north));
  EXPECT_EQ(seega_outcome(position<SeegaPosition>("5/5/5/S4/5 N move")), Result::south_wins);
  EXPECT_EQ(seega_validate(o, position<SeegaPosition>("7/7/7/7/7/7/7 S place")).code, Code::bad_setup);
  EXPECT_FALSE(seega_validate(o, position<SeegaPosition>(kChain)));
  EXPECT_EQ(seega_cell_name(seega_cell(4, 4)), "e5");
}

TEST(SeegaTypedApi, LegalMatchesState) {
  for (const char* setup : {kChain, kWalker2, kBlocked, kSimple}) {
    for (const char* rules : {"walker", "lane", "walker; chain=mandatory"}) {
      SeegaOptions o;
      ASSERT_FALSE(SeegaOptions::from_rules(rules_of(rules), o));
      std::vector<SeegaMove> typed;
      seega_legal(o, position<SeegaPosition>(setup), typed);
      auto texts = legal(rules, setup);
      ASSERT_EQ(typed.size(), texts.size()) << setup << " " << rules;
      for (std::size_t i = 0; i < typed.size(); ++i) {
        EXPECT_EQ(seega_format(typed[i]), texts[i]);
        SeegaPosition p = position<SeegaPosition>(setup), q = position<SeegaPosition>(setup);
        seega_apply(o, p, typed[i]);
        ASSERT_FALSE(seega_play(o, q, texts[i])) << texts[i];
        EXPECT_EQ(p, q) << texts[i];
      }
    }
  }
}

// The State lists placements and the quiet steps of the movement phase as
// texts written directly (lib/src/games/seega/moves.cpp, placement_texts
// and step_texts): at every position of random games, under every board
// size and the rules that change what is listed, its list is seega_legal's,
// formatted, in the same order.
TEST(SeegaTypedApi, ListedTextsAreTheTypedListAlongRandomGames) {
  for (const char* rules : {"walker", "walker; size=7", "walker; size=9", "lane", "lane; size=9",
                            "walker; chain=optional", "walker; blocked=remove; centre-immune=no",
                            "walker; chain=mandatory; barrier=yes"}) {
    SeegaOptions o;
    ASSERT_FALSE(SeegaOptions::from_rules(rules_of(rules), o));
    Rng rng(11);
    std::size_t positions = 0, steps = 0;
    for (int game = 0; game < 6; ++game) {
      auto s = state_of(rules);
      for (int turn = 0; turn < 300 && !s->is_terminal(); ++turn, ++positions) {
        const SeegaPosition pos = position<SeegaPosition>(s->position_text());
        std::vector<SeegaMove> typed;
        seega_legal(o, pos, typed);
        const std::vector<std::string> texts = s->legal_events();
        ASSERT_EQ(texts.size(), typed.size()) << rules << " at " << s->position_text();
        for (std::size_t i = 0; i < typed.size(); ++i)
          ASSERT_EQ(texts[i], seega_format(typed[i])) << rules << " at " << s->position_text();
        if (pos.phase == SeegaPhase::move) ++steps;
        s->play_random(rng);
      }
    }
    EXPECT_GT(steps, 100u) << rules;  // the movement phase was reached, not only the placements
    EXPECT_GT(positions, steps) << rules;
  }
}

// ---------------------------------------------------------------------------
// Diagrams
// ---------------------------------------------------------------------------

TEST(SeegaRender, UnicodeWithCoordinates) {
  EXPECT_EQ(state_of("walker", kWalker2)->drawing()->render({}),
            "     a   b   c   d   e\n"
            "   ┌───┬───┬───┬───┬───┐\n"
            " 5 │   │   │   │   │   │ 5\n"
            "   ├───┼───┼───┼───┼───┤\n"
            " 4 │   │ ● │ ○ │   │ ● │ 4\n"
            "   ├───┼───┼───┼───┼───┤\n"
            " 3 │   │ ● │ ○ │ ○ │   │ 3\n"
            "   ├───┼───┼───┼───┼───┤\n"
            " 2 │   │   │   │ ● │   │ 2\n"
            "   ├───┼───┼───┼───┼───┤\n"
            " 1 │ ○ │   │   │   │   │ 1\n"
            "   └───┴───┴───┴───┴───┘\n"
            "     a   b   c   d   e\n"
            "● South 4   ○ North 4\n"
            "South to move\n");
}

TEST(SeegaRender, AsciiWithoutCoordinates) {
  RenderOptions ro;
  ro.style = DiagramStyle::ascii;
  ro.coordinates = false;
  EXPECT_EQ(state_of("walker", kSimple)->drawing()->render(ro),
            "+---+---+---+---+---+\n"
            "|   |   |   |   | o |\n"
            "+---+---+---+---+---+\n"
            "|   |   |   |   |   |\n"
            "+---+---+---+---+---+\n"
            "|   |   | + |   |   |\n"
            "+---+---+---+---+---+\n"
            "| x | o |   | x |   |\n"
            "+---+---+---+---+---+\n"
            "|   |   |   |   |   |\n"
            "+---+---+---+---+---+\n"
            "x South 2   o North 2\n"
            "South to move\n");
}

TEST(SeegaRender, StatusLinesAndEmptyBoard) {
  auto last_line = [](const std::string& s) {
    std::size_t end = s.size() - 1, start = s.rfind('\n', end - 1);
    return s.substr(start + 1, end - start - 1);
  };
  EXPECT_EQ(last_line(state_of("walker")->drawing()->render({})), "South to move (placement: 12 in hand each)");
  EXPECT_EQ(last_line(state_of("walker", "2S2/5/5/5/2S2 N place")->drawing()->render({})),
            "North to move (placement: South 10, North 12 in hand)");
  EXPECT_EQ(last_line(state_of("walker", "NS3/S4/5/5/4S S move extra")->drawing()->render({})),
            "South to move (extra turn: open a way if you can)");
  EXPECT_EQ(last_line(state_of("walker", "5/5/5/S4/5 N move")->drawing()->render({})), "Game over: 1-0");
  RenderOptions ro;
  ro.show_to_move = false;
  EXPECT_EQ(state_of("walker")->drawing()->render(ro).find("to move"), std::string::npos);
  ro.empty_board = true;
  ro.show_to_move = true;
  std::string empty = state_of("walker; size=7", "3S3/7/7/N5N/7/7/3S3 S place")->drawing()->render(ro);
  EXPECT_EQ(empty.find("●"), std::string::npos);
  EXPECT_EQ(empty.find("○"), std::string::npos);
  EXPECT_NE(empty.find(" 4 │   │   │   │ × │   │   │   │ 4\n"), std::string::npos);
  EXPECT_EQ(empty.find("to move"), std::string::npos);
  // A piece on the centre hides the mark.
  EXPECT_EQ(state_of("walker", "5/5/2S2/5/N4 S move")->drawing()->render({}).find("×"), std::string::npos);
}

// ---------------------------------------------------------------------------
// Random playouts
// ---------------------------------------------------------------------------

struct PlayoutStats {
  int games = 0, finished = 0, blocked_turns = 0, removals = 0, chains = 0;
};

void playout(std::string_view rules, std::uint64_t seed, int max_turns, bool check_all, PlayoutStats& stats) {
  auto s = state_of(rules);
  ASSERT_TRUE(s);
  Rng rng(seed);
  std::vector<std::string> moves;
  std::string canonical;
  for (int turn = 0; turn < max_turns && !s->is_terminal(); ++turn) {
    moves.clear();
    s->legal_events(moves);
    ASSERT_FALSE(moves.empty()) << s->position_text();
    if (check_all || moves.size() < 40)
      for (const auto& m : moves) {
        Error e = s->check_turn(m, canonical);
        ASSERT_FALSE(e) << m << " in " << s->position_text() << ": " << e.reason;
        ASSERT_EQ(canonical, m);
      }
    std::string move = s->random_turn(rng);
    stats.blocked_turns += move == "--";
    stats.removals += move[0] == '~';
    stats.chains += std::count(move.begin(), move.end(), '-') > 1 && move != "--";
    auto before = s->clone();
    Error e = s->play_turn(move);
    ASSERT_FALSE(e) << move << " in " << before->position_text() << ": " << e.reason;
    ASSERT_FALSE(before->equals(*s));
    std::unique_ptr<State> rebuilt;
    ASSERT_FALSE(seega().new_state(rules_of(rules), s->position_text(), rebuilt)) << s->position_text();
    ASSERT_TRUE(rebuilt->equals(*s)) << s->position_text();
  }
  ++stats.games;
  stats.finished += s->is_terminal();
  EXPECT_FALSE(s->drawing()->render({}).empty());
}

TEST(SeegaPlayouts, RandomGames) {
  struct Run {
    const char* rules;
    int games;
    int max_turns;
  };
  int total = 0;
  for (const Run& run : {Run{"walker", 120, 300}, Run{"lane", 120, 300}, Run{"walker; chain=mandatory", 40, 300},
                         Run{"walker; blocked=remove; centre-immune=no", 40, 300},
                         Run{"walker; size=7", 8, 400}, Run{"lane; size=9", 2, 400}}) {
    PlayoutStats stats;
    for (int i = 0; i < run.games; ++i) {
      playout(run.rules, 7000 + static_cast<std::uint64_t>(i), run.max_turns, i < 5, stats);
      if (HasFatalFailure()) return;
    }
    EXPECT_EQ(stats.games, run.games);
    std::printf("[ stats    ] %s: %d games, %d finished, %d blocked turns, %d removals, %d chains\n", run.rules,
                stats.games, stats.finished, stats.blocked_turns, stats.removals, stats.chains);
    total += stats.games;
  }
  EXPECT_GE(total, 300);
}

TEST(SeegaPlayouts, SameSeedSameGame) {
  auto play = [](std::uint64_t seed) {
    auto s = state_of("lane");
    Rng rng(seed);
    std::string record;
    for (int i = 0; i < 200 && !s->is_terminal(); ++i) {
      std::string m = s->random_turn(rng);
      record += m + " ";
      EXPECT_FALSE(s->play_turn(m));
    }
    return record + s->position_text();
  };
  EXPECT_EQ(play(5), play(5));
}

}  // namespace
