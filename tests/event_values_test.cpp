// Events as values (beyt/game.hpp, class Event): the value itself (16
// bytes, trivially copyable, ==, hashing, the text form of a text Event),
// and every way a value or a text can be refused: the empty value, a
// value listed at another position, another game's value, a made-up code,
// a text that is no event; each refusal leaves the State as it was. The
// agreement of values and texts along random games of every game is the
// conformance suite's (Conformance.EventValuesAreTheListedTexts).
#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "beyt/game.hpp"

namespace {

using namespace beyt;

std::unique_ptr<State> start(std::string_view game, std::string_view rules = "", std::string_view setup = "") {
  const Game* g = find_game(game);
  EXPECT_NE(g, nullptr) << game;
  return g->new_state(g->parse_rules(rules).value(), setup).value();
}

TEST(EventValue, IsASmallValue) {
  static_assert(sizeof(Event) == 16);
  static_assert(std::is_trivially_copyable_v<Event>);
  EXPECT_EQ(Event::from_text("4K-O").text(), "4K-O");
  EXPECT_EQ(Event::from_text("4K-O"), Event::from_text("4K-O"));
  EXPECT_NE(Event::from_text("4K-O"), Event::from_text("4K-P"));
  EXPECT_TRUE(Event{}.empty());
  EXPECT_FALSE(Event{}.is_text());
  EXPECT_EQ(Event{}.text(), "");
}

TEST(EventValue, TextsOfAtMostFifteenBytes) {
  const std::string longest(Event::kMaxText, 'a');
  EXPECT_EQ(Event::from_text(longest).text(), longest);
  EXPECT_TRUE(Event::from_text(longest + "a").empty()) << "a text too long for a value gives no event";
  EXPECT_TRUE(Event::from_text("").empty());
  EXPECT_TRUE(Event::from_text("C").is_text());
}

TEST(EventValue, CodesKeepTheirBitsButTheTextMark) {
  const Event e = Event::code(0x0123456789ABCDEFull, ~0ull);
  EXPECT_FALSE(e.is_text());
  EXPECT_EQ(e.text(), "");
  EXPECT_EQ(e.low(), 0x0123456789ABCDEFull);
  EXPECT_EQ(e.high(), ~0ull >> 1) << "the top bit marks a text Event and is cleared";
  EXPECT_NE(e, Event::from_text("a"));
}

TEST(EventValue, HashesAsAValue) {
  std::unordered_set<Event> seen;
  for (std::string_view t : {"1", "2", "3", "4", "6", "1A1-B1", "+1C5-C4", "C", "c"}) seen.insert(Event::from_text(t));
  for (std::uint64_t k = 0; k < 100; ++k) seen.insert(Event::code(k, k * 7));
  EXPECT_EQ(seen.size(), 109u);
  EXPECT_EQ(std::hash<Event>{}(Event::from_text("C")), std::hash<Event>{}(Event::from_text("C")));
  EXPECT_EQ(Event::code(5, 9).hash(), Event::code(5, 9).hash());
}

// Seega codes its turns: a placement's value is no text, and plays as the text.
TEST(EventValue, SeegaListsCodes) {
  auto s = start("seega");
  std::vector<Event> values;
  s->legal_events(values);
  ASSERT_FALSE(values.empty());
  EXPECT_FALSE(values[0].is_text());
  EXPECT_EQ(s->event_text(values[0]).value(), "a1,a2");
  EXPECT_EQ(s->parse_event("a2,a1").value(), s->parse_event("a1,a2").value()) << "either order names one placement";
}

// Tâb codes its uses and throws: no value is a text.
TEST(EventValue, TabCodesItsUses) {
  auto s = start("tab");
  ASSERT_FALSE(s->apply(Event::from_text("1")));
  ASSERT_FALSE(s->apply(Event::from_text("2")));
  std::vector<Event> values;
  s->legal_events(values);
  ASSERT_FALSE(values.empty());
  for (const Event& v : values) EXPECT_FALSE(v.is_text()) << s->event_text(v).value_or("?");
}

// Each refusal: the code, and the State as it was.
void expect_refused(State& s, Event e, Code code) {
  const auto before = s.clone();
  std::string turn = "stale";
  Error err = s.apply(e, &turn);
  EXPECT_EQ(err.code, code) << err.reason;
  EXPECT_FALSE(err.reason.empty());
  EXPECT_TRUE(s.equals(*before));
  EXPECT_EQ(turn, "") << "no turn text on an error";
}

TEST(EventValue, TheEmptyValueIsNoEvent) {
  for (std::string_view game : {"tab", "dleb", "seega", "mankalah", "umelbanat"}) {
    SCOPED_TRACE(game);
    auto s = start(game);
    expect_refused(*s, Event{}, Code::move_syntax);
  }
}

// A code no game gives (every bit set) is refused as no event of the game,
// the reason saying where the events are listed.
TEST(EventValue, ACodeOfNoEventSaysWhereTheyAreListed) {
  for (const Game* game : game_table()) {
    auto s = start(game->name());
    const Error e = s->apply(Event::code(~0ull, ~0ull));
    EXPECT_EQ(e.code, Code::move_syntax) << game->name() << ": " << e.reason;
    EXPECT_NE(e.reason.find("this Event value is n"), std::string::npos) << game->name() << ": " << e.reason;
    EXPECT_NE(e.reason.find("State::legal_events"), std::string::npos) << game->name() << ": " << e.reason;
  }
}

TEST(EventValue, AnotherGamesValueIsRefused) {
  auto seega = start("seega");
  expect_refused(*seega, Event::from_text("C"), Code::move_syntax);
  std::vector<Event> seega_values;
  seega->legal_events(seega_values);
  auto tab = start("tab");
  expect_refused(*tab, seega_values.at(0), Code::move_syntax);
}

TEST(EventValue, AValueListedElsewhereIsRefusedByTheRules) {
  auto s = start("seega");
  std::vector<Event> values;
  s->legal_events(values);
  const Event first = values.at(0);  // a1,a2
  ASSERT_FALSE(s->apply(first));
  // North may not place on a1 now: the cell is taken.
  expect_refused(*s, first, Code::occupied);
  // Tâb: a throw where a decision is due (a táb, then a 2 that ends the
  // throwing, Lane 1836).
  auto tab = start("tab");
  ASSERT_FALSE(tab->apply(Event::from_text("1")));
  ASSERT_FALSE(tab->apply(Event::from_text("2")));
  expect_refused(*tab, Event::from_text("2"), Code::wrong_phase);
}

TEST(EventValue, MadeUpSeegaCodesAreRefused) {
  auto s = start("seega");
  // A placement with a stray bit, a cell off the 5x5 board (file 8), its
  // cells in the other order (a2,a1: listed as a1,a2), a step-turn with no
  // steps, a blocked turn with a cell.
  for (Event e : {Event::code(0 | 1u << 2 | 2u << 9 | 1u << 20, 0), Event::code(0 | 8u << 2 | 1u << 9, 0),
                  Event::code(0 | 1u << 2 | 0u << 9, 0), Event::code(1 | 1u << 2, 0), Event::code(2 | 1u << 2, 0)})
    expect_refused(*s, e, Code::move_syntax);
}

TEST(EventValue, MadeUpTabCodesAreRefused) {
  auto s = start("tab");
  ASSERT_FALSE(s->apply(Event::from_text("1")));
  ASSERT_FALSE(s->apply(Event::from_text("2")));
  // A stray bit, a throw of 5 (no count of sticks gives it), a cell off the
  // board (row 5), a forfeit with cells.
  for (Event e : {Event::code(2 | 1u << 8 | 3u << 16 | 1u << 30, 0), Event::code(5 | 1u << 8 | 6u << 16, 0),
                  Event::code(2 | 120u << 8 | 3u << 16, 0), Event::code(2 | 8 | 1u << 8, 0)})
    expect_refused(*s, e, Code::move_syntax);
}

// Dleb codes its decisions (events.cpp, value_of): after an entry that
// ends on a dag, the dleb's moves and its forfeit are no texts, and each
// reads as its listed text.
TEST(EventValue, DlebListsCodes) {
  auto s = start("dleb");
  for (std::string_view t : {"BBBW", "BWW", "BW"}) ASSERT_FALSE(s->apply(t)) << t;  // dleb, stage 3, dag
  std::vector<Event> values;
  std::vector<std::string> texts;
  s->legal_events(values);
  s->legal_events(texts);
  ASSERT_EQ(values.size(), texts.size());
  ASSERT_FALSE(values.empty());
  for (std::size_t i = 0; i < values.size(); ++i) {
    EXPECT_FALSE(values[i].is_text()) << texts[i];
    EXPECT_EQ(s->event_text(values[i]).value_or("?"), texts[i]);
  }
  EXPECT_EQ(texts[0], "1A1-B1");
}

// Dleb's throws are codes too: the billets as listed (black ones first);
// a throw written in another order is the same value.
TEST(EventValue, DlebCodesItsThrows) {
  auto s = start("dleb");
  const auto outcomes = s->chance_outcomes();
  ASSERT_FALSE(outcomes.empty());
  for (const auto& o : outcomes) {
    EXPECT_FALSE(o.event.is_text()) << o.text;
    EXPECT_EQ(s->parse_event(o.text).value_or(Event{}), o.event) << o.text;
  }
  EXPECT_EQ(s->parse_event("WBBB").value_or(Event{}), s->parse_event("BBBW").value_or(Event{}));
  // A coded throw of five billets, or of more whites than billets: no throw.
  expect_refused(*s, Event::code(7u | 5u << 3, 0), Code::move_syntax);
  expect_refused(*s, Event::code(7u | 4u << 3 | 5u << 6, 0), Code::move_syntax);
}

TEST(EventValue, MadeUpDlebCodesAreRefused) {
  auto s = start("dleb");
  for (std::string_view t : {"BBBW", "BWW", "BW"}) ASSERT_FALSE(s->apply(t)) << t;
  std::vector<Event> values;
  s->legal_events(values);
  ASSERT_FALSE(values.empty());
  const std::uint64_t move = values[0].low();  // 1A1-B1: kind move + 1, value 1, from A1 (0), to B1 (100)
  ASSERT_EQ(move, 1u | 1u << 3 | 0u << 6 | 100u << 15);
  const auto at = [](std::uint64_t from, std::uint64_t to) { return from << 6 | to << 15; };
  // A stray bit (low, high), no kind, a value of 5, a point off the field
  // (A21 of 20 cross-lines, a fifth line), a forfeit with a point, a store
  // of a 2, a stored dleb of a 3.
  for (Event e : {Event::code(move | 1ull << 40, 0), Event::code(move, 1), Event::code(move & ~7ull, 0),
                  Event::code(1u | 5u << 3 | at(0, 100), 0), Event::code(1u | 1u << 3 | at(20, 120), 0),
                  Event::code(1u | 1u << 3 | at(0, 400), 0), Event::code(2u | 1u << 3 | at(0, 100), 0),
                  Event::code(3u | 2u << 3, 0), Event::code(4u | 3u << 3 | at(0, 100), 0)})
    expect_refused(*s, e, Code::move_syntax);
  // A well-formed code the rules refuse, as its text is: B1 holds no man.
  expect_refused(*s, Event::code(1u | 1u << 3 | at(100, 101), 0), Code::not_own_piece);
  EXPECT_EQ(s->apply(Event::from_text("1B1-B2")).code, Code::not_own_piece);
}

TEST(EventValue, TextsAndValuesBetweenThem) {
  auto s = start("tab");
  EXPECT_EQ(s->event_text(Event::from_text("4K-O")).error().code, Code::illegal_move) << "a throw is due";
  EXPECT_EQ(s->event_text(s->parse_event("1").value()).value(), "1");
  EXPECT_EQ(s->event_text(Event::from_text("1")).error().code, Code::illegal_move) << "listed as a code";
  EXPECT_EQ(s->parse_event("zz").error().code, Code::move_syntax);
  EXPECT_EQ(s->parse_event("1WBBB").value(), s->parse_event("1").value()) << "a throw written with its faces";
  EXPECT_FALSE(s->parse_event("1").value().is_text()) << "Tâb codes its throws";
}

}  // namespace
