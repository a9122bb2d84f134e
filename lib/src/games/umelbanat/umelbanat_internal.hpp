// Um el-Banât's engine (beyt/umelbanat.hpp), shared by its files. Private
// to the library. Sources: Davies 1925, docs/RULES.md §Um el-Banât.
#pragma once
#include "beyt/sowing.hpp"
#include "beyt/umelbanat.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"

#include <string>
#include <string_view>

// What the engine's files share (each file's own helpers stay in its
// anonymous namespace; a file says `using namespace umelbanat_impl`).
namespace beyt::umelbanat_impl {

constexpr auto syntax = engine::syntax_error<9>;
constexpr auto setup_error = engine::setup_error<9>;
inline std::string house_str(int h) { return std::string(1, pit_letter(h)); }

// umelbanat_parse without m = UmelbanatMove{}, which zeroes 200 bytes of
// houses and offsets, of which only the first n are ever read: play_turn() keeps
// one move and reads every turn into it. The entries past n keep what they held.
inline Error parse_into(std::string_view t, UmelbanatMove& m) {
  m.kind = UmelbanatMoveKind::sowings;
  m.n = 0;
  m.score = {{0, 0}};
  if (t.empty()) return syntax(0, "empty move");
  if (t == "--") {
    m.kind = UmelbanatMoveKind::pass;
    return Error::none();
  }
  if (t[0] == '#') {
    m.kind = UmelbanatMoveKind::stage_end;
    std::size_t i = 1;
    if (!read_number(t, i, m.score[0])) return syntax(i, "expected South's count after '#'");
    if (i >= t.size() || t[i] != '-') return syntax(i, "expected '-' between the counts");
    ++i;
    if (!read_number(t, i, m.score[1])) return syntax(i, "expected North's count");
    if (i != t.size()) return syntax(i, "unexpected character after the stage end");
    return Error::none();
  }
  std::size_t i = 0;
  for (;;) {
    if (i >= t.size() || pit_of_letter(t[i]) < 0) return syntax(i, "expected a house letter A-F or a-f");
    if (m.n == kUmelbanatMaxSowings) return syntax(i, "more sowings than counters in one turn");
    m.houses[m.n] = static_cast<std::int8_t>(pit_of_letter(t[i]));
    m.offsets[m.n++] = static_cast<std::uint16_t>(i);
    ++i;
    if (i == t.size()) return Error::none();
    if (t[i] != ',') return syntax(i, "expected ',' between the sowings of one turn");
    ++i;
  }
}

// The sowings of side s on a position as its houses' masks (bit h: house
// h), worked out once for all the houses s may sow from (sowing.cpp).
struct SowFacts {
  std::uint32_t sowable = 0;    // s's houses that hold counters and no daughter
  std::uint32_t daughters = 0;  // every daughter's house
  std::uint32_t theirs = 0;     // the opponent's houses
};
SowFacts sow_facts(const UmelbanatPosition& p, Side s) noexcept;
// Whether every sowing from the position of `f` ends: so when a daughter's
// house d is on the board. A sowing takes no counter out of d (a lap that
// ends there stops), and every lap that passes over d (any of eleven or
// more counters does) drops one in it; a lap that does not ends further
// along the houses that follow d than it began, so at most ten laps in a
// row pass d by. d's count thus grows at least every eleven laps and never
// falls: no (counts, pick-up house) comes back, and a sowing whose states
// never come back ends (they are finitely many). Without a daughter a
// sowing may never end (docs/RULES.md §Um el-Banât): it is sown to know.
constexpr bool all_sowings_end(const SowFacts& f) noexcept { return f.daughters != 0; }
// One sowing on the counts alone, as umelbanat_sow makes it, up to where
// its laps stop: the counts then (before a peck takes two), the house of
// its last counter, whether it never ends (then `pits` is of no use).
struct Sown {
  detail::PitWords pits;
  std::int8_t last = -1;
  bool endless = false;
};
// The sowing from `house` (sowable: a bit of f.sowable) on counts `w` of
// the position of `f`.
Sown sow_words(const UmelbanatOptions& o, const SowFacts& f, const detail::PitWords& w, int house) noexcept;
// The rest of umelbanat_sow: `sown`, a sowing of side `side` on `pos`, made
// there (its counts stored, then the peck, nourishing, empty house or
// daughter begotten where it stopped).
UmelbanatStop settle(UmelbanatPosition& pos, const Sown& sown, Side side, int* last_out = nullptr) noexcept;

// Defined in the engine's files (rules.cpp, notation.cpp, drawing.cpp).
void umelbanat_draw_pieces(const UmelbanatPosition& pos, svg::Canvas& c, const DrawOptions& d);
MoveCells umelbanat_move_cells(const UmelbanatOptions& o, const UmelbanatPosition& pos, std::string_view text);
std::string umelbanat_describe(const UmelbanatOptions& o, const UmelbanatPosition& pos,
                               const UmelbanatPosition& after, std::string_view text);

}  // namespace beyt::umelbanat_impl
