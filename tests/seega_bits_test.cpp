// SeegaBits (beyt/seega.hpp): the 81-cell bitboard in two standard words,
// against a reference of 128 single bits (std::bitset), across the border of
// the words (cells 63 and 64) and at the last cell of the 9x9 index (i9 = 80).
#include <gtest/gtest.h>

#include <bitset>
#include <random>

#include "beyt/seega.hpp"

namespace beyt {
namespace {

using Ref = std::bitset<128>;

Ref ref(SeegaBits b) {
  Ref r;
  for (int c = 0; c < 64; ++c) {
    r[c] = (b.low >> c) & 1;
    r[64 + c] = (b.high >> c) & 1;
  }
  return r;
}

SeegaBits of(const Ref& r) {
  SeegaBits b;
  for (int c = 0; c < 128; ++c)
    if (r[c]) b |= SeegaBits::cell(c);
  return b;
}

// Compile-time use, as the engine's tables are made.
static_assert(SeegaBits::cell(0).low == 1 && SeegaBits::cell(64).high == 1 && SeegaBits::cell(80).high == 1u << 16);
static_assert((SeegaBits::cell(63) << 1) == SeegaBits::cell(64));
static_assert((SeegaBits::cell(64) >> 9) == SeegaBits::cell(55));
static_assert(!SeegaBits{} && static_cast<bool>(SeegaBits::cell(80)));
static_assert((SeegaBits::cell(3) | SeegaBits::cell(70)).without_lowest() == SeegaBits::cell(70));
static_assert(SeegaBits::cell(70).without_lowest() == SeegaBits{});

TEST(SeegaBits, EachCellIsOneBit) {
  for (int c = 0; c < 128; ++c) {
    Ref r;
    r[c] = true;
    EXPECT_EQ(ref(SeegaBits::cell(c)), r) << c;
  }
}

TEST(SeegaBits, OperationsAgreeWithSingleBits) {
  std::mt19937_64 rng(20);
  for (int i = 0; i < 2000; ++i) {
    const SeegaBits a{rng(), rng()}, b{rng() & rng(), i % 3 ? rng() : 0};
    EXPECT_EQ(ref(a & b), ref(a) & ref(b));
    EXPECT_EQ(ref(a | b), ref(a) | ref(b));
    EXPECT_EQ(ref(a ^ b), ref(a) ^ ref(b));
    EXPECT_EQ(ref(~a), ~ref(a));
    for (int n : {0, 1, 8, 9, 18, 63, 64, 65, 80, 127}) {
      EXPECT_EQ(ref(a << n), ref(a) << n) << n;
      EXPECT_EQ(ref(a >> n), ref(a) >> n) << n;
    }
    SeegaBits c = a;
    c &= b;
    EXPECT_EQ(c, a & b);
    c = a;
    c |= b;
    EXPECT_EQ(c, a | b);
    c = a;
    c ^= b;
    EXPECT_EQ(c, a ^ b);
    EXPECT_EQ(of(ref(a)), a);
    EXPECT_EQ(static_cast<bool>(b), ref(b).any());
  }
}

// Walking a set cell by cell from the lowest, as the engine counts turns.
TEST(SeegaBits, WithoutLowestWalksEveryCell) {
  const SeegaBits set = SeegaBits::cell(0) | SeegaBits::cell(40) | SeegaBits::cell(63) | SeegaBits::cell(64) |
                        SeegaBits::cell(80);
  Ref seen;
  int steps = 0;
  for (SeegaBits b = set; b; b = b.without_lowest()) {
    const SeegaBits lowest = b & ~b.without_lowest();
    ASSERT_EQ(ref(lowest).count(), 1u);
    seen |= ref(lowest);
    ++steps;
  }
  EXPECT_EQ(steps, 5);
  EXPECT_EQ(seen, ref(set));
}

// A position keeps its pieces in the two words: e5 (40) in the low word,
// i9 (80) in the high one on the 9x9 board.
TEST(SeegaBits, PositionsReadAndWriteBothWords) {
  SeegaOptions nine;
  nine.size = 9;
  SeegaPosition p = SeegaPosition::initial(nine);
  p.set(seega_cell(4, 4), SeegaPiece::south);
  p.set(seega_cell(8, 8), SeegaPiece::north);
  EXPECT_EQ(p.pieces[0], SeegaBits::cell(40));
  EXPECT_EQ(p.pieces[1], SeegaBits::cell(80));
  EXPECT_EQ(p.piece(80), SeegaPiece::north);
  EXPECT_EQ(p.at("i9"), SeegaPiece::north);
  EXPECT_EQ(p.count(Side::north), 1);
  p.set(80, SeegaPiece::empty);
  EXPECT_EQ(p.pieces[1], SeegaBits{});
}

}  // namespace
}  // namespace beyt
