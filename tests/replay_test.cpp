// The validator's replay (beyt/notation/replay.hpp) on records built in
// memory: each error kind with its code, place (line/column computed from the
// move's or tag's place and the engine's offset), turn and player.
#include <gtest/gtest.h>

#include "beyt/notation/replay.hpp"

namespace {

using namespace beyt;
using namespace beyt::notation;

// Twelve legal placement turns on 5x5 (South first), then North is blocked.
const char* kPlacements[] = {"c1,c2", "a1,b5", "a4,c4", "c5,e1", "a2,d5", "a3,d4",
                             "a5,e3", "d1,d2", "d3,e2", "b1,e4", "b2,b3", "b4,e5"};

SourceLoc at(std::uint32_t line, std::uint32_t column) {
  SourceLoc loc;
  loc.line = line;
  loc.column = column;
  return loc;
}

// Tags on lines 1.., moves from line 20, one per line at column 4.
GameRecord record(std::vector<std::pair<std::string, std::string>> tags, std::vector<std::string> moves,
                  std::string result = "*") {
  GameRecord r;
  r.loc = at(1, 1);
  std::uint32_t line = 1;
  for (auto& [name, value] : tags) {
    TagPair t;
    t.name = name;
    t.value = value;
    t.loc = at(line, 1);
    t.value_loc = at(line, static_cast<std::uint32_t>(name.size()) + 4);  // [Name "value"]
    r.tags.push_back(std::move(t));
    ++line;
  }
  line = 20;
  for (auto& m : moves) {
    Node n;
    n.move = m;
    n.loc = at(line++, 4);
    r.moves.push_back(std::move(n));
  }
  r.result = result;
  r.result_loc = at(line, 1);
  return r;
}

std::vector<std::string> placements() { return {std::begin(kPlacements), std::end(kPlacements)}; }

Diagnostic check(const GameRecord& r, ReplayOptions options = {}) {
  Replay out;
  return replay(r, "game.beyt", 3, options, out);
}

TEST(Replay, LegalGameHasNoDiagnostic) {
  auto moves = placements();
  moves.push_back("--");     // North, who placed last, moves first and is blocked
  moves.push_back("d3-c3");  // South's extra turn
  Replay out;
  Diagnostic d = replay(record({{"Game", "seega"}, {"Result", "*"}}, moves), "g", 1, {}, out);
  EXPECT_FALSE(d) << d.reason;
  EXPECT_EQ(out.turns, 14u);
  EXPECT_EQ(out.last_move, "d3-c3");
  ASSERT_TRUE(out.state);
  EXPECT_EQ(out.state->to_move(), Actor::north);
}

TEST(Replay, StopAfterGivesTheEarlierPosition) {
  ReplayOptions options;
  options.stop_after = 1;
  Replay out;
  Diagnostic d = replay(record({{"Game", "seega"}, {"Result", "1-0"}}, placements()), "g", 1, options, out);
  EXPECT_FALSE(d) << "the result is not checked on a partial replay";
  EXPECT_EQ(out.state->position_text(), "5/5/5/2S2/2S2 N place");  // c1 and c2 placed
}

TEST(Replay, MissingGame) {
  Diagnostic d = check(record({{"Event", "x"}}, {}));
  EXPECT_EQ(d.code, Code::missing_game);
  EXPECT_EQ(d.loc.line, 1u);
  EXPECT_EQ(d.game, 3u);
  ReplayOptions options;
  options.default_game = "seega";
  EXPECT_FALSE(check(record({{"Event", "x"}}, {}), options));
}

TEST(Replay, UnknownGameAtTheTagValue) {
  Diagnostic d = check(record({{"Game", "chess"}}, {}));
  EXPECT_EQ(d.code, Code::unknown_game);
  EXPECT_EQ(d.loc.line, 1u);
  EXPECT_EQ(d.loc.column, 8u);  // [Game "chess"]: the c
  EXPECT_NE(d.reason.find("seega"), std::string::npos) << "lists the games: " << d.reason;
}

TEST(Replay, BadRulesAtTheOffendingItem) {
  Diagnostic d = check(record({{"Game", "seega"}, {"Rules", "walker; size=6"}}, {}));
  EXPECT_EQ(d.code, Code::bad_rules);
  EXPECT_EQ(d.loc.line, 2u);
  EXPECT_EQ(d.loc.column, 9u + 13u);  // [Rules "walker; size=6"]: the 6
}

TEST(Replay, BadSetUp) {
  Diagnostic d = check(record({{"Game", "seega"}, {"SetUp", "5/5/5/5 S move"}}, {}));
  EXPECT_EQ(d.code, Code::bad_setup);
  EXPECT_EQ(d.loc.line, 2u);
}

TEST(Replay, MalformedResultAndDateTags) {
  Diagnostic d = check(record({{"Game", "seega"}, {"Result", "South wins"}}, {}));
  EXPECT_EQ(d.code, Code::bad_tag_value);
  EXPECT_EQ(d.loc.line, 2u);
  EXPECT_EQ(d.loc.column, 10u);
  for (const char* bad : {"1835", "1835.1.01", "18??.01.01", "1835-01-01", "1835.01.0?"})
    EXPECT_EQ(check(record({{"Game", "seega"}, {"Date", bad}}, {})).code, Code::bad_tag_value) << bad;
  for (const char* good : {"1835.??.??", "????.??.??", "2026.11.21"})
    EXPECT_FALSE(check(record({{"Game", "seega"}, {"Date", good}}, {}))) << good;
}

TEST(Replay, IllegalMoveWithTurnPlayerAndColumn) {
  auto moves = placements();
  moves[1] = "e5,c2";  // North places on South's c2
  Diagnostic d = check(record({{"Game", "seega"}}, moves));
  EXPECT_EQ(d.code, Code::occupied);
  EXPECT_EQ(d.turn, 2u);
  EXPECT_EQ(d.player, "North");
  EXPECT_EQ(d.loc.line, 21u);
  EXPECT_EQ(d.loc.column, 4u + 3u);  // under "c2"
  EXPECT_EQ(d.file, "game.beyt");
  EXPECT_EQ(d.game, 3u);
}

TEST(Replay, ErrorInsideAVariation) {
  auto moves = placements();
  GameRecord r = record({{"Game", "seega"}}, moves);
  Node bad;
  bad.move = "c3,a1";  // the centre, and a1 is taken
  bad.loc = at(40, 7);
  r.moves[2].variations.push_back({bad});
  Diagnostic d = check(r);
  EXPECT_EQ(d.code, Code::centre_placement);
  EXPECT_EQ(d.turn, 3u) << "a variation replaces turn 3";
  EXPECT_EQ(d.player, "South");
  EXPECT_EQ(d.loc.line, 40u);
  ReplayOptions options;
  options.variations = false;
  EXPECT_FALSE(check(r, options));
}

// 5 . . . . .
// 4 . . . . .
// 3 S N . . .      South to move: c2-c3 takes b3, North has nothing left.
// 2 . . S . .
// 1 . . . . .
//   a b c d e
const std::pair<std::string, std::string> kSetUp{"SetUp", "5/5/SN3/2S2/5 S move"};

TEST(Replay, CapturesListedWrongly) {
  Diagnostic d = check(record({{"Game", "seega"}, kSetUp}, {"c2-c3xd3"}, "1-0"));
  EXPECT_EQ(d.code, Code::capture_mismatch);
  EXPECT_EQ(d.loc.column, 4u + 5u);  // under the x
}

TEST(Replay, StrictWantsTheCanonicalMove) {
  GameRecord r = record({{"Game", "seega"}, kSetUp, {"Result", "1-0"}}, {"c2-c3"}, "1-0");
  EXPECT_FALSE(check(r));
  ReplayOptions strict;
  strict.strict = true;
  Diagnostic d = check(r, strict);
  EXPECT_EQ(d.code, Code::strict_move_form);
  EXPECT_NE(d.reason.find("c2-c3xb3"), std::string::npos) << d.reason;
  r.moves[0].move = "c2-c3xb3";
  EXPECT_FALSE(check(r, strict));
}

TEST(Replay, ResultMustBeTheReplayedOutcome) {
  Diagnostic d = check(record({{"Game", "seega"}, kSetUp, {"Result", "0-1"}}, {"c2-c3"}, "0-1"));
  EXPECT_EQ(d.code, Code::result_mismatch);
  EXPECT_EQ(d.loc.line, 3u) << "at the Result tag";
  EXPECT_NE(d.reason.find("1-0"), std::string::npos);
}

TEST(Replay, UnfinishedGameCannotClaimAWin) {
  Diagnostic d = check(record({{"Game", "seega"}, {"Result", "1-0"}}, placements(), "1-0"));
  EXPECT_EQ(d.code, Code::result_mismatch);
  EXPECT_NE(d.reason.find("not over"), std::string::npos);
  EXPECT_FALSE(check(record({{"Game", "seega"}, {"Result", "*"}}, placements(), "*")));
}

// "*" means the result is unknown: a finished game recorded so is valid with
// warning W401 at the Result tag; under strict it is the error.
TEST(Replay, FinishedGameWithUnknownResultIsAWarning) {
  GameRecord r = record({{"Game", "seega"}, kSetUp, {"Result", "*"}}, {"c2-c3xb3"}, "*");
  Replay out;
  Diagnostic d = replay(r, "g", 1, {}, out);
  EXPECT_FALSE(d) << d.reason;
  ASSERT_EQ(out.warnings.size(), 1u);
  const Diagnostic& w = out.warnings[0];
  EXPECT_EQ(w.code, Code::finished_unknown_result);
  EXPECT_EQ(w.severity, Severity::warning);
  EXPECT_EQ(w.loc.line, 3u) << "at the Result tag";
  EXPECT_NE(w.reason.find("1-0"), std::string::npos) << w.reason;
  ReplayOptions strict;
  strict.strict = true;
  Replay strict_out;
  d = replay(r, "g", 1, strict, strict_out);
  EXPECT_EQ(d.code, Code::finished_unknown_result);
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_TRUE(strict_out.warnings.empty());
  // An unfinished game with * has nothing to warn about.
  Replay unfinished;
  EXPECT_FALSE(replay(record({{"Game", "seega"}, {"Result", "*"}}, placements(), "*"), "g", 1, {}, unfinished));
  EXPECT_TRUE(unfinished.warnings.empty());
}

TEST(Replay, ResultTokenMustMatchTheTag) {
  Diagnostic d = check(record({{"Game", "seega"}, {"Result", "*"}}, placements(), "1-0"));
  EXPECT_EQ(d.code, Code::result_token_mismatch);
  EXPECT_EQ(d.loc.line, 32u) << "at the result token";
}

TEST(Replay, TerminationsDecideWhatIsChecked) {
  auto base = [](std::string termination, std::string rules, std::string result) {
    return record({{"Game", "seega"}, {"Rules", rules}, {"Result", result}, {"Termination", termination}},
                  placements(), result);
  };
  EXPECT_FALSE(check(base("agreement", "walker", "1/2-1/2")));
  EXPECT_FALSE(check(base("resignation", "walker", "0-1")));
  EXPECT_EQ(check(base("barrier", "walker", "1/2-1/2")).code, Code::bad_termination) << "barrier=no";
  EXPECT_EQ(check(base("teatime", "walker", "1-0")).code, Code::bad_termination);
  // 12 pieces each after placement: a barrier ending is a draw.
  EXPECT_FALSE(check(base("barrier", "walker; barrier=yes", "1/2-1/2")));
  Diagnostic d = check(base("barrier", "walker; barrier=yes", "1-0"));
  EXPECT_EQ(d.code, Code::barrier_count);
  EXPECT_NE(d.reason.find("1/2-1/2"), std::string::npos) << d.reason;
}

TEST(Replay, ColumnsCountCodePoints) {
  EXPECT_EQ(column_at("abc", 10, 2), 12u);
  EXPECT_EQ(column_at("\xc3\xa2" "bc", 1, 2), 2u);  // â is one column
  EXPECT_EQ(column_at("ab", 1, 99), 3u);
}

}  // namespace
