// One conformance suite for every game, written once and instantiated per
// game and rule set (cf. OpenSpiel's RandomSimTest): random playouts from a
// seed, then for each playout
//   * every listed event applies (State::apply); a listed event that is a
//     whole turn resolves (check) to itself;
//   * clone() equals its source, position_text() rebuilds an equal State;
//     equal States have the same hash(), and States with the same hash met
//     in a playout are equal;
//   * write -> read -> replay gives the same final position, in the text
//     notation, JSON and XML, and the three records are equal;
//   * chance outcomes, where a game has them, sum to 1;
//   * event by event, the listed Event values are the listed texts' events
//     (the same order, the same play, event_text and parse_event between
//     them, undo after each);
//   * a game that draws (State::drawing) draws every position of a
//     playout as a page that parses as XML, and every cell a legal move
//     touches (move_cells) lies on its board, in both views.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <unordered_map>

#include <pugixml.hpp>

#include "beyt/diagram.hpp"
#include "beyt/game.hpp"
#include "game_fixture.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"

namespace beyt::notation {
// gtest prints a record in its canonical text form.
void PrintTo(const GameRecord& record, std::ostream* os) { *os << "\n" << to_text(record); }
}  // namespace beyt::notation

namespace {

using namespace beyt;
using namespace beyt::notation;

using Case = beyt::test::TableCase;

class Conformance : public beyt::test::GameFixture<Case> {};

// Plays one random game, checking every position on the way; returns its record.
GameRecord playout(const Game& game, const RuleSet& rules, State& state, Rng& rng, int max_turns) {
  GameRecord record;
  for (auto name : kRoster) record.set_tag(name, std::string(roster_default(name)));
  record.set_tag("Game", std::string(game.name()));
  record.set_tag("Rules", rules.canonical());
  std::vector<std::string> moves;
  std::string canonical;
  for (int turn = 0; turn < max_turns && !state.is_terminal(); ++turn) {
    moves.clear();
    state.legal_events(moves);
    EXPECT_FALSE(moves.empty()) << "no legal move in a non-terminal position: " << state.position_text();
    if (moves.empty()) break;
    // Each listed event applies; a turn of that one event is the listed
    // text (in canonical form), as check() gives it.
    for (const auto& m : moves) {
      auto next = state.clone();
      std::string turn;
      Error e = next->apply(m, &turn);
      EXPECT_FALSE(e) << "listed event '" << m << "' rejected: " << e.reason << " in " << state.position_text();
      if (!next->mid_turn()) {
        EXPECT_EQ(turn, m) << "canonical form of a listed move differs";
        EXPECT_FALSE(state.check_turn(m, canonical)) << m;
        EXPECT_EQ(canonical, m);
      }
    }
    auto copy = state.clone();
    EXPECT_TRUE(copy->equals(state));
    std::unique_ptr<State> rebuilt;
    Error e = game.new_state(rules, state.position_text(), rebuilt);
    EXPECT_FALSE(e) << e.reason << " for " << state.position_text();
    if (rebuilt) {
      EXPECT_TRUE(rebuilt->equals(state)) << state.position_text();
    }
    double total = 0;
    for (const auto& c : state.chance_outcomes()) total += c.probability;
    if (!state.chance_outcomes().empty()) {
      EXPECT_NEAR(total, 1.0, 1e-12);
    }

    std::string move = state.random_turn(rng);
    EXPECT_FALSE(move.empty());
    e = state.check_turn(move, canonical);
    EXPECT_FALSE(e) << "random move '" << move << "' fails check: " << e.reason;
    EXPECT_EQ(canonical, move) << "random_turn must give the canonical form";
    e = state.play_turn(move);
    EXPECT_FALSE(e) << "random move '" << move << "' rejected: " << e.reason;
    if (e) break;
    EXPECT_FALSE(copy->equals(state)) << "a move left the position unchanged: " << move;
    Node node;
    node.move = move;
    record.moves.push_back(std::move(node));
  }
  record.result = std::string(result_token(state.outcome()));
  record.set_tag("Result", record.result);
  return record;
}

class Collect : public GameVisitor {
 public:
  bool game(GameRecord&& record, std::uint32_t) override {
    games.push_back(std::move(record));
    return true;
  }
  std::vector<GameRecord> games;
};

GameRecord round_trip(const GameRecord& record, Format format) {
  std::stringstream buffer;
  {
    RecordWriter writer(buffer, format);
    writer.game(record);
    writer.finish();
  }
  Collect collect;
  Diagnostic d = read_games(buffer, "memory", format, collect);
  EXPECT_FALSE(d) << d.reason << " at " << d.loc.line << ":" << d.loc.column << "\n" << buffer.str();
  EXPECT_EQ(collect.games.size(), 1u);
  return collect.games.empty() ? GameRecord{} : collect.games.front();
}

TEST_P(Conformance, RandomPlayoutsReplayThroughEveryFormat) {
  const Case& c = GetParam();
  for (int i = 0; i < c.playouts; ++i) {
    Rng rng(1000 + static_cast<std::uint64_t>(i));
    auto state = initial();
    ASSERT_TRUE(state);
    GameRecord record = playout(*game_, rules_, *state, rng, c.max_turns);
    if (HasFailure()) return;
    for (Format format : {Format::text, Format::json, Format::xml}) {
      GameRecord back = round_trip(record, format);
      EXPECT_EQ(back, record) << "record changed through " << format_name(format);
      Replay replay;
      Diagnostic d = beyt::notation::replay(back, "memory", 1, ReplayOptions{}, replay);
      EXPECT_FALSE(d) << format_name(format) << ": " << d.reason << " (turn " << d.turn << ")";
      ASSERT_TRUE(replay.state);
      EXPECT_TRUE(replay.state->equals(*state))
          << format_name(format) << ": " << replay.state->position_text() << " vs " << state->position_text();
      EXPECT_EQ(replay.turns, record.moves.size());
    }
    if (HasFailure()) return;
  }
}

TEST_P(Conformance, SameSeedSameGame) {
  const Case& c = GetParam();
  Rng a(77), b(77);
  auto s1 = initial(), s2 = initial();
  GameRecord r1 = playout(*game_, rules_, *s1, a, c.max_turns);
  GameRecord r2 = playout(*game_, rules_, *s2, b, c.max_turns);
  EXPECT_EQ(r1, r2);
  EXPECT_TRUE(s1->equals(*s2));
}

// Events as values (State::legal_events(values), apply(Event)), event by
// event along a random game: the values are the texts' events, one to one
// and in the same order; each value plays as its text does (the same State,
// the same turn text); event_text and parse_event go between the two; a
// value played is taken back by undo().
TEST_P(Conformance, EventValuesAreTheListedTexts) {
  const Case& c = GetParam();
  Rng rng(57);
  auto state = initial();
  const bool can_undo = state->keep_history(true);  // not the toy game: it cannot take back
  std::vector<Event> values;
  std::vector<std::string> texts;
  for (int event = 0; event < 4 * c.max_turns && !state->is_terminal() && !HasFailure(); ++event) {
    values.clear();
    texts.clear();
    state->legal_events(values);
    state->legal_events(texts);
    ASSERT_EQ(values.size(), texts.size()) << state->position_text();
    ASSERT_FALSE(values.empty());
    const auto outcomes = state->chance_outcomes();
    for (std::size_t i = 0; i < outcomes.size() && i < values.size(); ++i) {
      EXPECT_EQ(outcomes[i].event, values[i]);
      EXPECT_EQ(outcomes[i].text, texts[i]);
    }
    std::unordered_map<Event, std::size_t> index;
    // Every value is checked at small lists; a sample of 24 at long ones
    // (Seega's placements: up to 3 081).
    const std::size_t step = values.size() <= 48 ? 1 : values.size() / 24;
    for (std::size_t i = 0; i < values.size(); ++i) {
      EXPECT_FALSE(values[i].empty()) << texts[i];
      EXPECT_TRUE(index.emplace(values[i], i).second) << "two events, one value: " << texts[i];
      if (i % step != 0) continue;
      EXPECT_EQ(state->event_text(values[i]).value_or("?"), texts[i]);
      EXPECT_EQ(state->parse_event(texts[i]).value_or(Event{}), values[i]) << texts[i];
      auto by_value = state->clone(), by_text = state->clone();
      std::string turn_v, turn_t;
      EXPECT_FALSE(by_value->apply(values[i], &turn_v)) << texts[i];
      EXPECT_FALSE(by_text->apply(texts[i], &turn_t)) << texts[i];
      EXPECT_TRUE(by_value->equals(*by_text)) << texts[i] << " at " << state->position_text();
      EXPECT_EQ(turn_v, turn_t);
    }
    const auto before = state->clone();
    const Event chosen = values[rng.below(values.size())];
    ASSERT_FALSE(state->apply(chosen)) << state->event_text(chosen).value_or("?");
    if (can_undo && event % 3 == 0) {  // taken back and played again
      ASSERT_FALSE(state->undo());
      EXPECT_TRUE(state->equals(*before));
      ASSERT_FALSE(state->apply(chosen));
    }
  }
}

TEST_P(Conformance, HashAgreesWithEquals) {
  const Case& c = GetParam();
  Rng rng(31);
  auto state = initial();
  std::unordered_map<std::uint64_t, std::unique_ptr<State>> seen;
  for (int turn = 0; turn <= c.max_turns; ++turn) {
    EXPECT_EQ(state->clone()->hash(), state->hash());
    std::unique_ptr<State> rebuilt;
    ASSERT_FALSE(game_->new_state(rules_, state->position_text(), rebuilt));
    EXPECT_EQ(rebuilt->hash(), state->hash()) << state->position_text();
    auto [it, added] = seen.try_emplace(state->hash(), nullptr);
    if (added) it->second = state->clone();
    else EXPECT_TRUE(it->second->equals(*state)) << "same hash: " << it->second->position_text() << " and "
                                                 << state->position_text();
    if (state->is_terminal() || HasFailure()) break;
    ASSERT_FALSE(state->play_turn(state->random_turn(rng)));
  }
  EXPECT_GT(seen.size(), 1u);
}

TEST_P(Conformance, GameTableDescribesEveryOption) {
  EXPECT_FALSE(game_->title().empty());
  EXPECT_FALSE(game_->sources().empty());
  ASSERT_FALSE(game_->presets().empty());
  for (const auto& o : game_->options()) {
    EXPECT_FALSE(o.help.empty()) << o.name;
    EXPECT_FALSE(o.source.empty()) << o.name;
    EXPECT_FALSE(o.default_value.empty()) << o.name;
  }
  // Canonical rules text parses back to the same values.
  RuleSet again;
  ASSERT_FALSE(game_->parse_rules(rules_.canonical(), again));
  EXPECT_EQ(again.values(), rules_.values());
  EXPECT_EQ(again.canonical(), rules_.canonical());
}

TEST_P(Conformance, RenderingNeverFails) {
  auto state = initial();
  const BoardDrawing* board = state->drawing();
  if (!board) GTEST_SKIP() << GetParam().game << " has no drawing";
  for (auto style : {DiagramStyle::unicode, DiagramStyle::ascii}) {
    RenderOptions options;
    options.style = style;
    std::string diagram = board->render(options);
    EXPECT_FALSE(diagram.empty());
    EXPECT_EQ(diagram.back(), '\n');
    options.empty_board = true;
    EXPECT_FALSE(board->render(options).empty());
  }
}

// Every cell that `move` touches from `state` lies on the board, in both views.
void expect_move_cells_on_board(const State& state, const std::string& move) {
  const BoardDrawing& board = *state.drawing();
  MoveCells cells = board.move_cells(move);
  for (bool flipped : {false, true}) {
    DrawOptions d;
    d.flipped = flipped;
    svg::Size size = board.board_size(d);
    for (const auto* list : {&cells.from, &cells.to, &cells.captured})
      for (const auto& cell : *list) {
        svg::Point p;
        ASSERT_TRUE(board.cell_centre(cell, d, p)) << "'" << cell << "' of move " << move;
        EXPECT_TRUE(p.x > 0 && p.y > 0 && p.x < size.width && p.y < size.height) << cell << " of move " << move;
      }
  }
}

TEST_P(Conformance, SvgDrawingIsConsistent) {
  auto state = initial();
  if (!state->drawing()) GTEST_SKIP() << GetParam().game << " has no drawing";
  Rng rng(5);
  std::vector<std::string> moves;
  for (int turn = 0; turn < 80 && !state->is_terminal(); ++turn) {
    moves.clear();
    state->legal_events(moves);
    for (std::size_t i = 0; i < moves.size(); i += 1 + moves.size() / 40) expect_move_cells_on_board(*state, moves[i]);
    std::string move = state->random_turn(rng);
    expect_move_cells_on_board(*state, move);
    auto before = state->clone();
    ASSERT_FALSE(state->play_turn(move)) << move;
    Figure f;
    f.state = state.get();
    f.last_move = before->drawing()->move_cells(move);
    f.caption = move;
    std::string page, why;
    ASSERT_TRUE(svg_page({f}, {}, {}, page, why)) << why;
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_buffer(page.data(), page.size())) << page;
    if (HasFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Table, Conformance, ::testing::ValuesIn(beyt::test::table_cases()), beyt::test::case_name);

}  // namespace
