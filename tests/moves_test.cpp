// beyt moves (cli/moves.cpp over beyt/notation/moves.hpp): the decisions or
// a throw's outcomes at a position of each game, as text and JSON, and its
// usage errors.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "beyt/game.hpp"
#include "beyt/notation/moves.hpp"
#include "cli_run.hpp"

namespace {

using namespace beyt;
using namespace beyt::test;

TEST(Moves, ChanceAtTheStartOfTab) {
  CliRun r = run("moves --game tab");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "South throws (chance), 5 outcomes:\n1  0.25\n2  0.375\n3  0.25\n4  0.0625\n6  0.0625\n");
  r = run("moves --game tab --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["game"], "tab");
  EXPECT_EQ(j["actor"], "chance");
  EXPECT_EQ(j["player"], "South");
  EXPECT_EQ(j["chance"], true);
  ASSERT_EQ(j["outcomes"].size(), 5u);
  double total = 0;
  for (const auto& o : j["outcomes"]) total += o["probability"].get<double>();
  EXPECT_DOUBLE_EQ(total, 1.0);
  EXPECT_EQ(j["moves"], nlohmann::json::parse(R"(["1","2","3","4","6"])"));
}

TEST(Moves, EveryGameAnswersAtItsStart) {
  for (const Game* game : game_table()) {
    CliRun r = run("moves --json --game " + std::string(game->name()));
    ASSERT_EQ(r.status, 0) << game->name() << ": " << r.out;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["game"], std::string(game->name()));
    EXPECT_EQ(j["result"], "*");
    // Every game lists its first events (Mankalah's tebweez count by count).
    EXPECT_FALSE(j["moves"].empty()) << game->name();
    EXPECT_FALSE(j.contains("complete")) << game->name();
    r = run("moves --game " + std::string(game->name()));
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find(j["chance"] ? " throws (chance), " : " to move, "), std::string::npos) << r.out;
  }
}

TEST(Moves, APlyOfASample) {
  // After Tâb's opening táb, the turn starts with a throw; the library's
  // list is what the command prints.
  CliRun r = run("moves " + quote((kRoot / "samples/seega/walker-5x5.beyt").string()) + " --ply 12 --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["game"], "seega");
  EXPECT_EQ(j["chance"], false);
  EXPECT_FALSE(j["moves"].empty());
  r = run("moves " + quote((kRoot / "samples/dleb/marin-2x2.beyt").string()) + " --ply 3");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find(" throws (chance), 5 outcomes:\nBBBW  0.25\n"), std::string::npos) << r.out;
}

TEST(Moves, UsageErrors) {
  EXPECT_EQ(run("moves").status, 2);
  EXPECT_EQ(run("moves --game nosuchgame").status, 2);
  EXPECT_EQ(run("moves --game tab --rules 'lane; width=8'").status, 2);
  EXPECT_EQ(run("moves --game tab --position 'nonsense'").status, 2);
  EXPECT_EQ(run("moves --game tab --ply 3").status, 2);
  const std::string sample = quote((kRoot / "samples/tab/lane-9.beyt").string());
  EXPECT_EQ(run("moves " + sample + " --game tab").status, 2);
  EXPECT_EQ(run("moves " + sample + " --ply 99999").status, 2);
  EXPECT_EQ(run("moves " + sample + " --ply x").status, 2);
  EXPECT_EQ(run("moves " + sample + " --record 0").status, 2);
  EXPECT_EQ(run("moves " + sample + " --record 5").status, 2);
  EXPECT_EQ(run("moves /nonexistent/file.beyt").status, 1);
}

TEST(Moves, TheLibraryFunctionDuringATurn) {
  std::unique_ptr<State> s;
  ASSERT_FALSE(find_game("tab")->new_state(RuleSet{}, "", s));
  ASSERT_FALSE(s->apply("1"));
  ASSERT_FALSE(s->apply("2"));
  const notation::Choices c = notation::choices_at(*s);
  EXPECT_EQ(c.actor, "South");
  EXPECT_EQ(c.turn, "1,2:");
  EXPECT_FALSE(c.chance);
  EXPECT_EQ(c.moves, (std::vector<std::string>{"1I-K", "1--", "2--"}));
  EXPECT_EQ(notation::choices_text(c), "South to move, 3 decisions:\n1I-K\n1--\n2--\n");
}

}  // namespace
