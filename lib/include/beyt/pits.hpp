// beyt/pits.hpp - the board of the two mancala games, Mankalah and Um
// el-Banât: twelve pits in sowing order and the counters in each.
//
// Index 0..5 are A..F (South's row, left to right from his seat), 6..11 are
// a..f (North's row; a opposite F). Sowing runs 0 -> 1 -> ... -> 11 -> 0
// (A->F->a->f->A, anticlockwise seen from South). The pit opposite i is
// 11 - i (A/f, F/a).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

namespace beyt {

inline constexpr int kPits = 12;
/// Counts of the twelve pits, A..F then a..f. 72 hasa fit in a byte.
using Pits = std::array<std::uint8_t, kPits>;

/// The pit after `i` in sowing order.
constexpr int next_pit(int i) noexcept { return i == kPits - 1 ? 0 : i + 1; }
/// The pit before `i` in sowing order.
constexpr int prev_pit(int i) noexcept { return i == 0 ? kPits - 1 : i - 1; }
/// The pit across the board: A<->f, F<->a.
constexpr int opposite_pit(int i) noexcept { return kPits - 1 - i; }
/// 'A'..'F' for 0..5, 'a'..'f' for 6..11.
constexpr char pit_letter(int i) noexcept {
  return i < 6 ? static_cast<char>('A' + i) : static_cast<char>('a' + (i - 6));
}
/// The pit of a letter A..F / a..f; -1 for any other character.
constexpr int pit_of_letter(char c) noexcept {
  if (c >= 'A' && c <= 'F') return c - 'A';
  if (c >= 'a' && c <= 'f') return 6 + (c - 'a');
  return -1;
}
/// Whether pit `i` is in South's row (A..F).
constexpr bool south_row(int i) noexcept { return i < 6; }

/// Total of the counters in pits [First, First + N) (0 <= First, First + N
/// <= 12), exact for any counts: the twelve counts read as two words, one
/// byte a pit, the bytes of the range kept by masks fixed at compile time
/// and added by one multiplication, a few instructions wherever the
/// compiler puts it (a row's total after every sowing).
template <int First, int N>
inline int pit_sum(const Pits& pits) noexcept {
  static_assert(First >= 0 && N >= 0 && First + N <= kPits, "pits [First, First + N) lie in 0..12");
  // The bytes of the range in the word holding pits [base, base + 8).
  constexpr auto range = [](int base) {
    const int lo = First > base ? First : base, hi = First + N < base + 8 ? First + N : base + 8;
    if (lo >= hi) return std::uint64_t{0};
    const std::uint64_t bytes = hi - lo == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << 8 * (hi - lo)) - 1;
    return bytes << 8 * (lo - base);
  };
  // The bytes of a word added in pairs: four 16-bit lanes (each at most
  // 510); the two words' lanes, at most 4 * 1020 in all, are gathered into
  // the top lane by one multiplication.
  constexpr auto pairs = [](std::uint64_t x) {
    const std::uint64_t even = 0x00FF00FF00FF00FFull;
    return (x & even) + (x >> 8 & even);
  };
  constexpr std::uint64_t low_mask = range(0), high_mask = range(8);
  std::uint64_t low = 0;
  std::uint32_t high = 0;
  std::memcpy(&low, pits.data(), 8);
  std::memcpy(&high, pits.data() + 8, 4);
  const std::uint64_t lanes = pairs(low & low_mask) + pairs(high & high_mask);
  return static_cast<int>((lanes * 0x0001000100010001ull) >> 48);
}

}  // namespace beyt
