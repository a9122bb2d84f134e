// beyt/notation/game_info.hpp - what `beyt games --json` says about a game,
// as one JSON object: the studio page's form of tag pairs (docs/STUDIO.md)
// and the command line read the same table (beyt/game.hpp).
#pragma once

#include <string>

#include "beyt/game.hpp"

namespace beyt::notation {

/// The game as one JSON object on one line: name, title, sources, presets
/// (name, settings, help; the first is the default), options (name, values,
/// default, help, source; "values" is empty for a free-form option). The
/// order of the keys is fixed.
std::string game_info_json(const Game& game);

}  // namespace beyt::notation
