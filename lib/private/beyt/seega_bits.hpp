// beyt/seega_bits.hpp - Seega's custodian capture on whole bitboards
// (private: the engine's and its tests'; the board is beyt/seega.hpp's
// SeegaBits, cell = file + 9 * rank).
//
// Sources: Walker 2011, rule 8 (custodian capture: a piece that moves so as
// to trap an enemy between itself and another of its pieces, in a line,
// takes it), rules 10-12 (all trapped enemies are taken; the centre piece
// is immune); Lane 1836 ("SEEGA"); docs/RULES.md §Seega, "Capture".
//
// The engine's lists and its quiet steps ask "what does a piece arriving on
// this cell take" and "which empty cells would take something" at every
// turn. Here both are a few shifts and ANDs of the whole board, in the word
// the board fits: std::uint64_t for 5x5 and 7x7 (their last cell, g7, is
// 60) and SeegaBits for 9x9. The tests check them against
// a cell-by-cell reading of rule 8 on random boards of the three sizes
// (tests/seega_capture_bits_test.cpp).
#pragma once

#include <cstdint>
#include <type_traits>

#include "beyt/seega.hpp"

namespace beyt::seega_bits {

// A word of cells: std::uint64_t (boards of 5 and 7) or SeegaBits (any).
template <class Word>
constexpr Word word_of(SeegaBits b) noexcept {
  if constexpr (std::is_same_v<Word, SeegaBits>) return b;
  else return b.low;
}

// An n x n board in a Word: its cells, and the cells with a neighbour to
// the left and to the right (a step across the edge of a 9-wide board would
// wrap onto the next rank).
template <class Word>
struct Board {
  Word cells{}, has_left{}, has_right{};

  static constexpr Board make(int n) noexcept {
    SeegaBits cells_bits, left, right;
    for (int file = 0; file < n; ++file)
      for (int rank = 0; rank < n; ++rank) {
        const SeegaBits b = SeegaBits::cell(seega_cell(file, rank));
        cells_bits |= b;
        if (file > 0) left |= b;
        if (file < n - 1) right |= b;
      }
    return {word_of<Word>(cells_bits), word_of<Word>(left), word_of<Word>(right)};
  }

  // The cells one step up, down, right or left of those of `b` (b on the board).
  constexpr Word up(Word b) const noexcept { return (b << kSeegaStride) & cells; }
  constexpr Word down(Word b) const noexcept { return b >> kSeegaStride; }
  constexpr Word right(Word b) const noexcept { return (b & has_right) << 1; }
  constexpr Word left(Word b) const noexcept { return (b & has_left) >> 1; }
  // Direction d of the engine's order: up, right, down, left.
  constexpr Word step(Word b, int d) const noexcept {
    switch (d) {
      case 0: return up(b);
      case 1: return right(b);
      case 2: return down(b);
      default: return left(b);
    }
  }
};

// The enemies a piece arriving on the one cell `to` takes (rule 8): an enemy
// next to `to` with a piece of the mover's (`own`) beyond it, in the same
// line. `enemy` holds only the capturable enemies (no immune centre piece,
// rule 12). The piece that arrives never stands beyond (it comes from
// `to`'s neighbour), so `own` may hold it on its old cell or its new one.
template <class Word>
constexpr Word captured(const Board<Word>& b, Word to, Word own, Word enemy) noexcept {
  return enemy & ((b.up(to) & b.down(own)) | (b.down(to) & b.up(own)) | (b.right(to) & b.left(own)) |
                  (b.left(to) & b.right(own)));
}

// The cells of `empty` on which a piece of the mover's arriving takes
// something: captured() is not empty there. (A step's piece never stands
// beyond its own target, as above: the set holds before the step and after.)
template <class Word>
constexpr Word capture_targets(const Board<Word>& b, Word own, Word enemy, Word empty) noexcept {
  return empty & (b.down(enemy & b.down(own)) | b.up(enemy & b.up(own)) | b.left(enemy & b.left(own)) |
                  b.right(enemy & b.right(own)));
}

}  // namespace beyt::seega_bits
