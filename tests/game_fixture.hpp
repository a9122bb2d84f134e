// A test fixture per game and rule set (tests/conformance_test.cpp,
// tests/events_test.cpp): `Case` names the game (`game`) and its rules
// (`rules`); initial() makes a State at the start.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <ostream>
#include <string>
#include <vector>

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

/// One rule set of a game of the table (GameFacts::test_rules).
struct TableCase {
  const char* game;
  const char* rules;
  int playouts;
  int max_turns;
  int index;  // among the game's rule sets
};

inline std::ostream& operator<<(std::ostream& os, const TableCase& c) {
  return os << c.game << " [" << c.rules << "]";
}

/// Every rule set of every game of the table: a game added to the table is
/// tested with no edit.
inline std::vector<TableCase> table_cases() {
  std::vector<TableCase> out;
  for (const Game* g : game_table()) {
    int index = 0;
    for (const TestRules& t : game_facts(*g).test_rules)
      out.push_back(TableCase{g->name().data(), t.rules.data(), t.games, t.max_turns, index++});
  }
  return out;
}

/// Test names: the game and the index of its rule set.
inline std::string case_name(const ::testing::TestParamInfo<TableCase>& param) {
  return std::string(param.param.game) + "_" + std::to_string(param.param.index);
}

}  // namespace beyt::test
