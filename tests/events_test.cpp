// Turns as sequences of events (beyt/game.hpp, "Turns and events";
// notation/NOTATION.md section 12), for every game whose turns have more
// than one event, value-parameterized over its rule sets as
// tests/conformance_test.cpp is:
//   * every sample and generated games replay event by event: each event of
//     a turn (State::turn_events) is found among legal_events() (a throw among
//     chance_outcomes(), which sum to 1), legal_events() is never empty
//     before the game is over, the turn text the State assembles is the
//     record's canonical turn byte for byte, and the State after the turn's
//     last event equals the State play() of the turn leaves;
//   * the chance actor is to move at some event of the generated games of
//     Tâb and Dleb, at none in the games without throws (Seega, Mankalah,
//     Um el-Banât);
//   * the random player picks the listed event at the index it reports;
//     random_turn() is the turn play_random() plays;
//   * in the games with throws (suite ThrowEvents, Tâb's and Dleb's rule
//     sets only): a turn begins with a throw, the random player uses the
//     throws in the order they fell, and its throws follow the listed
//     probabilities;
//   * apply() refuses what is not an event here, with the State unchanged.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

#include "beyt/game.hpp"
#include "game_fixture.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"
#include "cli_run.hpp"

namespace {

using namespace beyt;
using namespace beyt::notation;
using namespace beyt::test;

struct Case {
  const char* game;
  const char* rules;
  int games;      // generated games replayed event by event
  int max_turns;
  bool throws = false;  // Tâb's sticks, Dleb's billets: the chance actor throws
};

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << c.game << " [" << c.rules << "]"; }

// Replays one turn event by event on `s` and as a whole on `ref` (equal
// States before), checking every event against the lists; adds to `throws`
// (if given) the events at which the chance actor was to move.
void replay_turn(State& s, State& ref, const std::string& turn, std::size_t* throws = nullptr) {
  std::string canonical;
  Error e = s.check_turn(turn, canonical);
  ASSERT_FALSE(e) << turn << ": " << e.reason;
  std::vector<std::string> events;
  e = s.turn_events(turn, events);
  ASSERT_FALSE(e) << turn << ": " << e.reason;
  ASSERT_FALSE(events.empty()) << turn;
  std::string built;
  std::vector<std::string> listed;
  for (std::size_t k = 0; k < events.size(); ++k) {
    const std::string& event = events[k];
    ASSERT_FALSE(s.is_terminal()) << "event " << event << " of " << turn;
    listed.clear();
    s.legal_events(listed);
    ASSERT_FALSE(listed.empty()) << "no event listed before " << event << " of " << turn << " at "
                                 << s.position_text() << " / " << s.turn_in_progress();
    if (s.to_move() == Actor::chance) {
      if (throws) ++*throws;
      auto outcomes = s.chance_outcomes();
      ASSERT_EQ(outcomes.size(), listed.size());
      double total = 0;
      for (std::size_t i = 0; i < outcomes.size(); ++i) {
        EXPECT_EQ(outcomes[i].text, listed[i]);
        EXPECT_GT(outcomes[i].probability, 0.0);
        total += outcomes[i].probability;
      }
      EXPECT_NEAR(total, 1.0, 1e-12);
    } else {
      EXPECT_TRUE(s.chance_outcomes().empty());
    }
    std::size_t index = listed.size();
    e = s.find_event(event, index);
    ASSERT_FALSE(e) << "event " << event << " of " << turn << ": " << e.reason;
    ASSERT_LT(index, listed.size());
    e = s.apply(event, &built);
    ASSERT_FALSE(e) << "event " << event << " of " << turn << ": " << e.reason;
    const bool last = k + 1 == events.size();
    ASSERT_EQ(s.mid_turn(), !last) << "event " << event << " of " << turn;
    if (!last) {
      EXPECT_TRUE(built.empty());
      const std::string so_far = s.turn_in_progress();
      EXPECT_EQ(canonical.compare(0, so_far.size(), so_far), 0) << so_far << " is no beginning of " << canonical;
    }
  }
  EXPECT_EQ(built, canonical) << "turn text assembled from the events of " << turn;
  e = ref.play_turn(turn);
  ASSERT_FALSE(e) << turn << ": " << e.reason;
  EXPECT_TRUE(s.equals(ref)) << s.position_text() << " vs " << ref.position_text() << " after " << turn;
  EXPECT_EQ(s.hash(), ref.hash());
  EXPECT_EQ(s.turns_played(), ref.turns_played());
  EXPECT_EQ(s.position_text(), ref.position_text());
}

class Events : public beyt::test::GameFixture<Case> {};
// The games with throws: Tâb's and Dleb's rule sets.
class ThrowEvents : public beyt::test::GameFixture<Case> {};

// Games as `beyt generate` makes them (random_turn, then play), replayed
// event by event; the chance actor throws in the games with throws only.
TEST_P(Events, GeneratedGamesReplayEventByEvent) {
  const Case& c = GetParam();
  // Under the sanitizers a fifth of the games (at least one): the same code
  // paths for them to watch, in a fifth of the time (the CI's budget).
  const int games = BEYT_SANITIZED ? std::max(1, c.games / 5) : c.games;
  std::size_t throws = 0;
  for (int g = 0; g < games; ++g) {
    Rng rng(5000 + static_cast<std::uint64_t>(g));
    auto maker = initial(), s = initial(), ref = initial();
    for (int t = 0; t < c.max_turns && !maker->is_terminal(); ++t) {
      const std::string turn = maker->random_turn(rng);
      ASSERT_FALSE(maker->play_turn(turn)) << turn;
      replay_turn(*s, *ref, turn, &throws);
      if (HasFailure()) return;
    }
    EXPECT_EQ(s->outcome(), maker->outcome());
  }
  if (c.throws) {
    EXPECT_GT(throws, 0u);
  } else {
    EXPECT_EQ(throws, 0u) << "the chance actor to move in a game without throws";
  }
}

// The random player's picks are the listed events at the indexes it gives,
// and its turn is random_turn()'s.
TEST_P(Events, RandomPicksAreListed) {
  const Case& c = GetParam();
  for (int g = 0; g < 20; ++g) {
    Rng rng(900 + static_cast<std::uint64_t>(g)), same(900 + static_cast<std::uint64_t>(g));
    auto s = initial(), replica = initial();
    for (int t = 0; t < c.max_turns && !s->is_terminal(); ++t) {
      const std::string expected = s->random_turn(same);
      std::vector<EventPick> picks;
      std::string turn;
      s->play_random(rng, &turn, &picks);
      EXPECT_EQ(turn, expected);
      ASSERT_FALSE(picks.empty());
      std::string built;
      std::vector<std::string> listed;
      for (const EventPick& pick : picks) {
        listed.clear();
        replica->legal_events(listed);
        ASSERT_EQ(pick.chance, replica->to_move() == Actor::chance);
        ASSERT_LT(pick.index, listed.size()) << pick.event;
        if (pick.chance) {
          // The throw as it fell: the listed outcome, its billets maybe in
          // another order (Dleb), and the same State after it.
          std::string fell = pick.event, outcome = listed[pick.index];
          std::sort(fell.begin(), fell.end());
          std::sort(outcome.begin(), outcome.end());
          EXPECT_EQ(fell, outcome) << pick.event << " drawn as " << listed[pick.index];
          auto a = replica->clone(), b = replica->clone();
          ASSERT_FALSE(a->apply(pick.event));
          ASSERT_FALSE(b->apply(listed[pick.index]));
          EXPECT_TRUE(a->equals(*b)) << pick.event;
        } else {
          EXPECT_EQ(listed[pick.index], pick.event);
        }
        ASSERT_FALSE(replica->apply(pick.event, &built)) << pick.event;
      }
      EXPECT_EQ(built, turn);
      EXPECT_TRUE(replica->equals(*s));
      if (HasFailure()) return;
    }
  }
}

// The random player uses the throws in the order they fell (an entering
// Dleb turn: its dleb, then its gsse), as `beyt generate` always has: the
// same seed writes the same games (NOTATION.md section 12).
TEST_P(ThrowEvents, TheRandomPlayerUsesTheThrowsInOrder) {
  const Case& c = GetParam();
  Rng rng(314);
  auto s = initial();
  ASSERT_EQ(s->to_move(), Actor::chance);  // a turn begins with its throw
  int checked = 0;
  for (int t = 0; t < c.max_turns && !s->is_terminal(); ++t) {
    std::string turn;
    s->play_random(rng, &turn);
    const auto colon = turn.find(':');
    if (colon == std::string::npos) continue;
    std::vector<int> thrown, used;
    bool entering = false;
    std::size_t billets = 0;
    for (std::size_t i = 0; i < colon;) {
      std::size_t j = turn.find_first_of(",:", i);
      const std::string th = turn.substr(i, j - i);
      if (std::string(c.game) == "tab") {
        thrown.push_back(th[0] - '0');
      } else {
        const int w = static_cast<int>(std::count(th.begin(), th.end(), 'W'));
        thrown.push_back(w == 0 ? 6 : w);
        entering = entering || (billets && th.size() != billets);
        billets = th.size();
      }
      i = j + 1;
    }
    for (std::size_t i = colon + 1; i < turn.size();) {
      std::size_t j = turn.find(',', i);
      if (turn[i] != '+') used.push_back(turn[i] - '0');  // a stored dleb played uses no throw
      i = j == std::string::npos ? turn.size() : j + 1;
    }
    if (entering) {  // the dleb and gsse scored: the dleb first
      EXPECT_TRUE(std::is_sorted(used.begin(), used.end())) << turn;
    } else {
      EXPECT_EQ(used, thrown) << turn;
    }
    ++checked;
    if (HasFailure()) return;
  }
  EXPECT_GT(checked, 0);
}

// The random player's throws follow chance_outcomes(): each outcome's share
// of many first throws is its probability (within five standard deviations).
TEST_P(ThrowEvents, ThrowsFollowTheListedProbabilities) {
  auto s = initial();
  ASSERT_EQ(s->to_move(), Actor::chance);
  const auto outcomes = s->chance_outcomes();
  std::vector<int> seen(outcomes.size());
  Rng rng(4242);
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    auto copy = s->clone();
    std::vector<EventPick> picks;
    copy->play_random(rng, nullptr, &picks);
    ASSERT_TRUE(picks.front().chance);
    ASSERT_LT(picks.front().index, outcomes.size());
    ++seen[picks.front().index];
  }
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const double p = outcomes[i].probability, sd = std::sqrt(n * p * (1 - p));
    EXPECT_NEAR(seen[i], n * p, 5 * sd) << outcomes[i].text;
  }
}

// A text that is no event here is refused, the State unchanged.
TEST_P(Events, ApplyRefusesWhatIsNoEventHere) {
  auto s = initial();
  auto before = s->clone();
  for (const char* bad : {"", "zz", "1,2", "9", "1I-K"}) {
    if (std::string(GetParam().game) == "mankalah" && std::string(bad) == "9") continue;  // A's count of the tebweez
    Error e = s->apply(bad);
    EXPECT_TRUE(e) << "'" << bad << "' accepted";
    EXPECT_TRUE(s->equals(*before)) << bad;
    EXPECT_FALSE(s->mid_turn()) << bad;
  }
  // A whole turn during a turn is refused.
  std::vector<std::string> listed;
  s->legal_events(listed);
  ASSERT_FALSE(listed.empty());
  ASSERT_FALSE(s->apply(listed.front()));
  if (s->mid_turn()) {
    std::string canonical;
    EXPECT_EQ(s->play_turn("1,2:1--,2--").code, Code::wrong_phase);
    EXPECT_EQ(s->check_turn("1,2:1--,2--", canonical).code, Code::wrong_phase);
  }
}

const Case kTab[] = {{"tab", "lane", 1000, 400, true},
                     {"tab", "lane; width=7; pieces=4", 200, 400, true},
                     {"tab", "lane; width=13", 200, 400, true},
                     {"tab", "lane; width=15; pieces=3; first=north", 200, 400, true},
                     {"tab", "lane; release=any; enemy-row-safe=no", 200, 400, true},
                     {"tab", "lane; width=11; pass-enemy=no", 200, 400, true}};
const Case kDleb[] = {{"dleb", "marin", 1000, 400, true},
                      {"dleb", "marin; players=2", 200, 600, true},
                      {"dleb", "marin; cross-lines=4; players=3; first=north", 200, 600, true},
                      {"dleb", "marin; cross-lines=8; time=night; double-course=mover", 200, 600, true},
                      {"dleb", "marin; cross-lines=100", 100, 300, true}};
INSTANTIATE_TEST_SUITE_P(Tab, Events, ::testing::ValuesIn(kTab));
INSTANTIATE_TEST_SUITE_P(Dleb, Events, ::testing::ValuesIn(kDleb));
INSTANTIATE_TEST_SUITE_P(Tab, ThrowEvents, ::testing::ValuesIn(kTab));
INSTANTIATE_TEST_SUITE_P(Dleb, ThrowEvents, ::testing::ValuesIn(kDleb));
INSTANTIATE_TEST_SUITE_P(Mankalah, Events,
                         ::testing::Values(Case{"mankalah", "ghasheem", 1000, 400},
                                           Case{"mankalah", "ghasheem; skip-origin=no", 200, 400},
                                           Case{"mankalah", "ghasheem; target=10", 100, 1500},
                                           Case{"mankalah", "akil", 1000, 400},
                                           Case{"mankalah", "akil; target=5; skip-origin=no", 100, 1500},
                                           Case{"mankalah", "ghasheem; loop=none", 200, 300}));
// Seega lists whole turns (a placement pair, a step with its chain: finite,
// every chain step captures; beyt/game.hpp), each one event.
INSTANTIATE_TEST_SUITE_P(Seega, Events,
                         ::testing::Values(Case{"seega", "walker", 1000, 300}, Case{"seega", "lane", 1000, 300},
                                           Case{"seega", "walker; size=7", 100, 300},
                                           Case{"seega", "lane; size=9", 50, 400}));
INSTANTIATE_TEST_SUITE_P(Umelbanat, Events,
                         ::testing::Values(Case{"umelbanat", "davies", 1000, 500},
                                           Case{"umelbanat", "davies; first=north", 200, 500},
                                           Case{"umelbanat", "davies; skip-origin=yes", 200, 500}));

// Every sample of the game (its main line, under its own rules), event by event.
class EventSamples : public ::testing::TestWithParam<const char*> {};

TEST_P(EventSamples, ReplayEventByEvent) {
  int turns = 0;
  for (const auto& path : files_in(kRoot / "samples" / GetParam(), ".beyt")) {
    std::ifstream in(path);
    std::vector<GameRecord> records;
    struct Collect : GameVisitor {
      std::vector<GameRecord>* out;
      bool game(GameRecord&& r, std::uint32_t) override {
        out->push_back(std::move(r));
        return true;
      }
    } collect;
    collect.out = &records;
    Diagnostic d = read_games(in, path.string(), Format::text, collect);
    ASSERT_FALSE(d) << d.reason;
    for (const GameRecord& record : records) {
      GameRecord start = record;  // the initial position: the record without its turns
      start.moves.clear();
      start.result = "*";
      start.set_tag("Result", "*");
      Replay r1, r2;
      replay(start, path.string(), 1, ReplayOptions{}, r1);
      replay(start, path.string(), 1, ReplayOptions{}, r2);
      ASSERT_TRUE(r1.state && r2.state) << path;
      for (const auto& node : record.moves) {
        replay_turn(*r1.state, *r2.state, node.move);
        if (HasFailure()) return;
        ++turns;
      }
    }
  }
  EXPECT_GT(turns, 0);
}

INSTANTIATE_TEST_SUITE_P(Games, EventSamples, ::testing::Values("tab", "dleb", "seega", "mankalah", "umelbanat"));

// A tebweez says where it stands (State::describe_turn, the studio's
// prompt): the hasa left to distribute and the beyt of the next count;
// nothing once it is made, nor in a game that says nothing more.
TEST(MankalahEvents, TheTebweezSaysWhatIsLeft) {
  const Game* mankalah = find_game("mankalah");
  RuleSet rules;
  ASSERT_FALSE(mankalah->parse_rules("akil", rules));
  std::unique_ptr<State> s;
  ASSERT_FALSE(mankalah->new_state(rules, "", s));
  EXPECT_EQ(s->describe_turn(), "North distributes the 72 hasa: 72 left to distribute, beyt A next");
  ASSERT_FALSE(s->apply("30"));
  EXPECT_EQ(s->describe_turn(), "North distributes the 72 hasa: 42 left to distribute, beyt B next");
  for (const char* count : {"0", "0", "0", "0", "6", "30", "0", "0", "0", "0"}) ASSERT_FALSE(s->apply(count)) << count;
  EXPECT_EQ(s->describe_turn(), "North distributes the 72 hasa: 6 left to distribute, beyt f last (it takes them all)");
  std::string turn;
  ASSERT_FALSE(s->apply("6", &turn));
  EXPECT_EQ(turn, "=30,0,0,0,0,6,30,0,0,0,0,6");
  EXPECT_EQ(s->describe_turn(), "");
  std::unique_ptr<State> seega;
  ASSERT_FALSE(find_game("seega")->new_state(RuleSet{}, "", seega));
  EXPECT_EQ(seega->describe_turn(), "");
}

// Tâb's events, by hand: Lane's opening, a throw with its faces, the uses in
// another order than the throws, a forfeit among them.
TEST(TabEvents, ATurnByHand) {
  std::unique_ptr<State> s, ref;
  ASSERT_FALSE(find_game("tab")->new_state(RuleSet{}, "", s));
  ASSERT_FALSE(find_game("tab")->new_state(RuleSet{}, "", ref));
  EXPECT_EQ(s->to_move(), Actor::chance);
  EXPECT_EQ(s->whose_turn(), Actor::south);
  EXPECT_EQ(s->player_label(), "South");
  std::vector<std::string> listed;
  s->legal_events(listed);
  EXPECT_EQ(listed, (std::vector<std::string>{"1", "2", "3", "4", "6"}));
  std::string turn;
  ASSERT_FALSE(s->apply("3", &turn));  // an opening throw without táb: the whole turn
  EXPECT_EQ(turn, "3");
  ASSERT_FALSE(ref->play_turn("3"));
  EXPECT_TRUE(s->equals(*ref));
  EXPECT_EQ(s->whose_turn(), Actor::north);
  ASSERT_FALSE(ref->play_turn("1,4,2:1i-k,2k-m,4--"));
  ASSERT_FALSE(s->apply("1WBBB", &turn));
  EXPECT_TRUE(s->mid_turn());
  EXPECT_EQ(s->to_move(), Actor::chance);
  EXPECT_EQ(s->apply("1i-k").code, Code::wrong_phase);
  ASSERT_FALSE(s->apply("4"));
  ASSERT_FALSE(s->apply("2"));
  EXPECT_EQ(s->to_move(), Actor::north);
  EXPECT_EQ(s->turn_in_progress(), "1WBBB,4,2:");
  EXPECT_EQ(s->throws_left(), (std::vector<int>{1, 2, 4}));  // what the studio shows still to use
  EXPECT_EQ(s->apply("3").code, Code::wrong_phase);
  listed.clear();
  s->legal_events(listed);
  // The 1 frees the foremost Nasrani or is forfeited; the 4 and the 2 move
  // no Nasrani: forfeits only.
  EXPECT_EQ(listed, (std::vector<std::string>{"1i-k", "1--", "4--", "2--"}));
  EXPECT_EQ(s->apply("2k-m").code, Code::not_own_piece);
  ASSERT_FALSE(s->apply("1i-k"));
  EXPECT_EQ(s->apply("1--").code, Code::throw_not_available);
  ASSERT_FALSE(s->apply("2k-m"));
  EXPECT_EQ(s->turn_in_progress(), "1WBBB,4,2:1i-k,2k-m");
  EXPECT_EQ(s->throws_left(), (std::vector<int>{4}));
  ASSERT_FALSE(s->apply("4--", &turn));
  EXPECT_EQ(turn, "1WBBB,4,2:1i-k,2k-m,4--");
  EXPECT_FALSE(s->mid_turn());
  EXPECT_TRUE(s->throws_left().empty());
  EXPECT_TRUE(s->equals(*ref));
  EXPECT_EQ(s->turns_played(), 2u);
  std::vector<std::string> events;
  ASSERT_FALSE(ref->turn_events("1,2:1I-K", events));
  EXPECT_EQ(events, (std::vector<std::string>{"1", "2", "1I-K", "2--"}));
}

}  // namespace

namespace {

// A throw entered face by face (State::throw_faces, throw_from_faces: the
// studio's W and B buttons): Tâb's four sticks give the count with the
// faces, as NOTATION.md section 6 writes a throw (`1WBBB`, Lane 1836: one
// white side up is táb); Dleb's billets are the throw, as many as the entry
// stage throws (Marin 1931, p. 509); no faces where no throw is due.
TEST(ThrowFaces, TabSticksAndDlebBillets) {
  std::unique_ptr<State> s;
  ASSERT_FALSE(find_game("tab")->new_state(RuleSet{}, "", s));
  ThrowFaces shape = s->throw_faces();
  ASSERT_EQ(shape.faces.size(), 2u);
  EXPECT_EQ(shape.faces[0].letter, 'W');
  EXPECT_EQ(shape.faces[0].says, "white side up");
  EXPECT_EQ(shape.faces[1].letter, 'B');
  EXPECT_EQ(shape.pieces, 4);
  std::string text = "kept";
  EXPECT_FALSE(s->throw_from_faces("WBBB", text));
  EXPECT_EQ(text, "1WBBB");
  for (const auto& [faces, want] : std::vector<std::pair<std::string, std::string>>{
           {"BWBW", "2BWBW"}, {"WWBW", "3WWBW"}, {"WWWW", "4WWWW"}, {"BBBB", "6BBBB"}}) {
    ASSERT_FALSE(s->throw_from_faces(faces, text)) << faces;
    EXPECT_EQ(text, want);
  }
  Error e = s->throw_from_faces("WBB", text);  // three sticks of four
  EXPECT_EQ(e.code, Code::move_syntax);
  EXPECT_EQ(e.offset, 3u);
  EXPECT_EQ(text, "6BBBB");  // unchanged
  e = s->throw_from_faces("WBGB", text);
  EXPECT_EQ(e.code, Code::move_syntax);
  EXPECT_EQ(e.offset, 2u);
  EXPECT_NE(e.reason.find("WB, not 'G'"), std::string::npos) << e.reason;
  // What it gives, apply() takes; then the uses are due and no throw is.
  ASSERT_FALSE(s->throw_from_faces("BBWB", text));
  ASSERT_FALSE(s->apply(text));  // an opening throw of 1: the turn goes on
  ASSERT_FALSE(s->throw_from_faces("BWBW", text));
  ASSERT_FALSE(s->apply(text));
  EXPECT_EQ(s->turn_in_progress(), "1BBWB,2BWBW:");
  EXPECT_TRUE(s->throw_faces().faces.empty());
  EXPECT_EQ(s->throw_faces().pieces, 0);
  EXPECT_EQ(s->throw_from_faces("WBBB", text).code, Code::wrong_phase);

  RuleSet rules;
  ASSERT_FALSE(find_game("dleb")->parse_rules("marin; cross-lines=4", rules));
  std::unique_ptr<State> d;
  ASSERT_FALSE(find_game("dleb")->new_state(rules, "", d));
  shape = d->throw_faces();
  std::string letters;
  for (const auto& f : shape.faces) letters += f.letter;
  EXPECT_EQ(letters, "BWG");
  EXPECT_NE(shape.faces[2].says.find("white, by day"), std::string::npos) << shape.faces[2].says;
  EXPECT_EQ(shape.pieces, 4);
  ASSERT_FALSE(d->throw_from_faces("BGBB", text));
  EXPECT_EQ(text, "BGBB");
  ASSERT_FALSE(d->apply(text));  // G by day is white: a dleb, stage 2
  EXPECT_EQ(d->throw_faces().pieces, 3);
  EXPECT_EQ(d->throw_from_faces("BBBB", text).code, Code::move_syntax);
  ASSERT_FALSE(find_game("dleb")->parse_rules("marin; cross-lines=4; time=night", rules));
  ASSERT_FALSE(find_game("dleb")->new_state(rules, "", d));
  EXPECT_NE(d->throw_faces().faces[2].says.find("black, by night"), std::string::npos);
  // Seega throws nothing.
  std::unique_ptr<State> seega;
  ASSERT_FALSE(find_game("seega")->new_state(RuleSet{}, "", seega));
  EXPECT_TRUE(seega->throw_faces().faces.empty());
  EXPECT_EQ(seega->throw_from_faces("WBBB", text).code, Code::wrong_phase);
}

// During a turn, what one listed event does, in words (State::describe_event
// mid-turn: the studio's tooltips): Tâb's use of a throw and its forfeit;
// Dleb's use, forgone throw and store; nothing while the throwing goes on.
TEST(EventWords, TabAndDlebUses) {
  std::unique_ptr<State> s;
  ASSERT_FALSE(find_game("tab")->new_state(RuleSet{}, "", s));
  ASSERT_FALSE(s->apply("3"));  // South's opening throw
  ASSERT_FALSE(s->apply("1"));
  EXPECT_EQ(s->describe_event("4"), "");  // a throw is due: no use to describe
  ASSERT_FALSE(s->apply("4"));
  ASSERT_FALSE(s->apply("2"));
  EXPECT_EQ(s->describe_event("1i-k"), "the táb takes the kelb on i to k");
  EXPECT_EQ(s->describe_event("4--").rfind("forfeit the throw of 4: it is not used (Lane 1836", 0), 0u)
      << s->describe_event("4--");
  EXPECT_EQ(s->describe_event("not a use"), "");
  ASSERT_FALSE(s->apply("1i-k"));
  ASSERT_FALSE(s->apply("2k-m"));
  ASSERT_FALSE(s->apply("4--"));
  // South: an 'eggeh of two on K (set up), divided by a táb.
  std::unique_ptr<State> e;
  ASSERT_FALSE(find_game("tab")->new_state(RuleSet{}, "NNNNNNNNN/........./........s2/SSSSSSS.. S play", e));
  ASSERT_FALSE(e->apply("1"));
  ASSERT_FALSE(e->apply("2"));
  std::vector<std::string> listed;
  e->legal_events(listed);
  ASSERT_NE(std::find(listed.begin(), listed.end(), "1K-L'"), listed.end());
  EXPECT_EQ(e->describe_event("1K-L'"), "the táb moves one kelb of the 'eggeh on K by itself, to L (')");
  EXPECT_EQ(e->describe_event("2K-M"), "the throw of 2 takes the 'eggeh of 2 kelbs on K to M");

  RuleSet rules;
  ASSERT_FALSE(find_game("dleb")->parse_rules("marin; cross-lines=4", rules));
  std::unique_ptr<State> d;
  ASSERT_FALSE(find_game("dleb")->new_state(rules, "NNNN/..../..../ssss S1 1/0 1/0", d));
  ASSERT_FALSE(d->apply("BBWW"));
  EXPECT_EQ(d->describe_event("2A2-B1"), "the throw of 2 takes the man on A2 to B1");
  EXPECT_EQ(d->describe_event("2--").rfind("forgo the throw of 2: it is not used", 0), 0u) << d->describe_event("2--");
  EXPECT_EQ(d->describe_event("+1A1-B1"), "a dleb from the team's store takes the man on A1 to B1");
}

// Dleb's events, by hand: Marin's entry stages (four, three, then two
// billets), the dag that enters with the dleb scored, which must free the
// front slave (Marin 1931, p. 509).
TEST(DlebEvents, AnEntryByHand) {
  RuleSet rules;
  ASSERT_FALSE(find_game("dleb")->parse_rules("marin; cross-lines=4", rules));
  std::unique_ptr<State> s, ref;
  ASSERT_FALSE(find_game("dleb")->new_state(rules, "", s));
  ASSERT_FALSE(find_game("dleb")->new_state(rules, "", ref));
  auto texts = [](const std::vector<ChanceOutcome>& list) {
    std::vector<std::string> out;
    for (const auto& c : list) out.push_back(c.text + "=" + std::to_string(c.probability));
    return out;
  };
  EXPECT_EQ(s->to_move(), Actor::chance);
  EXPECT_EQ(texts(s->chance_outcomes()),
            (std::vector<std::string>{"BBBW=0.250000", "BBWW=0.375000", "BWWW=0.250000", "WWWW=0.062500",
                                      "BBBB=0.062500"}));
  EXPECT_EQ(s->apply("BBB").code, Code::throw_sequence);  // stage 1 throws four billets
  ASSERT_FALSE(s->apply("WBBB"));                         // a dleb: stage 2
  EXPECT_EQ(texts(s->chance_outcomes()),
            (std::vector<std::string>{"BBB=0.125000", "BBW=0.375000", "BWW=0.375000", "WWW=0.125000"}));
  ASSERT_FALSE(s->apply("WBW"));  // two white: stage 3
  EXPECT_EQ(texts(s->chance_outcomes()), (std::vector<std::string>{"BB=0.250000", "BW=0.500000", "WW=0.250000"}));
  ASSERT_FALSE(s->apply("WB"));  // dag: he enters
  EXPECT_EQ(s->to_move(), Actor::south);
  std::vector<std::string> listed;
  s->legal_events(listed);
  EXPECT_EQ(listed, (std::vector<std::string>{"1A1-B1"}));  // no forfeit, no store while slaves remain
  EXPECT_EQ(s->throws_left(), (std::vector<int>{1}));      // the dleb scored at stage 1
  EXPECT_EQ(s->apply("1--").code, Code::must_free);
  std::string turn;
  ASSERT_FALSE(s->apply("1A1-B1", &turn));
  EXPECT_EQ(turn, "WBBB,WBW,WB:1A1-B1");
  ASSERT_FALSE(ref->play_turn("WBBB,WBW,WB:1A1-B1"));
  EXPECT_TRUE(s->equals(*ref));
  EXPECT_EQ(s->position_text(), ref->position_text());
}

// A stored dleb is an event before the turn's last use: played after it, the
// turn replays whole but has no event order (NOTATION.md section 12).
TEST(DlebEvents, StoredDlebBeforeTheLastUse) {
  RuleSet rules;
  ASSERT_FALSE(find_game("dleb")->parse_rules("marin; cross-lines=4", rules));
  std::unique_ptr<State> s;
  ASSERT_FALSE(find_game("dleb")->new_state(rules, "NNNN/..../..../ssss S1 1/0 1/0", s));
  std::string canonical;
  ASSERT_FALSE(s->check_turn("BBWW:2A2-B1,+1A1-B1", canonical));
  std::vector<std::string> events;
  EXPECT_EQ(s->turn_events("BBWW:2A2-B1,+1A1-B1", events).code, Code::stored_dleb);
  events.clear();
  ASSERT_FALSE(s->turn_events("BBWW:+1A1-B1,2A2-B1", events));
  EXPECT_EQ(events, (std::vector<std::string>{"BBWW", "+1A1-B1", "2A2-B1"}));
  ASSERT_FALSE(s->apply("BBWW"));
  std::vector<std::string> listed;
  s->legal_events(listed);
  ASSERT_FALSE(listed.empty());
  EXPECT_EQ(listed.front().substr(0, 2), "+1");  // the stored dleb first
  EXPECT_NE(std::find(listed.begin(), listed.end(), "2--"), listed.end());
  std::string turn;
  ASSERT_FALSE(s->apply("2A2-B1", &turn));
  EXPECT_EQ(turn, "BBWW:2A2-B1");  // the last use ends the turn
  EXPECT_FALSE(s->mid_turn());
}

}  // namespace

namespace {

// Mankalah's tebweez, by hand, in the game of the wise: each pair A/a, B/b,
// ... both filled or both empty (Lane 1836; docs/RULES.md §Mankalah Finer
// points), so the counts listed are those that leave a tebweez that can be
// completed; then the other party's choice to turn the board.
TEST(MankalahEvents, AkilTebweezByHand) {
  RuleSet rules;
  ASSERT_FALSE(find_game("mankalah")->parse_rules("akil", rules));
  std::unique_ptr<State> s, ref;
  ASSERT_FALSE(find_game("mankalah")->new_state(rules, "", s));
  ASSERT_FALSE(find_game("mankalah")->new_state(rules, "", ref));
  auto listed = [&s] {
    std::vector<std::string> out;
    s->legal_events(out);
    return out;
  };
  auto range = [](int lo, int hi) {
    std::vector<std::string> out;
    for (int n = lo; n <= hi; ++n) out.push_back(std::to_string(n));
    return out;
  };
  EXPECT_EQ(listed(), range(0, 71));  // A filled leaves one at least for a
  for (const char* count : {"0", "0", "0", "0", "0"}) ASSERT_FALSE(s->apply(count));
  EXPECT_EQ(s->turn_in_progress(), "=0,0,0,0,0");
  EXPECT_EQ(listed(), range(1, 71));  // F is the last pair that can be filled
  EXPECT_EQ(s->apply("0").code, Code::bad_distribution);
  EXPECT_EQ(s->apply("72").code, Code::bad_distribution);
  EXPECT_EQ(s->apply("=1").code, Code::move_syntax);
  ASSERT_FALSE(s->apply("30"));
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(listed(), range(0, 0)) << k;  // a..e: their pairs are empty
    ASSERT_FALSE(s->apply("0"));
  }
  EXPECT_EQ(listed(), range(42, 42));  // f: the rest
  EXPECT_EQ(s->to_move(), Actor::north);
  std::string turn;
  ASSERT_FALSE(s->apply("42", &turn));
  EXPECT_EQ(turn, "=0,0,0,0,0,30,0,0,0,0,0,42");
  ASSERT_FALSE(ref->play_turn(turn));
  EXPECT_TRUE(s->equals(*ref));
  EXPECT_EQ(s->to_move(), Actor::south);
  std::vector<std::string> moves = listed();
  ASSERT_FALSE(moves.empty());
  EXPECT_EQ(moves.front(), "turn");
  std::vector<std::string> events;
  ASSERT_FALSE(ref->turn_events("turn", events));
  EXPECT_EQ(events, (std::vector<std::string>{"turn"}));
}

// Um el-Banât by events: Davies' Fig. 9 (samples/umelbanat/davies-fig9.beyt),
// B, C, A, C, B: each sowing but the last pecks, so the turn goes on.
TEST(UmelbanatEvents, DaviesFig9ByHand) {
  std::unique_ptr<State> s, ref;
  const std::string fig9 = "3,2,0,7,0,0,6,6,6,6,6,6 SSSSSSNNNNNN ---n-------- 0-0 S play S";
  ASSERT_FALSE(find_game("umelbanat")->new_state(RuleSet{}, fig9, s)) << fig9;
  ASSERT_FALSE(find_game("umelbanat")->new_state(RuleSet{}, fig9, ref));
  std::vector<std::string> events;
  ASSERT_FALSE(s->turn_events("B,C,A,C,B", events));
  EXPECT_EQ(events, (std::vector<std::string>{"B", "C", "A", "C", "B"}));
  std::string turn;
  for (std::size_t k = 0; k < events.size(); ++k) {
    std::vector<std::string> listed;
    s->legal_events(listed);
    EXPECT_NE(std::find(listed.begin(), listed.end(), events[k]), listed.end()) << k;
    EXPECT_EQ(std::find(listed.begin(), listed.end(), "--"), listed.end()) << k;
    ASSERT_FALSE(s->apply(events[k], &turn)) << k;
    EXPECT_EQ(s->mid_turn(), k + 1 < events.size()) << k;
    if (k + 1 < events.size()) EXPECT_EQ(s->apply("--").code, Code::peck_sequence);
  }
  EXPECT_EQ(turn, "B,C,A,C,B");
  ASSERT_FALSE(ref->play_turn("B,C,A,C,B"));
  EXPECT_TRUE(s->equals(*ref));
  EXPECT_EQ(s->apply("B,C").code, Code::move_syntax);  // one sowing an event
}

// sample_outcome: the first outcome whose running sum of probabilities
// exceeds the draw; a draw left past the sum by rounding takes the last.
TEST(SampleOutcome, PicksTheFirstOutcomeWhoseRunningSumExceedsTheDraw) {
  const std::vector<ChanceOutcome> tab = {{"1", 0.25}, {"2", 0.375}, {"3", 0.25}, {"4", 0.0625}, {"6", 0.0625}};
  EXPECT_EQ(sample_outcome(tab, 0.0), 0u);
  EXPECT_EQ(sample_outcome(tab, 0.2499), 0u);
  EXPECT_EQ(sample_outcome(tab, 0.25), 1u);
  EXPECT_EQ(sample_outcome(tab, 0.6249), 1u);
  EXPECT_EQ(sample_outcome(tab, 0.625), 2u);
  EXPECT_EQ(sample_outcome(tab, 0.875), 3u);
  EXPECT_EQ(sample_outcome(tab, 0.9375), 4u);
  EXPECT_EQ(sample_outcome(tab, std::nextafter(1.0, 0.0)), 4u);
  const std::vector<ChanceOutcome> short_sum = {{"a", 0.5}, {"b", 0.4999999}};  // rounding short of 1
  EXPECT_EQ(sample_outcome(short_sum, 0.9999999), 1u);
  EXPECT_EQ(sample_outcome(std::vector<ChanceOutcome>{}, 0.5), 0u);  // none: the (empty) list's size
}

// Drawn with Rng::uniform at Tâb's first throw, the outcomes come as often
// as their probabilities say (within five standard deviations).
TEST(SampleOutcome, DrawsEachThrowByItsProbability) {
  const Game* tab = find_game("tab");
  auto state = tab->new_state(tab->parse_rules("").value()).value();
  const std::vector<ChanceOutcome> outcomes = state->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 5u);
  std::vector<int> seen(outcomes.size());
  Rng rng(11);
  const int n = 200000;
  for (int i = 0; i < n; ++i) ++seen[sample_outcome(outcomes, rng.uniform())];
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const double p = outcomes[i].probability, sd = std::sqrt(n * p * (1 - p));
    EXPECT_NEAR(seen[i], n * p, 5 * sd) << "outcome " << outcomes[i].text;
  }
}

}  // namespace
