// What the fuzz targets found (fuzz/README.md), one regression test each:
// the input that did it, read and replayed as the target does.
#include <gtest/gtest.h>

#include <sstream>

#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/tab.hpp"

namespace {

using namespace beyt;
using namespace beyt::notation;

struct ReplayAll : GameVisitor {
  bool game(GameRecord&& record, std::uint32_t index) override {
    Replay replay;
    last = notation::replay(record, "finding", index, ReplayOptions{}, replay);
    ++games;
    return true;
  }
  Diagnostic last;
  int games = 0;
};

// fuzz_text, 2026-11-23: a Tâb Rules tag whose pieces= value runs on
// ("pieces=4BBBW,WWB,...") overflowed an int while its digits were counted
// (UBSan: signed integer overflow in TabOptions::from_rules).
TEST(FuzzFindings, TabPiecesValueThatRunsOnIsABadRule) {
  for (const char* pieces : {"4BBBW,WWB,BW:1A1-B1 E. W. La0ne", "99999999999999999999", "12x", "7a"}) {
    RuleSet rules;
    TabOptions options;
    Error e = tab_game().parse_rules(std::string("lane; width=7; pieces=") + pieces, rules);
    if (!e) e = TabOptions::from_rules(rules, options);
    EXPECT_EQ(e.code, Code::bad_rules) << pieces;
  }
  std::istringstream in("[Game \"tab\"]\n[Rules \"lane; width=7; pieces=4BBBW,WWB,BW:1A1-B1 E. W. La0ne\"]\n\n*\n");
  ReplayAll visitor;
  EXPECT_FALSE(read_games(in, "finding", Format::text, visitor));
  EXPECT_EQ(visitor.games, 1);
  EXPECT_EQ(visitor.last.code, Code::bad_rules);
}

}  // namespace
