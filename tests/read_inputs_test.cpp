// notation::read_inputs (beyt/notation/read_inputs.hpp) called as a library:
// the games of several inputs (text, JSON told by its content, a missing
// file, a JSON syntax error, a game with an error) come in input order, the
// diagnostics in order with their places and their inputs, the summary
// counts them; a sink that returns false stops the reading; and
// unreadable_input finds the first input that cannot be opened.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "beyt/notation/read_inputs.hpp"
#include "cli_run.hpp"

namespace beyt::test {
namespace {

using notation::Diagnostic;
using notation::Format;
using notation::GameRecord;
using notation::InputFile;

// Everything the sink is told, one line each.
class Recorder : public notation::GameSink {
 public:
  explicit Recorder(std::uint64_t stop_after = 0) : stop_after_(stop_after) {}
  bool game(GameRecord&& record, InputFile& input, std::uint32_t index) override {
    const notation::TagPair* event = record.find_tag("Event");
    log.push_back("game " + fs::path(input.name()).filename().string() + " " + std::to_string(index) + " " +
                  (event ? event->value : "?") + " " + std::to_string(record.moves.size()));
    return ++games_ != stop_after_;
  }
  void diagnostic(const Diagnostic& d, InputFile* input) override {
    log.push_back(std::string(d.severity == Severity::warning ? "warning " : "error ") + code_id(d.code) + " " +
                  fs::path(d.file).filename().string() + ":" + std::to_string(d.loc.line) + ":" +
                  std::to_string(d.loc.column) + " game " + std::to_string(d.game) +
                  (input ? " in " + fs::path(input->name()).filename().string() : " no input"));
    if (input) quoted.push_back(notation::format_diagnostic(d, input, false));
    else reasons.push_back(d.reason);
  }
  void begin_input(InputFile& input, Format format) override {
    log.push_back("begin " + fs::path(input.name()).filename().string() + " " +
                  std::string(notation::format_name(format)));
  }
  std::vector<std::string> log;
  std::vector<std::string> quoted;   // diagnostics with an input, as beyt prints them
  std::vector<std::string> reasons;  // those without

 private:
  std::uint64_t stop_after_;
  std::uint64_t games_ = 0;
};

std::string text_game(const std::string& event, const std::string& site, const std::string& moves) {
  return "[Event \"" + event + "\"]\n[Site \"" + site +
         "\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[South \"?\"]\n[North \"?\"]\n[Result \"*\"]\n"
         "[Game \"seega\"]\n[Rules \"walker\"]\n\n" +
         moves + " *\n";
}

std::string json_game(const std::string& event, const std::string& moves) {
  return "{\"tags\": {\"Event\": \"" + event + "\", \"Result\": \"*\", \"Game\": \"seega\"}, \"moves\": [" + moves +
         "], \"result\": \"*\"}";
}

class ReadInputs : public ::testing::Test {
 protected:
  TempDir dir{"read-inputs"};

  std::string file(const std::string& name, const std::string& bytes) {
    const fs::path p = dir.path() / name;
    spit(p, bytes);
    return p.string();
  }

  // a.beyt: a byte-order mark (W101), a game, a game with a TAB in a tag
  // value on line 13 (E110: spoilt, skipped), a game. b.records: two games in
  // JSON (told by the content). A missing file. c.json: a game, then a
  // syntax error (E150) that ends the input. d.beyt: one game.
  std::vector<std::string> inputs() {
    return {file("a.beyt", "\xEF\xBB\xBF" + text_game("one", "?", "1. b2,c4") + "\n" +
                               text_game("two", "Cairo,\tBulaq", "1. b2,c4 2. b1,d4") + "\n" +
                               text_game("three", "?", "1. b2,c4 2. b1,d4 3. c1,d2")),
            file("b.records", "{\"format\": \"beyt\", \"version\": 1, \"games\": [\n" +
                                  json_game("four", "{\"move\": \"b2,c4\"}") + ",\n" + json_game("five", "") +
                                  "\n]}\n"),
            (dir.path() / "missing.beyt").string(),
            file("c.json", "{\"format\": \"beyt\", \"version\": 1, \"games\": [\n" + json_game("six", "") +
                               ",\n{\"tags\": {\"Event\" \"seven\"}}\n]}\n"),
            file("d.beyt", text_game("eight", "?", "1. b2,c4"))};
  }
};

TEST_F(ReadInputs, GamesAndDiagnosticsInInputOrder) {
  Recorder sink;
  const notation::ReadSummary r = notation::read_inputs(inputs(), {}, sink);
  const std::vector<std::string> expected = {
      "begin a.beyt text",
      "warning W101 a.beyt:1:1 game 0 in a.beyt",
      "game a.beyt 1 one 1",
      "error E110 a.beyt:14:14 game 2 in a.beyt",  // the TAB after "Cairo,"
      "game a.beyt 3 three 3",
      "begin b.records json",
      "game b.records 1 four 1",
      "game b.records 2 five 0",
      "error E501 missing.beyt:0:0 game 0 no input",
      "begin c.json json",
      "game c.json 1 six 0",
      "error E150 c.json:3:19 game 2 in c.json",  // "seven" where a colon belongs
      "begin d.beyt text",
      "game d.beyt 1 eight 1",
  };
  EXPECT_EQ(sink.log, expected);
  EXPECT_EQ(r.games, 6u);
  EXPECT_EQ(r.unreadable, 2u);  // the spoilt game and the syntax error; not the missing file
  EXPECT_EQ(r.warnings, 1u);
  EXPECT_TRUE(r.failed);
  EXPECT_FALSE(r.stopped);
  // The front end can quote the line of each place: the TAB's line of a.beyt.
  ASSERT_EQ(sink.quoted.size(), 3u);
  EXPECT_NE(sink.quoted[1].find("[Site \"Cairo,"), std::string::npos) << sink.quoted[1];
  EXPECT_NE(sink.quoted[1].find('^'), std::string::npos) << sink.quoted[1];
  // The missing file: E501 with the system's reason.
  ASSERT_EQ(sink.reasons.size(), 1u);
  EXPECT_EQ(sink.reasons[0], "cannot read '" + (dir.path() / "missing.beyt").string() + "': No such file or directory");
}

TEST_F(ReadInputs, EveryInputReadWhole) {
  Recorder sink;
  const std::vector<std::string> all = inputs();
  const notation::ReadSummary r = notation::read_inputs({all[1], all[4]}, {}, sink);
  EXPECT_EQ(sink.log.size(), 5u);
  EXPECT_EQ(r.games, 3u);
  EXPECT_EQ(r.unreadable, 0u);
  EXPECT_EQ(r.warnings, 0u);
  EXPECT_FALSE(r.failed);
  EXPECT_FALSE(r.stopped);
}

TEST_F(ReadInputs, ForcedFormat) {
  Recorder sink;
  notation::ReadInputsOptions options;
  options.format = Format::text;  // the JSON of b.records read as text: not a game in it
  const notation::ReadSummary r = notation::read_inputs({inputs()[1]}, options, sink);
  ASSERT_FALSE(sink.log.empty());
  EXPECT_EQ(sink.log[0], "begin b.records text");
  EXPECT_EQ(r.games, 0u);
  EXPECT_GT(r.unreadable, 0u);
}

TEST_F(ReadInputs, SinkStops) {
  // At the first game of b.records: nothing more, not the missing file's E501.
  Recorder sink(3);
  const notation::ReadSummary r = notation::read_inputs(inputs(), {}, sink);
  ASSERT_FALSE(sink.log.empty());
  EXPECT_EQ(sink.log.back(), "game b.records 1 four 1");
  EXPECT_EQ(sink.log.size(), 7u);
  EXPECT_TRUE(r.stopped);
  EXPECT_FALSE(r.failed);
  EXPECT_EQ(r.games, 3u);
  EXPECT_EQ(r.unreadable, 1u);
  // In a text input too: the first game of a.beyt, nothing after it.
  Recorder first(1);
  const notation::ReadSummary r1 = notation::read_inputs(inputs(), {}, first);
  EXPECT_EQ(first.log.back(), "game a.beyt 1 one 1");
  EXPECT_TRUE(r1.stopped);
  EXPECT_EQ(r1.games, 1u);
  EXPECT_EQ(r1.unreadable, 0u);
}

TEST_F(ReadInputs, UnreadableInput) {
  const std::vector<std::string> all = inputs();
  EXPECT_FALSE(notation::unreadable_input({all[0], all[1], "-"}));
  const Diagnostic d = notation::unreadable_input({all[0], all[2], dir.path().string()});
  EXPECT_EQ(d.code, Code::io_error);
  EXPECT_EQ(d.file, all[2]);
  EXPECT_EQ(d.reason, "cannot read '" + all[2] + "': No such file or directory");
  const Diagnostic folder = notation::unreadable_input({all[0], dir.path().string()});
  EXPECT_EQ(folder.code, Code::io_error);
  EXPECT_EQ(folder.reason, "cannot read '" + dir.path().string() + "': Is a directory");
}

}  // namespace
}  // namespace beyt::test
