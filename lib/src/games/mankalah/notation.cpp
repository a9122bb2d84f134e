// Mankalah (Lane) (beyt/mankalah.hpp): the position text
// (NOTATION.md section 8).

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
// Position text (NOTATION.md section 8)
// ---------------------------------------------------------------------------

namespace {

constexpr std::array<std::string_view, 5> kPhaseNames{"distribute", "choose", "play", "end", "over"};

// "a-b" at t[i..]; advances i.
bool read_pair(std::string_view t, std::size_t& i, std::array<int, 2>& out) {
  if (!read_number(t, i, out[0]) || i >= t.size() || t[i] != '-') return false;
  ++i;
  return read_number(t, i, out[1]);
}

bool read_side(char c, Side& out) {
  if (c != 'S' && c != 'N') return false;
  out = c == 'S' ? Side::south : Side::north;
  return true;
}

// Splits at single spaces.
std::vector<std::pair<std::size_t, std::string_view>> fields(std::string_view t) {
  std::vector<std::pair<std::size_t, std::string_view>> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= t.size(); ++i)
    if (i == t.size() || t[i] == ' ') {
      out.emplace_back(start, t.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

}  // namespace

MankalahPosition MankalahPosition::initial(const MankalahOptions&) { return MankalahPosition{}; }

Expected<MankalahPosition> MankalahPosition::parse(std::string_view t) {
  MankalahPosition p;
  auto f = fields(t);
  if (f.size() != 6 && f.size() != 7)
    return setup_error(0, "expected: counts to-move phase taken gains distributor [turned]");
  MankalahMove m;
  std::string eq = "=" + std::string(f[0].second);
  if (mankalah_parse(eq, m)) return setup_error(0, "expected 12 counts A..F then a..f, separated by ','");
  p.pits = m.counts;
  auto [at1, mover] = f[1];
  if (mover != "-" && (mover.size() != 1 || !read_side(mover[0], p.to_move)))
    return setup_error(at1, "expected the side to move: S, N or -");
  auto [at2, phase] = f[2];
  bool known = false;
  for (std::size_t k = 0; k < kPhaseNames.size(); ++k)
    if (phase == kPhaseNames[k]) {
      p.phase = static_cast<MankalahPhase>(k);
      known = true;
    }
  if (!known) return setup_error(at2, "expected the phase: distribute, choose, play, end or over");
  for (int k = 3; k <= 4; ++k) {
    std::size_t i = 0;
    auto& pair = k == 3 ? p.taken : p.gains;
    if (!read_pair(f[k].second, i, pair) || i != f[k].second.size())
      return setup_error(f[k].first, k == 3 ? "expected the hasa taken, South-North" : "expected the gains, South-North");
  }
  if (f[5].second.size() != 1 || !read_side(f[5].second[0], p.distributor))
    return setup_error(f[5].first, "expected the distributor: S or N");
  if (f.size() == 7) {
    if (f[6].second != "turned") return setup_error(f[6].first, "expected 'turned' or nothing");
    p.turned = true;
  }
  bool dash = mover == "-";
  bool ended = p.phase == MankalahPhase::end || p.phase == MankalahPhase::over;
  if (dash != ended) return setup_error(at1, "the side to move is '-' exactly at a board end or when the match is over");
  if (ended) p.to_move = p.distributor;
  return p;
}

std::uint64_t MankalahPosition::hash() const noexcept {
  return PositionHash{}.add(pits).add(taken).add(gains).add(to_move).add(phase).add(distributor).add(turned).value();
}

std::string MankalahPosition::text() const {
  MankalahMove m;
  m.kind = MankalahMoveKind::distribute;
  m.counts = pits;
  std::string out = mankalah_format(m).substr(1);
  bool ended = phase == MankalahPhase::end || phase == MankalahPhase::over;
  out += ' ';
  out += ended ? '-' : side_letter(to_move);
  out += ' ';
  out += kPhaseNames[static_cast<int>(phase)];
  out += " " + std::to_string(taken[0]) + "-" + std::to_string(taken[1]);
  out += " " + std::to_string(gains[0]) + "-" + std::to_string(gains[1]);
  out += ' ';
  out += side_letter(distributor);
  if (turned) out += " turned";
  return out;
}

Error mankalah_validate(const MankalahOptions& o, const MankalahPosition& p) {
  const int on_board = board_total(p.pits), taken = p.taken[0] + p.taken[1];
  switch (p.phase) {
    case MankalahPhase::distribute:
      if (on_board != 0 || taken != 0) return setup_error(0, "before the distribution the board is empty, 0-0 taken");
      if (p.to_move != p.distributor) return setup_error(0, "the distributor is to move before the distribution");
      break;
    case MankalahPhase::choose:
      if (taken != 0 || on_board != kMankalahHasa) return setup_error(0, "right after the distribution all 72 are on the board");
      if (p.to_move == p.distributor || p.turned) return setup_error(0, "the other party chooses whether to turn the board");
      break;
    case MankalahPhase::play:
      if (on_board + taken != kMankalahHasa) return setup_error(0, "the board and the hasa taken make 72");
      if (on_board < 2) return setup_error(0, "a board with one hasweh or none has ended");
      break;
    case MankalahPhase::end:
    case MankalahPhase::over:
      if (on_board != 0) return setup_error(0, "at a board end the board is cleared");
      if (p.phase == MankalahPhase::end && taken != kMankalahHasa) return setup_error(0, "at a board end the hasa taken make 72");
      if (p.phase == MankalahPhase::over && taken != 0) return setup_error(0, "when the match is over no board is in play");
      break;
  }
  bool won = p.gains[0] >= o.target || p.gains[1] >= o.target;
  if (won != (p.phase == MankalahPhase::over))
    return setup_error(0, "the match is over exactly when a side's gains reach the target (" +
                              std::to_string(o.target) + ")");
  if (p.phase == MankalahPhase::over && p.gains[0] >= o.target && p.gains[1] >= o.target)
    return setup_error(0, "only one side can reach the target");
  if (p.turned && p.phase != MankalahPhase::play && p.phase != MankalahPhase::end)
    return setup_error(0, "'turned' only during play and at the board end");
  return Error::none();
}

}  // namespace beyt
