// Internal: the accessor of each game's Game object, for the one table in
// game.cpp. Each game's .cpp defines its accessor.
#pragma once

#include "beyt/game.hpp"

namespace beyt {

const Game& seega_game();  // lib/src/games/seega/
const Game& mankalah_game();  // lib/src/games/mankalah/
const Game& umelbanat_game();  // lib/src/games/umelbanat/
const Game& tab_game();    // lib/src/games/tab/
const Game& dleb_game();   // lib/src/games/dleb/

}  // namespace beyt
