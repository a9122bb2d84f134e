// Um el-Banât (Davies) (beyt/umelbanat.hpp): the text diagram, the SVG
// drawing and the words of a turn (docs/DIAGRAMS.md).

#include "beyt/umelbanat.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"
#include "../../game_table.hpp"
#include "../../mancala_svg.hpp"
#include "../../text_board.hpp"
#include "umelbanat_internal.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

namespace beyt {
using namespace umelbanat_impl;

// ---------------------------------------------------------------------------
// Diagram: counts, daughters with their owner, the groove (Davies Fig. 10)
// ---------------------------------------------------------------------------

namespace {

struct Glyphs : BoxGlyphs {
  const char *groove_v, *groove_h, *south, *north;
};
constexpr Glyphs kUnicode{kUnicodeBox, "┃", "━", "♀S", "♀N"};
constexpr Glyphs kAscii{kAsciiBox, "#", "=", "*S", "*N"};

// The houses of a row as drawn, left to right: North's row f..a, South's A..F.
constexpr std::array<std::array<int, 6>, 2> kRows{{{11, 10, 9, 8, 7, 6}, {0, 1, 2, 3, 4, 5}}};

std::string cell(const UmelbanatPosition& pos, int h, const Glyphs& g, bool empty_board) {
  std::string n = empty_board || pos.pits[h] == 0 ? "" : std::to_string(pos.pits[h]);
  std::string out = std::string(3 - std::min<std::size_t>(3, n.size()), ' ') + n;
  if (empty_board || pos.mark[h] == UmelbanatMark::none) return out + "   ";
  return out + " " + (pos.mark[h] == UmelbanatMark::south ? g.south : g.north);
}

void row_line(std::string& out, const UmelbanatPosition& pos, const Glyphs& g, int r, bool empty_board) {
  const auto& row = kRows[r];
  out += "  ";
  out += g.v;
  for (int k = 0; k < 6; ++k) {
    out += cell(pos, row[k], g, empty_board);
    bool groove = k < 5 && pos.owner[row[k]] != pos.owner[row[k + 1]];
    out += k < 5 && groove ? g.groove_v : g.v;
  }
}

void rule(std::string& out, const Glyphs& g, const char* l, const char* m, const char* r,
          const std::array<bool, 6>* groove) {
  out += "  ";
  out += l;
  for (int k = 0; k < 6; ++k) {
    for (int j = 0; j < 6; ++j) out += groove && (*groove)[k] ? g.groove_h : g.h;
    out += k < 5 ? m : r;
  }
  out += '\n';
}

std::string houses_of(const UmelbanatPosition& pos, Side s) {
  std::string out;  // in sowing order from the side's first house (A, a)
  for (int k = 0; k < kPits; ++k) {
    int h = (k + (s == Side::south ? 0 : 6)) % kPits;
    if (pos.owner[h] == s) out += pit_letter(h);
  }
  return out.empty() ? "none" : out;
}

}  // namespace

std::string umelbanat_render(const UmelbanatPosition& pos, const RenderOptions& ro) {
  const Glyphs& g = ro.style == DiagramStyle::unicode ? kUnicode : kAscii;
  std::string out;
  std::array<bool, 6> middle{};
  for (int k = 0; k < 6; ++k) middle[k] = pos.owner[kRows[0][k]] != pos.owner[kRows[1][k]];
  auto score = [&](Side s) {
    if (ro.empty_board) return "  " + side_str(s);
    return "  " + side_str(s) + ": held " + std::to_string(pos.held[static_cast<int>(s)]) + ", houses " +
           houses_of(pos, s);
  };
  if (ro.coordinates) out += "     f      e      d      c      b      a\n";
  rule(out, g, g.tl, g.tm, g.tr, nullptr);
  row_line(out, pos, g, 0, ro.empty_board);
  out += score(Side::north) + "\n";
  rule(out, g, g.ml, g.mm, g.mr, &middle);
  row_line(out, pos, g, 1, ro.empty_board);
  out += score(Side::south) + "\n";
  rule(out, g, g.bl, g.bm, g.br, nullptr);
  if (ro.coordinates) out += "     A      B      C      D      E      F\n";
  if (ro.show_to_move && !ro.empty_board) {
    switch (pos.phase) {
      case UmelbanatPhase::play: out += side_str(pos.to_move) + " to move\n"; break;
      case UmelbanatPhase::end:
        out += "Stage ended: South " + std::to_string(pos.stage_total(Side::south)) + ", North " +
               std::to_string(pos.stage_total(Side::north)) + "\n";
        break;
      case UmelbanatPhase::over:
        out += "Game over: " + std::string(result_token(umelbanat_outcome(pos))) + "\n";
        break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// SVG drawing (docs/DIAGRAMS.md): the board of Mankalah (mancala_svg.hpp)
// with North's houses on a hatched ground, Davies' groove as a heavy line
// between the two owners' houses, the counts as numerals, each daughter's
// house marked with her owner (a black disc in the corner for South's, a
// ring with black edges for North's, round the hollow so that the count stays
// clear), and each side's pecked counters and houses.
// ---------------------------------------------------------------------------

namespace umelbanat_impl {

void umelbanat_draw_pieces(const UmelbanatPosition& pos, svg::Canvas& c, const DrawOptions& d) {
  if (d.empty_board) return;
  std::array<std::string, 2> totals;
  for (Side s : {Side::south, Side::north}) {
    int h = pos.houses(s);
    totals[static_cast<int>(s)] = "held " + std::to_string(pos.held[static_cast<int>(s)]) + ", " +
                                  std::to_string(h) + (h == 1 ? " house" : " houses");
  }
  mancala_svg::draw_counts(c, d, pos.pits, totals);
  for (int h = 0; h < kPits; ++h)
    if (pos.mark[h] != UmelbanatMark::none)
      mancala_svg::draw_daughter(c, d, h, pos.mark[h] == UmelbanatMark::south ? Side::south : Side::north);
}

// Each house sown from, the house where each sowing ended (a daughter
// begotten, nourished or pecked, an empty house); a pass or a stage end
// touches no house.
MoveCells umelbanat_move_cells(const UmelbanatOptions& o, const UmelbanatPosition& pos, std::string_view text) {
  MoveCells out;
  UmelbanatMove m;
  if (umelbanat_parse(text, m) || umelbanat_check(o, pos, m)) return out;
  if (m.kind != UmelbanatMoveKind::sowings) return out;
  auto add = [](std::vector<std::string>& list, int h) {
    std::string name(1, pit_letter(h));
    if (std::find(list.begin(), list.end(), name) == list.end()) list.push_back(name);
  };
  UmelbanatPosition w = pos;
  std::array<bool, kPits> pecked{};
  for (int i = 0; i < m.n; ++i) {
    int last = -1;
    add(out.from, m.houses[i]);
    UmelbanatStop stop = umelbanat_sow(o, w, m.houses[i], pos.to_move, &last);
    if (stop == UmelbanatStop::endless || last < 0) break;
    if (stop == UmelbanatStop::peck) pecked[last] = true;
    add(out.to, last);
  }
  // A pecked house that the pecks emptied is crossed as captured; one that
  // still holds counters keeps its solid outline (a cross would hide its
  // count), and the pecked counters show in the side's `held` total.
  std::erase_if(out.to, [&](const std::string& h) {
    const int p = pit_of_letter(h[0]);
    if (!pecked[p] || w.pits[p] != 0) return false;
    out.captured.push_back(h);
    return true;
  });
  return out;
}

// What a turn did, for a caption (`after`: the position the State reached,
// the repetition rule included): a pass, each sowing's peck, daughter
// begotten or nourished, a stage ended by repetition, the stage end's totals
// and the houses of the next stage, the game won.
std::string umelbanat_describe(const UmelbanatOptions& o, const UmelbanatPosition& pos,
                               const UmelbanatPosition& after, std::string_view text) {
  UmelbanatMove m;
  if (umelbanat_parse(text, m)) return {};
  const std::string mover = side_str(pos.to_move);
  if (m.kind == UmelbanatMoveKind::pass) return mover + " passes: he has no house to sow from";
  if (m.kind == UmelbanatMoveKind::stage_end) {
    std::string out = "Stage ends: South holds " + std::to_string(pos.stage_total(Side::south)) + ", North " +
                      std::to_string(pos.stage_total(Side::north));
    if (after.phase == UmelbanatPhase::over) {
      Side w = after.houses(Side::south) > 0 ? Side::south : Side::north;
      return out + "; " + side_str(opponent(w)) + " has no house left: " + side_str(w) + " wins";
    }
    auto houses = [&](Side s) {
      int h = after.houses(s);
      return side_str(s) + " " + std::to_string(h) + (h == 1 ? " house" : " houses");
    };
    return out + "; next stage: " + houses(Side::south) + ", " + houses(Side::north);
  }
  std::vector<std::string> events;
  UmelbanatPosition w = pos;
  for (int i = 0; i < m.n; ++i) {
    const int house = m.houses[static_cast<std::size_t>(i)];
    if (!w.sowable(house, pos.to_move)) return {};
    int last = -1;
    const int held = w.held[static_cast<int>(pos.to_move)];
    UmelbanatStop stop = umelbanat_sow(o, w, house, pos.to_move, &last);
    if (stop == UmelbanatStop::endless || last < 0) return {};
    const std::string at(1, pit_letter(last));
    if (stop == UmelbanatStop::peck)
      events.push_back("pecks " + std::to_string(w.held[static_cast<int>(pos.to_move)] - held) + " in " + at);
    else if (stop == UmelbanatStop::beget)
      events.push_back("begets a daughter in " + at);
    else if (stop == UmelbanatStop::nourish)
      events.push_back("nourishes his daughter in " + at);
  }
  // Each event once: a run of the same event is counted ("pecks 2 in D four
  // times"), and the verb is not repeated ("pecks 2 in b, 3 in c, begets a
  // daughter in e").
  static constexpr const char* kTimes[] = {"", "", " twice", " three times", " four times", " five times",
                                           " six times", " seven times", " eight times", " nine times", " ten times"};
  std::string out, verb;
  for (std::size_t i = 0; i < events.size();) {
    std::size_t run = 1;
    while (i + run < events.size() && events[i + run] == events[i]) ++run;
    const std::string& e = events[i];
    const auto space = e.find(' ');
    const std::string v = e.substr(0, space);
    out += (out.empty() ? mover + " " : ", ") + (v == verb ? e.substr(space + 1) : e);
    if (run > 1) out += run <= 10 ? kTimes[run] : " " + std::to_string(run) + " times";
    verb = v;
    i += run;
  }
  if (after.phase == UmelbanatPhase::end && !w.only_daughters())
    out += std::string(out.empty() ? "" : "; ") +
           "the position repeats: the stage ends, the counters outside daughters' houses go to their houses' owners";
  return out;
}

}  // namespace umelbanat_impl

}  // namespace beyt
