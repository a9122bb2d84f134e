// Seega's engine (beyt/seega.hpp), shared by its files: the board's
// geometry as bitboards and the captures. Private to the library.
// Sources: Lane 1836 ("SEEGA"), Walker 2011; docs/RULES.md §Seega;
// notation/NOTATION.md section 5.
#pragma once
#include "beyt/seega.hpp"
#include "beyt/seega_bits.hpp"
#include "../../engine_helpers.hpp"
#include "../../engine_state.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

// What the engine's files share (each file's own helpers stay in its
// anonymous namespace; a file says `using namespace seega_impl`).
namespace beyt::seega_impl {

// ---------------------------------------------------------------------------
// Board geometry
// ---------------------------------------------------------------------------

// Up, right, down, left: the fixed order of legal_events.
constexpr int kDirFile[4] = {0, 1, 0, -1};
constexpr int kDirRank[4] = {1, 0, -1, 0};

constexpr bool on_board(int file, int rank, int n) { return file >= 0 && rank >= 0 && file < n && rank < n; }
constexpr bool on_board(SeegaCell c, int n) { return c >= 0 && on_board(seega_file(c), seega_rank(c), n); }

// The bitboard of one cell, from a table (a variable shift of 128 bits costs
// more than a load).
inline constexpr std::array<SeegaBits, kSeegaCells> kBit = [] {
  std::array<SeegaBits, kSeegaCells> out{};
  for (int c = 0; c < kSeegaCells; ++c) out[c] = SeegaBits::cell(c);
  return out;
}();
constexpr SeegaBits bit(SeegaCell c) { return kBit[c]; }
// A cell's name, file letter then rank digit ("c3"), as the notation writes
// it (NOTATION.md section 5): seega_cell_name, and the writers of listed
// turns, which put it in place.
constexpr std::array<char, 2> cell_chars(SeegaCell c) {
  return {static_cast<char>('a' + seega_file(c)), static_cast<char>('1' + seega_rank(c))};
}
// The same with one more entry, kNoCell: no cell, no bit (for lookups
// without a branch on "off the board").
constexpr std::uint8_t kNoCell = kSeegaCells;
inline constexpr std::array<SeegaBits, kSeegaCells + 1> kBitOrNone = [] {
  std::array<SeegaBits, kSeegaCells + 1> out{};
  for (int c = 0; c < kSeegaCells; ++c) out[c] = SeegaBits::cell(c);
  return out;
}();

// Bits in a word, and cells in a bitboard (SWAR: no popcnt instruction is
// assumed of the machine).
// A quiet step's text, as seega_format writes it ("b3-c3"), appended.
inline void append_step(SeegaCell c, SeegaCell to, std::string& out) {
  const std::array<char, 2> from = cell_chars(c), step = cell_chars(to);
  const char text[5] = {from[0], from[1], '-', step[0], step[1]};
  out.append(text, 5);
}

inline int popcount64(std::uint64_t w) {
  w = w - ((w >> 1) & 0x5555555555555555ull);
  w = (w & 0x3333333333333333ull) + ((w >> 2) & 0x3333333333333333ull);
  w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return static_cast<int>((w * 0x0101010101010101ull) >> 56);
}
inline int popcount(SeegaBits b) { return popcount64(b.low) + (b.high ? popcount64(b.high) : 0); }

// An n x n board on the 9x9 index, made once per size: its cells as a
// bitboard, the cells with a neighbour to the left and to the right, and the
// neighbour of every cell in each direction (-1 off the board).
struct Geometry {
  SeegaBits board, has_left, has_right, centre;
  std::array<std::array<SeegaCell, 4>, kSeegaCells> next{};
  std::array<bool, kSeegaCells> on{};  // on this board
  std::array<SeegaBits, kSeegaCells> around{};  // the neighbours of each cell
  // [cell][direction]: the neighbour and the cell beyond it, kNoCell off the board.
  std::array<std::array<std::array<std::uint8_t, 2>, 4>, kSeegaCells> line{};

  static constexpr Geometry make(int n) {
    Geometry g;
    for (SeegaCell c = 0; c < kSeegaCells; ++c)
      for (int d = 0; d < 4; ++d) {
        int f = seega_file(c) + kDirFile[d], r = seega_rank(c) + kDirRank[d];
        g.next[c][d] = on_board(seega_file(c), seega_rank(c), n) && on_board(f, r, n) ? seega_cell(f, r) : SeegaCell{-1};
      }
    for (SeegaCell c = 0; c < kSeegaCells; ++c)
      for (int d = 0; d < 4; ++d) {
        const SeegaCell e = g.next[c][d], beyond = e >= 0 ? g.next[e][d] : SeegaCell{-1};
        g.line[c][d] = {e >= 0 ? static_cast<std::uint8_t>(e) : kNoCell,
                        beyond >= 0 ? static_cast<std::uint8_t>(beyond) : kNoCell};
      }
    for (SeegaCell c = 0; c < kSeegaCells; ++c) {
      if (!on_board(c, n)) continue;
      for (int d = 0; d < 4; ++d)
        if (g.next[c][d] >= 0) g.around[c] |= bit(g.next[c][d]);
      g.on[c] = true;
      g.board |= bit(c);
      if (c == seega_cell(n / 2, n / 2)) g.centre = bit(c);
      if (seega_file(c) > 0) g.has_left |= bit(c);
      if (seega_file(c) < n - 1) g.has_right |= bit(c);
    }
    return g;
  }
};

inline constexpr std::array<Geometry, 3> kGeometry{Geometry::make(5), Geometry::make(7), Geometry::make(9)};

// Precondition: n is 5, 7 or 9.
inline const Geometry& geometry(int n) { return kGeometry[static_cast<unsigned>(n - 5) >> 1]; }

// The neighbour of `c` in direction `d`, or -1 off the board.
inline SeegaCell neighbour(SeegaCell c, int d, int n) { return geometry(n).next[c][d]; }

inline bool adjacent(SeegaCell a, SeegaCell b, int n) {
  for (int d = 0; d < 4; ++d)
    if (neighbour(a, d, n) == b) return true;
  return false;
}

// The cells next to some cell of `b` (orthogonally), on the board. Boards
// of 5 and 7 lie in the low word (the last cell is g7 = 60): one word's
// shifts are half the work.
inline SeegaBits spread(SeegaBits b, const Geometry& g) {
  if (!g.board.high) {
    const std::uint64_t w = b.low, right = g.has_right.low, left = g.has_left.low;
    return {((w << kSeegaStride) | (w >> kSeegaStride) | ((w & right) << 1) | ((w & left) >> 1)) & g.board.low, 0};
  }
  return ((b << kSeegaStride) | (b >> kSeegaStride) | ((b & g.has_right) << 1) | ((b & g.has_left) >> 1)) & g.board;
}

// The board of side n in a Word of beyt/seega_bits.hpp: std::uint64_t for
// 5 and 7, SeegaBits for any.
template <class Word>
inline constexpr std::array<seega_bits::Board<Word>, 3> kBoards{
    seega_bits::Board<Word>::make(5), seega_bits::Board<Word>::make(7),
    std::is_same_v<Word, SeegaBits> ? seega_bits::Board<Word>::make(9) : seega_bits::Board<Word>{}};
template <class Word>
const seega_bits::Board<Word>& board_in(int n) {
  return kBoards<Word>[static_cast<unsigned>(n - 5) >> 1];
}

inline SeegaBits empty_cells(const SeegaPosition& w) { return geometry(w.size).board & ~(w.pieces[0] | w.pieces[1]); }

// seega_outcome, inline for the engine's own calls (two words tested a turn).
// Walker rule 13: a player with no pieces loses. No other ending arises: a
// position in which neither side can step would need a board without an
// empty cell next to a piece, and with at most (n*n-1)/2 pieces a side (the
// set-up check) some cell is empty and, the grid being connected, some piece
// stands next to an empty cell. So the outcome needs only the two counts.
inline Result outcome(const SeegaPosition& pos) noexcept {
  if (pos.phase != SeegaPhase::move) return Result::unfinished;
  const bool s = static_cast<bool>(pos.pieces[0]), n = static_cast<bool>(pos.pieces[1]);
  if (s && n) return Result::unfinished;
  return s ? Result::south_wins : n ? Result::north_wins : Result::draw;
}

// Sort key of the canonical order: file, then rank.
inline int file_rank_key(SeegaCell c) { return seega_file(c) * kSeegaStride + seega_rank(c); }

// The n*n cells of a board in file-then-rank order (a1, a2, .., b1, ..).
template <class F>
void for_each_cell(int n, F&& f) {
  for (int file = 0; file < n; ++file)
    for (int rank = 0; rank < n; ++rank) f(seega_cell(file, rank));
}

inline SeegaPiece piece_of(Side s) { return s == Side::south ? SeegaPiece::south : SeegaPiece::north; }
inline SeegaCell centre_of(int n) { return seega_cell(n / 2, n / 2); }

constexpr auto setup_error = engine::setup_error<5>;
constexpr auto syntax = engine::expected<5>;

// ---------------------------------------------------------------------------
// Captures (Walker rules 8, 10-12; Lane; docs/RULES.md §Seega "Capture", "Centre")
// ---------------------------------------------------------------------------

// The enemies a piece of side `s` arriving on `to` takes: custodian capture
// in each direction; the centre piece is immune when centre_immune (Walker
// rule 12). Reads only the neighbours of `to`, so it also answers "would this
// step capture" before the step is made. Returns the count; `out` sorted
// (file, then rank: the enemy to the left, below, above, to the right).
inline int captures_at(const SeegaOptions& o, const SeegaPosition& w, SeegaCell to, Side s,
                std::array<SeegaCell, kSeegaMaxListed>& out) {
  constexpr int kSorted[4] = {3, 2, 0, 1};  // left, down, up, right
  const Geometry& g = geometry(w.size);
  const SeegaBits own = w.pieces[static_cast<int>(s)];
  const SeegaBits enemy = w.pieces[static_cast<int>(opponent(s))] & ~(o.centre_immune ? g.centre : SeegaBits{});
  if (!(enemy & g.around[to])) return 0;  // the common case: no enemy next to `to`
  int n = 0;
  for (int d : kSorted) {
    SeegaCell e = g.next[to][d];
    if (e < 0 || !(enemy & bit(e))) continue;
    SeegaCell beyond = g.next[e][d];
    if (beyond >= 0 && (own & bit(beyond))) out[n++] = e;
  }
  return n;
}

// Moves the mover's piece on `from` to `to` and removes what it takes.
inline int step_and_capture(const SeegaOptions& o, SeegaPosition& w, SeegaCell from, SeegaCell to,
                     std::array<SeegaCell, kSeegaMaxListed>& out) {
  const int s = static_cast<int>(w.to_move);
  w.pieces[s] = (w.pieces[s] & ~bit(from)) | bit(to);
  int n = captures_at(o, w, to, w.to_move, out);
  for (int i = 0; i < n; ++i) w.pieces[1 - s] &= ~bit(out[i]);
  return n;
}

// Whether the mover's piece on `at` has a capturing step (a chain can go on).
inline bool can_capture_from(const SeegaOptions& o, const SeegaPosition& w, SeegaCell at) {
  std::array<SeegaCell, kSeegaMaxListed> caps{};
  const SeegaBits empty = empty_cells(w);
  for (int d = 0; d < 4; ++d) {
    SeegaCell to = neighbour(at, d, w.size);
    if (to >= 0 && (empty & bit(to)) && captures_at(o, w, to, w.to_move, caps) > 0) return true;
  }
  return false;
}

// Whether the blocked side `b` has a way after a step (or no piece left:
// docs/RULES.md §Seega, finer points: taking the last piece counts as opening).
inline bool way_open(const SeegaPosition& w, Side b) { return w.count(b) == 0 || seega_can_step(w, b); }

// Whether some first step of the mover opens a way for the blocked opponent.
inline bool any_opening_step(const SeegaOptions& o, const SeegaPosition& pos) {
  const SeegaBits mine = pos.pieces[static_cast<int>(pos.to_move)], empty = empty_cells(pos);
  std::array<SeegaCell, kSeegaMaxListed> caps{};
  bool found = false;
  for_each_cell(pos.size, [&](SeegaCell c) {
    if (found || !(mine & bit(c))) return;
    for (int d = 0; d < 4 && !found; ++d) {
      SeegaCell to = neighbour(c, d, pos.size);
      if (to < 0 || !(empty & bit(to))) continue;
      SeegaPosition w = pos;
      step_and_capture(o, w, c, to, caps);
      found = way_open(w, opponent(pos.to_move));
    }
  });
  return found;
}

// Every cell but the centre holds a piece.
inline bool all_placed(const SeegaPosition& w) { return !(empty_cells(w) & ~geometry(w.size).centre); }

inline bool read_cell(std::string_view t, std::size_t at, SeegaCell& out) {
  if (at + 2 > t.size()) return false;
  char f = t[at], r = t[at + 1];
  if (f < 'a' || f > 'i' || r < '1' || r > '9') return false;
  out = seega_cell(f - 'a', r - '1');
  return true;
}

struct SeegaGeometry {
  int n;
  double cell, left, top;
  bool flipped;

  static SeegaGeometry of(int n, const DrawOptions& d) {
    double pad = std::max(2.0, 0.08 * d.cell);
    double margin = d.coordinates ? std::max(pad, std::round(0.75 * d.cell)) : pad;
    return {n, d.cell, margin, pad, d.flipped};
  }
  svg::Size size() const {
    double board = n * cell;
    return {left + board + top, top + board + (left > top ? left : top)};
  }
  // Column and row (from the top-left) of a cell on the drawing.
  int column(int file) const { return flipped ? n - 1 - file : file; }
  int row(int rank) const { return flipped ? rank : n - 1 - rank; }
  svg::Point centre(SeegaCell c) const {
    return {left + (column(seega_file(c)) + 0.5) * cell, top + (row(seega_rank(c)) + 0.5) * cell};
  }
};

// Defined in the engine's files (rules.cpp, moves.cpp, values.cpp, notation.cpp, drawing.cpp).
bool parse_move(std::string_view t, SeegaMove& m, Error& error);
Error play_into(const SeegaOptions& o, SeegaPosition& pos, SeegaMove& m, std::string_view text, std::string* canonical);
Event event_of(const SeegaMove& m, int n) noexcept;
// The value of the one-step turn of the piece on `from` in direction `d`
// (Geometry::next's index), as event_of codes it.
inline Event quiet_step_event(SeegaCell from, int d) noexcept {
  return Event::code(static_cast<std::uint64_t>(SeegaMoveKind::steps) | static_cast<std::uint64_t>(from) << 2 |
                         std::uint64_t{1} << 16 | static_cast<std::uint64_t>(d) << 22,
                     0);
}
Error play_value(const SeegaOptions& o, SeegaPosition& pos, SeegaMove& m, Event event, std::string* canonical);
bool step_values(const SeegaOptions& o, const SeegaPosition& pos, std::vector<Event>& out);
svg::Size seega_board_size(const SeegaPosition& pos, const DrawOptions& d);
bool resolve(const SeegaOptions& o, SeegaPosition& w, SeegaMove& m, Error& error);
void random_turn(const SeegaOptions& o, const SeegaPosition& pos, Rng& rng, std::string& out);
const OptionTable<SeegaOptions>& seega_options();
const std::vector<Preset>& seega_presets();
SeegaCell seega_parse_cell(std::string_view name, int n);
void seega_draw_board(const SeegaOptions& o, const SeegaPosition& pos, svg::Canvas& c, const DrawOptions& d);
void seega_draw_pieces(const SeegaPosition& pos, svg::Canvas& c, const DrawOptions& d);
MoveCells seega_move_cells(const SeegaOptions& o, const SeegaPosition& pos, std::string_view text);

}  // namespace beyt::seega_impl
