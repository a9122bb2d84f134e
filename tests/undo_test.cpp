// State::undo for every game of the table, through the generic API
// (beyt/game.hpp): random events, whole turns (play) and random turns
// (play_random) applied, then taken back one by one, the State equal at
// every step to what it was (equals, hash, position_text, turns_played, the
// turn in progress, the events listed), across turn boundaries, throws, the
// end of the game and the mancala games' memory of the positions seen
// (each replayed forward again from where undo left it); and the error of
// an undo with nothing to take back (a State keeps no history until
// keep_history(true)).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "beyt/game.hpp"
#include "game_fixture.hpp"

namespace {

using namespace beyt;

using Case = beyt::test::TableCase;

class Undo : public beyt::test::GameFixture<Case> {};

// What a State shows of itself at one step.
struct Seen {
  std::unique_ptr<State> copy;
  std::string text, turn;
  std::uint64_t hash = 0;
  std::uint32_t turns = 0;
  std::vector<std::string> listed;
};

Seen see(const State& s) {
  Seen out{s.clone(), s.position_text(), s.turn_in_progress(), s.hash(), s.turns_played(), s.legal_events()};
  return out;
}

void expect_same(const State& s, const Seen& was, std::size_t step) {
  SCOPED_TRACE("after taking back to step " + std::to_string(step) + ", position '" + was.text + "' turn '" +
               was.turn + "'");
  EXPECT_TRUE(s.equals(*was.copy));
  EXPECT_TRUE(was.copy->equals(s));
  EXPECT_EQ(s.hash(), was.hash);
  EXPECT_EQ(s.position_text(), was.text);
  EXPECT_EQ(s.turn_in_progress(), was.turn);
  EXPECT_EQ(s.turns_played(), was.turns);
  EXPECT_EQ(s.legal_events(), was.listed);
  EXPECT_EQ(s.history_size(), step);
}

// One step forward, as step() chose it: a listed event (apply), a whole
// turn (play), or the events the random player chose (play_random).
struct Step {
  enum Kind { apply, play, random } kind = apply;
  std::vector<std::string> texts;  // the event or turn; play_random's events
};

// One step forward, chosen by `rng`: a listed event, a whole random turn
// (play_turn of random_turn) or the random player's turn (play_random). The
// state `s` then keeps one more step.
void step(State& s, Rng& rng, Step& did) {
  const std::uint64_t how = rng.below(4);
  if (how == 0 && !s.mid_turn()) {
    did = Step{Step::play, {s.random_turn(rng)}};
    ASSERT_FALSE(s.play_turn(did.texts[0])) << did.texts[0];
  } else if (how == 1) {
    std::vector<EventPick> picks;
    s.play_random(rng, nullptr, &picks);
    did = Step{Step::random, {}};
    for (auto& p : picks) did.texts.push_back(std::move(p.event));
  } else {
    const std::vector<std::string> listed = s.legal_events();
    did = Step{Step::apply, {listed[rng.below(listed.size())]}};
    ASSERT_FALSE(s.apply(did.texts[0])) << did.texts[0];
  }
}

// Makes `did` again on `s` (play_random's events one by one).
void redo(State& s, const Step& did) {
  for (const auto& t : did.texts) ASSERT_FALSE(did.kind == Step::play ? s.play_turn(t) : s.apply(t)) << t;
}

TEST_P(Undo, TakesBackEveryStepToTheStart) {
  const Case& c = GetParam();
  for (int i = 0; i < c.playouts && i < 2; ++i) {
    Rng rng(7000 + static_cast<std::uint64_t>(i));
    auto state = initial();
    ASSERT_TRUE(state);
    ASSERT_TRUE(state->keep_history(true));
    std::vector<Seen> was;
    std::vector<Step> did;
    const int max_steps = std::min(4 * c.max_turns, 600);
    for (int n = 0; n < max_steps && !state->is_terminal(); ++n) {
      was.push_back(see(*state));
      did.emplace_back();
      step(*state, rng, did.back());
      if (HasFailure()) return;
      ASSERT_EQ(state->history_size(), did.size());
    }
    const Seen last = see(*state);
    // Taken back step by step; every seventh step, the rest played again
    // from there on a clone (which copies the Memory as it is): the same end,
    // so the positions a mancala game remembers were restored.
    for (std::size_t k = did.size(); k-- > 0;) {
      ASSERT_FALSE(state->undo()) << "step " << k;
      expect_same(*state, was[k], k);
      if (HasFailure()) return;
      if (k % 7 == 0) {
        auto again = state->clone();
        for (std::size_t j = k; j < did.size(); ++j) redo(*again, did[j]);
        EXPECT_TRUE(again->equals(*last.copy)) << "replayed from step " << k;
        EXPECT_EQ(again->position_text(), last.text);
        EXPECT_EQ(again->turns_played(), last.turns);
        EXPECT_EQ(again->is_terminal(), last.copy->is_terminal());
      }
    }
    // Nothing left to take back: the error, the State unchanged.
    const Error e = state->undo();
    EXPECT_EQ(e.code, Code::nothing_to_undo);
    expect_same(*state, was.front(), 0);
  }
}

// clone() copies the position keeping no history, as a State is made: the
// copy of a State keeping one takes back nothing of it, and keeps one of its
// own from keep_history(true).
TEST_P(Undo, ACloneKeepsNoHistory) {
  auto state = initial();
  ASSERT_TRUE(state);
  ASSERT_TRUE(state->keep_history(true));
  Rng rng(11);
  Step did;
  for (int n = 0; n < 6 && !state->is_terminal(); ++n) step(*state, rng, did);
  ASSERT_FALSE(state->is_terminal());
  auto copy = state->clone();
  EXPECT_TRUE(copy->equals(*state));
  EXPECT_EQ(copy->history_size(), 0u);
  EXPECT_EQ(copy->undo().code, Code::nothing_to_undo);
  step(*copy, rng, did);
  EXPECT_EQ(copy->history_size(), 0u);
  EXPECT_EQ(copy->undo().code, Code::nothing_to_undo);
  auto again = state->clone();
  ASSERT_TRUE(again->keep_history(true));
  step(*again, rng, did);
  EXPECT_EQ(again->history_size(), 1u);
  ASSERT_FALSE(again->undo());
  EXPECT_TRUE(again->equals(*state));
  EXPECT_EQ(again->undo().code, Code::nothing_to_undo);
  EXPECT_GT(state->history_size(), 0u);  // the original's, untouched
}

// An illegal event or turn keeps nothing: undo takes back the step before.
TEST_P(Undo, AFailedApplyKeepsNothing) {
  auto state = initial();
  ASSERT_TRUE(state);
  ASSERT_TRUE(state->keep_history(true));
  const std::vector<std::string> listed = state->legal_events();
  ASSERT_FALSE(state->apply(listed.front()));
  const Seen after = see(*state);
  EXPECT_TRUE(state->apply("?!"));
  EXPECT_TRUE(state->mid_turn() || state->play_turn("?!"));
  EXPECT_EQ(state->history_size(), 1u);
  expect_same(*state, after, 1);
  ASSERT_FALSE(state->undo());
  EXPECT_EQ(state->history_size(), 0u);
  EXPECT_TRUE(state->equals(*initial()));
}

// A State is made keeping no history: nothing to take back until
// keep_history(true); keep_history(false) drops what was kept.
TEST_P(Undo, WithoutHistoryThereIsNothingToTakeBack) {
  auto state = initial();
  ASSERT_TRUE(state);
  EXPECT_EQ(state->undo().code, Code::nothing_to_undo);
  ASSERT_FALSE(state->apply(state->legal_events().front()));
  EXPECT_EQ(state->history_size(), 0u);
  Error e = state->undo();
  EXPECT_EQ(e.code, Code::nothing_to_undo);
  EXPECT_NE(e.reason.find("keeps no history"), std::string::npos) << e.reason;
  EXPECT_TRUE(state->keep_history(true));
  const auto before = state->clone();
  ASSERT_FALSE(state->apply(state->legal_events().front()));
  EXPECT_EQ(state->history_size(), 1u);
  ASSERT_FALSE(state->undo());
  EXPECT_TRUE(state->equals(*before));
  e = state->undo();
  EXPECT_EQ(e.code, Code::nothing_to_undo);
  EXPECT_NE(e.reason.find("no event or turn kept"), std::string::npos) << e.reason;
  ASSERT_FALSE(state->apply(state->legal_events().front()));
  EXPECT_FALSE(state->keep_history(false));
  EXPECT_EQ(state->history_size(), 0u);
  ASSERT_FALSE(state->apply(state->legal_events().front()));
  EXPECT_EQ(state->history_size(), 0u);
  EXPECT_EQ(state->undo().code, Code::nothing_to_undo);
}

INSTANTIATE_TEST_SUITE_P(Table, Undo, ::testing::ValuesIn(beyt::test::table_cases()), beyt::test::case_name);

// docs/LIBRARY.md, "Taking back: undo": the search written there, word for
// word, leaves its State as given and counts what a walk by clones counts.
std::uint64_t endings(beyt::State& s, int depth) {
  if (s.is_terminal()) return 1;
  if (depth == 0) return 0;
  std::uint64_t n = 0;
  for (const std::string& event : s.legal_events()) {
    if (s.apply(event)) continue;  // never for a listed event
    n += endings(s, depth - 1);
    s.undo();
  }
  return n;
}

std::uint64_t endings_by_clones(const State& s, int depth) {
  if (s.is_terminal()) return 1;
  if (depth == 0) return 0;
  std::uint64_t n = 0;
  for (const std::string& event : s.legal_events()) {
    auto child = s.clone();
    if (child->apply(event)) continue;
    n += endings_by_clones(*child, depth - 1);
  }
  return n;
}

TEST(UndoSearch, TheLibraryDocsSearchWalksOneState) {
  // Seega after 40 random turns (walked for endings three events deep).
  const Game* seega = find_game("seega");
  auto rules = seega->parse_rules("walker; size=5");
  ASSERT_TRUE(rules);
  auto state = seega->new_state(*rules);
  ASSERT_TRUE(state);
  State& s = **state;
  ASSERT_TRUE(s.keep_history(true));
  Rng rng(3);
  for (int i = 0; i < 40 && !s.is_terminal(); ++i) s.play_random(rng);
  ASSERT_FALSE(s.is_terminal());
  const auto before = s.clone();
  const std::uint64_t walked = endings(s, 3);
  EXPECT_EQ(walked, endings_by_clones(*before, 3));
  EXPECT_TRUE(s.equals(*before));
  EXPECT_EQ(s.history_size(), 40u);
}

// A State of a game written on State without undo: it keeps no history.
TEST(UndoDefault, AStateWithoutUndoSaysSo) {
  struct Bare final : State {
    Bare() : State(*find_game("seega")) {}
    std::unique_ptr<State> clone() const override { return std::make_unique<Bare>(*this); }
    bool equals(const State&) const noexcept override { return true; }
    std::uint64_t hash() const noexcept override { return 0; }
    std::string position_text() const override { return {}; }
    Status status() const noexcept override {
      Status s;
      s.to_move = s.whose_turn = Actor::south;
      return s;
    }
    void list_events(std::vector<Event>* values, std::vector<std::string>* texts, std::vector<double>*) const override {
      list_text(values, texts, "a");
    }
    Error resolve(std::string_view m, std::string* canonical, bool) override {
      if (canonical) *canonical = m;
      return Error::none();
    }
  } bare;
  EXPECT_FALSE(bare.keep_history(true));
  ASSERT_FALSE(bare.apply("a"));
  EXPECT_EQ(bare.history_size(), 0u);
  EXPECT_EQ(bare.undo().code, Code::nothing_to_undo);
}

// A State that keeps a history gives its blocks, when it ends, to a spare
// list of its thread. One that ends after that list (a thread_local State
// made before the list, destroyed after it at the thread's end; a static
// one at exit) frees them instead of using the list that is gone (the
// sanitizer build sees a use after free otherwise).
std::unique_ptr<State> dleb_with_history(int turns) {
  const Game* dleb = find_game("dleb");
  auto state = dleb->new_state(dleb->parse_rules("").value()).value();
  EXPECT_TRUE(state->keep_history(true));
  Rng rng(5);
  for (int i = 0; i < turns && !state->is_terminal(); ++i) state->play_random(rng);
  return state;
}

TEST(UndoStorage, AStateEndingAfterItsThreadsSpareListFreesItsBlocks) {
  std::size_t kept = 0;
  std::thread t([&kept] {
    thread_local std::unique_ptr<State> last;  // made before the spare list: destroyed after it
    dleb_with_history(200).reset();            // the spare list, made and given blocks
    last = dleb_with_history(200);             // takes them back
    kept = last->history_size();
    EXPECT_EQ(kept, last->turns_played());
  });
  t.join();
  EXPECT_GT(kept, 56u);  // more than a block of Dleb's snapshots
}

TEST(UndoStorage, AStaticStateEndsAfterTheMainThreadsSpareList) {
  dleb_with_history(200).reset();  // the main thread's spare list, with blocks
  static const std::unique_ptr<State> kept = dleb_with_history(200);
  EXPECT_EQ(kept->history_size(), kept->turns_played());
  EXPECT_GT(kept->history_size(), 56u);
}

}  // namespace
