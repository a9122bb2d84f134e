// beyt/sowing.hpp - the sowing core shared by Mankalah and Um el-Banât
// (private: the engines' and their tests'; the board is beyt/pits.hpp).
//
// Sources:
//   * E. W. Lane (1836), "mankal'ah":
//     one hasweh "to each beyt", from F to a, b, c ... then A, B, C ...; the
//     relay "if the last beyt ... contain three, or five, or more, he takes
//     these out, and goes on distributing them" (the worked example from D).
//   * R. Davies (1925), "Um el Banât":
//     "dropping them one by one in an anticlockwise direction ... he picks it
//     up ... and goes on distributing these counters".
//   * The readings: docs/RULES.md §Mankalah and §Um el-Banât (a handful of twelve or
//     more skips its origin in Mankalah; a sowing that never ends is an error).
//
// | parameter     | meaning                                              | source               |
// |---------------|------------------------------------------------------|----------------------|
// | skip_origin   | a lap of 12 or more passes over the pit it came from | docs/RULES.md §Mankalah (Lane)   |
//
// Everything here works on a fixed std::array: no allocation in the hot loop
// (PitsHistory's storage grows to the longest stretch of a game, then stays).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "beyt/pits.hpp"

namespace beyt {

/// Total of the counters in pits [first, first + n) (0 <= first, first + n
/// <= 12), the range known at run time (pit_sum<First, N>, beyt/pits.hpp,
/// for a range known at compile time).
inline int pit_sum(const Pits& pits, int first, int n) noexcept {
  int sum = 0;
  for (int i = first; i < first + n; ++i) sum += pits[static_cast<std::size_t>(i)];
  return sum;
}

namespace detail {
// The twelve counts as two words, one byte a pit (memcpy: any byte order). A
// pit never holds more than 72, so adding words adds pit by pit, no carry.
struct PitWords {
  std::uint64_t low = 0;   // pits 0..7
  std::uint32_t high = 0;  // pits 8..11
};
inline PitWords load_pits(const Pits& p) noexcept {
  PitWords w;
  std::memcpy(&w.low, p.data(), 8);
  std::memcpy(&w.high, p.data() + 8, 4);
  return w;
}
inline void store_pits(Pits& p, const PitWords& w) noexcept {
  std::memcpy(p.data(), &w.low, 8);
  std::memcpy(p.data() + 8, &w.high, 4);
}
// kLapMask[from][n]: one in each of the n pits after `from` (n = 0..12, the
// twelfth being `from` itself).
struct LapMasks {
  PitWords m[kPits][kPits + 1];
};
constexpr LapMasks make_lap_masks() noexcept {
  LapMasks t{};
  for (int from = 0; from < kPits; ++from)
    for (int n = 0; n <= kPits; ++n) {
      std::uint64_t low = 0, high = 0;
      for (int k = 1; k <= n; ++k) {
        const int at = (from + k) % kPits;
        if (at < 8) low |= std::uint64_t{1} << (8 * at);
        else high |= std::uint64_t{1} << (8 * (at - 8));
      }
      t.m[from][n] = PitWords{low, static_cast<std::uint32_t>(high)};
    }
  return t;
}
inline constexpr LapMasks kLapMask = make_lap_masks();
inline constexpr std::uint64_t kOnes = 0x0101010101010101ull;
// kLapStep.m[from][n] (n = 1..12): a lap of the n counters of `from` that
// does not come round to it again: what it adds to the words, `from`
// emptied included (kLapMask less n in `from`'s byte, modulo the word: the
// sum stays a byte a pit, no borrow crosses one), and the pit of its last
// counter. Sixteen entries a pit (an index by shifts); a constexpr of
// internal linkage (each unit's own copy, addressed without the GOT).
struct LapStep {
  std::uint64_t low = 0;
  std::uint32_t high = 0;
  std::uint32_t last = 0;
};
struct LapSteps {
  LapStep m[kPits][16];
};
constexpr LapSteps make_lap_steps() noexcept {
  const LapMasks masks = make_lap_masks();
  LapSteps t{};
  for (int from = 0; from < kPits; ++from)
    for (int n = 0; n <= kPits; ++n) {
      LapStep& step = t.m[from][n];
      step.low = masks.m[from][n].low;
      step.high = masks.m[from][n].high;
      if (from < 8) step.low -= static_cast<std::uint64_t>(n) << (8 * from);
      else step.high -= static_cast<std::uint32_t>(n) << (8 * (from - 8));
      step.last = (from + n) % kPits;
    }
  return t;
}
constexpr LapSteps kLapStep = make_lap_steps();
}  // namespace detail

namespace detail {
// The count of pit i (selects, no branch: i is as good as random).
inline int pit_at(const PitWords& w, int i) noexcept {
  const std::uint64_t word = i < 8 ? w.low : std::uint64_t{w.high};
  return static_cast<int>(word >> 8 * (static_cast<unsigned>(i) & 7) & 0xFF);
}
// Empties pit i.
inline void clear_pit(PitWords& w, int i) noexcept {
  const std::uint64_t byte = std::uint64_t{0xFF} << 8 * (i & 7);
  w.low &= ~(i < 8 ? byte : 0);
  w.high &= ~static_cast<std::uint32_t>(i < 8 ? 0 : byte);
}
// One lap of the `hand` counters of `from` (hand > 0, all of them: the count
// of `from`) on the counts held as words (in registers: no byte stored and
// read back as part of a word, which would stall on store forwarding).
// Returns the pit of the last counter. 1..12 counters that do not come
// round to `from` (the common case) are one table entry added; whole rounds
// (one in every pit; 11 with the origin skipped) are added at once.
inline int lap(PitWords& w, int from, int hand, bool skip_origin) noexcept {
  const int round = skip_origin ? kPits - 1 : kPits;
  if (hand <= round) [[likely]] {
    const LapStep& step = kLapStep.m[static_cast<unsigned>(from)][static_cast<unsigned>(hand)];
    w.low += step.low;
    w.high += step.high;
    return static_cast<int>(step.last);
  }
  clear_pit(w, from);
  // Keep at least one counter for the last partial round: 1..round of them
  // fall in the pits after `from` without reaching it again when skipping.
  const int rounds = (hand - 1) / round;
  hand -= rounds * round;
  const PitWords& mask = kLapMask.m[from][hand];
  w.low += mask.low + static_cast<std::uint64_t>(rounds) * kOnes;
  w.high += mask.high + static_cast<std::uint32_t>(rounds) * static_cast<std::uint32_t>(kOnes);
  if (skip_origin) clear_pit(w, from);
  const int last = from + hand;
  return last >= kPits ? last - kPits : last;
}
// sow_lap on the counts held as words.
inline int sow_lap(PitWords& w, int from, bool skip_origin) noexcept {
  const int hand = pit_at(w, from);
  return hand == 0 ? -1 : lap(w, from, hand, skip_origin);
}
}  // namespace detail

/// One lap: takes every counter out of `from` and drops one in each following
/// pit, skipping `from` itself when `skip_origin` (Lane's handful of twelve or
/// more). Returns the pit where the last counter fell, or -1 if `from` was
/// empty (nothing sown). Precondition: 0 <= from < 12. Constant time: whole
/// rounds (one in every pit; 11 with the origin skipped) are added at once,
/// then the 1..12 counters left fall in the pits after `from`, one word add.
inline int sow_lap(Pits& pits, int from, bool skip_origin) noexcept {
  detail::PitWords w = detail::load_pits(pits);
  const int last = detail::sow_lap(w, from, skip_origin);
  if (last >= 0) detail::store_pits(pits, w);
  return last;
}

/// What the caller decides after a lap, looking at where its last counter fell.
enum class SowNext : std::uint8_t {
  stop,   ///< the sowing ends here
  relay,  ///< take every counter out of the last pit and sow on from the next
};

/// The result of a relay sowing.
struct SowResult {
  int last = -1;          ///< pit of the last counter of the last lap (-1: nothing sown)
  int origin = -1;        ///< pit the last lap was taken from
  std::uint32_t laps = 0; ///< laps sown, the first included
  bool endless = false;   ///< the (board, pick-up pit) repeated: the sowing never ends
};

/// Relay sowing: sows from `from`, then asks `decide(pits, last, origin)`
/// (const Pits&, int, int) -> SowNext after every lap and sows on from the
/// last pit while it answers relay. A relay lap is deterministic in (board,
/// pick-up pit), and a relay never removes counters, so a sowing that never
/// ends returns to an earlier (board, pick-up pit): Brent's cycle detection
/// finds that in at most twice the lap count of the cycle, with no storage
/// (docs/RULES.md §Mankalah and §Um el-Banât: "A sowing that never ends ... is an error the engine
/// must detect and report, never hang on"). On `endless` the pits hold some
/// position of the cycle; callers work on a copy and discard it.
template <class Decide>
SowResult relay_sow(Pits& pits, int from, bool skip_origin, Decide&& decide);

namespace detail {
/// relay_sow on the counts held as words, `decide(words, last, origin)`
/// reading them as words too: the engines' loop, with no count stored and
/// read back between two laps (relay_sow stores the pits for its `decide`).
template <class Decide>
SowResult relay_sow_words(PitWords& w, int from, bool skip_origin, Decide&& decide) {
  SowResult r;
  PitWords saved;
  int saved_pick = -1;
  std::uint32_t power = 1, lambda = 0;
  int pick = from;
  int hand = pit_at(w, from);
  if (hand == 0) {  // nothing sown: one lap tried, as sow_lap answers
    r.origin = from;
    r.laps = 1;
    return r;
  }
  for (;;) {
    r.origin = pick;
    r.last = lap(w, pick, hand, skip_origin);
    ++r.laps;
    if (decide(static_cast<const PitWords&>(w), r.last, r.origin) == SowNext::stop) return r;
    pick = r.last;
    hand = pit_at(w, pick);  // one at least: the last counter fell there (decide read it too)
    // Brent: compare with the state saved at the last power of two.
    if (pick == saved_pick && w.low == saved.low && w.high == saved.high) {
      r.endless = true;
      return r;
    }
    if (lambda == power) {
      saved = w;
      saved_pick = pick;
      power *= 2;
      lambda = 0;
    }
    ++lambda;
  }
}
}  // namespace detail

template <class Decide>
SowResult relay_sow(Pits& pits, int from, bool skip_origin, Decide&& decide) {
  detail::PitWords w = detail::load_pits(pits);
  return detail::relay_sow_words(w, from, skip_origin, [&](const detail::PitWords& now, int last, int origin) {
    detail::store_pits(pits, now);
    return decide(static_cast<const Pits&>(pits), last, origin);
  });
}

/// The positions of one board or stage seen so far, for the repetition rules
/// of Mankalah and Um el-Banât: the counts, the player to move, and a
/// `context` word for what else a repeat must share (Um el-Banât: the
/// daughters' marks). Counters leave a board (captures, pecks) and never come
/// back within it, and marks are only added, so a position can repeat only
/// one seen since the count on the board or the context last changed: `seen`
/// forgets the others. The rest are kept in an open-addressing hash set whose
/// slots carry the generation they were written in, so that forgetting is
/// one increment and a lookup a probe or two; the table grows to the longest
/// stretch of a game and is then reused.
///
///
/// For State::undo, keep_log(true) also logs the positions in the order
/// first seen (16 bytes a position, the stretches clear() forgets
/// included): mark() is where the history stands, and restore(mark) forgets
/// what was seen since and, across a clear(), sees again what was seen
/// before it. Off (the default), nothing is logged.
class PitsHistory {
 public:
  /// Whether (pits, side, context) was seen; then remembers it.
  bool seen(const Pits& pits, int side, std::uint64_t context = 0);
  /// Forgets every position.
  void clear() noexcept;

  /// Where the history stands, for restore().
  struct Mark {
    std::size_t logged = 0, begin = 0;  // the log's length and the stretch's start in it
    int total = -1;
    std::uint64_t context = 0;
  };
  Mark mark() const noexcept { return Mark{log_.size(), begin_, total_, context_}; }
  /// Back to `m`, a mark() taken under keep_log(true) (since it was last
  /// set) and not restored past since: the positions seen then, no others.
  /// No allocation (the table and the log never shrink their storage).
  void restore(const Mark& m) noexcept;
  /// Whether the positions are logged for restore(). On: the log starts
  /// with this stretch's positions. Off drops the log.
  void keep_log(bool keep);

 private:
  struct Slot {
    std::uint64_t low = 0, high = 0;  // pits A..b as bytes; pits c..f and the side
    std::uint32_t generation = 0;     // 0: never written
  };
  struct Key {
    std::uint64_t low = 0, high = 0;
  };
  void grow();
  std::size_t home(std::uint64_t low, std::uint64_t high) const noexcept;
  template <bool Log>  // the position into log_ if new and keep_log_
  bool insert(std::uint64_t low, std::uint64_t high);  // false if present
  void erase(std::uint64_t low, std::uint64_t high) noexcept;  // present

  std::vector<Slot> slots_;  // a power of two in size, or empty
  std::uint32_t generation_ = 1;
  std::size_t size_ = 0;     // slots of this generation
  int total_ = -1;
  std::uint64_t context_ = 0;
  std::vector<Key> log_;     // under keep_log_, the positions seen, in order: log_[begin_..) this stretch's
  std::size_t begin_ = 0;
  bool keep_log_ = false;
};

/// The Memory of a mancala game's State (the engines' adapter,
/// lib/src/engine_state.hpp): the positions seen, for the repetition rules,
/// restored by State::undo through a mark (no copy).
struct RepetitionMemory {
  PitsHistory seen;
  using Mark = PitsHistory::Mark;
  Mark mark() const noexcept { return seen.mark(); }
  void restore(const Mark& m) noexcept { seen.restore(m); }
  void keep(bool on) { seen.keep_log(on); }
};

}  // namespace beyt
