// Internal: the accessor of each game's Game object, for the one table in
// game.cpp. Each game's .cpp defines its accessor.
#pragma once

#include "beyt/game.hpp"

namespace beyt {

const Game& seega_game();  // lib/src/seega.cpp
const Game& mankalah_game();  // lib/src/mankalah.cpp
const Game& umelbanat_game();  // lib/src/umelbanat.cpp
const Game& tab_game();    // lib/src/tab.cpp
const Game& dleb_game();   // lib/src/dleb.cpp

}  // namespace beyt
