// The sowing core (beyt/sowing.hpp): one lap of anticlockwise sowing.
#include "beyt/sowing.hpp"

namespace beyt {

// Lane 1836: "distributes them to the beyts a, b, c, etc., one to each
// beyt ... then ... to his own beyts, in the order A, B, C". docs/RULES.md §Mankalah: a
// handful of twelve or more skips the beyt it came from (skip_origin).
int sow_lap(Pits& pits, int from, bool skip_origin) noexcept {
  int hand = pits[from];
  if (hand == 0) return -1;
  pits[from] = 0;
  int at = from;
  // Whole rounds first: each round drops one in every pit (11 with the origin
  // skipped), so a big handful costs no more than a small one.
  const int round = skip_origin ? kPits - 1 : kPits;
  if (hand > round) {
    int rounds = (hand - 1) / round;  // keep at least one for the walk below
    for (int i = 0; i < kPits; ++i)
      if (i != from || !skip_origin) pits[i] = static_cast<std::uint8_t>(pits[i] + rounds);
    hand -= rounds * round;
  }
  while (hand > 0) {
    at = next_pit(at);
    if (skip_origin && at == from) continue;
    ++pits[at];
    --hand;
  }
  return at;
}

int pit_sum(const Pits& pits, int first, int n) noexcept {
  int total = 0;
  for (int i = first; i < first + n; ++i) total += pits[i];
  return total;
}

}  // namespace beyt
