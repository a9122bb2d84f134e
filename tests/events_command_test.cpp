// beyt events (cli/events.cpp over beyt/notation/moves.hpp): the decisions
// or a throw's outcomes at a position of each game, as text and JSON, and its
// usage errors; `beyt moves`, its old name, prints the same.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "beyt/game.hpp"
#include "beyt/notation/moves.hpp"
#include "cli_run.hpp"

namespace {

using namespace beyt;
using namespace beyt::test;

TEST(EventsCommand, ChanceAtTheStartOfTab) {
  CliRun r = run("events --game tab");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "South throws (chance), 5 outcomes:\n1  0.25\n2  0.375\n3  0.25\n4  0.0625\n6  0.0625\n");
  r = run("events --game tab --json");
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
  EXPECT_EQ(j["events"], nlohmann::json::parse(R"(["1","2","3","4","6"])"));
}

TEST(EventsCommand, EveryGameAnswersAtItsStart) {
  for (const Game* game : game_table()) {
    CliRun r = run("events --json --game " + std::string(game->name()));
    ASSERT_EQ(r.status, 0) << game->name() << ": " << r.out;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["game"], std::string(game->name()));
    EXPECT_EQ(j["result"], "*");
    // Every game lists its first events (Mankalah's tebweez count by count).
    EXPECT_FALSE(j["events"].empty()) << game->name();
    EXPECT_FALSE(j.contains("complete")) << game->name();
    r = run("events --game " + std::string(game->name()));
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find(j["chance"] ? " throws (chance), " : " to move, "), std::string::npos) << r.out;
  }
}

TEST(EventsCommand, APlyOfASample) {
  // After Tâb's opening táb, the turn starts with a throw; the library's
  // list is what the command prints.
  CliRun r = run("events " + quote((kRoot / "samples/seega/walker-5x5.beyt").string()) + " --ply 12 --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["game"], "seega");
  EXPECT_EQ(j["chance"], false);
  EXPECT_FALSE(j["events"].empty());
  r = run("events " + quote((kRoot / "samples/dleb/marin-2x2.beyt").string()) + " --ply 3");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find(" throws (chance), 5 outcomes:\nBBBW  0.25\n"), std::string::npos) << r.out;
}

TEST(EventsCommand, UsageErrors) {
  EXPECT_EQ(run("events").status, 2);
  EXPECT_EQ(run("events --game nosuchgame").status, 2);
  EXPECT_EQ(run("events --game tab --rules 'lane; width=8'").status, 2);
  EXPECT_EQ(run("events --game tab --position 'nonsense'").status, 2);
  EXPECT_EQ(run("events --game tab --ply 3").status, 2);
  const std::string sample = quote((kRoot / "samples/tab/lane-9.beyt").string());
  EXPECT_EQ(run("events " + sample + " --game tab").status, 2);
  EXPECT_EQ(run("events " + sample + " --ply 99999").status, 2);
  EXPECT_EQ(run("events " + sample + " --ply x").status, 2);
  EXPECT_EQ(run("events " + sample + " --record 0").status, 2);
  EXPECT_EQ(run("events " + sample + " --record 5").status, 2);
  EXPECT_EQ(run("events /nonexistent/file.beyt").status, 1);
}

TEST(EventsCommand, TheLibraryFunctionDuringATurn) {
  std::unique_ptr<State> s;
  ASSERT_FALSE(find_game("tab")->new_state(RuleSet{}, "", s));
  ASSERT_FALSE(s->apply("1"));
  ASSERT_FALSE(s->apply("2"));
  const notation::Choices c = notation::choices_at(*s);
  EXPECT_EQ(c.actor, "South");
  EXPECT_EQ(c.turn, "1,2:");
  EXPECT_FALSE(c.chance);
  EXPECT_EQ(c.events, (std::vector<std::string>{"1I-K", "1--", "2--"}));
  EXPECT_EQ(notation::choices_text(c), "South to move, 3 decisions:\n1I-K\n1--\n2--\n");
}

// `beyt moves`, the command's old name, runs it: the same text, the same
// usage errors, and its JSON list keyed "moves" as it always was.
TEST(EventsCommand, MovesIsItsOldName) {
  const std::string sample = quote((kRoot / "samples/tab/lane-9.beyt").string());
  for (const std::string& args : std::vector<std::string>{"--game tab", "--game seega --rules walker", sample + " --ply 6"}) {
    const CliRun now = run("events " + args), old = run("moves " + args);
    EXPECT_EQ(old.status, 0) << args;
    EXPECT_EQ(old.out, now.out) << args;
    auto j = nlohmann::json::parse(run("events --json " + args).out), k = nlohmann::json::parse(run("moves --json " + args).out);
    ASSERT_TRUE(k.contains("moves")) << args;
    EXPECT_FALSE(k.contains("events")) << args;
    EXPECT_EQ(k["moves"], j["events"]) << args;
    k.erase("moves");
    j.erase("events");
    EXPECT_EQ(k, j) << args;
  }
  EXPECT_EQ(run("moves").status, 2);
  EXPECT_EQ(run("moves --game nosuchgame").status, 2);
  // The help lists events, and names moves as its old name.
  const CliRun help = run("--help");
  EXPECT_NE(help.out.find("\n  events    "), std::string::npos) << help.out;
  EXPECT_EQ(help.out.find("\n  moves "), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("old name: moves"), std::string::npos) << help.out;
}

}  // namespace
