// notation::random_playouts (beyt/notation/generate.hpp): the random
// player's playouts without records end as the games random_game makes in a
// row from the same Rng state (`beyt generate`'s games), for every game.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "beyt/game.hpp"
#include "beyt/notation/generate.hpp"

namespace {

using namespace beyt;
using notation::Playout;

TEST(Playouts, EndAsTheGeneratedGamesOfTheSameSeed) {
  for (const Game* game : game_table()) {
    const RuleSet rules = game->parse_rules("").value();
    Rng generated(11), played(11);
    std::vector<Playout> playouts;
    ASSERT_FALSE(notation::random_playouts(*game, rules, played, 6, 120, playouts)) << game->name();
    ASSERT_EQ(playouts.size(), 6u);
    for (std::uint32_t round = 1; round <= 6; ++round) {
      const notation::GameRecord record = notation::random_game(*game, rules, generated, 11, round, 120).value();
      const Playout& p = playouts[round - 1];
      EXPECT_EQ(result_token(p.result), record.result) << game->name() << " game " << round;
      EXPECT_EQ(p.turns, record.moves.size()) << game->name() << " game " << round;
      EXPECT_LE(p.turns, 120u);
    }
    // The Rng is left where random_game leaves it: the next playout is the next game.
    std::vector<Playout> next;
    ASSERT_FALSE(notation::random_playouts(*game, rules, played, 1, 120, next));
    const notation::GameRecord record = notation::random_game(*game, rules, generated, 11, 7, 120).value();
    EXPECT_EQ(result_token(next.at(0).result), record.result) << game->name();
    EXPECT_EQ(next.at(0).turns, record.moves.size()) << game->name();
  }
}

TEST(Playouts, MaxTurnsLeavesThemUnfinished) {
  const Game& tab = *find_game("tab");
  const RuleSet rules = tab.parse_rules("lane").value();
  Rng rng(3);
  std::vector<Playout> out;
  ASSERT_FALSE(notation::random_playouts(tab, rules, rng, 3, 5, out));
  ASSERT_EQ(out.size(), 3u);
  for (const Playout& p : out) {
    EXPECT_EQ(p.turns, 5u);
    EXPECT_EQ(p.result, Result::unfinished);
  }
  out.clear();
  ASSERT_FALSE(notation::random_playouts(tab, rules, rng, 0, 5, out));
  EXPECT_TRUE(out.empty());
}

TEST(Playouts, RulesThatMakeNoStateAreAnError) {
  const Game& tab = *find_game("tab");
  const RuleSet too_many = tab.parse_rules("lane; width=7; pieces=8").value();  // 8 kelbs a row on 7 cells
  Rng rng(1);
  std::vector<Playout> out;
  const Error e = notation::random_playouts(tab, too_many, rng, 2, 10, out);
  EXPECT_EQ(e.code, Code::bad_rules);
  EXPECT_TRUE(out.empty());
}

TEST(Playouts, AStopRequestedEndsThemAtOnce) {
  const Game& seega = *find_game("seega");
  const RuleSet rules = seega.parse_rules("walker").value();
  Rng rng(1);
  Stop stop;
  stop.request();
  std::vector<Playout> out;
  EXPECT_FALSE(notation::random_playouts(seega, rules, rng, 1000, 200, out, &stop));
  EXPECT_TRUE(out.empty());
}

}  // namespace
