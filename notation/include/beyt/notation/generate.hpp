// beyt/notation/generate.hpp - random legal games as records, as `beyt
// generate` writes them: the command line (cli/generate.cpp) and the Python
// package (beyt.generate, docs/python/README.md) both generate through here,
// so that one seed gives the same games in both.
#pragma once

#include <cstdint>
#include <vector>

#include "beyt/errors.hpp"
#include "beyt/expected.hpp"
#include "beyt/game.hpp"
#include "beyt/stop.hpp"
#include "beyt/notation/record.hpp"

namespace beyt::notation {

/// One random playout of `game` under `rules` from the initial position:
/// each turn is State::play_random (the random player, event by event: the
/// turn State::random_turn gives; throws with the sticks' odds), drawn from `rng`, for at most `max_turns` turns; a game
/// not over by then is written unfinished (`*`). The record has the roster
/// (Event "beyt generate, seed SEED", Round `round`, South and North
/// "random", Result the replayed outcome), Game and Rules (rules.canonical()).
/// `stop` (beyt/stop.hpp; null: none) is looked at before each turn: once
/// requested, the playout ends there, unfinished (`*`) as at max_turns, and
/// is meant to be discarded.
/// Errors (`out` is then unspecified): Code::bad_rules when the rules cannot
/// make a State.
Error random_game(const Game& game, const RuleSet& rules, Rng& rng, std::uint64_t seed, std::uint32_t round,
                  std::uint32_t max_turns, GameRecord& out, const Stop* stop = nullptr);
/// As random_game(game, rules, rng, seed, round, max_turns, out, stop): the record, or the error.
Expected<GameRecord> random_game(const Game& game, const RuleSet& rules, Rng& rng, std::uint64_t seed,
                                 std::uint32_t round, std::uint32_t max_turns, const Stop* stop = nullptr);

/// How one random playout ended (random_playouts): the result the record
/// of random_game would carry (Result::unfinished when it reached
/// max_turns) and the turns played.
struct Playout {
  Result result = Result::unfinished;
  std::uint32_t turns = 0;
};

/// `count` random playouts of `game` under `rules` from the initial
/// position, one after the other, by the random player of random_game
/// drawing from `rng`: with the same Rng state they end as the `count`
/// games random_game makes in a row (`beyt generate --seed SEED --count
/// COUNT --max-turns MAX_TURNS`, whose Rng is seeded with SEED once), each
/// its result and number of turns, but no record is made. Appended to
/// `out`, in order. `stop` (null: none) is looked at before each turn: once
/// requested, the call returns with the playout under way appended
/// unfinished, and `out` is meant to be discarded. Errors (nothing more is
/// appended): Code::bad_rules when the rules cannot make a State.
Error random_playouts(const Game& game, const RuleSet& rules, Rng& rng, std::uint32_t count,
                      std::uint32_t max_turns, std::vector<Playout>& out, const Stop* stop = nullptr);

}  // namespace beyt::notation
