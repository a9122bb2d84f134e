// Read + replay throughput of Seega records in the four formats, beside the
// bare nlohmann and pugixml parse of the same bytes, and the engine alone.
// Figures: bench/README.md. Run: build/bench/beyt_bench --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <sstream>

#include "beyt/game.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"

namespace {

using namespace beyt;
using namespace beyt::notation;

constexpr int kGames = 200;

// kGames random walker games on 5x5 (placement + up to 200 movement turns).
std::vector<GameRecord> make_games() {
  const Game* game = find_game("seega");
  RuleSet rules;
  (void)game->parse_rules("walker", rules);
  Rng rng(2026);
  std::vector<GameRecord> games;
  for (int i = 0; i < kGames; ++i) {
    std::unique_ptr<State> state;
    (void)game->new_state(rules, "", state);
    GameRecord record;
    record.set_tag("Event", "bench");
    record.set_tag("Game", "seega");
    record.set_tag("Rules", "walker");
    for (int t = 0; t < 212 && !state->is_terminal(); ++t) {
      Node node;
      node.move = state->random_turn(rng);
      (void)state->play_turn(node.move);
      record.moves.push_back(std::move(node));
    }
    record.result = std::string(result_token(state->outcome()));
    record.set_tag("Result", record.result);
    games.push_back(std::move(record));
  }
  return games;
}

const std::string& corpus(Format format) {
  static const std::vector<GameRecord> games = make_games();
  static std::string text[4];  // one per Format
  std::string& out = text[static_cast<int>(format)];
  if (out.empty()) {
    std::ostringstream buffer;
    RecordWriter writer(buffer, format);
    for (const auto& g : games) writer.game(g);
    writer.finish();
    out = buffer.str();
  }
  return out;
}

class Count : public GameVisitor {
 public:
  explicit Count(bool replay) : replay_(replay) {}
  bool game(GameRecord&& record, std::uint32_t index) override {
    ++games;
    if (replay_) {
      Replay r;
      Diagnostic d = beyt::notation::replay(record, "bench", index, ReplayOptions{}, r);
      if (d) errors++;
      turns += r.turns;
    }
    return true;
  }
  std::uint64_t games = 0, turns = 0, errors = 0;

 private:
  bool replay_;
};

void read_bench(benchmark::State& st, Format format, bool replay) {
  const std::string& data = corpus(format);
  std::uint64_t games = 0;
  for (auto _ : st) {
    std::istringstream in(data);
    Count count(replay);
    Diagnostic d = read_games(in, "bench", format, count);
    if (d || count.errors) st.SkipWithError("corpus did not read/replay cleanly");
    games += count.games;
    benchmark::DoNotOptimize(count.turns);
  }
  st.SetBytesProcessed(static_cast<std::int64_t>(data.size() * st.iterations()));
  st.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
}

void BM_TextRead(benchmark::State& st) { read_bench(st, Format::text, false); }
void BM_TextReadReplay(benchmark::State& st) { read_bench(st, Format::text, true); }
void BM_JsonRead(benchmark::State& st) { read_bench(st, Format::json, false); }
void BM_JsonReadReplay(benchmark::State& st) { read_bench(st, Format::json, true); }
void BM_XmlRead(benchmark::State& st) { read_bench(st, Format::xml, false); }
void BM_XmlReadReplay(benchmark::State& st) { read_bench(st, Format::xml, true); }
void BM_JsonlRead(benchmark::State& st) { read_bench(st, Format::jsonl, false); }
void BM_JsonlReadReplay(benchmark::State& st) { read_bench(st, Format::jsonl, true); }

// The bare library parse of the same bytes: the floor under our readers.
void BM_JsonBareNlohmann(benchmark::State& st) {
  const std::string& data = corpus(Format::json);
  for (auto _ : st) {
    auto j = nlohmann::json::parse(data);
    benchmark::DoNotOptimize(j);
  }
  st.SetBytesProcessed(static_cast<std::int64_t>(data.size() * st.iterations()));
}

void BM_XmlBarePugixml(benchmark::State& st) {
  const std::string& data = corpus(Format::xml);
  for (auto _ : st) {
    pugi::xml_document doc;
    auto r = doc.load_buffer(data.data(), data.size());
    benchmark::DoNotOptimize(r);
  }
  st.SetBytesProcessed(static_cast<std::int64_t>(data.size() * st.iterations()));
}

// The engine alone: resolve and apply every turn of the corpus (no reading).
void BM_SeegaReplayOnly(benchmark::State& st) {
  static const std::vector<GameRecord> games = make_games();
  std::uint64_t turns = 0;
  for (auto _ : st) {
    for (const auto& g : games) {
      Replay r;
      (void)beyt::notation::replay(g, "bench", 1, ReplayOptions{}, r);
      turns += r.turns;
    }
  }
  st.counters["turns/s"] = benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
}

// Legal-move generation in a movement-phase position (random playouts).
void BM_SeegaRandomPlayout(benchmark::State& st) {
  const Game* game = find_game("seega");
  RuleSet rules;
  (void)game->parse_rules("walker", rules);
  Rng rng(7);
  std::uint64_t turns = 0;
  for (auto _ : st) {
    std::unique_ptr<State> state;
    (void)game->new_state(rules, "", state);
    std::string move;
    for (int t = 0; t < 212 && !state->is_terminal(); ++t, ++turns) state->play_random(rng, &move);
  }
  st.counters["turns/s"] = benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_TextRead)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TextReadReplay)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_JsonBareNlohmann)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_JsonRead)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_JsonReadReplay)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_XmlBarePugixml)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_XmlRead)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_XmlReadReplay)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_JsonlRead)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_JsonlReadReplay)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SeegaReplayOnly)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SeegaRandomPlayout)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
