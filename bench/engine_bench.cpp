// The rules engines alone, benchmarks per game (figures: bench/README.md,
// "Engines" and "Perft"):
//   * ReplayOnly: the validator's replay (notation::replay: resolve, check
//     and apply every turn, check the result) of random games already in
//     memory, no reading;
//   * RandomPlayout: random games through the State interface, each turn
//     played by the random player (State::play_random), as `beyt generate`
//     does (keeping no history, as a State is made: State::keep_history);
//   * Perft: beyt::perft (beyt/perft.hpp) from the start, to the game's
//     perft depth, with bulk counting at the last ply (the library's
//     default); PerftEveryLeaf: one ply less, applying every event, the
//     last ply's too (PerftOptions::bulk false), so that every node is an
//     apply() and an undo() through the State interface.
// The first two count turns per CPU second and the heap allocations made in the timed
// loop, per turn (a counting operator new; the per-game allocations, the
// State and the Replay, are in that figure too, spread over the turns).
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "beyt/game.hpp"
#include "beyt/perft.hpp"
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
  const Game* game;
  std::string rules;  ///< its default preset, as `beyt generate` plays it
  int games;          ///< in the replay corpus
  int max_turns;      ///< per game
  int perft_depth;    ///< BM_Perft's depth from the start
};

// A workload per game of the table (no list of games here): its default
// preset, 100 random games cut where its conformance runs cut them (the
// first of GameFacts::test_rules; else 400 turns), and as perft depth the
// first whose previous depth counts 40 000 sequences or more (the nodes
// BM_Perft applies, the last ply bulk-counted): Tab 8, Dleb 8, Seega 3,
// Mankalah 4, Um el-Banat 8.
Workload workload(const Game& game) {
  const auto& tested = game_facts(game).test_rules;
  Workload w{&game, std::string(game.presets().front().name), 100, tested.empty() ? 400 : tested.front().max_turns, 1};
  RuleSet rules;
  std::unique_ptr<State> start;
  if (game.parse_rules(w.rules, rules) || game.new_state(rules, "", start)) return w;
  for (int depth = 1; depth < 16; ++depth) {
    auto counts = perft(*start, depth);
    if (!counts || counts->leaves.back() >= 40000) {
      w.perft_depth = depth + 1;
      break;
    }
  }
  return w;
}

std::unique_ptr<State> new_state(const Workload& w, RuleSet& rules) {
  (void)w.game->parse_rules(w.rules, rules);
  std::unique_ptr<State> state;
  (void)w.game->new_state(rules, "", state);
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
    record.set_tag("Game", std::string(w.game->name()));
    record.set_tag("Rules", w.rules);
    for (int t = 0; t < w.max_turns && !state->is_terminal(); ++t) {
      Node node;
      node.move = state->random_turn(rng);
      (void)state->play_turn(node.move);
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

// Perft from the start: the sequences counted (leaves/s, the count of the
// deepest ply), the events applied (applied/s: the nodes made by apply()
// and left by undo()) and the allocations per applied event.
void run_perft(benchmark::State& st, const Workload& w, int depth, bool bulk) {
  RuleSet rules;
  auto state = new_state(w, rules);
  PerftOptions options;
  options.bulk = bulk;
  std::uint64_t leaves = 0, applied = 0;
  const std::uint64_t before = g_allocations.load();
  for (auto _ : st) {
    auto counts = perft(*state, depth, options);
    if (!counts) {
      st.SkipWithError(counts.error().reason.c_str());
      return;
    }
    leaves += counts->leaves.back();
    applied += counts->applied;
  }
  st.counters["leaves/s"] = benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
  st.counters["applied/s"] = benchmark::Counter(static_cast<double>(applied), benchmark::Counter::kIsRate);
  st.counters["allocs/applied"] =
      applied ? static_cast<double>(g_allocations.load() - before) / static_cast<double>(applied) : 0;
}

void BM_Perft(benchmark::State& st, const Workload& w) { run_perft(st, w, w.perft_depth, true); }
void BM_PerftEveryLeaf(benchmark::State& st, const Workload& w) { run_perft(st, w, w.perft_depth - 1, false); }

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  // Each benchmark for each game of the table, in the table's order.
  std::vector<Workload> workloads;
  for (const Game* game : game_table()) workloads.push_back(workload(*game));
  auto each = [&](const char* name, void (*bench)(benchmark::State&, const Workload&), benchmark::TimeUnit unit) {
    for (const Workload& w : workloads)
      benchmark::RegisterBenchmark((std::string(name) + "/" + std::string(w.game->name())).c_str(), bench, w)
          ->Unit(unit);
  };
  each("BM_ReplayOnly", BM_ReplayOnly, benchmark::kMillisecond);
  each("BM_RandomPlayout", BM_RandomPlayout, benchmark::kMicrosecond);
  each("BM_Perft", BM_Perft, benchmark::kMillisecond);
  each("BM_PerftEveryLeaf", BM_PerftEveryLeaf, benchmark::kMillisecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
