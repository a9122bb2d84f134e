// beyt/notation/moves.hpp - what may come next at a position (`beyt events`):
// who acts, and every event that may come next: each decision he may take or, at a throw, each outcome
// with its probability (beyt/game.hpp, "Turns and events";
// notation/NOTATION.md section 12). The command line and the other front
// ends print this, as text or as one JSON object.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "beyt/game.hpp"

namespace beyt::notation {

/// The choices at one position of a State.
struct Choices {
  std::string game;          ///< Game::name()
  std::string position;      ///< State::position_text() (during a turn: where it began)
  std::string turn;          ///< State::turn_in_progress(): the turn so far, or empty
  std::string actor;         ///< "chance", "South", "North, player 2", "referee" or "nobody"
  std::string player;        ///< whose turn it is ("South", "North, player 2"; at a throw the thrower), or empty when over
  std::string result;        ///< "*" unless the game is over ("1-0", "0-1", "1/2-1/2")
  bool chance = false;       ///< a throw is due: `outcomes` lists it
  std::vector<ChanceOutcome> outcomes;  ///< at a throw, each outcome and its probability (they sum to 1)
  std::vector<std::string> events;      ///< State::legal_events(): the decisions (every one), or the outcomes' texts
};

/// The choices at `state` (any State, between turns or during one). Never
/// fails; a game that is over has no events.
Choices choices_at(const State& state);

/// The whole turns that may be played from `state` (between turns, no throw
/// due), each as its record writes it, appended to `out`: the events
/// State::legal_events() lists, followed depth first until each turn ends,
/// in their listed order (a front end that enters whole turns, e.g. the
/// studio's clicks). At most `limit` turns: returns false when the list
/// was cut there (a Mankalah tebweez has millions; pecks multiply Um
/// el-Banât's turns past 100 000 at some positions), or when a throw is
/// due (Tâb, Dleb: no turn is whole before its throws); true otherwise.
bool whole_turns(const State& state, std::vector<std::string>& out, std::size_t limit);

/// As text, one line a choice after a heading line:
///   "South throws (chance), 5 outcomes:" then "1  0.25" ...
///   "South to move, 3 decisions:" then "1I-K" ...
/// ending in '\n'.
std::string choices_text(const Choices& choices);

/// As one JSON object on one line: {"game", "position", "turn",
/// "actor", "player", "result", "chance", "outcomes": [{"text", "probability"}],
/// "events": [...]}. The order of the keys is fixed. `events_key` names the
/// last key: "events" (`beyt events`), or "moves" for `beyt moves`, the
/// command's old name, which prints what it always printed.
std::string choices_json(const Choices& choices, std::string_view events_key = "events");

}  // namespace beyt::notation
