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
#include "umelbanat_internal.hpp"

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

namespace {
// Judged in this order: a daughter's house (peck or nourish), an empty
// house, exactly four in a house the opponent owns (beget), else relay.
// "A relay picks up any house that is not a daughter's, whoever owns it."
template <class Decide>
umelbanat_impl::Sown relay(const UmelbanatOptions& o, detail::PitWords w, int house, Decide&& decide) noexcept {
  const SowResult r = detail::relay_sow_words(w, house, o.skip_origin, decide);
  return {w, static_cast<std::int8_t>(r.last), r.endless};
}
}  // namespace

UmelbanatStop umelbanat_sow(const UmelbanatOptions& o, UmelbanatPosition& pos, int house, Side side,
                            int* last_out) noexcept {
  const Side other = opponent(side);
  // The houses' marks and owners read as the laps end (one sowing: the
  // masks of umelbanat_impl::sow_facts cost more than they save; validate
  // of 200 random games ran 14 % more instructions with them).
  auto decide = [&pos, other](const detail::PitWords& w, int last, int) {
    const int c = detail::pit_at(w, last);
    if (pos.mark[last] != UmelbanatMark::none || c == 1) return SowNext::stop;
    if (c == 4 && pos.owner[last] == other) return SowNext::stop;
    return SowNext::relay;
  };
  return umelbanat_impl::settle(pos, relay(o, detail::load_pits(pos.pits), house, decide), side, last_out);
}

namespace umelbanat_impl {

namespace {
// Bit h of the result: bit 0 of byte h of the twelve (`low` bytes 0..7,
// `high` 8..11; every other bit 0). The multiplier's terms put byte k's
// bit at bit 56 + k, no two terms on one bit (no carry).
constexpr std::uint32_t gather(std::uint64_t low, std::uint64_t high) noexcept {
  constexpr std::uint64_t kGather = 0x0102040810204080ull;
  return static_cast<std::uint32_t>((low * kGather) >> 56 | ((high * kGather) >> 56) << 8);
}
static_assert(gather(0x0100000000000001ull, 0x01000100ull) == 0xA81u);
}  // namespace

SowFacts sow_facts(const UmelbanatPosition& p, Side s) noexcept {
  const detail::PitWords pits = detail::load_pits(p.pits), owners = words_of(p.owner), marks = words_of(p.mark);
  const detail::PitWords marked{nonzero(marks.low), static_cast<std::uint32_t>(nonzero(marks.high))};
  SowFacts f;
  f.daughters = gather(marked.low >> 7, marked.high >> 7);
  const std::uint32_t full = gather(nonzero(pits.low) >> 7, nonzero(pits.high) >> 7);
  const std::uint32_t north = gather(owners.low, owners.high);  // Side: 0 South, 1 North
  f.theirs = s == Side::south ? north : ~north & 0xFFFu;
  f.sowable = full & ~f.daughters & ~f.theirs;
  return f;
}

Sown sow_words(const UmelbanatOptions& o, const SowFacts& f, const detail::PitWords& w, int house) noexcept {
  const std::uint32_t daughters = f.daughters, theirs = f.theirs;
  return relay(o, w, house, [daughters, theirs](const detail::PitWords& now, int last, int) {
    const int c = detail::pit_at(now, last);
    // Every house stops a lap that ends in it alone; a daughter's, any
    // lap; the opponent's, a lap that makes four: one bit tested.
    const std::uint32_t stops = daughters | (c == 4 ? theirs : 0u) | (c == 1 ? ~0u : 0u);
    static_assert(static_cast<int>(SowNext::stop) == 0 && static_cast<int>(SowNext::relay) == 1);
    return static_cast<SowNext>(~stops >> last & 1u);
  });
}

UmelbanatStop settle(UmelbanatPosition& pos, const Sown& sown, Side side, int* last_out) noexcept {
  detail::store_pits(pos.pits, sown.pits);
  if (sown.endless) return UmelbanatStop::endless;
  const int last = sown.last;
  if (last_out) *last_out = last;
  const Side other = opponent(side);
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

}  // namespace umelbanat_impl

}  // namespace beyt
