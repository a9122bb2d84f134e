// Records made and edited in code (beyt/notation/edit.hpp): new_record,
// enter_moves (turns given whole or event by event), node_at,
// reorder_alternatives and remove_moves; each error leaves the record as
// it was. enter_move itself: studio_library_test.cpp.
#include <gtest/gtest.h>

#include <sstream>

#include "beyt/notation/edit.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/notation/text.hpp"
#include "record_fixture.hpp"

namespace {

using namespace beyt;
using namespace beyt::notation;

using test::path;
using test::read_one;

// The movetext of a record's canonical text: what follows its tag section.
std::string movetext(const GameRecord& r) {
  const std::string text = to_text(r);
  const auto blank = text.find("\n\n");
  return text.substr(blank + 2, text.size() - blank - 4);
}

// A record that replays without error (strict: every move canonical).
void expect_valid(const GameRecord& r) {
  ReplayOptions strict;
  strict.strict = true;
  Replay out;
  const Diagnostic d = replay(r, "t.beyt", 1, strict, out);
  EXPECT_FALSE(d) << d.reason << "\n" << to_text(r);
}

TEST(NewRecord, TagsTheGameItsRulesAndSetUpInTheirCanonicalSpelling) {
  auto r = new_record("Seega", "Walker; Size=7");
  ASSERT_TRUE(r) << r.error().reason;
  ASSERT_NE(r->find_tag("Game"), nullptr);
  EXPECT_EQ(r->find_tag("Game")->value, "seega");
  EXPECT_EQ(r->find_tag("Rules")->value, "walker; size=7");
  EXPECT_EQ(r->find_tag("SetUp"), nullptr);
  EXPECT_EQ(r->result, "*");
  EXPECT_TRUE(r->moves.empty());
  // The seven-tag roster first, as the canonical form has it.
  ASSERT_EQ(r->tags.size(), 9u);
  EXPECT_EQ(r->tags[0].name, "Event");
  EXPECT_EQ(r->tags[6].name, "Result");
  EXPECT_EQ(r->tags[6].value, "*");
  expect_valid(*r);

  auto set = new_record("seega", "walker", "5/5/2N2/NS3/5 N move");
  ASSERT_TRUE(set) << set.error().reason;
  EXPECT_EQ(set->find_tag("SetUp")->value, "5/5/2N2/NS3/5 N move");
  auto plain = new_record("mankalah");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->find_tag("Rules"), nullptr);
}

TEST(TextWriter, ARecordWithoutAResultTagGetsTheOneItsTokenGives) {
  GameRecord r = read_one("[Game \"seega\"]\n\n*\n");
  r.result = "1-0";
  EXPECT_NE(to_text(r).find("[Result \"1-0\"]"), std::string::npos) << to_text(r);
}

TEST(NewRecord, ErrorsAreTheValidatorsCodes) {
  auto game = new_record("chess");
  ASSERT_FALSE(game);
  EXPECT_EQ(game.error().code, Code::unknown_game);
  EXPECT_NE(game.error().reason.find("seega"), std::string::npos) << game.error().reason;  // names the games
  auto rules = new_record("seega", "walker; size=8");
  ASSERT_FALSE(rules);
  EXPECT_EQ(rules.error().code, Code::bad_rules);
  auto setup = new_record("seega", "", "5/5/5");
  ASSERT_FALSE(setup);
  EXPECT_EQ(setup.error().code, Code::bad_setup);
}

TEST(EnterMoves, ComposesATurnGivenEventByEventAsTheEngineWritesIt) {
  auto r = new_record("tab");
  ASSERT_TRUE(r);
  // The turn the engine would write for the throws 1 and 2, the 1 used on I-K.
  auto start = find_game("tab")->new_state(RuleSet{});
  ASSERT_TRUE(start);
  std::vector<std::string> events;
  ASSERT_FALSE((*start)->turn_events("1,2:1I-K", events));
  ASSERT_EQ(events.size(), 4u);
  NodePath reached;
  ASSERT_FALSE(enter_moves(*r, "t.beyt", 1, path("0"), events, reached)) << to_text(*r);
  EXPECT_EQ(reached.text(), "1");
  ASSERT_EQ(r->moves.size(), 1u);
  EXPECT_EQ(r->moves[0].move, (*start)->check_turn("1,2:1I-K").value());
  // The same events again at the start: the move that is there, nothing added.
  ASSERT_FALSE(enter_moves(*r, "t.beyt", 1, path("0"), events, reached));
  EXPECT_EQ(r->moves.size(), 1u);
  EXPECT_TRUE(r->moves[0].variations.empty());
  expect_valid(*r);
}

TEST(EnterMoves, TakesWholeTurnsAndEventsInOneListAndGoesOnAlongTheLine) {
  auto r = new_record("seega", "walker");
  ASSERT_TRUE(r);
  NodePath reached;
  ASSERT_FALSE(enter_moves(*r, "t.beyt", 1, path("0"), {"c4,b2", "b1,d4", "a1,e5"}, reached));
  EXPECT_EQ(reached.text(), "3");
  EXPECT_EQ(movetext(*r), "1. c4,b2 2. b1,d4 3. a1,e5 *");
  // From turn 1 another second turn: a variation, and on along it.
  ASSERT_FALSE(enter_moves(*r, "t.beyt", 1, path("1"), {"a2,e4", "c1,c5"}, reached));
  EXPECT_EQ(reached.text(), "2.1.3");
  EXPECT_EQ(movetext(*r), "1. c4,b2 2. b1,d4 (2. a2,e4 3. c1,c5) 3. a1,e5 *");
  expect_valid(*r);
}

TEST(EnterMoves, AFinishedGameGetsTheEnginesResult) {
  auto r = new_record("seega", "walker", "5/5/2N2/NS3/5 N move");
  ASSERT_TRUE(r);
  r->set_tag("Result", "*");
  NodePath reached;
  ASSERT_FALSE(enter_moves(*r, "t.beyt", 1, path("0"), {"c3-c2"}, reached));
  EXPECT_EQ(r->moves[0].move, "c3-c2xb2");
  EXPECT_EQ(r->result, "0-1");
  EXPECT_EQ(r->find_tag("Result")->value, "0-1");
  expect_valid(*r);
}

TEST(EnterMoves, ErrorsLeaveTheRecordAsItWas) {
  auto made = new_record("tab");
  ASSERT_TRUE(made);
  GameRecord r = *made;
  NodePath reached = path("0");
  // Events that stop in the middle of a turn: nothing goes in.
  Diagnostic d = enter_moves(r, "t.beyt", 1, path("0"), {"1", "2"}, reached);
  EXPECT_EQ(d.code, Code::wrong_phase);
  EXPECT_NE(d.reason.find("middle of turn 1 (1,2"), std::string::npos) << d.reason;
  EXPECT_EQ(d.turn, 1u);
  EXPECT_EQ(d.player, "South");
  EXPECT_EQ(r, *made);
  EXPECT_EQ(reached.text(), "0");
  // A use of a throw before any throw: the engine's error, at turn 1.
  d = enter_moves(r, "t.beyt", 1, path("0"), {"1I-K"}, reached);
  EXPECT_TRUE(d);
  EXPECT_EQ(d.turn, 1u);
  EXPECT_EQ(r, *made);
  // A good turn, then an illegal one: neither goes in.
  GameRecord s = *new_record("seega", "walker");
  const GameRecord before = s;
  d = enter_moves(s, "t.beyt", 1, path("0"), {"c4,b2", "c4,a1"}, reached);
  EXPECT_EQ(d.code, Code::occupied);
  EXPECT_EQ(d.turn, 2u);
  EXPECT_EQ(d.player, "North");
  EXPECT_EQ(s, before);
  // A position the record does not hold.
  d = enter_moves(s, "t.beyt", 1, path("3"), {"c4,b2"}, reached);
  EXPECT_EQ(d.code, Code::move_syntax);
  EXPECT_EQ(s, before);
}

TEST(EnterMoves, AFaultSaysWhichMoveFailedAndWhere) {
  GameRecord s = *new_record("seega", "walker");
  NodePath reached = path("0");
  MoveFault fault;
  // The second move fails at its second cell (offset 3 of "c4,a1").
  Diagnostic d = enter_moves(s, "t.beyt", 1, path("0"), {"c4,b2", "c4,a1"}, reached, &fault);
  EXPECT_EQ(d.code, Code::occupied);
  EXPECT_EQ(fault.move, 1u);
  EXPECT_EQ(fault.offset, 0u);
  d = enter_moves(s, "t.beyt", 1, path("0"), {"c4,b2", "a1,b1", "a1,zz"}, reached, &fault);
  EXPECT_TRUE(d);
  EXPECT_EQ(fault.move, 2u);
  EXPECT_EQ(fault.offset, 3u) << d.reason;
}

TEST(EnterMoves, NoVariationDeeperThanTheReadersAccept) {
  // Turn 2 replaced by a variation kMaxVariationDepth times, one inside the
  // other, the deepest going on with turn 3: another turn 3 there would open
  // a variation one level deeper than any reader accepts; one level up it
  // goes in. Each error leaves the record as it was.
  std::string moves = "1. a1,b1 2. c1,d1 ";
  for (unsigned level = 0; level < kMaxVariationDepth; ++level) moves += "(2. c1,d1 ";
  moves += "3. a2,b2";
  moves += std::string(kMaxVariationDepth, ')');
  GameRecord r = read_one("[Game \"seega\"]\n[Rules \"walker\"]\n\n" + moves + " *\n");
  std::string deepest = "2";
  for (unsigned level = 0; level < kMaxVariationDepth; ++level) deepest += ".1.2";
  NodePath reached;
  const GameRecord before = r;
  Diagnostic d = enter_moves(r, "t.beyt", 1, path(deepest), {"a3,b3"}, reached);
  EXPECT_EQ(d.code, Code::move_syntax);
  EXPECT_EQ(d.turn, 3u);
  EXPECT_NE(d.reason.find("variations nested deeper than 100 levels"), std::string::npos) << d.reason;
  EXPECT_EQ(r, before);
  d = enter_move(r, "t.beyt", 1, path(deepest), "a3,b3", reached);  // the studio's one move at a time
  EXPECT_EQ(d.code, Code::move_syntax);
  EXPECT_NE(d.reason.find("variations nested deeper than 100 levels"), std::string::npos) << d.reason;
  EXPECT_EQ(r, before);
  // The same turn 3 is the one there; after it, turn 4 goes on at the
  // deepest level.
  EXPECT_FALSE(enter_moves(r, "t.beyt", 1, path(deepest), {"a2,b2"}, reached));
  EXPECT_EQ(r, before);
  EXPECT_FALSE(enter_moves(r, "t.beyt", 1, reached, {"a3,b3"}, reached));
  EXPECT_EQ((reached.steps.size() - 1) / 2, kMaxVariationDepth);
  EXPECT_EQ(reached.steps.back(), 4u);
}

TEST(EditChecks, TagsAndCommentsEveryFormatWritesAsTheyAre) {
  EXPECT_EQ(tag_fault("Event", "Cairo, round 2"), "");
  EXPECT_EQ(tag_fault("Annotator", "Lane 1836 \"Seega\" {p. 353}"), "");
  EXPECT_EQ(tag_fault("Result", "1/2-1/2"), "");
  EXPECT_EQ(tag_fault("Bad-Name", "x"), "the tag name 'Bad-Name' is not made of A-Z, a-z, 0-9 and _ (NOTATION.md section 3)");
  EXPECT_EQ(tag_fault("", "x"), "the tag name '' is empty (NOTATION.md section 3)");
  EXPECT_EQ(tag_fault("Event", "Cairo\nround 2"),
            "the value of tag Event holds control character U+000A (LF) in a tag value: no record may hold it "
            "(NOTATION.md section 11)");
  EXPECT_NE(tag_fault("Event", std::string("a\0b", 3)).find("U+0000"), std::string::npos);
  EXPECT_EQ(tag_fault("Event", "caf\xC3"), "the value of tag Event is not valid UTF-8 (byte 3)");
  EXPECT_EQ(tag_fault("Result", "2-0"), "the Result tag is 1-0, 0-1, 1/2-1/2 or *, not '2-0'");
  EXPECT_EQ(comment_fault("a line\nand another, tabs\tand }"), "the comment contains both '}' and a line end: the text "
                                                                  "notation cannot write it (NOTATION.md section 10)");
  EXPECT_EQ(comment_fault("two lines\r\n\twith a tab"), "");
  EXPECT_EQ(comment_fault("a } alone"), "");
  EXPECT_NE(comment_fault("bell\x07").find("U+0007"), std::string::npos);
  EXPECT_NE(comment_fault("\xEF\xBF\xBE").find("noncharacter"), std::string::npos);
}

const std::string kTags =
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[South \"?\"]\n[North \"?\"]\n"
    "[Result \"*\"]\n[Game \"seega\"]\n[Rules \"walker\"]\n\n";

const std::string kThree = kTags + "1. b2,c4 2. b1,d4 (2. a1,e5 3. c1,c5) (2. a2,e4) 3. c1,c5 *\n";

TEST(NodeAt, EditsCommentsAndNagsInPlace) {
  GameRecord r = read_one(kThree);
  std::string why;
  Node* n = node_at(r, path("2.1.3"), why);
  ASSERT_NE(n, nullptr) << why;
  n->after.push_back("the corner first");
  n->nags.push_back(1);
  EXPECT_NE(to_text(r).find("(2. a1,e5 3. c1,c5 $1 {the corner first}) (2. a2,e4)"), std::string::npos) << to_text(r);
  EXPECT_EQ(node_at(r, path("0"), why), nullptr);
  EXPECT_NE(why.find("start"), std::string::npos);
  EXPECT_EQ(node_at(r, path("2.3.2"), why), nullptr);
  EXPECT_EQ(why, "turn 2 has 2 variations, not 3");
}

TEST(ReorderAlternatives, PromotesDemotesAndPromotesToTheMainLine) {
  GameRecord r = read_one(kThree);
  NodePath moved;
  ASSERT_FALSE(reorder_alternatives(r, "t.beyt", 1, path("2.2.2"), Reorder::promote, moved));
  EXPECT_EQ(moved.text(), "2.1.2");
  EXPECT_EQ(movetext(r), "1. b2,c4 2. b1,d4 (2. a2,e4) (2. a1,e5 3. c1,c5) 3. c1,c5 *");
  ASSERT_FALSE(reorder_alternatives(r, "t.beyt", 1, path("2.2.2"), Reorder::promote_to_main, moved));
  EXPECT_EQ(moved.text(), "2");
  EXPECT_EQ(movetext(r), "1. b2,c4 2. a1,e5 (2. b1,d4 3. c1,c5) (2. a2,e4) 3. c1,c5 *");
  ASSERT_FALSE(reorder_alternatives(r, "t.beyt", 1, path("2"), Reorder::demote, moved));
  EXPECT_EQ(moved.text(), "2.1.2");
  EXPECT_EQ(movetext(r), "1. b2,c4 2. b1,d4 (2. a1,e5 3. c1,c5) (2. a2,e4) 3. c1,c5 *");
  expect_valid(r);
  // What cannot move: the record unchanged.
  const GameRecord before = r;
  Diagnostic d = reorder_alternatives(r, "t.beyt", 1, path("2"), Reorder::promote, moved);
  EXPECT_EQ(d.code, Code::move_syntax);
  EXPECT_EQ(d.reason, "turn 2 is the first alternative already");
  d = reorder_alternatives(r, "t.beyt", 1, path("2.2.2"), Reorder::demote, moved);
  EXPECT_EQ(d.reason, "turn 2.2.2 is the last alternative already");
  d = reorder_alternatives(r, "t.beyt", 1, path("0"), Reorder::demote, moved);
  EXPECT_EQ(d.code, Code::move_syntax);
  d = reorder_alternatives(r, "t.beyt", 1, path("9"), Reorder::demote, moved);
  EXPECT_EQ(d.code, Code::move_syntax);
  EXPECT_EQ(r, before);
}

TEST(RemoveMoves, RemovesAnAlternativeAndWhatFollowsIt) {
  GameRecord r = read_one(kThree);
  ASSERT_FALSE(remove_moves(r, "t.beyt", 1, path("2.1.3")));
  EXPECT_EQ(movetext(r), "1. b2,c4 2. b1,d4 (2. a1,e5) (2. a2,e4) 3. c1,c5 *");
  ASSERT_FALSE(remove_moves(r, "t.beyt", 1, path("2.1.2")));
  EXPECT_EQ(movetext(r), "1. b2,c4 2. b1,d4 (2. a2,e4) 3. c1,c5 *");
  // The line's own move: its first variation goes on as the line.
  ASSERT_FALSE(remove_moves(r, "t.beyt", 1, path("2")));
  EXPECT_EQ(movetext(r), "1. b2,c4 2. a2,e4 *");
  ASSERT_FALSE(remove_moves(r, "t.beyt", 1, path("1")));
  EXPECT_EQ(movetext(r), "*");
  EXPECT_EQ(remove_moves(r, "t.beyt", 1, path("1")).code, Code::move_syntax);
  EXPECT_EQ(remove_moves(r, "t.beyt", 1, path("0")).code, Code::move_syntax);
}

TEST(RemoveMoves, AVariationsOwnVariationsStay) {
  GameRecord r = read_one(kTags + "1. b2,c4 2. b1,d4 (2. a1,e5 (2. a2,e4) 3. c1,c5) *\n");
  ASSERT_FALSE(remove_moves(r, "t.beyt", 1, path("2.1.2")));
  EXPECT_EQ(movetext(r), "1. b2,c4 2. b1,d4 (2. a2,e4) *");
}

TEST(RemoveMoves, TheResultFollowsTheMainLine) {
  GameRecord r = read_one(
      "[Result \"0-1\"]\n[Game \"seega\"]\n[Rules \"walker\"]\n[SetUp \"5/5/2N2/NS3/5 N move\"]\n\n1. c3-c2xb2 0-1\n");
  // The last move ended the game: without it the result is unknown again.
  ASSERT_FALSE(remove_moves(r, "t.beyt", 1, path("1")));
  EXPECT_EQ(r.result, "*");
  EXPECT_EQ(r.find_tag("Result")->value, "*");
  // A result recorded otherwise (a resignation) stays.
  GameRecord resigned = read_one(kTags + "1. b2,c4 2. b1,d4 1-0\n");
  ASSERT_FALSE(remove_moves(resigned, "t.beyt", 1, path("2")));
  EXPECT_EQ(resigned.result, "1-0");
  // Promoting a line that ends the game gives its result.
  GameRecord v = read_one(
      "[Result \"*\"]\n[Game \"seega\"]\n[Rules \"walker\"]\n[SetUp \"5/5/2N2/NS3/5 N move\"]\n\n"
      "1. c3-d3 (1. c3-c2xb2) *\n");
  NodePath moved;
  ASSERT_FALSE(reorder_alternatives(v, "t.beyt", 1, path("1.1.1"), Reorder::promote_to_main, moved));
  EXPECT_EQ(movetext(v), "1. c3-c2xb2 (1. c3-d3) 0-1");
  expect_valid(v);
}

}  // namespace
