// The old names of State's event and turn calls (docs/LIBRARY.md, "Events and
// turns: the names", "Renamed") are kept for one release as deprecated
// forwarders: each still answers exactly as its new name does. The only use
// of the old names in the tree; the deprecation warning is silenced here alone.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "beyt/game.hpp"
#include "beyt/seega.hpp"
#include "beyt/tab.hpp"
#include "beyt/umelbanat.hpp"

namespace beyt {
namespace {

std::unique_ptr<State> start(const char* game, const char* rules = "") {
  const Game* g = find_game(game);
  EXPECT_NE(g, nullptr) << game;
  auto r = g->parse_rules(rules);
  EXPECT_TRUE(r) << r.error().reason;
  auto s = g->new_state(*r);
  EXPECT_TRUE(s) << s.error().reason;
  return std::move(*s);
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

TEST(Renamed, LegalMovesForwardsToLegalEvents) {
  auto tab = start("tab");
  EXPECT_EQ(tab->legal_moves(), tab->legal_events());  // the throw's five outcomes
  ASSERT_FALSE(tab->apply("1"));
  std::vector<std::string> old_list, new_list;
  tab->legal_moves(old_list);
  tab->legal_events(new_list);
  EXPECT_EQ(old_list, new_list);
  EXPECT_EQ(old_list, (std::vector<std::string>{"1", "2", "3", "4", "6"}));  // the next throw of the turn
}

TEST(Renamed, PlayForwardsToPlayTurn) {
  auto a = start("seega", "walker");
  auto b = a->clone();
  EXPECT_FALSE(a->play("c1,c5"));
  EXPECT_FALSE(b->play_turn("c1,c5"));
  EXPECT_TRUE(a->equals(*b));
  const Error old_error = a->play("a1,a1"), new_error = b->play_turn("a1,a1");
  EXPECT_EQ(old_error.code, new_error.code);
  EXPECT_EQ(old_error.offset, new_error.offset);
  EXPECT_TRUE(a->equals(*b));
}

TEST(Renamed, CheckForwardsToCheckTurn) {
  auto tab = start("tab");
  std::string old_canonical, new_canonical;
  EXPECT_FALSE(tab->check("1,4,2:1I-K,4K-O,2O-Q", old_canonical));
  EXPECT_FALSE(tab->check_turn("1,4,2:1I-K,4K-O,2O-Q", new_canonical));
  EXPECT_EQ(old_canonical, new_canonical);
  EXPECT_EQ(tab->check("1,4,2:1I-K,4K-O,2O-Q").value(), new_canonical);
  for (const char* text : {"4", "1", "zz"}) {  // an opening throw, a turn cut short, no turn at all
    const Expected<std::string> old_answer = tab->check(text), new_answer = tab->check_turn(text);
    ASSERT_EQ(old_answer.has_value(), new_answer.has_value()) << text;
    if (old_answer) EXPECT_EQ(*old_answer, *new_answer) << text;
    else EXPECT_EQ(old_answer.error().code, new_answer.error().code) << text;
  }
}

TEST(Renamed, RandomMoveForwardsToRandomTurn) {
  auto dleb = start("dleb");
  Rng a(7), b(7);
  EXPECT_EQ(dleb->random_move(a), dleb->random_turn(b));
  std::string old_turn, new_turn;
  dleb->random_move(a, old_turn);
  dleb->random_turn(b, new_turn);
  EXPECT_EQ(old_turn, new_turn);
  EXPECT_FALSE(old_turn.empty());
}

TEST(Renamed, DescribeMoveForwardsToDescribeEvent) {
  auto tab = start("tab");
  // Between turns: the opening throw of 4 is a whole turn, and its words.
  EXPECT_EQ(tab->describe_move("4"), tab->describe_event("4"));
  EXPECT_EQ(tab->describe_event("4"), tab->describe_played_turn("4"));
  EXPECT_FALSE(tab->describe_event("4").empty());
  // During a turn: one event's words (a use of a throw), as describe_event.
  ASSERT_FALSE(tab->play_turn("1,4,2:1I-K,4K-O,2O-Q"));
  ASSERT_FALSE(tab->apply("1"));
  ASSERT_FALSE(tab->apply("2"));
  for (const std::string& event : tab->legal_events()) EXPECT_EQ(tab->describe_move(event), tab->describe_event(event));
  EXPECT_EQ(tab->describe_played_turn("1i-k"), "");  // a turn in progress: no whole turn here
}

// The typed API's calls that took what the game's options now give
// (docs/LIBRARY.md, "Renamed": the options, as the other games take them).
TEST(Renamed, TypedCallsTakeTheOptions) {
  SeegaOptions seven;
  seven.size = 7;
  EXPECT_EQ(SeegaPosition::initial(7), SeegaPosition::initial(seven));
  EXPECT_EQ(SeegaPosition::initial(7).text(), "7/7/7/7/7/7/7 S place");
  UmelbanatOptions north;
  north.first = Side::north;
  EXPECT_EQ(UmelbanatPosition::initial(Side::north), UmelbanatPosition::initial(north));
  EXPECT_EQ(UmelbanatPosition::initial(Side::north).to_move, Side::north);
  UmelbanatPosition bad = UmelbanatPosition::initial(north);
  bad.pits[0] = 5;  // 49 counters
  EXPECT_FALSE(umelbanat_validate(UmelbanatPosition::initial(north)));
  EXPECT_EQ(umelbanat_validate(bad).code, umelbanat_validate(north, bad).code);
  EXPECT_EQ(umelbanat_validate(bad).code, Code::bad_setup);
  // Tâb's freed field: text(true) as under release=any, text(false) as without it.
  auto freed = TabPosition::parse(".......NN/........./........n/S.S...... S play SN");
  ASSERT_TRUE(freed) << freed.error().reason;
  TabOptions any, first;
  any.release_any = true;
  EXPECT_EQ(freed->text(true), freed->text(any));
  EXPECT_EQ(freed->text(true), ".......NN/........./........n/S.S...... S play SN");
  EXPECT_EQ(freed->text(false), freed->text(first));
  EXPECT_EQ(freed->text(false), ".......NN/........./........n/S.S...... S play");
  EXPECT_EQ(freed->text(), freed->text(true));
}

#pragma GCC diagnostic pop

}  // namespace
}  // namespace beyt
