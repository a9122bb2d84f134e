// notation::validate_inputs (beyt/notation/validate_inputs.hpp) called as a
// library: the listener gets the same diagnostics and per-input tallies in
// the same order whatever the threads and the size of the pieces; an input
// that cannot be opened is an E501 diagnostic; an exception from the
// listener ends the call after the threads are joined.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "beyt/notation/validate_inputs.hpp"
#include "cli_run.hpp"

namespace beyt::test {
namespace {

using notation::Diagnostic;
using notation::InputFile;
using notation::ValidateInputsOptions;
using notation::ValidationTally;

// Everything the listener is told, as text: each diagnostic with its quoted
// line, each input's end with its counts.
class Recorder : public notation::InputsListener {
 public:
  void diagnostic(const Diagnostic& d, InputFile* input) override {
    log += notation::format_diagnostic(d, input, false);
    if (input) log += "(in " + input->name() + ")\n";
  }
  void input_done(const std::string& path, const ValidationTally& t) override {
    log += "done " + path + ": " + std::to_string(t.inputs) + " " + std::to_string(t.unreadable) + " " +
           std::to_string(t.valid) + " " + std::to_string(t.invalid) + " " + std::to_string(t.errors) + " " +
           std::to_string(t.warnings) + " " + t.stop + "\n";
  }
  std::string log;
};

struct Outcome {
  std::string log;
  std::string summary;
};

Outcome run(const std::vector<std::string>& paths, unsigned jobs, std::uint64_t chunk) {
  ValidateInputsOptions o;
  o.jobs = jobs;
  o.chunk_bytes = chunk;
  Recorder r;
  const ValidationTally t = notation::validate_inputs(paths, o, r);
  return {r.log, notation::validation_summary(t)};
}

class ValidateInputs : public ::testing::Test {
 protected:
  TempDir dir{"validate-inputs"};

  // Generated games with invalid samples between them, a broken JSON file, a
  // missing file and a valid sample.
  std::vector<std::string> inputs() {
    const fs::path text = dir.path() / "mixed.beyt";
    write_mixed(text);
    return {text.string(), (kRoot / "samples/invalid/E150-json-syntax.json").string(), "/nonexistent/beyt.beyt",
            (kRoot / "samples/seega/walker-5x5.xml").string()};
  }
  void write_mixed(const fs::path& text) {
    const fs::path games = dir.path() / "games.beyt";
    ASSERT_EQ(shell(kBeyt + " generate --game tab --seed 3 --count 30 -o " + quote(games.string())), 0);
    std::string mixed = slurp(games);
    const std::string bad = slurp(kRoot / "samples/invalid/E304-occupied.beyt");
    const std::size_t middle = mixed.find("\n\n[Event", mixed.size() / 2);
    ASSERT_NE(middle, std::string::npos);
    mixed.insert(middle + 2, bad + "\n");
    const std::string skipped = slurp(kRoot / "samples/invalid/E111-skipped-turn.beyt");
    ASSERT_FALSE(bad.empty() || skipped.empty());
    spit(text, mixed + "\n" + skipped);
  }
};

TEST_F(ValidateInputs, SameReportWhateverTheThreadsAndPieces) {
  const std::vector<std::string> paths = inputs();
  const Outcome one = run(paths, 1, 0);
  // The invalid games, the stop of the JSON file, the missing file, each input's end.
  EXPECT_NE(one.log.find("error[E304]"), std::string::npos) << one.log;
  EXPECT_NE(one.log.find("error[E111]"), std::string::npos) << one.log;
  EXPECT_NE(one.log.find("error[E501]: cannot read '/nonexistent/beyt.beyt': No such file or directory"),
            std::string::npos)
      << one.log;
  EXPECT_NE(one.log.find("done /nonexistent/beyt.beyt: 1 1 0 0 0 0 \n"), std::string::npos) << one.log;
  EXPECT_NE(one.log.find("stopped at game"), std::string::npos) << one.log;
  EXPECT_NE(one.log.find("done " + paths[3] + ": 1 0 1 0 0 0 \n"), std::string::npos) << one.log;
  EXPECT_EQ(one.summary.rfind("beyt validate: 4 inputs (1 could not be read), ", 0), 0u) << one.summary;
  for (unsigned jobs : {0u, 2u, 3u})
    for (std::uint64_t chunk : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{900}}) {
      const Outcome many = run(paths, jobs, chunk);
      EXPECT_EQ(many.log, one.log) << jobs << " threads, pieces of " << chunk;
      EXPECT_EQ(many.summary, one.summary) << jobs << " threads, pieces of " << chunk;
    }
}

TEST_F(ValidateInputs, TheDefaultTakesTheCoresOnlyForALargeTextFile) {
  const std::vector<std::string> paths = inputs();
  ValidateInputsOptions o;
  EXPECT_EQ(notation::validation_threads(paths, o), 1u);  // no text file over 1 MiB
  o.chunk_bytes = 1000;                                    // mixed.beyt is read in pieces of 1000 bytes
  EXPECT_EQ(notation::validation_threads(paths, o), std::max(1u, std::thread::hardware_concurrency()));
  o.jobs = 3;
  EXPECT_EQ(notation::validation_threads(paths, o), 3u);
  o.jobs = 1000;
  EXPECT_EQ(notation::validation_threads(paths, o), 256u);
}

// The listener's exception ends the call (the threads joined) and is thrown
// in the calling thread; what it had received stands.
TEST_F(ValidateInputs, AnExceptionFromTheListenerEndsTheCall) {
  class Failing : public notation::InputsListener {
   public:
    void diagnostic(const Diagnostic&, InputFile*) override {
      if (++seen == 2) throw std::runtime_error("listener gave up");
    }
    int seen = 0;
  };
  const std::vector<std::string> paths = inputs();
  for (unsigned jobs : {1u, 2u}) {
    Failing f;
    ValidateInputsOptions o;
    o.jobs = jobs;
    o.chunk_bytes = 700;
    EXPECT_THROW(notation::validate_inputs(paths, o, f), std::runtime_error) << jobs;
    EXPECT_EQ(f.seen, 2) << jobs;
  }
}

}  // namespace
}  // namespace beyt::test
