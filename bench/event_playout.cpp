// The random playout loop over events that a Python user writes with the
// package (bench/python_bench.py runs both and prints their ratio;
// bench/README.md, "Python"), in C++ through the same State calls:
//
//   until the game is over or `max_turns` turns are played:
//     at a throw, chance_outcomes() and the one sample_outcome() picks for a
//     uniform draw;
//     else legal_events() and one drawn uniformly;
//     apply() it.
// With --values the same loop lists and applies Event values
// (legal_events(values), list_events' chances, apply(Event)): no text is
// written or read; the same draws pick the same events, so the games and
// their counts are the same.
//
// Usage: beyt_event_playout [--values] GAME [GAMES] [MAX_TURNS] [SEED]
// Prints one line of JSON: {"game", "form", "games", "events", "turns",
// "seconds", "events_per_second", "cpu_seconds", "events_per_cpu_second"}
// (seconds by the clock on the wall, cpu_seconds the process's CPU time: on
// a shared machine the second is the steadier measure).
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/game.hpp"

int main(int argc, char** argv) {
  using namespace beyt;
  const bool by_value = argc > 1 && std::string_view(argv[1]) == "--values";
  if (by_value) --argc, ++argv;
  if (argc < 2) {
    std::fprintf(stderr, "usage: beyt_event_playout [--values] GAME [GAMES] [MAX_TURNS] [SEED]\n");
    return 2;
  }
  const Game* game = find_game(argv[1]);
  if (!game) {
    std::fprintf(stderr, "unknown game '%s'\n", argv[1]);
    return 2;
  }
  const unsigned long games = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 200;
  const unsigned long max_turns = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 400;
  Rng rng(argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1);
  const RuleSet rules = game->parse_rules("").value();
  std::vector<std::string> listed;
  std::vector<Event> values;
  std::vector<double> chances;
  std::uint64_t events = 0, turns = 0;
  const auto cpu_now = [] {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
  };
  const double cpu_start = cpu_now();
  const auto start = std::chrono::steady_clock::now();
  for (unsigned long g = 0; g < games; ++g) {
    std::unique_ptr<State> state = game->new_state(rules).value();
    while (!state->is_terminal() && state->turns_played() < max_turns) {
      Error e;
      if (by_value) {
        values.clear();
        chances.clear();
        state->list_events(&values, nullptr, &chances);
        e = state->apply(values[chances.empty() ? rng.below(values.size()) : sample_outcome(chances, rng.uniform())]);
      } else if (state->to_move() == Actor::chance) {
        const std::vector<ChanceOutcome> outcomes = state->chance_outcomes();
        e = state->apply(outcomes[sample_outcome(outcomes, rng.uniform())].text);
      } else {
        listed.clear();
        state->legal_events(listed);
        e = state->apply(listed[rng.below(listed.size())]);
      }
      if (e) {
        std::fprintf(stderr, "%s: a listed event was refused: %s\n", argv[1], e.reason.c_str());
        return 1;
      }
      ++events;
    }
    turns += state->turns_played();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu_seconds = cpu_now() - cpu_start;
  std::printf("{\"game\": \"%s\", \"form\": \"%s\", \"games\": %lu, \"events\": %llu, \"turns\": %llu, \"seconds\": %.6f, "
              "\"events_per_second\": %.1f, \"cpu_seconds\": %.6f, \"events_per_cpu_second\": %.1f}\n",
              argv[1], by_value ? "values" : "texts", games, static_cast<unsigned long long>(events), static_cast<unsigned long long>(turns), seconds,
              static_cast<double>(events) / seconds, cpu_seconds, static_cast<double>(events) / cpu_seconds);
  return 0;
}
