// The shared stick-game core (beyt/sticks.hpp): Lane's counts (Lane 1836),
// the odds of four fair sticks, the throw-again rule, tracks as data.
#include <gtest/gtest.h>

#include "beyt/sticks.hpp"
#include "beyt/sticks_core.hpp"

namespace {
using namespace beyt;

TEST(Sticks, ValuesFollowLane) {
  // Lane 1836, táb: one white táb (1), two 2, three 3, all four white 4, all black 6.
  EXPECT_EQ(sticks_value(1), 1);
  EXPECT_EQ(sticks_value(2), 2);
  EXPECT_EQ(sticks_value(3), 3);
  EXPECT_EQ(sticks_value(4), 4);
  EXPECT_EQ(sticks_value(0), 6);
  for (int v : {1, 2, 3, 4, 6}) EXPECT_EQ(sticks_value(sticks_whites(v)), v);
  EXPECT_EQ(sticks_whites(5), -1);
  EXPECT_EQ(sticks_whites(0), -1);
}

TEST(Sticks, ProbabilitiesAreBinomial) {
  EXPECT_DOUBLE_EQ(sticks_probability(0), 1 / 16.0);
  EXPECT_DOUBLE_EQ(sticks_probability(1), 4 / 16.0);
  EXPECT_DOUBLE_EQ(sticks_probability(2), 6 / 16.0);
  double total = 0;
  for (const auto& o : sticks_outcomes()) total += o.probability;
  EXPECT_DOUBLE_EQ(total, 1.0);
  ASSERT_EQ(sticks_outcomes().size(), 5u);
  EXPECT_EQ(sticks_outcomes()[0].text, "1");
}

TEST(Sticks, DrawsHaveTheSticksOdds) {
  Rng rng(5);
  std::array<int, 7> seen{};
  const int n = 160000;
  for (int i = 0; i < n; ++i) ++seen[sticks_draw(rng).value];
  for (int v : {1, 2, 3, 4, 6}) EXPECT_NEAR(seen[v] / double(n), sticks_probability(sticks_whites(v)), 0.005) << v;
}

TEST(Sticks, ThrowAgainRule) {
  for (int v : {1, 4, 6}) EXPECT_TRUE(sticks_throw_again(v));
  for (int v : {2, 3}) EXPECT_FALSE(sticks_throw_again(v));
  auto seq = [](std::initializer_list<int> values) {
    std::vector<StickThrow> t;
    for (int v : values) t.push_back(StickThrow{static_cast<std::uint8_t>(v)});
    return sticks_sequence_fault(t.data(), static_cast<int>(t.size()));
  };
  EXPECT_EQ(seq({1, 4, 2}), -1);
  EXPECT_EQ(seq({3}), -1);
  EXPECT_EQ(seq({2, 3}), 1);   // a throw after the 2 that ended the throwing
  EXPECT_EQ(seq({1, 4}), 1);   // ends on 4: must throw again
  EXPECT_EQ(seq({6, 6, 1, 3}), -1);
}

TEST(Sticks, ParsesThrowsWithFaces) {
  StickThrow t;
  std::size_t i = 0;
  EXPECT_FALSE(sticks_parse_throw("1WBBB", i, t));
  EXPECT_EQ(t.value, 1);
  EXPECT_TRUE(t.has_faces);
  EXPECT_EQ(i, 5u);
  std::string out;
  sticks_format_throw(t, out);
  EXPECT_EQ(out, "1WBBB");
  i = 0;
  EXPECT_FALSE(sticks_parse_throw("6BBBB", i, t));
  i = 0;
  Error e = sticks_parse_throw("2WWWB", i, t);
  EXPECT_EQ(e.code, Code::throw_faces);
  EXPECT_EQ(e.offset, 0u);
  i = 0;
  EXPECT_EQ(sticks_parse_throw("2WW", i, t).code, Code::move_syntax);
  i = 0;
  EXPECT_EQ(sticks_parse_throw("5", i, t).code, Code::move_syntax);
}

TEST(Sticks, WalksFollowTheTrackAndItsFork) {
  // A ring 0 -> 1 -> 2 -> 3 -> 0 with a fork at 2 into 10 -> 11 -> 12.
  StickTrack t;
  t.next[0] = 1;
  t.next[1] = 2;
  t.next[2] = 3;
  t.next[3] = 0;
  t.fork[2] = 10;
  t.next[10] = 11;
  t.next[11] = 12;
  TrackWalk w = sticks_walk(t, 0, 4, true);
  ASSERT_EQ(w.nends, 2);
  EXPECT_EQ(w.end[0], 0);
  EXPECT_EQ(w.end[1], 11);
  EXPECT_EQ(w.npath[1], 3);  // 1, 2, 10
  EXPECT_EQ(w.path[1][2], 10);
  w = sticks_walk(t, 0, 4, false);
  EXPECT_EQ(w.nends, 1);
  w = sticks_walk(t, 2, 1, true);
  EXPECT_EQ(w.end[0], 3);
  EXPECT_EQ(w.end[1], 10);
}

}  // namespace
