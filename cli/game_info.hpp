// cli/game_info.hpp - what `beyt games` and `beyt rules` say about a game:
// its sources, presets and options (the game table, beyt/game.hpp) and its
// section of docs/RULES.md, which the program carries verbatim (generated at
// build time by cmake/embed_text.cmake, so the two cannot drift apart).
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "beyt/game.hpp"

namespace beyt::cli {

/// The game as a JSON object: name, title, sources, presets (name, settings,
/// help; the first is the default), options (name, values, default, help,
/// source; "values" is empty for a free-form option). The order of the keys
/// is fixed.
nlohmann::ordered_json game_info_json(const Game& game);

/// The section "## <title>" of docs/RULES.md for `game`, from its heading
/// line to the end of the section (the line before the next "## " heading or
/// the "---" rule before it), ending in one '\n'. Empty if the document has
/// no such section (a test makes sure every game has one).
std::string_view rules_section(const Game& game);

}  // namespace beyt::cli
