#include "beyt/notation/generate.hpp"

#include <memory>
#include <string>
#include <utility>

namespace beyt::notation {

namespace {

// The random player's playout of `state` (State::play_random, turn by turn)
// for at most `max_turns` turns, until the game is over or `stop` is
// requested; on_turn(text) gets each turn's text, which it may take (one
// string serves every turn).
template <class OnTurn>
void play_out(State& state, Rng& rng, std::uint32_t max_turns, const Stop* stop, OnTurn&& on_turn) {
  std::string move;
  for (std::uint32_t turn = 0; turn < max_turns && !state.is_terminal() && !stop_requested(stop); ++turn) {
    state.play_random(rng, &move);
    if (move.empty()) break;
    on_turn(move);
  }
}

}  // namespace

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
  // The random player, event by event (State::play_random): the turn
  // random_turn would give, played without reading its text again.
  play_out(*state, rng, max_turns, stop, [&](std::string& move) {
    Node node;
    node.move = std::move(move);
    record.moves.push_back(std::move(node));
  });
  record.result = std::string(result_token(state->outcome()));
  record.set_tag("Result", record.result);
  out = std::move(record);
  return Error::none();
}

Error random_playouts(const Game& game, const RuleSet& rules, Rng& rng, std::uint32_t count,
                      std::uint32_t max_turns, std::vector<Playout>& out, const Stop* stop) {
  for (std::uint32_t i = 0; i < count && !stop_requested(stop); ++i) {
    std::unique_ptr<State> state;
    if (Error e = game.new_state(rules, "", state)) return e;
    Playout playout;
    play_out(*state, rng, max_turns, stop, [&](std::string&) { ++playout.turns; });
    playout.result = state->outcome();
    out.push_back(playout);
  }
  return Error::none();
}

}  // namespace beyt::notation
