// The sowing core (beyt/sowing.hpp): the positions seen on a board.
// (One lap of sowing, Lane 1836 "distributes them to the beyts a, b, c, etc.,
// one to each beyt", is inline in the header: sow_lap.)
#include "beyt/sowing.hpp"

#include <cstring>

namespace beyt {

bool PitsHistory::seen(const Pits& pits, int side, std::uint64_t context) {
  const int total = pit_sum<0, kPits>(pits);
  if (total != total_ || context != context_) clear();
  total_ = total;
  context_ = context;
  std::uint64_t low = 0;
  std::uint32_t rest = 0;
  std::memcpy(&low, pits.data(), 8);
  std::memcpy(&rest, pits.data() + 8, 4);
  if (2 * (size_ + 1) > slots_.size()) grow();
  return !insert(low, rest | static_cast<std::uint64_t>(side) << 32);
}

void PitsHistory::clear() noexcept {
  size_ = 0;
  total_ = -1;
  if (++generation_ == 0) {  // after 2^32 clears: make the old stamps unambiguous
    for (Slot& s : slots_) s.generation = 0;
    generation_ = 1;
  }
}

bool PitsHistory::insert(std::uint64_t low, std::uint64_t high) {
  const std::size_t mask = slots_.size() - 1;
  std::uint64_t h = (low ^ (high * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;
  for (std::size_t i = static_cast<std::size_t>(h >> 32) & mask;; i = (i + 1) & mask) {
    Slot& s = slots_[i];
    if (s.generation != generation_) {
      s = {low, high, generation_};
      ++size_;
      return true;
    }
    if (s.low == low && s.high == high) return false;
  }
}

void PitsHistory::grow() {
  std::vector<Slot> old;
  old.swap(slots_);
  slots_.assign(old.empty() ? 64 : 2 * old.size(), Slot{});
  const std::uint32_t current = generation_;
  generation_ = 1;
  size_ = 0;
  for (const Slot& s : old)
    if (s.generation == current) insert(s.low, s.high);
}

}  // namespace beyt
