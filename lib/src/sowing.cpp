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
  return !insert<true>(low, rest | static_cast<std::uint64_t>(side) << 32);
}

void PitsHistory::clear() noexcept {
  begin_ = log_.size();
  size_ = 0;
  total_ = -1;
  if (++generation_ == 0) {  // after 2^32 clears: make the old stamps unambiguous
    for (Slot& s : slots_) s.generation = 0;
    generation_ = 1;
  }
}

std::size_t PitsHistory::home(std::uint64_t low, std::uint64_t high) const noexcept {
  const std::uint64_t h = (low ^ (high * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;
  return static_cast<std::size_t>(h >> 32) & (slots_.size() - 1);
}

template <bool Log>
bool PitsHistory::insert(std::uint64_t low, std::uint64_t high) {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = home(low, high);; i = (i + 1) & mask) {
    Slot& s = slots_[i];
    if (s.generation != generation_) {
      s = {low, high, generation_};
      ++size_;
      if (Log && keep_log_) [[unlikely]]
        log_.push_back(Key{low, high});
      return true;
    }
    if (s.low == low && s.high == high) return false;
  }
}

// Linear probing's deletion by backward shift: each later slot of the run
// that may not stay (its home is not cyclically in (hole, slot]) fills the
// hole, which moves on to it.
void PitsHistory::erase(std::uint64_t low, std::uint64_t high) noexcept {
  const std::size_t mask = slots_.size() - 1;
  std::size_t hole = home(low, high);
  while (slots_[hole].generation != generation_ || slots_[hole].low != low || slots_[hole].high != high)
    hole = (hole + 1) & mask;
  for (std::size_t j = (hole + 1) & mask; slots_[j].generation == generation_; j = (j + 1) & mask) {
    const std::size_t h = home(slots_[j].low, slots_[j].high);
    const bool stays = hole < j ? (h > hole && h <= j) : (h > hole || h <= j);
    if (stays) continue;
    slots_[hole] = slots_[j];
    hole = j;
  }
  slots_[hole].generation = 0;
  --size_;
}

void PitsHistory::restore(const Mark& m) noexcept {
  if (m.begin == begin_) {  // the same stretch: forget the positions seen since
    while (log_.size() > m.logged) {
      erase(log_.back().low, log_.back().high);
      log_.pop_back();
    }
  } else {  // a stretch forgotten by clear(): the table holds it again
    log_.resize(m.logged);
    clear();
    begin_ = m.begin;
    for (std::size_t i = begin_; i < log_.size(); ++i) insert<false>(log_[i].low, log_[i].high);
  }
  total_ = m.total;
  context_ = m.context;
}

void PitsHistory::keep_log(bool keep) {
  log_.clear();
  begin_ = 0;
  keep_log_ = keep;
  if (keep)
    for (const Slot& s : slots_)
      if (s.generation == generation_) log_.push_back(Key{s.low, s.high});
}

void PitsHistory::grow() {
  std::vector<Slot> old;
  old.swap(slots_);
  slots_.assign(old.empty() ? 64 : 2 * old.size(), Slot{});
  const std::uint32_t current = generation_;
  generation_ = 1;
  size_ = 0;
  for (const Slot& s : old)
    if (s.generation == current) insert<false>(s.low, s.high);
}

}  // namespace beyt
