// The State contract stays small (issue 29, "a dozen hooks"): the class
// State of lib/include/beyt/game.hpp declares at most 12 virtual functions
// besides its destructor; everything else a State offers is a non-virtual
// helper derived from them, or an optional interface (TurnEntry,
// BoardDrawing) found through entry() and drawing().
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "beyt/game.hpp"

namespace {

// The names of the virtual functions a class of the header declares (the
// destructor left out), from `class NAME {` to the `};` that ends it.
std::vector<std::string> virtuals_of(const std::string& header, const std::string& name) {
  std::ifstream in(header);
  std::string line;
  bool inside = false;
  std::vector<std::string> out;
  const std::regex virtual_fn(R"(^\s*virtual\s+(.*?)\b([A-Za-z_][A-Za-z0-9_]*)\s*\()");
  while (std::getline(in, line)) {
    if (!inside) {
      inside = line == "class " + name + " {";
      continue;
    }
    if (line == "};") break;
    std::smatch m;
    if (std::regex_search(line, m, virtual_fn) && line.find('~') == std::string::npos) out.push_back(m[2]);
  }
  return out;
}

TEST(StateContract, AtMostTwelveVirtuals) {
  const std::string header = std::string(BEYT_SOURCE_DIR) + "/lib/include/beyt/game.hpp";
  const auto names = virtuals_of(header, "State");
  std::ostringstream listed;
  for (const auto& n : names) listed << ' ' << n;
  std::cout << "State's virtual functions (" << names.size() << "):" << listed.str() << "\n";
  ASSERT_GE(names.size(), 5u) << "the header's class State was not found or not read";
  EXPECT_LE(names.size(), 12u) << listed.str();
  // The helpers stay helpers: derived, never hooks of their own.
  // The old names (legal_moves, play, check, random_move, describe_move)
  // are deprecated forwarders, never hooks.
  for (const char* helper : {"game", "to_move", "whose_turn", "outcome", "turns_played", "mid_turn", "play_turn",
                             "check_turn", "random_turn", "describe_event", "describe_played_turn", "player_label",
                             "drawing", "entry", "legal_moves", "play", "check", "random_move", "describe_move",
                             "history_size", "keep_history"})
    EXPECT_EQ(std::count(names.begin(), names.end(), helper), 0) << helper << " is virtual again";
}

// The parser counts what it should: TurnEntry's nine members.
TEST(StateContract, TheCountReadsTheHeader) {
  const std::string header = std::string(BEYT_SOURCE_DIR) + "/lib/include/beyt/game.hpp";
  EXPECT_EQ(virtuals_of(header, "TurnEntry").size(), 9u);
}

// entry() and drawing() find the optional interfaces by the State's type:
// every engine game's State enters turns, and the five games draw.
TEST(StateContract, EntryAndDrawingAreFoundByType) {
  for (const beyt::Game* g : beyt::game_table()) {
    auto rules = g->parse_rules(g->presets().front().name);
    ASSERT_TRUE(rules) << g->name();
    auto state = g->new_state(*rules);
    ASSERT_TRUE(state) << g->name();
    EXPECT_EQ((*state)->entry(), dynamic_cast<const beyt::TurnEntry*>(state->get())) << g->name();
    EXPECT_NE((*state)->entry(), nullptr) << g->name();
    EXPECT_NE((*state)->drawing(), nullptr) << g->name();
    // A copy's interfaces are the copy's, not the original's.
    auto copy = (*state)->clone();
    EXPECT_EQ(copy->entry(), dynamic_cast<const beyt::TurnEntry*>(copy.get())) << g->name();
    EXPECT_NE(copy->entry(), (*state)->entry()) << g->name();
    EXPECT_EQ(&copy->game(), g) << g->name();
  }
}

}  // namespace
