// The rules engines alone, one pair of benchmarks per game (figures:
// bench/README.md, "Engines"):
//   * ReplayOnly: the validator's replay (notation::replay: resolve, check
//     and apply every turn, check the result) of random games already in
//     memory, no reading;
//   * RandomPlayout: random games through the State interface, each turn
//     played by the random player (State::play_random), as `beyt generate`
//     does.
// Both count turns per CPU second and the heap allocations made in the timed
// loop, per turn (a counting operator new; the per-game allocations, the
// State and the Replay, are in that figure too, spread over the turns).
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "beyt/game.hpp"
#include "beyt/notation/replay.hpp"

namespace {

std::atomic<std::uint64_t> g_allocations{0};

}  // namespace

// Counting replacements of the global allocation functions (every other
// form forwards to these two).
void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using namespace beyt;
using namespace beyt::notation;

struct Workload {
  const char* game;
  const char* rules;
  int games;      ///< in the replay corpus
  int max_turns;  ///< per game
};

// One rule set per game: its default preset, the corpus of `beyt generate`.
constexpr Workload kSeega{"seega", "walker", 200, 212};
constexpr Workload kTab{"tab", "lane", 100, 400};
constexpr Workload kDleb{"dleb", "marin", 100, 400};
constexpr Workload kMankalah{"mankalah", "ghasheem", 100, 400};
constexpr Workload kUmelbanat{"umelbanat", "davies", 100, 500};

std::unique_ptr<State> new_state(const Workload& w, RuleSet& rules) {
  const Game* game = find_game(w.game);
  (void)game->parse_rules(w.rules, rules);
  std::unique_ptr<State> state;
  (void)game->new_state(rules, "", state);
  return state;
}

// w.games random games, as records (seeded: the same corpus every run).
std::vector<GameRecord> make_corpus(const Workload& w) {
  Rng rng(2026);
  std::vector<GameRecord> out;
  for (int i = 0; i < w.games; ++i) {
    RuleSet rules;
    auto state = new_state(w, rules);
    GameRecord record;
    record.set_tag("Game", w.game);
    record.set_tag("Rules", w.rules);
    for (int t = 0; t < w.max_turns && !state->is_terminal(); ++t) {
      Node node;
      node.move = state->random_move(rng);
      (void)state->play(node.move);
      record.moves.push_back(std::move(node));
    }
    record.result = std::string(result_token(state->outcome()));
    out.push_back(std::move(record));
  }
  return out;
}

void report(benchmark::State& st, std::uint64_t turns, std::uint64_t allocations) {
  st.counters["turns/s"] = benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
  st.counters["allocs/turn"] = turns ? static_cast<double>(allocations) / static_cast<double>(turns) : 0;
}

void BM_ReplayOnly(benchmark::State& st, const Workload& w) {
  const std::vector<GameRecord> games = make_corpus(w);
  std::uint64_t turns = 0, errors = 0;
  const std::uint64_t before = g_allocations.load();
  for (auto _ : st) {
    for (const auto& g : games) {
      Replay r;
      errors += static_cast<bool>(beyt::notation::replay(g, "bench", 1, ReplayOptions{}, r));
      turns += r.turns;
    }
  }
  if (errors) st.SkipWithError("the corpus did not replay cleanly");
  report(st, turns, g_allocations.load() - before);
}

void BM_RandomPlayout(benchmark::State& st, const Workload& w) {
  RuleSet rules;
  Rng rng(7);
  std::uint64_t turns = 0;
  std::string move;
  const std::uint64_t before = g_allocations.load();
  for (auto _ : st) {
    auto state = new_state(w, rules);
    for (int t = 0; t < w.max_turns && !state->is_terminal(); ++t, ++turns) {
      state->play_random(rng, &move);
    }
  }
  report(st, turns, g_allocations.load() - before);
}

BENCHMARK_CAPTURE(BM_ReplayOnly, seega, kSeega)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReplayOnly, tab, kTab)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReplayOnly, dleb, kDleb)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReplayOnly, mankalah, kMankalah)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReplayOnly, umelbanat, kUmelbanat)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RandomPlayout, seega, kSeega)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_RandomPlayout, tab, kTab)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_RandomPlayout, dleb, kDleb)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_RandomPlayout, mankalah, kMankalah)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_RandomPlayout, umelbanat, kUmelbanat)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
