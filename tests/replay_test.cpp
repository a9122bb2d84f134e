// The validator's replay (beyt/notation/replay.hpp) on records built in
// memory: each error kind with its code, place (line/column computed from the
// move's or tag's place and the engine's offset), turn and player; and
// replay_errors, every independent error of a game, on records read from text.
#include <gtest/gtest.h>

#include <sstream>

#include "beyt/notation/figures.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/notation/text.hpp"

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


// ===========================================================================
// replay_errors: every independent error of a game, none that follows from
// another (records read by the text reader, with their places).
// ===========================================================================

// The errors replay_errors finds in the first game of `text`, as
// "E104@1:16 reason", in the order it gives them.
std::vector<std::string> all_errors(const std::string& text, ReplayOptions options = {}, bool strict = false) {
  std::istringstream in(text);
  ReadOptions read_options;
  read_options.strict = strict;
  options.strict = strict;
  TextReader reader(in, "g.beyt", read_options);
  GameRecord g;
  const bool clean = reader.next(g);
  Replay out;
  std::vector<Diagnostic> errors;
  replay_errors(g, clean ? nullptr : &reader.errors(), "g.beyt", 1, options, out, errors);
  std::vector<std::string> found;
  for (const Diagnostic& d : errors)
    found.push_back(std::string(code_id(d.code)) + "@" + std::to_string(d.loc.line) + ":" +
                    std::to_string(d.loc.column) + " " + d.reason);
  return found;
}

const std::string kSeega = "[Game \"seega\"]\n[Rules \"walker\"]\n";
// Walker's 5x5 sample up to turn 16 (line 4 of a record with two tags and a blank line).
const std::string kOpening =
    "1. b2,c4 2. b1,d4 3. c1,d2 4. a4,d3 5. a1,d1 6. a2,c5 7. a3,e4 8. e2,e3 9. a5,d5 10. b3,b5 11. c2,e5 12. b4,e1\n"
    "13. b3-c3xc4 14. b2-b3 15. a2-b2xb3-a2xa3 16. c2-b2";

using Found = std::vector<std::string>;

TEST(CheckGame, AValidGameHasNone) {
  EXPECT_EQ(all_errors(kSeega + "\n" + kOpening + " *\n"), Found{});
}

TEST(CheckGame, EveryTagProblemInTheOrderOfTheTags) {
  EXPECT_EQ(all_errors("[Date \"1835/03/12\"]\n[Result \"1/2\"]\n" + kSeega + "\n1. b2,c4 2. b2,d4 *\n"),
            (Found{"E205@1:8 Date \"1835/03/12\": write 1835.03.12",
                   "E205@2:10 Result \"1/2\" is not a result: did you mean 1/2-1/2?",
                   // the moves are still replayed; the result is not checked (its tag is wrong)
                   "E304@6:13 b2 is occupied"}));
  // An unknown game: no rules, set-up or move can be checked; the Date can.
  EXPECT_EQ(all_errors("[Game \"chess\"]\n[Date \"x\"]\n\n1. e4 *\n"),
            (Found{"E202@1:8 unknown game 'chess' (games: tab, dleb, seega, mankalah, umelbanat)",
                   "E205@2:8 Date \"x\": it is not YYYY.MM.DD (write ?? for unknown parts: 1835.??.?" "?)"}));
}

// A misspelt game, preset, option or value in a record's tags gets the
// nearest names, as the same name on the command line does (one helper,
// beyt/names.hpp).
TEST(CheckGame, MisspeltNamesInTagsGetTheNearest) {
  EXPECT_EQ(all_errors("[Game \"sega\"]\n\n*\n"),
            (Found{"E202@1:8 unknown game 'sega' (did you mean 'seega'? games: tab, dleb, seega, mankalah, umelbanat)"}));
  EXPECT_EQ(all_errors("[Game \"seega\"]\n[Rules \"lane; chian=optional\"]\n\n*\n"),
            (Found{"E203@2:15 Rules: unknown option 'chian' (did you mean 'chain'? options: size, first-mover, chain, "
                   "centre-immune, blocked, lane-opening, barrier)"}));
  EXPECT_EQ(all_errors("[Game \"seega\"]\n[Rules \"walkr\"]\n\n*\n"),
            (Found{"E203@2:9 Rules: unknown preset 'walkr' (did you mean 'walker'? presets: walker, lane)"}));
  EXPECT_EQ(all_errors("[Game \"seega\"]\n[Rules \"lane; chain=optinal\"]\n\n*\n"),
            (Found{"E203@2:21 Rules: option 'chain' cannot be 'optinal' (did you mean 'optional'? allowed: "
                   "optional, mandatory)"}));
}

// Tag names and spellings (issue 19) are checked with the other tags: strict,
// each tag named in another case (W201) and each value not in its canonical
// spelling (E124) is an error among them (the roster's E121 too); no W201
// for a [game] that E201 names.
TEST(CheckGame, TagNamesAndSpellingsWithTheOtherTags) {
  EXPECT_EQ(all_errors("[Game \"Seega\"]\n[Rules \"Walker\"]\n[date \"1835\"]\n[Date \"1835.3.12\"]\n\n1. b2,c4 *\n", {},
                       true),
            (Found{"E121@1:1 expected tag Event here, found Game: the roster tags Event, Site, Date, Round, South, "
                   "North, Result come first, in this order",
                   "E124@1:8 strict: write [Game \"seega\"] (the canonical spelling)",
                   "E124@2:9 strict: write [Rules \"walker\"] (the canonical spelling)",
                   "W201@3:1 tag names are case-sensitive, so [date ...] is not read: did you mean [Date ...]?",
                   "E205@4:8 Date \"1835.3.12\": write 1835.03.12"}));
  EXPECT_EQ(all_errors("[game \"seega\"]\n[result \"*\"]\n\n*\n", {}, true),
            (Found{"E121@1:1 expected tag Event here, found game: the roster tags Event, Site, Date, Round, South, "
                   "North, Result come first, in this order",
                   "E201@1:1 no Game tag: tag names are case-sensitive, so [game ...] is not read: did you mean "
                   "[Game \"seega\"]?",
                   "W201@2:1 tag names are case-sensitive, so [result ...] is not read: did you mean [Result ...]?"}));
  // Lenient: warnings, not errors.
  std::istringstream in("[Game \"seega\"]\n[date \"1835\"]\n\n*\n");
  TextReader reader(in, "g.beyt", ReadOptions{});
  GameRecord g;
  ASSERT_TRUE(reader.next(g));
  Replay out;
  std::vector<Diagnostic> errors;
  replay_errors(g, nullptr, "g.beyt", 1, ReplayOptions{}, out, errors);
  EXPECT_TRUE(errors.empty());
  ASSERT_EQ(out.warnings.size(), 1u);
  EXPECT_EQ(out.warnings[0].code, beyt::Code::tag_name_case);
  EXPECT_EQ(out.warnings[0].severity, beyt::Severity::warning);
}

TEST(CheckGame, NothingFollowsFromATagInDoubt) {
  // Two Rules: which one is meant is not known, so nothing that needs the
  // rules is checked (no move, no result).
  EXPECT_EQ(all_errors("[Game \"seega\"]\n[Rules \"walker\"]\n[Rules \"lane; size=7\"]\n[Result \"1-0\"]\n\n1. b2,c4 "
                       "2. b2,d4 0-1\n"),
            Found{"E105@3:1 tag Rules appears twice in this game: keep one of them"});
  // A tag pair without a name might have been any tag: no E201 for a Game tag lost.
  EXPECT_EQ(all_errors("[ \"seega\"]\n\n1. b2,c4 *\n"),
            Found{"E104@1:3 expected a tag name (letters, digits, '_') after '['"});
}

TEST(CheckGame, ReplayToSaysTheMisnumberedTurnAsValidateDoes) {
  // The board of a position past the turn left out (the studio's, render's)
  // stops before the move that fails with the error validate lists: E111 at
  // the number, not the move's E305; the turn read is kept.
  std::string skipped = kOpening;
  skipped.replace(skipped.find("15. a2-b2xb3-a2xa3 "), 19, "");
  skipped += " 17. d4-e4";  // a turn after it: the path past the turn that fails
  std::istringstream in(kSeega + "\n" + skipped + " *\n");
  TextReader reader(in, "g.beyt", ReadOptions{});
  GameRecord g;
  ASSERT_TRUE(reader.next(g));
  const std::vector<std::string> listed = all_errors(kSeega + "\n" + skipped + " *\n");
  ASSERT_EQ(listed.size(), 1u);
  for (std::uint32_t turn : {15u, 16u}) {  // the turn that fails, and one past it
    NodePosition pos;
    const Diagnostic d = replay_to(g, "g.beyt", 1, NodePath{{turn}}, pos);
    EXPECT_EQ(std::string(code_id(d.code)) + "@" + std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) + " " + d.reason,
              listed[0]);
    EXPECT_EQ(d.turn, 15u);
    ASSERT_TRUE(pos.state);
    EXPECT_EQ(pos.state->turns_played(), 14u);  // the position before the turn that fails
  }
  std::vector<NodePosition> all;
  EXPECT_EQ(replay_to_all(g, "g.beyt", 1, {NodePath{{15}}}, all).code, Code::misnumbered_turn);
  // A number that is only wrong, and an illegal move later: the move's own error.
  std::string typo = kOpening + " 17. c2-b2 *\n";
  typo.replace(typo.find("14. b2-b3"), 3, "15.");
  std::istringstream in2(kSeega + "\n" + typo);
  TextReader reader2(in2, "g.beyt", ReadOptions{});
  ASSERT_TRUE(reader2.next(g));
  NodePosition pos;
  EXPECT_EQ(replay_to(g, "g.beyt", 1, NodePath{{17}}, pos).code, Code::not_own_piece);
}

TEST(CheckGame, AMisnumberedTurnExplainsTheMoveAfterIt) {
  // Turn 15 left out: North's turn 16 stands where South moves. The number
  // is reported, with the move's error in it, and the move's error is not.
  std::string skipped = kOpening;
  skipped.replace(skipped.find("15. a2-b2xb3-a2xa3 "), 19, "");
  EXPECT_EQ(all_errors(kSeega + "\n" + skipped + " *\n"),
            Found{"E111@5:24 turn 16 follows turn 14: is turn 15 missing? (read as turn 15, the move fails: no piece "
                  "of North on c2)"});
  // Strict: E111 takes the place of the reader's E120 at the number.
  EXPECT_EQ(all_errors(kSeega + "\n" + skipped + " *\n", {}, true).size(), 2u);  // and the roster's E121
  // A number that is only wrong (the moves after it replay), and an illegal
  std::string typo = kOpening + " 17. c2-b2 *\n";
  typo.replace(typo.find("14. b2-b3"), 3, "15.");
  // move later: the move, and the number recalled (a turn left out before
  // a move shifts every turn after it, so that a later one fails).
  EXPECT_EQ(all_errors(kSeega + "\n" + typo),
            Found{"E305@5:57 no piece of North on c2 (earlier, at line 5, column 14, turn number 15 stood where turn 14 "
                  "was: a turn left out there?)"});
  // A placement left out: the next placements replay (either side may place
  // there), the first step fails, and the number off the count is recalled.
  std::string placement = kOpening + " *\n";
  placement.replace(placement.find("6. a2,c5 "), 9, "");
  EXPECT_EQ(all_errors(kSeega + "\n" + placement),
            Found{"E303@5:5 placement phase: two cells are placed, e.g. c1,c5 (Walker 2011, rule 3) (earlier, at line 4, "
                  "column 46, turn number 7 stood where turn 6 was: a turn left out there?)"});
  // A turn written twice.
  std::string twice = kOpening + " *\n";
  twice.replace(twice.find("15. a2-b2xb3-a2xa3"), 18, "14. b2-b3 15. a2-b2xb3-a2xa3");
  EXPECT_EQ(all_errors(kSeega + "\n" + twice),
            Found{"E111@5:24 turn number 14 stands where turn 15 is: is a turn written twice? (every turn has a number "
                  "of its own, NOTATION.md section 2) (read as turn 15, the move fails: no piece of North on b2)"});
  // An illegal move before the number: the number explains nothing.
  std::string early = kOpening + " 18. c3-c4 *\n";
  early.replace(early.find("14. b2-b3"), 9, "14. b2-b4");
  EXPECT_EQ(all_errors(kSeega + "\n" + early), Found{"E306@5:21 b4 is not one orthogonal step from b2 (Walker 2011, rule 5)"});
}

TEST(CheckGame, AMoveSplitByBlanksIsJoinedAndTheReplayGoesOn) {
  // "13. b3-c3 x c4": one error at turn 13, then the moves as meant: turn 17
  // (c3-c4 for North would be 18th if the parts were turns) is illegal.
  std::string split = kOpening + " 17. c1-c2 *\n";
  split.replace(split.find("b3-c3xc4"), 8, "b3-c3 x c4");
  EXPECT_EQ(all_errors(kSeega + "\n" + split),
            (Found{"E301@5:11 blanks split this move: a move is one token, write b3-c3xc4",
                   "E305@5:59 no piece of North on c1"}));
  // Strict: not one E120 for the parts or the numbers after them.
  EXPECT_EQ(all_errors(kSeega + "\n" + split, {}, true).front().substr(0, 4), "E121");  // the roster
  EXPECT_EQ(all_errors(kSeega + "\n" + split, {}, true).size(), 3u);
  // A move that begins with 'x' at the start of a line is no split: E301 as it stands.
  EXPECT_EQ(all_errors(kSeega + "\n1. xc4 *\n").front().substr(0, 9), "E301@4:4 ");
}

TEST(CheckGame, AResultWrittenAnotherWayIsReadAsMeant) {
  // Read as 1/2-1/2: the Result tag agrees; the game is not over and no
  // Termination tag says how it ended: that is an error of its own.
  EXPECT_EQ(all_errors("[Result \"1/2-1/2\"]\n" + kSeega + "\n" + kOpening + " \xC2\xBD-\xC2\xBD\n"),
            (Found{"E108@6:53 '\xC2\xBD-\xC2\xBD' is not a result: did you mean 1/2-1/2?",
                   "E401@1:10 the game is not over after turn 16 (North to move), so the result must be * or a "
                   "Termination tag must say how it ended"}));
  EXPECT_EQ(meant_result("1/2"), "1/2-1/2");
  EXPECT_EQ(meant_result("1/2:1/2"), "1/2-1/2");
  EXPECT_EQ(meant_result("0.5-0.5"), "1/2-1/2");
  EXPECT_EQ(meant_result("1\xE2\x80\x93" "0"), "1-0");  // en dash
  EXPECT_EQ(meant_result("0:1"), "0-1");
  EXPECT_EQ(meant_result("0-1"), "");
  EXPECT_EQ(meant_result("c1,c5"), "");
  EXPECT_EQ(meant_result("1:0x"), "");
}

// A result split by blanks ("0 - 1", "1/2 - 1/2", "0 :1") is one E108, as
// "0:1" is, read as that result; not two E301s about a turn after the last.
TEST(CheckGame, AResultSplitByBlanksIsReadAsMeant) {
  const std::string column = std::to_string(kOpening.size() - kOpening.rfind('\n') + 1);
  for (const auto& [written, meant] : std::vector<std::pair<std::string, std::string>>{
           {"0 - 1", "0-1"}, {"1 - 0", "1-0"}, {"1/2 - 1/2", "1/2-1/2"}, {"0 -1", "0-1"}, {"0 :1", "0-1"},
           {"1/2 -1/2", "1/2-1/2"}}) {
    for (const bool strict : {false, true}) {
      const Found found = all_errors("[Result \"" + meant + "\"]\n" + kSeega + "\n" + kOpening + " " + written + "\n", {},
                                     strict);
      const std::string e108 = "E108@6:" + column + " '" + written + "' is not a result: did you mean " + meant + "?";
      EXPECT_EQ(std::count(found.begin(), found.end(), e108), 1) << written << (strict ? " strict" : "");
      for (const std::string& f : found) EXPECT_EQ(f.find("E301"), std::string::npos) << written << ": " << f;
      for (const std::string& f : found) EXPECT_EQ(f.find("E109"), std::string::npos) << written << ": " << f;
    }
  }
  // Two moves that do not make a result are moves.
  const Found moves = all_errors(kSeega + "\n" + kOpening + " 0 - 2 *\n");
  ASSERT_FALSE(moves.empty());
  EXPECT_EQ(moves.front().find("E108"), std::string::npos) << moves.front();
}

// A '(' never closed is E107 at the '(' whether a result or the end of the
// input comes first, and leaves the variations unchecked (ERRORS.md,
// "Several errors"): the illegal move inside it is not reported.
TEST(CheckGame, AVariationNeverClosedIsE107AndItsMovesAreNotChecked) {
  EXPECT_EQ(all_errors(kSeega + "\n1. b2,c4 (1. b2,b2 2. b1,d4 *\n"),
            Found{"E107@4:10 variation '(' is never closed: expected ')' before the result *"});
  EXPECT_EQ(all_errors(kSeega + "\n1. b2,c4 (1. b2,b2 2. b1,d4\n"),
            Found{"E107@4:10 variation '(' is never closed: expected ')' before the end of the input"});
}

TEST(CheckGame, MovesWithoutAResultTokenEndAtTheirLastMove) {
  EXPECT_EQ(all_errors("[Result \"0-1\"]\n" + kSeega + "\n" + kOpening + "\n"),
            Found{"E402@6:52 the moves end without a result, but the Result tag says 0-1: write 0-1 after the last "
                  "move"});
  EXPECT_EQ(all_errors("[Result \"0-1\"]\n" + kSeega + "\n" + kOpening + " *\n"),
            Found{"E402@6:53 the result after the moves is * but the Result tag says 0-1"});
}

TEST(CheckGame, WhatTheReaderLostIsNotReplayed) {
  // The ')' without '(' may have lost a move: the moves up to it are
  // checked (turn 2 is illegal), none after it, and no result.
  EXPECT_EQ(all_errors("[Result \"1-0\"]\n" + kSeega + "\n1. b2,c4 2. b2,d4 ) 3. c1,c1 *\n"),
            (Found{"E107@5:19 ')' without a matching '('", "E304@5:13 b2 is occupied"}));
  EXPECT_EQ(all_errors("[Result \"1-0\"]\n" + kSeega + "\n1. b2,c4 ) 2. b2,d4 *\n"),
            Found{"E107@5:10 ')' without a matching '('"});
}

TEST(CheckGame, AtMostMaxErrors) {
  ReplayOptions options;
  options.max_errors = 2;
  const Found found =
      all_errors("[Date \"x\"]\n[Result \"2-0\"]\n" + kSeega + "\n1. b2,c4 2. b2,d4 *\n", options);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[1],
            "E205@2:10 Result \"2-0\" is not a result: write 1-0, 0-1, 1/2-1/2 or *; 2 errors in this game: the "
            "rest of it is not checked");
}

}  // namespace
