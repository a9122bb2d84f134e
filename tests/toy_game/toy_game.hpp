// A toy game for the tests (tests/toy_game/README.md): the subtraction game
// of Bouton 1901, "Nim, a game with a complete mathematical theory", one
// pile. Added to the table of games the way a program brings a game of its
// own (beyt::add_game), so that the tests see what a new game costs: its
// folder and one call, and every front end lists it.
#pragma once

#include "beyt/game.hpp"

namespace beyt::toy {

/// The toy game: one pile of `stones` (option, 7 by default), each turn a
/// side takes 1 to `take` (option, 3 by default) stones, writing `T1`,
/// `T2`, ...; who takes the last stone wins. Its position text is the
/// stones left and the side to move: `7 S`.
const Game& toy_game();

/// Its row's facts: no referee, one cell style, no board to click; the
/// rule sets its conformance runs play.
GameFacts toy_facts();

}  // namespace beyt::toy
