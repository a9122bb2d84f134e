// mancala_svg.hpp (internal) - the SVG board shared by Mankalah and Um
// el-Banât (docs/DIAGRAMS.md): Lane's figure of two rows of six beyts, f e d c
// b a over A B C D E F, each beyt a round hollow in a square of the board,
// Lane's letters on the margins, and over the top row and under the bottom
// row a line naming its side with his totals. Um el-Banât adds the owner of each house (North's
// houses on a hatched ground), the groove between the two owners' houses and
// the daughters' marks.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/game.hpp"
#include "beyt/pits.hpp"
#include "beyt/svg.hpp"

namespace beyt::mancala_svg {

struct Geometry {
  double cell = 40;
  double pad = 2;     ///< white round the drawing
  double rim = 6;     ///< the board's wooden rim round the squares
  double top = 2;     ///< margin above the board (letters of the top row)
  double bottom = 2;  ///< margin below the board (letters of the bottom row)
  double label = 0;   ///< height of the line naming each side, above and below the board
  bool flipped = false;

  static Geometry of(const DrawOptions& d);
  svg::Size size() const;
  /// Top-left corner of the six-by-two squares.
  double grid_x() const { return pad + rim; }
  double grid_y() const { return top + rim; }
  /// Column 0..5 (left to right) and row 0 (top) / 1 (bottom) of a pit.
  int column(int pit) const;
  int row(int pit) const;
  svg::Point centre(int pit) const;
  /// The side whose seat is at row `r` of the drawing.
  Side seat(int r) const { return (r == 1) != flipped ? Side::south : Side::north; }
};

/// The pit named "A".."F" / "a".."f", or -1.
int parse_pit(std::string_view name) noexcept;

/// What a game adds to the plain board.
struct BoardExtras {
  const std::array<Side, kPits>* owner = nullptr;  ///< Um el-Banât: hatched ground for North's houses, the groove
};

/// The board: rim, squares, beyts, extras, Lane's letters (and the side
/// names on an empty board).
void draw_board(svg::Canvas& c, const DrawOptions& d, const BoardExtras& extras);
/// The counts in the beyts (numerals; nothing in an empty beyt), the beyt rims
/// redrawn over the last-move tint, and each side's name with his totals
/// (`totals[Side]`, e.g. "taken 12, gains 4") over his row.
void draw_counts(svg::Canvas& c, const DrawOptions& d, const Pits& pits, const std::array<std::string, 2>& totals);
/// A daughter's mark on house `pit`: a heavy ring round the beyt's hollow,
/// black for South's daughter, white with black edges for North's; the count
/// inside is not touched. Adds the ring to the legend when d.legend is set.
void draw_daughter(svg::Canvas& c, const DrawOptions& d, int pit, Side owner);

/// The drawing hooks (lib/src/engine_hooks.hpp, EngineHooks::drawing and
/// cell_names) that Lane's board gives both mancala games alike, written
/// once: the board's size, its pits' names and centres depend on no
/// position; the board is drawn with Um el-Banât's owners where the
/// position has them (`p.owner`). Their traits derive from it.
template <class Options, class Position>
struct BoardHooks {
  static svg::Size board_size(const Position&, const DrawOptions& d) { return Geometry::of(d).size(); }
  static void draw_board(const Options&, const Position& p, svg::Canvas& c, const DrawOptions& d) {
    BoardExtras extras;
    if constexpr (requires { p.owner; }) extras.owner = &p.owner;
    mancala_svg::draw_board(c, d, extras);
  }
  /// The twelve pits' names, "A".."F" then "a".."f".
  static void cell_names(const Position&, std::vector<std::string>& out) {
    for (const char* letters : {"ABCDEF", "abcdef"})
      for (const char* l = letters; *l; ++l) out.emplace_back(1, *l);
  }
  static bool cell_centre(const Position&, std::string_view cell, const DrawOptions& d, svg::Point& out) {
    const int pit = parse_pit(cell);
    if (pit < 0) return false;
    out = Geometry::of(d).centre(pit);
    return true;
  }
};

}  // namespace beyt::mancala_svg
