// The engines allocate nothing per turn: replaying a game through
// State::play, and a random playout through State::play_random(rng, &turn)
// (the random player of `beyt generate`; State::random_turn is play_random
// on a clone, so it allocates the clone), make no heap allocation once the
// State is made - save, in
// Mankalah and Um el-Banat, the growth of the table of positions seen on a
// board (PitsHistory: a few times in a game, never per turn). A program of
// its own: it counts allocations with a replaced operator new.
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "beyt/game.hpp"

namespace {

std::size_t g_allocations = 0;  // one thread

}  // namespace

void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using namespace beyt;

struct Case {
  const char* game;
  const char* rules;
  std::size_t growth_per_game;  // allocations a game may make (PitsHistory's table)
};

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << c.game << " [" << c.rules << "]"; }

class Allocations : public ::testing::TestWithParam<Case> {
 protected:
  std::unique_ptr<State> fresh() {
    const Game* game = find_game(GetParam().game);
    RuleSet rules;
    EXPECT_FALSE(game->parse_rules(GetParam().rules, rules));
    std::unique_ptr<State> state;
    EXPECT_FALSE(game->new_state(rules, "", state));
    return state;
  }
  static constexpr int kGames = 40;
  static constexpr int kMaxTurns = 400;
};

TEST_P(Allocations, NoneWhileReplaying) {
  // The games, made beforehand.
  std::vector<std::vector<std::string>> games;
  Rng rng(11);
  std::size_t turns = 0;
  for (int g = 0; g < kGames; ++g) {
    auto state = fresh();
    std::vector<std::string> moves;
    for (int t = 0; t < kMaxTurns && !state->is_terminal(); ++t) {
      moves.push_back(state->random_turn(rng));
      ASSERT_FALSE(state->play_turn(moves.back())) << moves.back();
    }
    turns += moves.size();
    games.push_back(std::move(moves));
  }
  std::size_t during = 0;
  for (const auto& moves : games) {
    auto state = fresh();
    const std::size_t before = g_allocations;
    for (const auto& m : moves) ASSERT_FALSE(state->play_turn(m)) << m;
    during += g_allocations - before;
  }
  EXPECT_LE(during, GetParam().growth_per_game * games.size()) << during << " allocations in " << turns << " turns";
}

TEST_P(Allocations, NoneInRandomPlayouts) {
  Rng rng(12);
  std::string move;
  move.reserve(2048);  // longer than any turn (64 throws and their uses)
  std::size_t during = 0, turns = 0;
  for (int g = 0; g < kGames; ++g) {
    auto state = fresh();
    const std::size_t before = g_allocations;
    for (int t = 0; t < kMaxTurns && !state->is_terminal(); ++t, ++turns) {
      state->play_random(rng, &move);
      ASSERT_FALSE(move.empty()) << "no turn was played";
    }
    during += g_allocations - before;
  }
  EXPECT_LE(during, GetParam().growth_per_game * kGames) << during << " allocations in " << turns << " turns";
}

INSTANTIATE_TEST_SUITE_P(Engines, Allocations,
                         ::testing::Values(Case{"seega", "walker", 0}, Case{"seega", "lane; size=7", 0},
                                           Case{"tab", "lane", 0}, Case{"dleb", "marin", 0},
                                           Case{"dleb", "marin; players=2", 0}, Case{"mankalah", "ghasheem", 4},
                                           Case{"mankalah", "akil", 4}, Case{"umelbanat", "davies", 4}),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.game) + "_" + std::to_string(info.index);
                         });

}  // namespace
