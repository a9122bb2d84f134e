// Um el-Banât (Davies) (beyt/umelbanat.hpp): the move text and the position
// text (NOTATION.md section 9).

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
// Move text
// ---------------------------------------------------------------------------

Error umelbanat_parse(std::string_view t, UmelbanatMove& m) {
  m = UmelbanatMove{};
  return parse_into(t, m);
}

void umelbanat_format(const UmelbanatMove& m, std::string& out) {
  switch (m.kind) {
    case UmelbanatMoveKind::pass: out += "--"; return;
    case UmelbanatMoveKind::stage_end:
      out += "#" + std::to_string(m.score[0]) + "-" + std::to_string(m.score[1]);
      return;
    case UmelbanatMoveKind::sowings: break;
  }
  // Written on the stack, then appended once (a random turn's text: one
  // append, not one a character).
  char text[2 * kUmelbanatMaxSowings];
  std::size_t n = 0;
  for (int i = 0; i < m.n; ++i) {
    text[n] = ',';
    n += i > 0;
    text[n++] = pit_letter(m.houses[i]);
  }
  out.append(text, n);
}

std::string umelbanat_format(const UmelbanatMove& m) {
  std::string out;
  umelbanat_format(m, out);
  return out;
}

// ---------------------------------------------------------------------------
// Position text (NOTATION.md section 9)
// ---------------------------------------------------------------------------

namespace {

constexpr std::array<std::string_view, 3> kPhaseNames{"play", "end", "over"};

bool read_side(std::string_view f, Side& out) {
  if (f != "S" && f != "N") return false;
  out = f == "S" ? Side::south : Side::north;
  return true;
}

}  // namespace

Expected<UmelbanatPosition> UmelbanatPosition::parse(std::string_view t) {
  UmelbanatPosition p;
  std::array<std::pair<std::size_t, std::string_view>, 7> f{};
  std::size_t nf = 0, start = 0;
  for (std::size_t i = 0; i <= t.size(); ++i)
    if (i == t.size() || t[i] == ' ') {
      if (nf == f.size()) return setup_error(i, "too many fields");
      f[nf++] = {start, t.substr(start, i - start)};
      start = i + 1;
    }
  if (nf != 7) return setup_error(0, "expected: counts owners daughters held to-move phase starter");
  std::size_t i = 0;
  for (int h = 0; h < kPits; ++h) {
    if (h > 0) {
      if (i >= f[0].second.size() || f[0].second[i] != ',') return setup_error(i, "expected ',' (12 counts)");
      ++i;
    }
    int n = 0;
    if (!read_number(f[0].second, i, n) || n > kUmelbanatCounters) return setup_error(i, "expected a count from 0 to 48");
    p.pits[h] = static_cast<std::uint8_t>(n);
  }
  if (i != f[0].second.size()) return setup_error(i, "exactly 12 counts, A..F then a..f");
  if (f[1].second.size() != kPits) return setup_error(f[1].first, "expected 12 owners, S or N, A..F then a..f");
  if (f[2].second.size() != kPits) return setup_error(f[2].first, "expected 12 daughter marks, -, s or n");
  for (int h = 0; h < kPits; ++h) {
    char c = f[1].second[h], d = f[2].second[h];
    if (c != 'S' && c != 'N') return setup_error(f[1].first + h, "an owner is S or N");
    p.owner[h] = c == 'S' ? Side::south : Side::north;
    if (d != '-' && d != 's' && d != 'n') return setup_error(f[2].first + h, "a daughter mark is -, s or n");
    p.mark[h] = d == '-' ? UmelbanatMark::none : d == 's' ? UmelbanatMark::south : UmelbanatMark::north;
  }
  std::string_view held = f[3].second;
  i = 0;
  if (!read_number(held, i, p.held[0]) || i >= held.size() || held[i] != '-' ||
      !read_number(held, ++i, p.held[1]) || i != held.size())
    return setup_error(f[3].first, "expected the counters held, South-North");
  bool known = false;
  for (std::size_t k = 0; k < kPhaseNames.size(); ++k)
    if (f[5].second == kPhaseNames[k]) {
      p.phase = static_cast<UmelbanatPhase>(k);
      known = true;
    }
  if (!known) return setup_error(f[5].first, "expected the phase: play, end or over");
  bool dash = f[4].second == "-";
  if (dash != (p.phase != UmelbanatPhase::play))
    return setup_error(f[4].first, "the side to move is '-' exactly at a stage end or when the game is over");
  if (!dash && !read_side(f[4].second, p.to_move)) return setup_error(f[4].first, "expected the side to move: S or N");
  if (!read_side(f[6].second, p.starter)) return setup_error(f[6].first, "expected who began the stage: S or N");
  if (dash) p.to_move = p.starter;
  return p;
}

std::uint64_t UmelbanatPosition::hash() const noexcept {
  return PositionHash{}.add(pits).add(owner).add(mark).add(held).add(to_move).add(phase).add(starter).value();
}

std::string UmelbanatPosition::text() const {
  std::string out;
  for (int h = 0; h < kPits; ++h) {
    if (h > 0) out += ',';
    out += std::to_string(pits[h]);
  }
  out += ' ';
  for (Side s : owner) out += side_letter(s);
  out += ' ';
  for (UmelbanatMark m : mark) out += m == UmelbanatMark::none ? '-' : m == UmelbanatMark::south ? 's' : 'n';
  out += " " + std::to_string(held[0]) + "-" + std::to_string(held[1]) + " ";
  out += phase == UmelbanatPhase::play ? side_letter(to_move) : '-';
  out += ' ';
  out += kPhaseNames[static_cast<int>(phase)];
  out += ' ';
  out += side_letter(starter);
  return out;
}

Error umelbanat_validate(const UmelbanatOptions&, const UmelbanatPosition& p) {
  if (pit_sum<0, kPits>(p.pits) + p.held[0] + p.held[1] != kUmelbanatCounters)
    return setup_error(0, "the houses and the counters held make 48");
  for (int h = 0; h < kPits; ++h)
    if (p.mark[h] != UmelbanatMark::none && p.mark[h] == daughter_of(p.owner[h]))
      return setup_error(0, "a daughter is begotten in an opponent's house, not in " + house_str(h));
  if (p.phase == UmelbanatPhase::play && p.only_daughters())
    return setup_error(0, "only daughters' houses hold counters: the stage has ended (phase end)");
  if (p.phase == UmelbanatPhase::end && !p.only_daughters())
    return setup_error(0, "at a stage end only daughters' houses hold counters");
  if (p.phase == UmelbanatPhase::over && p.houses(Side::south) != 0 && p.houses(Side::north) != 0)
    return setup_error(0, "the game is over when a player has no houses");
  if (p.phase != UmelbanatPhase::over && (p.houses(Side::south) == 0 || p.houses(Side::north) == 0))
    return setup_error(0, "a player without houses has lost: the phase is over");
  return Error::none();
}

}  // namespace beyt
