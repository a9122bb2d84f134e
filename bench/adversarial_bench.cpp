// Readers on adversarial shapes of input, in the three formats: one game with
// 80 000 tags (duplicate-tag checking must be linear: it took 36-48 s when it
// was quadratic), 80 000 comments, one line of 8 MB, 20 000 variations. Each
// must read in time linear in its size: compare the rate with the plain
// corpus of read_replay_bench. Figures: bench/README.md.
// Run: build/bench/beyt_adversarial_bench --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <sstream>

#include "beyt/notation/formats.hpp"

namespace {

using namespace beyt::notation;

constexpr int kTags = 80000;

GameRecord many_tags() {
  GameRecord g;
  for (int i = 0; i < kTags; ++i) {
    TagPair t;
    t.name = "T" + std::to_string(i);
    t.value = "value " + std::to_string(i);
    g.tags.push_back(std::move(t));
  }
  return g;
}

GameRecord many_comments() {
  GameRecord g;
  Node n;
  n.move = "c1,c5";
  for (int i = 0; i < kTags; ++i) n.after.push_back("comment " + std::to_string(i));
  g.moves.push_back(std::move(n));
  return g;
}

GameRecord long_line() {
  GameRecord g;
  g.set_tag("Event", std::string(std::size_t{8} << 20, 'x'));
  return g;
}

GameRecord many_variations() {
  GameRecord g;
  Node n;
  n.move = "c1,c5";
  for (int i = 0; i < 20000; ++i) {
    Line v(3);
    for (auto& m : v) m.move = "a1,b2";
    n.variations.push_back(std::move(v));
  }
  g.moves.push_back(std::move(n));
  return g;
}

class Count : public GameVisitor {
 public:
  bool game(GameRecord&&, std::uint32_t) override { return ++games, true; }
  int games = 0;
};

void Read(benchmark::State& state, GameRecord (*make)(), Format f) {
  const std::string bytes = write_record(make(), f);
  for (auto _ : state) {
    std::istringstream in(bytes);
    Count count;
    Diagnostic d = read_games(in, "bench", f, count);
    if (d || count.games != 1) state.SkipWithError("the record did not read back");
    benchmark::DoNotOptimize(count.games);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}

BENCHMARK_CAPTURE(Read, TagsText, many_tags, Format::text)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Read, TagsJson, many_tags, Format::json)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Read, TagsXml, many_tags, Format::xml)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Read, CommentsText, many_comments, Format::text)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Read, CommentsJson, many_comments, Format::json)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Read, CommentsXml, many_comments, Format::xml)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Read, LongLineText, long_line, Format::text)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Read, LongLineJson, long_line, Format::json)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Read, LongLineXml, long_line, Format::xml)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Read, VariationsText, many_variations, Format::text)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Read, VariationsJson, many_variations, Format::json)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Read, VariationsXml, many_variations, Format::xml)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
