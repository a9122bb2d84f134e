// Um el-Banât's engine (beyt/umelbanat.hpp), shared by its files. Private
// to the library. Sources: Davies 1925, docs/RULES.md §Um el-Banât.
#pragma once
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

// Defined in the engine's files (rules.cpp, notation.cpp, drawing.cpp).
Error parse_into(std::string_view t, UmelbanatMove& m);
void umelbanat_draw_pieces(const UmelbanatPosition& pos, svg::Canvas& c, const DrawOptions& d);
MoveCells umelbanat_move_cells(const UmelbanatOptions& o, const UmelbanatPosition& pos, std::string_view text);
std::string umelbanat_describe(const UmelbanatOptions& o, const UmelbanatPosition& pos,
                               const UmelbanatPosition& after, std::string_view text);

}  // namespace beyt::umelbanat_impl
