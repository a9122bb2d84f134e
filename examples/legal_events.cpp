// legal_events GAME [DEPTH [RULES [POSITION]]]: the events that may come
// next at a position (the decisions of the player to move, or at a throw
// the outcomes with their probabilities), then how many sequences of
// events of each length up to DEPTH follow from it, as a chess library's
// perft counts (a throw counts as one event, each of its outcomes a branch).
//
//   $ build/examples/legal_events seega 2
//   seega, rules "walker": 5/5/5/5/5 S place, South to move
//   a1,a2
//   a1,a3
//   ...
//   depth 1: 276
//   depth 2: 63756
//
// The start position when POSITION is not given (a position text, as
// `beyt render --format position` writes it and a SetUp tag holds).
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include <beyt/beyt.hpp>

// The number of sequences of `depth` events from `state`, walked here by
// hand (the library's own walk is beyt::perft, beyt/perft.hpp; its name is
// not reused here, which a call with a beyt::State would find too).
static std::uint64_t count_sequences(const beyt::State& state, int depth) {
  if (depth == 0) return 1;
  std::vector<std::string> events = state.legal_events();  // at a throw: chance_outcomes()' texts
  if (depth == 1) return events.size();
  std::uint64_t count = 0;
  for (const std::string& event : events) {
    std::unique_ptr<beyt::State> next = state.clone();
    if (beyt::Error e = next->apply(event)) {  // never: every listed event applies
      std::cerr << "'" << event << "' is listed but not applied: " << e.reason << '\n';
      std::exit(1);
    }
    count += count_sequences(*next, depth - 1);
  }
  return count;
}

int main(int argc, char** argv) {
  if (argc < 2 || argc > 5) {
    std::cerr << "usage: legal_events GAME [DEPTH [RULES [POSITION]]]\n";
    return 2;
  }
  const beyt::Game* game = beyt::find_game(argv[1]);
  if (!game) {
    std::cerr << "no game named \"" << argv[1] << "\"\n";
    return 2;
  }
  int depth = argc > 2 ? std::atoi(argv[2]) : 1;
  auto rules = game->parse_rules(argc > 3 ? argv[3] : "");
  if (!rules) {
    std::cerr << rules.error().reason << '\n';
    return 2;
  }
  auto start = game->new_state(*rules, argc > 4 ? argv[4] : "");
  if (!start) {
    std::cerr << start.error().reason << '\n';
    return 2;
  }
  const beyt::State& state = **start;

  std::cout << game->name() << ", rules \"" << rules->canonical() << "\": " << state.position_text() << ", "
            << beyt::actor_name(state.to_move()) << " to move\n";
  if (state.to_move() == beyt::Actor::chance) {
    for (const beyt::ChanceOutcome& o : state.chance_outcomes()) std::cout << o.text << ' ' << o.probability << '\n';
  } else {
    for (const std::string& event : state.legal_events()) std::cout << event << '\n';
  }
  for (int d = 1; d <= depth; ++d) std::cout << "depth " << d << ": " << count_sequences(state, d) << '\n';
  return 0;
}
