// beyt::Stop (beyt/stop.hpp): a stop requested during a long call ends it at
// the next game (every reader, in every format; the pull reader; the text
// reader; read_inputs; validate; validate_inputs, whatever the threads) or
// the next turn (random_game), as at the end of the input; without a stop,
// or before the request, everything is as before.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "beyt/notation/formats.hpp"
#include "beyt/notation/generate.hpp"
#include "beyt/notation/read_inputs.hpp"
#include "beyt/notation/reader.hpp"
#include "beyt/notation/text.hpp"
#include "beyt/notation/validate.hpp"
#include "beyt/notation/validate_inputs.hpp"
#include "beyt/stop.hpp"
#include "cli_run.hpp"

namespace beyt::test {
namespace {

using notation::Format;
using notation::GameRecord;

// `count` random Seega games in `format`.
std::string games_in(Format format, std::uint32_t count) {
  const Game& seega = *find_game("seega");
  RuleSet rules;
  EXPECT_FALSE(seega.parse_rules("", rules));
  Rng rng(5);
  std::ostringstream out;
  notation::RecordWriter writer(out, format);
  for (std::uint32_t i = 1; i <= count; ++i) {
    GameRecord record;
    EXPECT_FALSE(notation::random_game(seega, rules, rng, 5, i, 60, record));
    writer.game(record);
  }
  writer.finish();
  return out.str();
}

// Requests the stop when it is handed game `at`.
struct StopAt : notation::GameVisitor {
  StopAt(Stop& stop, std::uint32_t at) : stop(stop), at(at) {}
  bool game(GameRecord&&, std::uint32_t index) override {
    ++seen;
    if (index == at) stop.request();
    return true;
  }
  Stop& stop;
  std::uint32_t at;
  std::uint32_t seen = 0;
};

TEST(Stop, EveryReaderEndsAtTheNextGame) {
  for (Format format : {Format::text, Format::json, Format::jsonl, Format::xml}) {
    const std::string input = games_in(format, 6);
    for (std::uint32_t at : {1u, 3u, 6u}) {
      Stop stop;
      notation::ReadOptions options;
      options.stop = &stop;
      StopAt visitor(stop, at);
      std::istringstream in(input);
      EXPECT_FALSE(notation::read_games(in, "g", format, visitor, options)) << static_cast<int>(format);
      EXPECT_EQ(visitor.seen, at) << static_cast<int>(format);
    }
    Stop never;  // given, never requested: every game
    notation::ReadOptions options;
    options.stop = &never;
    StopAt all(never, 0);
    std::istringstream in(input);
    EXPECT_FALSE(notation::read_games(in, "g", format, all, options));
    EXPECT_EQ(all.seen, 6u);
  }
}

TEST(Stop, ThePullReaderAndTheTextReaderEndAsAtTheEnd) {
  for (Format format : {Format::text, Format::json, Format::jsonl, Format::xml}) {
    Stop stop;
    notation::ReadOptions options;
    options.stop = &stop;
    std::istringstream in(games_in(format, 4));
    notation::GameReader reader(in, "g", format, options);
    auto first = reader.next();
    ASSERT_TRUE(first && *first) << static_cast<int>(format);
    stop.request();
    EXPECT_FALSE(reader.next()) << static_cast<int>(format);
    EXPECT_TRUE(reader.done());
    EXPECT_FALSE(reader.status());
  }
  Stop stop;
  notation::ReadOptions options;
  options.stop = &stop;
  std::istringstream in(games_in(Format::text, 3));
  notation::TextReader reader(in, "g", options);
  GameRecord record;
  EXPECT_TRUE(reader.next(record));
  stop.request();
  EXPECT_FALSE(reader.next(record));
  EXPECT_FALSE(reader.error());
}

TEST(Stop, RandomGameEndsUnfinished) {
  const Game& tab = *find_game("tab");
  RuleSet rules;
  ASSERT_FALSE(tab.parse_rules("", rules));
  Stop stop;
  Rng a(9), b(9);
  GameRecord whole, stopped;
  ASSERT_FALSE(notation::random_game(tab, rules, a, 9, 1, 400, whole, &stop));
  EXPECT_GT(whole.moves.size(), 10u);
  stop.request();
  ASSERT_FALSE(notation::random_game(tab, rules, b, 9, 1, 400, stopped, &stop));
  EXPECT_TRUE(stopped.moves.empty());
  EXPECT_EQ(stopped.result, "*");
}

class StopFiles : public ::testing::Test {
 protected:
  TempDir dir{"stop"};
  std::vector<std::string> files(std::uint32_t count) {
    std::vector<std::string> out;
    for (std::uint32_t i = 0; i < count; ++i) {
      const fs::path p = dir.path() / ("g" + std::to_string(i) + ".beyt");
      spit(p, games_in(Format::text, 3));
      out.push_back(p.string());
    }
    return out;
  }
};

// Requests the stop (if any) when an input is done.
struct StopAfterInput : notation::InputsListener {
  explicit StopAfterInput(Stop* stop) : stop(stop) {}
  void diagnostic(const notation::Diagnostic&, notation::InputFile*) override { ++diagnostics; }
  void input_done(const std::string&, const notation::ValidationTally&) override {
    if (stop) stop->request();
  }
  Stop* stop;
  int diagnostics = 0;
};

TEST_F(StopFiles, ValidateInputsEndsAtTheNextInputWhateverTheThreads) {
  const std::vector<std::string> paths = files(4);
  for (unsigned jobs : {0u, 1u, 2u}) {
    notation::ValidateInputsOptions options;
    options.jobs = jobs;
    Stop before;  // requested before the call: nothing is read
    before.request();
    options.stop = &before;
    StopAfterInput quiet(nullptr);
    const notation::ValidationTally none = notation::validate_inputs(paths, options, quiet);
    EXPECT_EQ(none.inputs, 0u) << jobs;
    EXPECT_EQ(quiet.diagnostics, 0) << jobs;
    Stop never;  // given, never requested: every game
    options.stop = &never;
    EXPECT_EQ(notation::validate_inputs(paths, options, quiet).valid, 12u) << jobs;
  }
  for (unsigned jobs : {0u, 1u}) {  // one input at a time: the next is not read
    Stop stop;
    notation::ValidateInputsOptions options;
    options.jobs = jobs;
    options.stop = &stop;
    StopAfterInput listener(&stop);
    const notation::ValidationTally t = notation::validate_inputs(paths, options, listener);
    EXPECT_EQ(t.inputs, 1u) << jobs;
    EXPECT_EQ(t.valid, 3u) << jobs;
  }
}

TEST_F(StopFiles, ValidateInPiecesStopsFromAnotherThread) {
  // A text file read in pieces by two threads, stopped while it is checked.
  const fs::path big = dir.path() / "big.beyt";
  spit(big, games_in(Format::text, 3000));
  Stop stop;
  notation::ValidateInputsOptions options;
  options.jobs = 2;
  options.chunk_bytes = 4096;
  options.stop = &stop;
  StopAfterInput listener(nullptr);
  notation::ValidationTally t;
  std::thread call([&] { t = notation::validate_inputs({big.string()}, options, listener); });
  stop.request();
  call.join();
  EXPECT_LT(t.valid, 3000u);
  EXPECT_EQ(t.invalid, 0u);
}

TEST_F(StopFiles, ReadInputsAndValidateStop) {
  const std::vector<std::string> paths = files(3);
  struct Sink : notation::GameSink {
    explicit Sink(Stop& stop) : stop(stop) {}
    bool game(GameRecord&&, notation::InputFile&, std::uint32_t) override {
      ++games;
      stop.request();
      return true;
    }
    void diagnostic(const notation::Diagnostic&, notation::InputFile*) override {}
    Stop& stop;
    int games = 0;
  };
  Stop stop;
  notation::ReadInputsOptions options;
  options.stop = &stop;
  Sink sink(stop);
  notation::read_inputs(paths, options, sink);
  EXPECT_EQ(sink.games, 1);

  Stop requested;
  requested.request();
  notation::ValidateOptions check;
  check.stop = &requested;
  std::istringstream in(games_in(Format::text, 3));
  notation::ValidationReport report;
  notation::validate(in, "g", Format::text, check, report);
  EXPECT_EQ(report.tally().valid, 0u);
}

}  // namespace
}  // namespace beyt::test
