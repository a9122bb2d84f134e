#include "beyt/notation/generate.hpp"

#include <memory>
#include <string>
#include <utility>

namespace beyt::notation {

Expected<GameRecord> random_game(const Game& game, const RuleSet& rules, Rng& rng, std::uint64_t seed,
                                 std::uint32_t round, std::uint32_t max_turns, const Stop* stop) {
  return to_expected<GameRecord>(
      [&](GameRecord& out) { return random_game(game, rules, rng, seed, round, max_turns, out, stop); });
}

Error random_game(const Game& game, const RuleSet& rules, Rng& rng, std::uint64_t seed, std::uint32_t round,
                  std::uint32_t max_turns, GameRecord& out, const Stop* stop) {
  std::unique_ptr<State> state;
  if (Error e = game.new_state(rules, "", state)) return e;
  GameRecord record;
  record.set_tag("Event", "beyt generate, seed " + std::to_string(seed));
  record.set_tag("Site", "?");
  record.set_tag("Date", "????.??.??");
  record.set_tag("Round", std::to_string(round));
  record.set_tag("South", "random");
  record.set_tag("North", "random");
  record.set_tag("Result", "*");
  record.set_tag("Game", std::string(game.name()));
  record.set_tag("Rules", rules.canonical());
  for (std::uint32_t turn = 0; turn < max_turns && !state->is_terminal() && !stop_requested(stop); ++turn) {
    // The random player, event by event (State::play_random): the turn
    // random_move would give, played without reading its text again.
    std::string move;
    state->play_random(rng, &move);
    if (move.empty()) break;
    Node node;
    node.move = std::move(move);
    record.moves.push_back(std::move(node));
  }
  record.result = std::string(result_token(state->outcome()));
  record.set_tag("Result", record.result);
  out = std::move(record);
  return Error::none();
}

}  // namespace beyt::notation
