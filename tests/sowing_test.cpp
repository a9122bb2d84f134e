// The sowing core shared by Mankalah and Um el-Banât (beyt/sowing.hpp): one
// lap, the skipped origin, the relay loop and the detection of a sowing that
// never ends (docs/RULES.md §Mankalah and §Um el-Banât).
//
// Pits are written A..F | a..f (South's row, then North's; a opposite F).
#include <gtest/gtest.h>

#include "beyt/sowing.hpp"

namespace {

using namespace beyt;

Pits pits_of(std::initializer_list<int> counts) {
  Pits p{};
  int i = 0;
  for (int c : counts) p[i++] = static_cast<std::uint8_t>(c);
  return p;
}

TEST(Sowing, LettersAndOpposites) {
  EXPECT_EQ(pit_letter(0), 'A');
  EXPECT_EQ(pit_letter(5), 'F');
  EXPECT_EQ(pit_letter(6), 'a');
  EXPECT_EQ(pit_letter(11), 'f');
  EXPECT_EQ(pit_of_letter('D'), 3);
  EXPECT_EQ(pit_of_letter('c'), 8);
  EXPECT_EQ(pit_of_letter('g'), -1);
  EXPECT_EQ(opposite_pit(pit_of_letter('F')), pit_of_letter('a'));  // Lane: a opposite F
  EXPECT_EQ(opposite_pit(pit_of_letter('A')), pit_of_letter('f'));
  EXPECT_EQ(next_pit(11), 0);  // f -> A
  EXPECT_EQ(prev_pit(0), 11);
}

// Lane 1836: from F "to the beyts a, b, c, etc., one to each beyt".
TEST(Sowing, OneLapAnticlockwise) {
  Pits p = pits_of({0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(sow_lap(p, 5, true), 8);  // F -> a, b, c
  EXPECT_EQ(p, pits_of({0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0}));
  Pits q = pits_of({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0});
  EXPECT_EQ(sow_lap(q, 10, false), 0);  // e -> f, A
  EXPECT_EQ(q, pits_of({1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
  Pits empty{};
  EXPECT_EQ(sow_lap(empty, 3, true), -1);
}

// sow_lap adds whole rounds and the last partial round as words: it must
// drop the counters exactly as a walk of one counter at a time does, for
// every pit, every handful (0..72, so that whole rounds with and without the
// skipped origin occur) and both rules, on boards that already hold counters.
TEST(Sowing, LapMatchesCounterByCounterWalk) {
  auto walk = [](Pits& pits, int from, bool skip) {
    int hand = pits[from];
    if (hand == 0) return -1;
    pits[from] = 0;
    int at = from;
    while (hand > 0) {
      at = next_pit(at);
      if (skip && at == from) continue;
      ++pits[at];
      --hand;
    }
    return at;
  };
  for (bool skip : {false, true})
    for (int from = 0; from < kPits; ++from)
      for (int hand = 0; hand <= 72; ++hand) {
        Pits board{};
        for (int i = 0; i < kPits; ++i) board[i] = static_cast<std::uint8_t>((i * 7 + hand) % 5);
        board[from] = static_cast<std::uint8_t>(hand);
        Pits expected = board, got = board;
        const int last = walk(expected, from, skip);
        EXPECT_EQ(sow_lap(got, from, skip), last) << "from " << from << ", " << hand << ", skip " << skip;
        EXPECT_EQ(got, expected) << "from " << from << ", " << hand << ", skip " << skip;
      }
}

// pit_sum adds a word of counts at a time: every range, counts up to 255.
TEST(Sowing, PitSumOfEveryRange) {
  for (int seed = 0; seed < 4; ++seed) {
    Pits p{};
    for (int i = 0; i < kPits; ++i) p[i] = static_cast<std::uint8_t>(seed == 3 ? 255 : (i * 37 + seed * 101) % 256);
    for (int first = 0; first <= kPits; ++first)
      for (int n = 0; first + n <= kPits; ++n) {
        int expected = 0;
        for (int i = first; i < first + n; ++i) expected += p[i];
        EXPECT_EQ(pit_sum(p, first, n), expected) << "pits " << first << ".." << first + n;
      }
  }
}

// docs/RULES.md §Mankalah: a handful of twelve or more skips the beyt it came from.
TEST(Sowing, SkipOriginOnTwelveOrMore) {
  Pits p = pits_of({0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(sow_lap(p, 3, true), 4);  // 11 beyts, then E again
  EXPECT_EQ(p, pits_of({1, 1, 1, 0, 2, 1, 1, 1, 1, 1, 1, 1}));
  Pits q = pits_of({0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(sow_lap(q, 3, false), 3);  // the twelfth falls back into D
  EXPECT_EQ(q, pits_of({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}));
  Pits big = pits_of({0, 0, 0, 0, 0, 40, 0, 0, 0, 0, 0, 0});  // three whole rounds, then a..f and A
  EXPECT_EQ(sow_lap(big, 5, true), pit_of_letter('A'));
  EXPECT_EQ(big[5], 0);
  EXPECT_EQ(pit_sum(big, 0, 12), 40);
  EXPECT_EQ(big[6], 4);
  EXPECT_EQ(big[2], 3);
}

// The relay is a loop around the lap: decide() is asked after every lap.
TEST(Sowing, RelayLoopsUntilDecideStops) {
  Pits p = pits_of({0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0});
  // Mankalah's rule: 1, 2 or 4 stop; 3, 5 or more relay.
  auto lane = [](const Pits& x, int last, int) {
    int c = x[last];
    return c == 1 || c == 2 || c == 4 ? SowNext::stop : SowNext::relay;
  };
  SowResult r = relay_sow(p, 2, true, lane);  // C -> D makes 3: relay from D to E, F, a
  EXPECT_FALSE(r.endless);
  EXPECT_EQ(r.laps, 2u);
  EXPECT_EQ(r.origin, 3);
  EXPECT_EQ(r.last, 6);
  EXPECT_EQ(p, pits_of({0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0}));
}

// A relay that never stops is found, not hung on: one counter that always
// relays goes round for ever (period 12).
TEST(Sowing, EndlessRelayIsDetected) {
  Pits p = pits_of({1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  auto always = [](const Pits&, int, int) { return SowNext::relay; };
  SowResult r = relay_sow(p, 0, true, always);
  EXPECT_TRUE(r.endless);
  EXPECT_LT(r.laps, 100u);
  EXPECT_EQ(pit_sum(p, 0, 12), 1);
}

// docs/RULES.md §Um el-Banât's example: 2 1 2 0 1 0 | 1 0 1 0 1 0, sowing from C, never ends
// under Um el-Banât's rule when no house has a daughter (stop on an empty
// house, or four in the opponent's house; South owns A..F).
TEST(Sowing, DaviesRuleExampleNeverEnds) {
  Pits p = pits_of({2, 1, 2, 0, 1, 0, 1, 0, 1, 0, 1, 0});
  auto davies = [](const Pits& x, int last, int) {
    if (x[last] == 1) return SowNext::stop;
    if (x[last] == 4 && !south_row(last)) return SowNext::stop;
    return SowNext::relay;
  };
  SowResult r = relay_sow(p, 2, false, davies);
  EXPECT_TRUE(r.endless);
  EXPECT_EQ(pit_sum(p, 0, 12), 9);
}

}  // namespace
