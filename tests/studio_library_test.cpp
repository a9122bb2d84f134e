// What the studio page (docs/STUDIO.md) asks of the library, on records read
// from text: enter_move (beyt/notation/edit.hpp) with each way a move goes
// into a record and each error; validate_text (beyt/notation/validate.hpp)
// against what `beyt validate` prints; canonical_form
// (beyt/notation/canonical.hpp); game_info_json (beyt/notation/game_info.hpp).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "beyt/notation/canonical.hpp"
#include "beyt/notation/edit.hpp"
#include "beyt/notation/game_info.hpp"
#include "beyt/notation/text.hpp"
#include "record_fixture.hpp"
#include "beyt/notation/validate.hpp"

namespace {

using namespace beyt;
using namespace beyt::notation;

using test::path;
using test::read_one;

const std::string kTags =
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[South \"?\"]\n[North \"?\"]\n"
    "[Result \"*\"]\n[Game \"seega\"]\n[Rules \"walker\"]\n\n";

TEST(EnterMove, AddsAtTheEndOfTheMainLine) {
  GameRecord r = read_one(kTags + "*\n");
  NodePath reached;
  ASSERT_FALSE(enter_move(r, "t.beyt", 1, path("0"), "c4,b2", reached));
  ASSERT_EQ(r.moves.size(), 1u);
  EXPECT_EQ(reached.text(), "1");
  ASSERT_FALSE(enter_move(r, "t.beyt", 1, reached, "b1,d4", reached));
  EXPECT_EQ(reached.text(), "2");
  EXPECT_EQ(to_text(r), kTags + "1. c4,b2 2. b1,d4 *\n\n");
  EXPECT_EQ(r.result, "*");  // the game is not over
}

TEST(EnterMove, FollowsTheSameMoveAndStartsOrFollowsAVariation) {
  GameRecord r = read_one(kTags + "1. b2,c4 2. b1,d4 *\n");
  NodePath reached;
  // The move that is there already (the same placements in the other order): nothing added.
  ASSERT_FALSE(enter_move(r, "t.beyt", 1, path("0"), "c4,b2", reached));
  EXPECT_EQ(reached.text(), "1");
  EXPECT_EQ(r.moves.size(), 1u + 1u);
  EXPECT_TRUE(r.moves[0].variations.empty());
  // Another move at turn 2: a variation of turn 2.
  ASSERT_FALSE(enter_move(r, "t.beyt", 1, path("1"), "a1,e5", reached));
  EXPECT_EQ(reached.text(), "2.1.2");
  ASSERT_EQ(r.moves[1].variations.size(), 1u);
  EXPECT_EQ(r.moves[1].variations[0][0].move, "a1,e5");
  // The same other move again: into the variation, not a second one.
  ASSERT_FALSE(enter_move(r, "t.beyt", 1, path("1"), "e5,a1", reached));
  EXPECT_EQ(reached.text(), "2.1.2");
  EXPECT_EQ(r.moves[1].variations.size(), 1u);
  // On along the variation.
  ASSERT_FALSE(enter_move(r, "t.beyt", 1, reached, "c1,c5", reached));
  EXPECT_EQ(reached.text(), "2.1.3");
  EXPECT_EQ(to_text(r), kTags + "1. b2,c4 2. b1,d4 (2. a1,e5 3. c1,c5) *\n\n");
}

// South's last piece on b2, North on a2 and c3: c3-c2 takes it and ends the game.
const std::string kLastCapture =
    "[Event \"?\"]\n[Result \"*\"]\n[Game \"seega\"]\n[Rules \"walker\"]\n[SetUp \"5/5/2N2/NS3/5 N move\"]\n\n";

TEST(EnterMove, WritesTheCanonicalTextAndTheResultOfAFinishedGame) {
  GameRecord r = read_one(kLastCapture + "*\n");
  NodePath reached;
  ASSERT_FALSE(enter_move(r, "t.beyt", 1, path("0"), "c3-c2", reached)) << to_text(r);
  EXPECT_EQ(r.moves[0].move, "c3-c2xb2");  // the capture filled in
  EXPECT_EQ(r.result, "0-1");
  ASSERT_NE(r.find_tag("Result"), nullptr);
  EXPECT_EQ(r.find_tag("Result")->value, "0-1");
}

TEST(EnterMove, ErrorsLeaveTheRecordAsItWas) {
  const GameRecord original = read_one(kTags + "1. b2,c4 2. b1,d4 *\n");
  GameRecord r = original;
  NodePath reached;
  // An illegal move: the engine's code and reason, the turn and the player.
  Diagnostic d = enter_move(r, "t.beyt", 1, path("2"), "b2,a1", reached);
  EXPECT_EQ(d.code, Code::occupied);
  EXPECT_EQ(d.turn, 3u);
  EXPECT_EQ(d.player, "South");
  EXPECT_EQ(r, original);
  // Not a move at all.
  d = enter_move(r, "t.beyt", 1, path("2"), "zz", reached);
  EXPECT_EQ(d.code, Code::move_syntax);
  EXPECT_EQ(r, original);
  // A position the record does not hold.
  d = enter_move(r, "t.beyt", 1, path("7"), "a1,a2", reached);
  EXPECT_EQ(d.code, Code::move_syntax);
  EXPECT_NE(d.reason.find("only 2 turns"), std::string::npos) << d.reason;
  EXPECT_EQ(r, original);
  // An illegal move before the position: the validator's diagnostic.
  GameRecord bad = read_one(kTags + "1. b2,c4 2. b2,d4 *\n");
  const GameRecord bad_original = bad;
  d = enter_move(bad, "t.beyt", 1, path("2"), "a1,a2", reached);
  EXPECT_EQ(d.code, Code::occupied);
  EXPECT_EQ(bad, bad_original);
  // A bad Game tag.
  GameRecord unknown = read_one("[Game \"chess\"]\n\n*\n");
  d = enter_move(unknown, "t.beyt", 1, path("0"), "e4", reached);
  EXPECT_EQ(d.code, Code::unknown_game);
}

// validate_text gives, in order, what `beyt validate --diagnostics json`
// prints for the file (samples/invalid/ has one of each kind; the four-slip
// record has four errors in one game, each reported).
TEST(ValidateText, IsWhatBeytValidatePrints) {
  for (const char* name : {"E304-occupied.beyt", "E150-json-syntax.json", "E102-unterminated-comment.beyt",
                           "W101-byte-order-mark.beyt", "W102-no-games.beyt", "W401-finished-unknown-result.beyt",
                           "E104-four-slips.beyt", "E402-no-result-token.beyt"}) {
    const std::string file = std::string(BEYT_SOURCE_DIR) + "/samples/invalid/" + name;
    std::ifstream in(file, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Format f = Format::text;
    ASSERT_TRUE(format_of_extension(file, f));
    for (bool strict : {false, true}) {
      ValidateOptions options;
      options.strict = strict;
      std::string got;
      for (const Diagnostic& d : validate_text(text, file, f, options)) got += format_json(d) + "\n";
      const std::string command = std::string(BEYT_CLI_PATH) + " validate -j 1 --quiet --diagnostics json " +
                                  (strict ? "--strict " : "") + "'" + file + "'";
      std::string want;
      FILE* p = popen(command.c_str(), "r");
      ASSERT_NE(p, nullptr);
      char buf[4096];
      for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) want.append(buf, n);
      pclose(p);
      EXPECT_EQ(got, want) << name << (strict ? " --strict" : "");
      EXPECT_FALSE(want.empty()) << name;
    }
  }
}

TEST(ValidateText, AValidRecordHasNoDiagnostic) {
  EXPECT_TRUE(validate_text(kTags + "1. b2,c4 *\n", "t.beyt", Format::text, {}).empty());
}

TEST(ValidateText, StoppedSaysWhere) {
  std::string where;
  Diagnostic d;
  d.reason = "bad";
  EXPECT_EQ(stopped_diagnostic(d, 0, where).reason,
            "bad; checking stopped here, before the first game: the rest of the file was not checked");
  EXPECT_EQ(where, "before the first game");
  stopped_diagnostic(d, 4, where);
  EXPECT_EQ(where, "after game 4");
  d.game = 5;
  stopped_diagnostic(d, 4, where);
  EXPECT_EQ(where, "at game 5");
  EXPECT_EQ(no_games_diagnostic("x", Format::json, true).severity, Severity::error);
  EXPECT_EQ(no_games_diagnostic("x", Format::text, false).severity, Severity::warning);
}

TEST(CanonicalForm, IsBeytFormatsGame) {
  GameRecord r = read_one("[Game \"seega\"]\n[Rules \"walker\"]\n[SetUp \"5/5/2N2/NS3/5 N move\"]\n[Event \"E\"]\n"
                          "[Result \"0-1\"]\n\n1. c3-c2 0-1\n");
  GameRecord out;
  ASSERT_FALSE(canonical_form(r, "t.beyt", 1, "", out));
  EXPECT_EQ(out.moves[0].move, "c3-c2xb2");
  EXPECT_EQ(out.tags[0].name, "Event");
  EXPECT_EQ(out.tags[7].name, "Game");
  // A record that does not replay: the validator's diagnostic, `out` untouched.
  GameRecord bad = read_one("[Game \"seega\"]\n\n1. c4,c4 *\n");
  GameRecord untouched;
  EXPECT_TRUE(canonical_form(bad, "t.beyt", 1, "", untouched));
  EXPECT_EQ(untouched, GameRecord{});
  // Without a Game tag: the default game, which the canonical form names.
  GameRecord bare = read_one("[Event \"E\"]\n\n1. c4,b2 *\n");
  ASSERT_FALSE(canonical_form(bare, "t.beyt", 1, "seega", out));
  ASSERT_NE(out.find_tag("Game"), nullptr);
  EXPECT_EQ(out.find_tag("Game")->value, "seega");
}

TEST(GameInfoJson, NamesEveryPresetAndOption) {
  for (const Game* g : game_table()) {
    const auto j = nlohmann::json::parse(game_info_json(*g));
    EXPECT_EQ(j["name"], std::string(g->name()));
    EXPECT_EQ(j["presets"].size(), g->presets().size());
    EXPECT_EQ(j["options"].size(), g->options().size());
  }
}

}  // namespace
