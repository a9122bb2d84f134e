// Internal: the box-drawing pieces of the text diagrams (Unicode as in Lane's
// lettered board, docs/RULES.md §Tâb, or plain ASCII), shared by the engines.
#pragma once

#include <string>
#include <string_view>

#include "beyt/game.hpp"

namespace beyt {

/// The frame of a board of cells: corners, tees, crossings and the two rules.
struct BoxGlyphs {
  const char *tl, *tm, *tr, *ml, *mm, *mr, *bl, *bm, *br, *h, *v;
};
inline constexpr BoxGlyphs kUnicodeBox{"┌", "┬", "┐", "├", "┼", "┤", "└", "┴", "┘", "─", "│"};
inline constexpr BoxGlyphs kAsciiBox{"+", "+", "+", "+", "+", "+", "+", "+", "+", "-", "|"};

/// One rule of a board `cells` cells wide, each `width` characters: `indent`,
/// then `l`, `width` horizontals and `m` per cell (`r` after the last), '\n'.
inline void box_rule(std::string& out, const BoxGlyphs& g, int cells, int width, std::string_view indent,
                     const char* l, const char* m, const char* r) {
  out += indent;
  out += l;
  for (int c = 0; c < cells; ++c) {
    for (int k = 0; k < width; ++k) out += g.h;
    out += c + 1 < cells ? m : r;
  }
  out += '\n';
}

/// The file letters a.. over or under a board of 3-wide cells after a
/// 3-character rank margin (Seega, Tâb's grid).
inline void box_files_line(std::string& out, int cells) {
  out += "   ";
  for (int f = 0; f < cells; ++f) {
    out += "  ";
    out += static_cast<char>('a' + f);
    if (f + 1 < cells) out += ' ';
  }
  out += '\n';
}

}  // namespace beyt
