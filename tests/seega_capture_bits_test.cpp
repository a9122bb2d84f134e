// Seega's captures on whole bitboards (beyt/seega_bits.hpp) against a
// cell-by-cell reading of custodian capture (Walker 2011, rules 8 and 10;
// Lane 1836; docs/RULES.md §Seega, "Capture") on random boards of every
// size, and the movement phase's values listed from them
// (lib/src/games/seega/values.cpp) against the listed texts.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "beyt/game.hpp"
#include "beyt/seega.hpp"
#include "beyt/seega_bits.hpp"

namespace {

using namespace beyt;

// A board of side n, cell by cell: 0 empty, 1 the mover's, 2 the enemy's.
struct Cells {
  int n;
  std::vector<int> at;  // [file * n + rank]
  int get(int file, int rank) const {
    return file < 0 || rank < 0 || file >= n || rank >= n ? -1 : at[static_cast<std::size_t>(file * n + rank)];
  }
  SeegaBits side(int who) const {
    SeegaBits out;
    for (int f = 0; f < n; ++f)
      for (int r = 0; r < n; ++r)
        if (get(f, r) == who) out |= SeegaBits::cell(seega_cell(f, r));
    return out;
  }
};

// Rule 8 read literally: the enemies next to (file, rank), in the four
// directions, with a piece of the mover's beyond them.
SeegaBits taken_by_reading(const Cells& b, int file, int rank) {
  constexpr int kFile[4] = {0, 1, 0, -1}, kRank[4] = {1, 0, -1, 0};
  SeegaBits out;
  for (int d = 0; d < 4; ++d) {
    const int ef = file + kFile[d], er = rank + kRank[d];
    if (b.get(ef, er) == 2 && b.get(ef + kFile[d], er + kRank[d]) == 1) out |= SeegaBits::cell(seega_cell(ef, er));
  }
  return out;
}

template <class Word>
void check_boards(int n, Rng& rng) {
  const auto board = seega_bits::Board<Word>::make(n);
  for (int trial = 0; trial < 2000; ++trial) {
    Cells b{n, std::vector<int>(static_cast<std::size_t>(n * n))};
    const std::uint64_t fill = 1 + rng.below(4);  // from crowded to sparse boards
    for (int& c : b.at) c = rng.below(fill + 2) < fill ? static_cast<int>(1 + rng.below(2)) : 0;
    const SeegaBits own = b.side(1), enemy = b.side(2), empty = b.side(0);
    SeegaBits targets;
    for (int f = 0; f < n; ++f)
      for (int r = 0; r < n; ++r) {
        const SeegaBits to = SeegaBits::cell(seega_cell(f, r)), want = taken_by_reading(b, f, r);
        const Word got = seega_bits::captured(board, seega_bits::word_of<Word>(to), seega_bits::word_of<Word>(own),
                                              seega_bits::word_of<Word>(enemy));
        ASSERT_TRUE(got == seega_bits::word_of<Word>(want)) << "n=" << n << " cell " << seega_cell_name(seega_cell(f, r));
        if (b.get(f, r) == 0 && want) targets |= to;
      }
    const Word got = seega_bits::capture_targets(board, seega_bits::word_of<Word>(own), seega_bits::word_of<Word>(enemy),
                                                 seega_bits::word_of<Word>(empty));
    ASSERT_TRUE(got == seega_bits::word_of<Word>(targets)) << "n=" << n;
  }
}

TEST(SeegaCaptureBits, CapturesAreRuleEightCellByCell) {
  Rng rng(29);
  check_boards<std::uint64_t>(5, rng);
  check_boards<std::uint64_t>(7, rng);
  check_boards<SeegaBits>(5, rng);
  check_boards<SeegaBits>(7, rng);
  check_boards<SeegaBits>(9, rng);
}

// The movement phase's values, listed from the bitboards, are the listed
// texts one for one and in order (State::event_text names each), at every
// position of random games under every size and the rules that change the
// list (chains, the immune centre, removals).
TEST(SeegaCaptureBits, ListedValuesAreTheListedTextsAlongRandomGames) {
  const Game& game = *find_game("seega");
  for (const char* rules : {"walker", "walker; size=7", "walker; size=9", "lane", "lane; size=7", "lane; size=9",
                            "walker; chain=mandatory; centre-immune=no; size=9", "walker; blocked=remove"}) {
    Rng rng(31);
    std::size_t chains = 0;
    for (int g = 0; g < 8; ++g) {
      auto s = game.new_state(game.parse_rules(rules).value()).value();
      std::vector<Event> values;
      std::vector<std::string> texts;
      for (int turn = 0; turn < 300 && !s->is_terminal(); ++turn) {
        values.clear();
        texts.clear();
        s->list_events(&values, &texts, nullptr);
        ASSERT_EQ(values.size(), texts.size()) << rules << " at " << s->position_text();
        for (std::size_t i = 0; i < values.size(); ++i) {
          ASSERT_EQ(s->event_text(values[i]).value_or("?"), texts[i]) << rules << " at " << s->position_text();
          chains += texts[i].find('x') != std::string::npos && texts[i].find('-', 3) != std::string::npos;
        }
        ASSERT_FALSE(s->apply(values[rng.below(values.size())])) << rules;
      }
    }
    EXPECT_GT(chains, 0u) << rules;  // capturing steps were listed
  }
}

}  // namespace
