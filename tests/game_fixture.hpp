// A test fixture per game and rule set (tests/conformance_test.cpp,
// tests/events_test.cpp): `Case` names the game (`game`) and its rules
// (`rules`); initial() makes a State at the start.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "beyt/game.hpp"

namespace beyt::test {

template <class Case>
class GameFixture : public ::testing::TestWithParam<Case> {
 protected:
  void SetUp() override {
    game_ = find_game(this->GetParam().game);
    ASSERT_NE(game_, nullptr) << this->GetParam().game;
    Error e = game_->parse_rules(this->GetParam().rules, rules_);
    ASSERT_FALSE(e) << e.reason;
  }
  std::unique_ptr<State> initial() const {
    std::unique_ptr<State> state;
    Error e = game_->new_state(rules_, "", state);
    EXPECT_FALSE(e) << e.reason;
    return state;
  }
  const Game* game_ = nullptr;
  RuleSet rules_;
};

}  // namespace beyt::test
