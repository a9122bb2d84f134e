// Um el-Banât (Davies): the sowing and the board tests it needs
// (beyt/umelbanat.hpp), in a unit of their own: GCC's inlining budget is per
// unit, and in the engine's file (then lib/src/umelbanat.cpp; now rules.cpp
// beside this one), grown with the event interface, the relay loop
// (beyt/sowing.hpp, relay_sow_words) was no longer inlined into the sowing
// at -O3 (4% more instructions to validate an Um el-Banât file, 11% for
// random playouts). Sources: Davies 1925, p. 143; docs/RULES.md §Um el-Banât.
#include <algorithm>
#include <cstring>

#include "beyt/sowing.hpp"
#include "beyt/umelbanat.hpp"

namespace beyt {

namespace {
// The twelve houses a word at a time (beyt/sowing.hpp's PitWords: pits
// 0..7, then 8..11): bit 7 of each byte of nonzero(x) is set when that byte
// of x is not zero.
constexpr std::uint64_t kHigh = 0x8080808080808080ull, kLow7 = 0x7F7F7F7F7F7F7F7Full;
constexpr std::uint64_t nonzero(std::uint64_t x) noexcept { return (((x & kLow7) + kLow7) | x) & kHigh; }
template <class Byte>
detail::PitWords words_of(const std::array<Byte, kPits>& a) noexcept {
  static_assert(sizeof a == kPits);
  detail::PitWords w;
  std::memcpy(&w.low, a.data(), 8);
  std::memcpy(&w.high, a.data() + 8, 4);
  return w;
}
// Bit 7 of byte h set for each house h that holds counters and no daughter.
inline detail::PitWords free_and_full(const UmelbanatPosition& p) noexcept {
  const detail::PitWords pits = detail::load_pits(p.pits), marks = words_of(p.mark);
  return {nonzero(pits.low) & ~nonzero(marks.low),
          static_cast<std::uint32_t>(nonzero(pits.high) & ~nonzero(marks.high))};
}
}  // namespace

bool UmelbanatPosition::can_sow(Side side) const noexcept {
  const detail::PitWords owners = words_of(owner), free = free_and_full(*this);
  const std::uint64_t mine = static_cast<std::uint8_t>(side) * 0x0101010101010101ull;  // side in every byte
  return ((free.low & ~nonzero(owners.low ^ mine)) | (free.high & ~nonzero(owners.high ^ mine))) != 0;
}

bool UmelbanatPosition::only_daughters() const noexcept {
  const detail::PitWords free = free_and_full(*this);
  return (free.low | free.high) == 0;
}

// ---------------------------------------------------------------------------
// Sowing (docs/RULES.md §Um el-Banât "Sowing" and Finer points)
// ---------------------------------------------------------------------------

UmelbanatStop umelbanat_sow(const UmelbanatOptions& o, UmelbanatPosition& pos, int house, Side side,
                            int* last_out) noexcept {
  const Side other = opponent(side);
  // Judged in this order: a daughter's house (peck or nourish), an empty
  // house, exactly four in a house the opponent owns (beget), else relay.
  // "A relay picks up any house that is not a daughter's, whoever owns it."
  auto decide = [&pos, other](const detail::PitWords& w, int last, int) {
    const int c = detail::pit_at(w, last);
    if (pos.mark[last] != UmelbanatMark::none || c == 1) return SowNext::stop;
    if (c == 4 && pos.owner[last] == other) return SowNext::stop;
    return SowNext::relay;
  };
  detail::PitWords w = detail::load_pits(pos.pits);
  const SowResult r = detail::relay_sow_words(w, house, o.skip_origin, decide);
  detail::store_pits(pos.pits, w);
  if (r.endless) return UmelbanatStop::endless;
  const int last = r.last;
  if (last_out) *last_out = last;
  if (pos.mark[last] == daughter_of(other)) {
    // Davies: "he removes it and one other from that house and from the board";
    // docs/RULES.md §Um el-Banât Finer points: a peck takes min(2, count).
    int k = std::min<int>(2, pos.pits[last]);
    pos.pits[last] = static_cast<std::uint8_t>(pos.pits[last] - k);
    pos.held[static_cast<int>(side)] += k;
    return UmelbanatStop::peck;
  }
  if (pos.mark[last] == daughter_of(side)) return UmelbanatStop::nourish;
  if (pos.pits[last] == 1) return UmelbanatStop::empty;
  pos.mark[last] = daughter_of(side);  // Davies: "falls on to three others in one of his opponent's houses"
  return UmelbanatStop::beget;
}

}  // namespace beyt
