// Mankalah (Lane) (beyt/mankalah.hpp): the text diagram, the SVG drawing
// and the words of a turn (docs/DIAGRAMS.md).

#include "beyt/mankalah.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"
#include "../../game_table.hpp"
#include "../../mancala_svg.hpp"
#include "../../text_board.hpp"
#include "mankalah_internal.hpp"

#include <charconv>
#include <cstring>
#include <utility>

namespace beyt {
using namespace mankalah_impl;

// ---------------------------------------------------------------------------
// Diagram: Lane's lettered board with the counts in each beyt
// ---------------------------------------------------------------------------

namespace {

using Glyphs = BoxGlyphs;
constexpr const Glyphs& kUnicode = kUnicodeBox;
constexpr const Glyphs& kAscii = kAsciiBox;

void rule(std::string& out, const Glyphs& g, const char* l, const char* m, const char* r) {
  box_rule(out, g, 6, 4, "  ", l, m, r);
}

std::string cell(int count, bool empty_board) {
  if (empty_board || count == 0) return "    ";
  std::string n = std::to_string(count);
  return std::string(3 - std::min<std::size_t>(3, n.size()), ' ') + n + " ";
}

}  // namespace

std::string mankalah_render(const MankalahPosition& pos, const RenderOptions& ro) {
  const Glyphs& g = ro.style == DiagramStyle::unicode ? kUnicode : kAscii;
  std::string out;
  auto score = [&](Side s) {
    return "  " + side_str(s) + (ro.empty_board ? std::string()
                                                : ": taken " + std::to_string(pos.taken[static_cast<int>(s)]) +
                                                      ", gains " + std::to_string(pos.gains[static_cast<int>(s)]));
  };
  if (ro.coordinates) out += "     f    e    d    c    b    a\n";
  rule(out, g, g.tl, g.tm, g.tr);
  out += "  ";
  out += g.v;
  for (int b = 11; b >= 6; --b) (out += cell(pos.pits[b], ro.empty_board)) += g.v;
  out += score(Side::north) + "\n";
  rule(out, g, g.ml, g.mm, g.mr);
  out += "  ";
  out += g.v;
  for (int b = 0; b < 6; ++b) (out += cell(pos.pits[b], ro.empty_board)) += g.v;
  out += score(Side::south) + "\n";
  rule(out, g, g.bl, g.bm, g.br);
  if (ro.coordinates) out += "     A    B    C    D    E    F\n";
  if (ro.show_to_move && !ro.empty_board) {
    switch (pos.phase) {
      case MankalahPhase::distribute: out += side_str(pos.distributor) + " to distribute the hasa\n"; break;
      case MankalahPhase::choose:
        out += side_str(pos.to_move) + " to move (or turn the board)\n";
        break;
      case MankalahPhase::play: out += side_str(pos.to_move) + " to move\n"; break;
      case MankalahPhase::end:
        out += "Board ended: " + std::to_string(pos.taken[0]) + "-" + std::to_string(pos.taken[1]) + "\n";
        break;
      case MankalahPhase::over: out += "Match over: " + std::string(result_token(mankalah_outcome(pos))) + "\n"; break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// SVG drawing (docs/DIAGRAMS.md): Lane's lettered board (mancala_svg.hpp),
// the count of hasa in each beyt as a numeral, each side's hasa taken on this
// board and his gains in the match at the right of his row.
// ---------------------------------------------------------------------------

namespace mankalah_impl {

void mankalah_draw_pieces(const MankalahPosition& pos, svg::Canvas& c, const DrawOptions& d) {
  std::array<std::string, 2> totals;
  for (int s = 0; s < 2; ++s)
    totals[s] = "taken " + std::to_string(pos.taken[s]) + ", gains " + std::to_string(pos.gains[s]);
  mancala_svg::draw_counts(c, d, pos.pits, totals);
}

// The beyt sown from (and the feeder's beyt), the beyt of the last hasweh,
// the beyts whose hasa were taken; a tebweez, a turn or a board end touches
// no beyt.
MoveCells mankalah_move_cells(const MankalahOptions& o, const MankalahPosition& pos, std::string_view text) {
  MoveCells out;
  MankalahMove m;
  if (mankalah_parse(text, m) || mankalah_check(o, pos, m)) return out;
  if (m.kind != MankalahMoveKind::sow && m.kind != MankalahMoveKind::feed) return out;
  auto name = [](int b) { return std::string(1, pit_letter(b)); };
  Pits start = pos.pits;
  if (m.kind == MankalahMoveKind::feed) {
    --start[m.feed_from];
    ++start[m.beyt];
    out.from.push_back(name(m.feed_from));
  }
  out.from.push_back(name(m.beyt));
  MankalahSowing r = mankalah_sow(start, m.beyt, o.skip_origin);
  if (r.last >= 0) out.to.push_back(name(r.last));
  for (int b = 0; b < kPits; ++b)
    if (r.captured[b]) out.captured.push_back(name(b));
  return out;
}

// What a turn did, for a caption (`after`: the position the State reached,
// the repetition rule included): the distribution, turning the board, the
// sowing with its take and a feed, the board ending on it (each taking the
// hasa of his own row), the board end's gains and the match won.
std::string mankalah_describe(const MankalahOptions& o, const MankalahPosition& pos, const MankalahPosition& after,
                              std::string_view text) {
  MankalahMove m;
  if (mankalah_parse(text, m)) return {};
  const std::string mover = side_str(pos.to_move), other = side_str(opponent(pos.to_move));
  switch (m.kind) {
    case MankalahMoveKind::distribute: return mover + " distributes the 72 hasa";
    case MankalahMoveKind::turn: return mover + " turns the board: " + other + " begins";
    case MankalahMoveKind::board_end: {
      const int s = pos.taken[0], n = pos.taken[1];
      std::string out = "Board ends: South took " + std::to_string(s) + ", North " + std::to_string(n) + "; ";
      out += s == n ? std::string("nobody gains")
                    : side_str(s > n ? Side::south : Side::north) + " gains " + std::to_string(s > n ? s - n : n - s);
      if (after.phase == MankalahPhase::over) {
        Side w = after.gains[0] > after.gains[1] ? Side::south : Side::north;
        out += "; " + side_str(w) + " wins the match, " + std::to_string(after.gains[static_cast<int>(w)]) + " to " +
               std::to_string(after.gains[static_cast<int>(opponent(w))]);
      }
      return out;
    }
    case MankalahMoveKind::sow:
    case MankalahMoveKind::feed: break;
  }
  std::string out;
  if (m.kind == MankalahMoveKind::feed)
    out = other + " puts a hasweh from " + std::string(1, pit_letter(m.feed_from)) + " into " +
          std::string(1, pit_letter(m.beyt)) + "; ";
  const int taken = after.taken[static_cast<int>(pos.to_move)] - pos.taken[static_cast<int>(pos.to_move)];
  Pits start = pos.pits;
  if (m.kind == MankalahMoveKind::feed) --start[m.feed_from], ++start[m.beyt];
  const MankalahSowing r = mankalah_sow(start, m.beyt, o.skip_origin);
  out += mover + " sows from " + std::string(1, pit_letter(m.beyt));
  if (after.phase == MankalahPhase::end && board_total(after.pits) == 0 && pos.phase != MankalahPhase::end) {
    // The board ended on this turn: what was left went to the row's owner.
    const int sown_take = m.taken >= 0 ? m.taken : r.taken;
    const int left = after.taken[0] + after.taken[1] - pos.taken[0] - pos.taken[1] - sown_take;
    if (sown_take > 0) out += " and takes " + std::to_string(sown_take);
    if (left > 0)
      out += left == 1 ? "; the board ends: the last hasweh goes to the owner of its row"
                       : "; the board ends: each takes the hasa on his own side";
    else
      out += "; the board is clear";
    return out;
  }
  if (taken > 0) out += " and takes " + std::to_string(taken);
  return out;
}

}  // namespace mankalah_impl

}  // namespace beyt
