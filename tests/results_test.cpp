// Results as values (issue 20, item 5): each entry point that gives its
// result through an out-parameter beside a returned error also has a form
// that returns beyt::Expected. Each form gives what the out-parameter form
// gives, its value and its error (code, reason, offset or place) alike.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "beyt/expected.hpp"
#include "beyt/game.hpp"
#include "beyt/notation/canonical.hpp"
#include "beyt/notation/generate.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/notation/text.hpp"
#include "beyt/dleb.hpp"
#include "beyt/mankalah.hpp"
#include "beyt/seega.hpp"
#include "beyt/tab.hpp"
#include "beyt/umelbanat.hpp"

namespace {

using namespace beyt;
using namespace beyt::notation;

void expect_same_error(const Error& a, const Error& b) {
  EXPECT_NE(a.code, Code::ok);
  EXPECT_EQ(a.code, b.code);
  EXPECT_EQ(a.reason, b.reason);
  EXPECT_EQ(a.offset, b.offset);
}

void expect_same_diagnostic(const Diagnostic& a, const Diagnostic& b) {
  EXPECT_NE(a.code, Code::ok);
  EXPECT_EQ(a.code, b.code);
  EXPECT_EQ(a.reason, b.reason);
  EXPECT_EQ(format_text(a), format_text(b));  // the place too
}

GameRecord read_one(const std::string& path) {
  std::ifstream in(std::string(BEYT_SOURCE_DIR) + "/" + path, std::ios::binary);
  TextReader reader(in, path);
  GameRecord record;
  EXPECT_TRUE(reader.next(record)) << path;
  return record;
}

std::unique_ptr<State> start(std::string_view game, std::string_view rules_text) {
  RuleSet rules;
  EXPECT_FALSE(find_game(game)->parse_rules(rules_text, rules));
  std::unique_ptr<State> state;
  EXPECT_FALSE(find_game(game)->new_state(rules, "", state));
  return state;
}

TEST(Results, ParseRules) {
  const Game& seega = *find_game("seega");
  Expected<RuleSet> rules = seega.parse_rules("walker; size=7");
  ASSERT_TRUE(rules) << rules.error().reason;
  EXPECT_EQ(rules->canonical(), "walker; size=7");
  EXPECT_EQ(rules->get("size"), "7");

  Expected<RuleSet> bad = seega.parse_rules("walker; size=8");
  ASSERT_FALSE(bad);
  RuleSet out;
  expect_same_error(bad.error(), seega.parse_rules("walker; size=8", out));
  EXPECT_EQ(bad.error().code, Code::bad_rules);
}

TEST(Results, NewState) {
  const Game& seega = *find_game("seega");
  RuleSet rules = seega.parse_rules("lane").value();
  Expected<std::unique_ptr<State>> state = seega.new_state(rules);
  ASSERT_TRUE(state) << state.error().reason;
  ASSERT_NE(*state, nullptr);
  EXPECT_TRUE((*state)->equals(*start("seega", "lane")));

  ASSERT_FALSE((*state)->play_turn("c1,c5"));
  const std::string text = (*state)->position_text();
  Expected<std::unique_ptr<State>> set_up = seega.new_state(rules, text);
  ASSERT_TRUE(set_up) << set_up.error().reason;
  EXPECT_TRUE((*set_up)->equals(**state));

  Expected<std::unique_ptr<State>> bad = seega.new_state(rules, "5/5/5 S place");
  ASSERT_FALSE(bad);
  std::unique_ptr<State> out;
  expect_same_error(bad.error(), seega.new_state(rules, "5/5/5 S place", out));
  EXPECT_EQ(bad.error().code, Code::bad_setup);
}

TEST(Results, CheckTurnAndLegalEvents) {
  auto state = start("seega", "walker");
  std::vector<std::string> listed;
  state->legal_events(listed);
  EXPECT_EQ(state->legal_events(), listed);
  EXPECT_EQ(listed.size(), 276u);  // C(24,2) placements

  Expected<std::string> canonical = state->check_turn("c1,c5");
  ASSERT_TRUE(canonical) << canonical.error().reason;
  std::string out;
  EXPECT_FALSE(state->check_turn("c1,c5", out));
  EXPECT_EQ(*canonical, out);

  ASSERT_FALSE(state->play_turn("b2,c4"));
  Expected<std::string> occupied = state->check_turn("b1,c4");
  ASSERT_FALSE(occupied);
  expect_same_error(occupied.error(), state->check_turn("b1,c4", out));
  EXPECT_EQ(occupied.error().code, Code::occupied);
  EXPECT_EQ(occupied.error().offset, 3u);
}

TEST(Results, TurnEventsAndFindEvent) {
  auto state = start("tab", "lane");
  Rng rng(20);
  const std::string turn = state->random_turn(rng);
  Expected<std::vector<std::string>> events = state->turn_events(turn);
  ASSERT_TRUE(events) << events.error().reason;
  std::vector<std::string> out;
  EXPECT_FALSE(state->turn_events(turn, out));
  EXPECT_EQ(*events, out);
  ASSERT_FALSE(events->empty());

  // Each event is found among the listed ones, at the index of the old form.
  auto s = state->clone();
  for (const std::string& event : *events) {
    Expected<std::size_t> index = s->find_event(event);
    ASSERT_TRUE(index) << event << ": " << index.error().reason;
    std::size_t old = 99;
    EXPECT_FALSE(s->find_event(event, old));
    EXPECT_EQ(*index, old);
    EXPECT_EQ(s->legal_events().at(*index), event);
    ASSERT_FALSE(s->apply(event));
  }

  Expected<std::vector<std::string>> bad_turn = state->turn_events("9:zz");
  ASSERT_FALSE(bad_turn);
  out.clear();
  expect_same_error(bad_turn.error(), state->turn_events("9:zz", out));

  Expected<std::size_t> bad_event = state->find_event("5");  // no throw of four sticks gives 5
  ASSERT_FALSE(bad_event);
  std::size_t index = 0;
  expect_same_error(bad_event.error(), state->find_event("5", index));
}

TEST(Results, Adjudicate) {
  auto seega = start("seega", "walker; barrier=yes");
  Expected<Result> result = seega->adjudicate("barrier");
  ASSERT_TRUE(result) << result.error().reason;
  Result out = Result::unfinished;
  EXPECT_FALSE(seega->adjudicate("barrier", out));
  EXPECT_EQ(*result, out);

  auto tab = start("tab", "lane");
  Expected<Result> refused = tab->adjudicate("barrier");
  ASSERT_FALSE(refused);
  expect_same_error(refused.error(), tab->adjudicate("barrier", out));
  EXPECT_EQ(refused.error().code, Code::bad_termination);
}

TEST(Results, Replay) {
  const GameRecord valid = read_one("samples/seega/walker-5x5.beyt");
  Expected<Replay, Diagnostic> replayed = replay(valid, "walker-5x5.beyt", 1);
  ASSERT_TRUE(replayed) << format_text(replayed.error());
  Replay out;
  EXPECT_FALSE(replay(valid, "walker-5x5.beyt", 1, {}, out));
  EXPECT_EQ(replayed->turns, out.turns);
  EXPECT_GT(replayed->turns, 20u);
  EXPECT_EQ(replayed->game, out.game);
  EXPECT_TRUE(replayed->state->equals(*out.state));

  const GameRecord invalid = read_one("samples/invalid/E304-occupied.beyt");
  Expected<Replay, Diagnostic> refused = replay(invalid, "E304-occupied.beyt", 1);
  ASSERT_FALSE(refused);
  expect_same_diagnostic(refused.error(), replay(invalid, "E304-occupied.beyt", 1, {}, out));
  EXPECT_EQ(format_text(refused.error()).substr(0, 43), "E304-occupied.beyt:12:16: error[E304]: game");
}

TEST(Results, CanonicalForm) {
  GameRecord record = read_one("samples/seega/walker-5x5.beyt");
  record.tags.erase(record.tags.begin());  // no Event: the canonical form adds it
  Expected<GameRecord, Diagnostic> canonical = canonical_form(record, "f.beyt", 1);
  ASSERT_TRUE(canonical) << format_text(canonical.error());
  GameRecord out;
  EXPECT_FALSE(canonical_form(record, "f.beyt", 1, "", out));
  EXPECT_EQ(*canonical, out);
  EXPECT_NE(*canonical, record);

  const GameRecord invalid = read_one("samples/invalid/E304-occupied.beyt");
  Expected<GameRecord, Diagnostic> refused = canonical_form(invalid, "f.beyt", 1);
  ASSERT_FALSE(refused);
  expect_same_diagnostic(refused.error(), canonical_form(invalid, "f.beyt", 1, "", out));

  GameRecord no_game;
  Expected<GameRecord, Diagnostic> named = canonical_form(no_game, "f.beyt", 1, "seega");
  ASSERT_TRUE(named) << format_text(named.error());
  EXPECT_EQ(named->find_tag("Game")->value, "seega");
}

TEST(Results, RandomGame) {
  const Game& tab = *find_game("tab");
  const RuleSet rules = tab.parse_rules("lane").value();
  Rng a(7), b(7);
  Expected<GameRecord> game = random_game(tab, rules, a, 7, 1, 40);
  ASSERT_TRUE(game) << game.error().reason;
  GameRecord out;
  EXPECT_FALSE(random_game(tab, rules, b, 7, 1, 40, out));
  EXPECT_EQ(*game, out);
  EXPECT_FALSE(game->moves.empty());

  // Rules that parse but make no State: 8 kelbs a row on a board 7 wide.
  const RuleSet too_many = tab.parse_rules("lane; width=7; pieces=8").value();
  Expected<GameRecord> refused = random_game(tab, too_many, a, 7, 1, 40);
  ASSERT_FALSE(refused);
  expect_same_error(refused.error(), random_game(tab, too_many, b, 7, 1, 40, out));
  EXPECT_EQ(refused.error().code, Code::bad_rules);
}

// The typed engine APIs read a position text in one way, XPosition::parse,
// which gives an Expected: the position, or the Error with its code and
// the byte offset of the fault. No constructor takes a text (none throws),
// and no bad text makes parse throw (docs/LIBRARY.md, "Errors as values").
template <class P>
void expect_position_text(const char* good, const char* bad, std::uint32_t bad_offset) {
  static_assert(!std::is_constructible_v<P, std::string_view> && !std::is_constructible_v<P, const char*>);
  Expected<P> p = P::parse(good);
  ASSERT_TRUE(p) << good << ": " << p.error().reason;
  EXPECT_EQ(p->text(), good);
  EXPECT_EQ(*P::parse(p->text()), *p);
  Expected<P> q = P::parse("");  // nothing
  ASSERT_FALSE(q);
  EXPECT_EQ(q.error().code, Code::bad_setup);
  EXPECT_NO_THROW(q = P::parse(bad));
  ASSERT_FALSE(q) << bad;
  EXPECT_EQ(q.error().code, Code::bad_setup) << bad;
  EXPECT_EQ(q.error().offset, bad_offset) << bad << ": " << q.error().reason;
  EXPECT_FALSE(q.error().reason.empty());
  EXPECT_THROW(static_cast<void>(q.value()), BadExpectedAccess);  // only when asked
}

TEST(Results, PositionTextOfEachGame) {
  expect_position_text<SeegaPosition>("2S2/5/5/5/2S2 N place", "2S2/5/5/5/2S2 N sow", 16);
  expect_position_text<TabPosition>("NNNNNNNNN/........./........./SSSSSSSSS S opening",
                                    "NNNNNNNNN/........./........./SSSSSSSSS X play", 40);
  expect_position_text<DlebPosition>("NNNN/..../..../SSSS S1 0/0 0/0", "NNNN/..../..../SSSS S3 0/0 0/0", 20);
  expect_position_text<MankalahPosition>("3,0,0,0,0,9,0,0,0,0,0,2 S play 20-38 12-40 S turned",
                                         "3,0,0,0,0,9,0,0,0,0,0,2 S sow 20-38 12-40 S", 26);
  expect_position_text<UmelbanatPosition>("12,0,0,0,0,0,0,0,0,0,0,0 SSSSSSNNNNNN ------------ 18-18 S play S",
                                          "12,0,0,0,0,0,0,0,0,0,0,0 SSSSSSNNNNNN ------------ 18-18 S dance S", 59);
}

TEST(Results, ToExpectedAdaptsAnOutParameterCall) {
  const RuleSet rules = find_game("seega")->parse_rules("walker; size=9").value();
  auto options = to_expected<SeegaOptions>([&](SeegaOptions& out) { return SeegaOptions::from_rules(rules, out); });
  ASSERT_TRUE(options) << options.error().reason;
  EXPECT_EQ(options->size, 9);

  auto move = to_expected<SeegaMove>([](SeegaMove& out) { return seega_parse("x", out); });
  ASSERT_FALSE(move);
  EXPECT_EQ(move.error().code, Code::move_syntax);

  // A Diagnostic as the error type.
  auto diagnosed = to_expected<int>([](int&) { return Diagnostic{Code::io_error, "gone", "f", {}, 0, 0, {}, Severity::error}; });
  static_assert(std::is_same_v<decltype(diagnosed), Expected<int, Diagnostic>>);
  ASSERT_FALSE(diagnosed);
  EXPECT_EQ(diagnosed.error().file, "f");
}

}  // namespace
