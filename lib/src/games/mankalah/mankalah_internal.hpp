// Mankalah's engine (beyt/mankalah.hpp), shared by its files: Lane's
// sowing, and a position settled after a move. Private to the library.
// Sources: Lane 1836, docs/RULES.md §Mankalah; readings of our own are in
// its Finer points.
#pragma once
#include "beyt/mankalah.hpp"
#include "beyt/sowing.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"

#include <array>
#include <charconv>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

// What the engine's files share (each file's own helpers stay in its
// anonymous namespace; a file says `using namespace mankalah_impl`).
namespace beyt::mankalah_impl {

constexpr auto syntax = engine::syntax_error<8>;
constexpr auto setup_error = engine::setup_error<8>;
inline int row_start(Side s) { return s == Side::south ? 0 : 6; }
inline bool in_row(int beyt, Side s) { return south_row(beyt) == (s == Side::south); }
inline Side row_owner(int beyt) { return south_row(beyt) ? Side::south : Side::north; }

// ---------------------------------------------------------------------------
// Sowing (docs/RULES.md §Mankalah "Sowing", "Finer points")
// ---------------------------------------------------------------------------

// Lane: "if it contain two or four, he takes its contents, with those of the
// beyt opposite; and if ... one or more of the preceding beyts also contain
// either of these numbers, no beyt with any other number intervening, he takes
// the contents of these preceding beyts also, with the contents of those
// opposite". docs/RULES.md §Mankalah Finer points: judged on the counts when the last
// hasweh falls; no beyt counted twice; the walk back stops at the emptied beyt
// the handful came from; chains may cross rows. The last beyt itself is always
// taken, even when a lap of twelve or more ended in its own origin
// (skip-origin=no): the stop is about the walk back, not the last beyt.
// `take` receives the beyts taken, one bit each (bit i: beyt i); the counts
// are judged before any is taken (the walk back reads, then the beyts empty).
inline int capture_chain(Pits& pits, int last, int origin, unsigned& take) {
  unsigned mask = 0;
  int p = last;
  do {
    if (pits[p] != 2 && pits[p] != 4) break;
    mask |= 1u << p | 1u << opposite_pit(p);
    p = prev_pit(p);
  } while (p != origin);
  int taken = 0;
  for (unsigned rest = mask; rest != 0; rest &= rest - 1) {
    const int i = __builtin_ctz(rest);
    taken += pits[i];
    pits[i] = 0;
  }
  take = mask;
  return taken;
}

// Lane: "If the last beyt ... contain but one ... he ceases; ... if it contain
// two or four, he takes ...; If ... three, or five, or more, he takes these
// out, and goes on distributing them" (the relay; docs/RULES.md §Mankalah
// "Sowing"). Sows from `beyt` on `pits` in place: the relay's result, with
// `taken` the hasa taken (0 when endless: `pits` then holds some board of the
// cycle) and `captured` the beyts taken, one bit each.
struct InPlace {
  SowResult relay;
  int taken = 0;
  unsigned captured = 0;
};
inline InPlace sow_in_place(Pits& pits, int beyt, bool skip_origin) noexcept {
  auto decide = [](const detail::PitWords& w, int last, int) {
    const int c = detail::pit_at(w, last);
    return c == 1 || c == 2 || c == 4 ? SowNext::stop : SowNext::relay;
  };
  detail::PitWords w = detail::load_pits(pits);
  InPlace out{detail::relay_sow_words(w, beyt, skip_origin, decide)};  // made in place, not copied
  detail::store_pits(pits, w);
  if (out.relay.endless || out.relay.last < 0) return out;
  const int c = detail::pit_at(w, out.relay.last);
  if (c == 2 || c == 4) out.taken = capture_chain(pits, out.relay.last, out.relay.origin, out.captured);
  return out;
}

// ---------------------------------------------------------------------------
// Settling a position after a move
// ---------------------------------------------------------------------------

inline int board_total(const Pits& p) { return pit_sum<0, kPits>(p); }

inline void end_board(MankalahPosition& pos) {
  for (int i = 0; i < kPits; ++i) {
    pos.taken[static_cast<int>(row_owner(i))] += pos.pits[i];
    pos.pits[i] = 0;
  }
  pos.phase = MankalahPhase::end;
  pos.to_move = pos.distributor;  // the referee acts; the text writes '-'
}

// What a turn needs of a sowing: the board after it, the take, and whether
// it never ends.
struct Sown {
  Pits pits;
  std::uint8_t taken;    // at most 72
  std::uint8_t endless;  // 0 or 1 (a byte: copied while unset, never read so)
};

// The sowings reckoned on one board, kept for the next question about it: a
// move is sown when it is checked, when it is made, and the next mover's
// sowings when the board is settled (whether any of them ends), which his
// move then sows again; legal moves ask about every beyt. The sowing is a
// pure function of (pits, beyt) under one option set, so each is reckoned
// once. Only `board` and `known` need a value to start: a slot is read only
// once its bit in `known` is set.
struct SowMemo {
  Pits board{};
  std::uint16_t known = 0;  // bit b: sown[b] is the sowing from b on `board`
  std::array<Sown, kPits> sown;
};

// a == b in two loads, not a call to memcmp (a sowing is checked every turn).
inline bool same_pits(const Pits& a, const Pits& b) noexcept {
  std::uint64_t a8 = 0, b8 = 0;
  std::uint32_t a4 = 0, b4 = 0;
  std::memcpy(&a8, a.data(), 8);
  std::memcpy(&b8, b.data(), 8);
  std::memcpy(&a4, a.data() + 8, 4);
  std::memcpy(&b4, b.data() + 8, 4);
  return a8 == b8 && a4 == b4;
}

inline const Sown& sow(const MankalahOptions& o, const Pits& pits, int beyt, SowMemo& memo) {
  if (!same_pits(memo.board, pits)) {
    memo.board = pits;
    memo.known = 0;
  }
  Sown& out = memo.sown[static_cast<std::size_t>(beyt)];
  if (!(memo.known >> beyt & 1u)) {
    out.pits = pits;
    const InPlace r = sow_in_place(out.pits, beyt, o.skip_origin);
    out.taken = static_cast<std::uint8_t>(r.taken);
    out.endless = r.relay.endless ? 1 : 0;
    memo.known = static_cast<std::uint16_t>(memo.known | 1u << beyt);
  }
  return out;
}

// Whether the mover, who has hasa in his row (so that no feed is due), has a
// sowing that ends.
inline bool has_ending_sowing(const MankalahOptions& o, const MankalahPosition& pos, SowMemo& memo) {
  const Side s = pos.to_move;
  if (o.way == MankalahWay::ghasheem) {
    int b = mankalah_forced_beyt(pos.pits, s);
    return b >= 0 && !sow(o, pos.pits, b, memo).endless;
  }
  for (int b = row_start(s); b < row_start(s) + 6; ++b)
    if (pos.pits[b] > 0 && !sow(o, pos.pits, b, memo).endless) return true;
  return false;
}

// After every sowing, feed or turn (docs/RULES.md §Mankalah "Empty side", Finer points:
// "If exactly one hasweh remains after a sowing, the board ends at once").
inline void settle(const MankalahOptions& o, MankalahPosition& pos, SowMemo& memo) {
  if (pos.phase != MankalahPhase::play && pos.phase != MankalahPhase::choose) return;
  const int mover = pos.row(pos.to_move), total = mover + pos.row(opponent(pos.to_move));
  if (total <= 1) {
    end_board(pos);  // Lane: "that one is the property of the person on whose side it is"
    return;
  }
  // Our reading (docs/RULES.md §Mankalah Finer points): a player whose every sowing never
  // ends cannot play; the board ends as a loop does, each taking his own row.
  if (pos.phase == MankalahPhase::play && mover > 0 && !has_ending_sowing(o, pos, memo))
    end_board(pos);
}

inline void next_board(const MankalahOptions& o, MankalahPosition& pos) {
  const int s = pos.taken[0], n = pos.taken[1];
  Side distributor;
  if (s != n) {
    // Lane: "The gainer in one board begins to play the next board; his
    // adversary having first distributed the hasa."
    Side gainer = s > n ? Side::south : Side::north;
    pos.gains[static_cast<int>(gainer)] += s > n ? s - n : n - s;
    distributor = opponent(gainer);
  } else {
    distributor = pos.began();  // docs/RULES.md §Mankalah Finer points: on a tie, whoever began distributes
  }
  pos.taken = {0, 0};
  pos.pits = {};
  pos.turned = false;
  pos.distributor = distributor;
  pos.to_move = distributor;
  pos.phase = (pos.gains[0] >= o.target || pos.gains[1] >= o.target) ? MankalahPhase::over
                                                                       : MankalahPhase::distribute;
}

// n in decimal, appended (the move text's counts).
inline void append_number(std::string& out, int n) {
  char digits[12];
  auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
  out.append(digits, static_cast<std::size_t>(end - digits));
}

// Defined in the engine's files (rules.cpp, drawing.cpp).
void mankalah_draw_pieces(const MankalahPosition& pos, svg::Canvas& c, const DrawOptions& d);
MoveCells mankalah_move_cells(const MankalahOptions& o, const MankalahPosition& pos, std::string_view text);
std::string mankalah_describe(const MankalahOptions& o, const MankalahPosition& pos, const MankalahPosition& after,
                              std::string_view text);

}  // namespace beyt::mankalah_impl
