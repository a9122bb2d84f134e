// A game added as a program adds one (docs/LIBRARY.md, "Adding a game"):
// the toy game of this folder, registered by beyt::add_game before anything
// else, with no edit of the library or its front ends. The conformance
// suite (tests/conformance_test.cpp, compiled in here too) then runs on it
// from its row's rule sets, and the CLI's commands, run in this process,
// list it: beyt games, events, perft, generate and stats.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../../cli/cli.hpp"
#include "toy_game.hpp"

namespace {

// `beyt ARGS...` run in this process: its exit status and standard output.
struct CliRun {
  int status = 0;
  std::string out;
};

CliRun beyt_cli(std::vector<std::string> args) {
  CliRun r;
  for (const auto& c : beyt::cli::commands()) {
    if (c.name != args.front()) continue;
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::ostringstream captured;
    std::streambuf* saved = std::cout.rdbuf(captured.rdbuf());
    r.status = c.run(static_cast<int>(args.size()), argv.data());
    std::cout.rdbuf(saved);
    r.out = captured.str();
    return r;
  }
  ADD_FAILURE() << "no command " << args.front();
  return r;
}

TEST(ToyGame, IsInTheTableOnceAndOnlyOnce) {
  EXPECT_EQ(beyt::find_game("TOY"), &beyt::toy::toy_game());
  EXPECT_EQ(beyt::game_table().back(), &beyt::toy::toy_game());
  EXPECT_FALSE(beyt::add_game(beyt::toy::toy_game(), {}));  // a second game of that name is refused
  EXPECT_NE(beyt::game_names().find(", toy"), std::string::npos);
}

TEST(ToyGame, BeytGamesListsIt) {
  CliRun r = beyt_cli({"games", "--brief"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("\ntoy  Toy Nim\n  sources: Bouton 1901"), std::string::npos) << r.out;
  r = beyt_cli({"games", "toy"});
  EXPECT_NE(r.out.find("    stones = 7|10|21  (default 7)"), std::string::npos) << r.out;
}

TEST(ToyGame, BeytMovesListsItsTurns) {
  CliRun r = beyt_cli({"events", "--game", "toy"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "South to move, 3 decisions:\nT1\nT2\nT3\n");
  r = beyt_cli({"events", "--game", "toy", "--position", "2 N"});
  EXPECT_EQ(r.out, "North to move, 2 decisions:\nT1\nT2\n");
}

TEST(ToyGame, BeytPerftCountsItsSequences) {
  // From 7 stones, 1 to 3 a turn: 3, 9, then the 27 triples less the 4 that
  // take more than 7 (3+3+2, 3+2+3, 2+3+3, 3+3+3).
  CliRun r = beyt_cli({"perft", "--game", "toy", "--depth", "3"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "depth 1: 3\ndepth 2: 9\ndepth 3: 23\n");
}

TEST(ToyGame, GeneratedGamesValidateAndAreCounted) {
  const std::string path = (std::filesystem::temp_directory_path() / "beyt-toy-game-test.beyt").string();
  std::remove(path.c_str());
  CliRun r = beyt_cli({"generate", "--game", "toy", "--count", "3", "--seed", "5", "-o", path});
  ASSERT_EQ(r.status, 0);
  r = beyt_cli({"validate", "-q", path});
  EXPECT_EQ(r.status, 0) << r.out;
  r = beyt_cli({"stats", "--json", path});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("\"game\": \"toy\""), std::string::npos) << r.out;
  std::remove(path.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  // The game comes first, before any other use of the library.
  if (!beyt::add_game(beyt::toy::toy_game(), beyt::toy::toy_facts())) return 1;
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
