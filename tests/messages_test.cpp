// What `beyt validate` says about a transcriber's slips (issue 23): every
// independent error of a game in one run, each message naming the fix, with
// the exact text of each sample of samples/invalid/ that shows one; the
// JSON diagnostics carry them all; --max-errors; -j N says the same; and
// docs/ERRORS.md gives every code an example (each sample's message as the
// program says it) and its fix.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <fstream>
#include <string>
#include <vector>

#include "beyt/errors.hpp"
#include "cli_run.hpp"

namespace {

using namespace beyt::test;

// `beyt validate ARGS` run from the source folder, so that the file names in
// the diagnostics are the samples' relative paths.
CliRun validate(const std::string& args) { return capture("cd " + quote(kRoot.string()) + " && " + kBeyt + " validate " + args); }

// A hand-written record with four slips independent of each other (an
// unescaped '"' in a tag value, a tag twice, a blank inside a move, the
// result written 0:1): one run reports all four, each with its fix, and
// nothing that only follows from them.
TEST(Messages, FourIndependentSlipsInOneRun) {
  const CliRun r = validate("samples/invalid/E104-four-slips.beyt");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, R"(samples/invalid/E104-four-slips.beyt:1:16: error[E104]: game 1: a '"' inside the value of tag Event is written \": write [Event "Lane's \"Cairo\" games"]
 1 | [Event "Lane's "Cairo" games"]
   |                ^
samples/invalid/E104-four-slips.beyt:5:1: error[E105]: game 1: tag Round appears twice in this game: keep one of them
 5 | [Round "2"]
   | ^
samples/invalid/E104-four-slips.beyt:14:41: error[E301]: game 1, turn 13: blanks split this move: a move is one token, write b3-c3xc4
 14 | 10. b3,b5 11. c2,e5 12. b4,e1 13. b3-c3 xc4 14. b2-b3 15. a2-b2xb3-a2xa3
    |                                         ^
samples/invalid/E104-four-slips.beyt:20:24: error[E108]: game 1: '0:1' is not a result: did you mean 0-1?
 20 | 50. e5-e4 51. d5-e5xe4 0:1
    |                        ^
beyt validate: 1 input, 1 game: 0 valid, 1 invalid; 4 errors
)");
  // The same in JSON, one object each, and with -j 2; strict finds nothing more
  // (the canonical form is all it asks besides).
  const CliRun json = validate("--quiet --diagnostics json samples/invalid/E104-four-slips.beyt");
  std::vector<std::string> codes;
  std::istringstream lines(json.out);
  for (std::string line; std::getline(lines, line);) codes.push_back(nlohmann::json::parse(line).at("code"));
  EXPECT_EQ(codes, (std::vector<std::string>{"E104", "E105", "E301", "E108"})) << json.out;
  EXPECT_EQ(validate("-j 2 samples/invalid/E104-four-slips.beyt").out, r.out);
  EXPECT_EQ(validate("--strict samples/invalid/E104-four-slips.beyt").out, r.out);
}

struct Slip {
  const char* file;
  const char* message;  // the first line of the output, after "FILE:"
};

// Each slip of the issue, its sample, and the message that names the fix.
TEST(Messages, EachSlipNamesItsFix) {
  const Slip slips[] = {
      {"E104-unescaped-quote.beyt",
       R"(1:16: error[E104]: game 1: a '"' inside the value of tag Event is written \": write [Event "Lane's \"Cairo\" games"])"},
      {"E108-result-half.beyt", "14:37: error[E108]: game 1: '1/2' is not a result: did you mean 1/2-1/2?"},
      {"E108-result-half-sign.beyt",
       "14:37: error[E108]: game 1: '\xC2\xBD-\xC2\xBD' is not a result: did you mean 1/2-1/2?"},
      {"E108-result-colon.beyt", "14:37: error[E108]: game 1: '0:1' is not a result: did you mean 0-1?"},
      {"E301-split-move.beyt",
       "13:47: error[E301]: game 1, turn 13: blanks split this move: a move is one token, write b3-c3xc4"},
      {"E111-skipped-turn.beyt",
       "14:11: error[E111]: game 1: turn 18 follows turn 16: is turn 17 missing? (read as turn 17, the move fails: "
       "no piece of North on d2)"},
      {"E307-capture-mismatch.beyt",
       "13:46: error[E307]: game 1, turn 13, North: c2 is not taken by this step (custodian capture, Walker 2011, "
       "rule 8); this step takes c4: write b3-c3xc4"},
      {"E307-tab-capture.beyt",
       "12:13: error[E307]: game 1, turn 1, South: 'x' written, but there is no enemy kelb on K to take; this "
       "landing takes nothing: write 1,4,2:1I-K,4K-O,2O-Q"},
      {"E307-dleb-capture.beyt",
       "13:18: error[E307]: game 1, turn 1, South: 'x' written, but no enemy stands on B1; this landing takes "
       "nothing: write BBBW,BBWW:1A1-B1,2--"},
      {"E307-mankalah-capture.beyt",
       "13:5: error[E307]: game 1, turn 1, South: the sowing takes 8 hasa, not 3: write Bx8"},
      {"E402-no-result-token.beyt",
       "14:36: error[E402]: game 1: the moves end without a result, but the Result tag says 1/2-1/2: write "
       "1/2-1/2 after the last move"},
  };
  for (const Slip& s : slips) {
    SCOPED_TRACE(s.file);
    const std::string path = std::string("samples/invalid/") + s.file;
    const CliRun r = validate("--quiet " + path);
    EXPECT_EQ(r.status, 1);
    const std::string first = r.out.substr(0, r.out.find('\n'));
    EXPECT_EQ(first, path + ":" + s.message);
    // One error each: nothing that only follows from the slip.
    EXPECT_EQ(r.out.find("error[", first.size()), std::string::npos) << r.out;
  }
}

// The E402 of moves without a result token points at the end of the
// movetext, and quotes its line.
TEST(Messages, MissingResultTokenPointsAtTheEndOfTheMoves) {
  const CliRun r = validate("--quiet samples/invalid/E402-no-result-token.beyt");
  EXPECT_NE(r.out.find(" 14 | a5,d5 10. b3,b5 11. c2,e5 12. b4,e1\n"
                       "    |                                    ^\n"),
            std::string::npos)
      << r.out;
}

// At most --max-errors errors a game (default 20), the last saying that the
// rest of the game was not checked; 0: no limit.
TEST(Messages, MaxErrorsPerGame) {
  TempDir dir("max-errors");
  std::string text = "[Game \"seega\"]\n\n1. b2,c4";
  for (int i = 0; i < 30; ++i) text += " $999";
  text += " *\n\n[Game \"seega\"]\n\n1. b2,c4 $300 *\n";
  const fs::path file = dir.path() / "many.beyt";
  spit(file, text);
  auto count = [](const std::string& out) {
    std::size_t n = 0;
    for (std::size_t at = out.find("error["); at != std::string::npos; at = out.find("error[", at + 1)) ++n;
    return n;
  };
  const CliRun lots = run("validate " + quote(file.string()));
  EXPECT_EQ(count(lots.out), 21u) << lots.out;  // 20 of the first game, 1 of the second
  EXPECT_NE(lots.out.find("; 20 errors in this game: the rest of it is not checked\n"), std::string::npos);
  EXPECT_NE(lots.out.find("2 games: 0 valid, 2 invalid; 21 errors\n"), std::string::npos) << lots.out;
  const CliRun two = run("validate --max-errors 2 " + quote(file.string()));
  EXPECT_EQ(count(two.out), 3u) << two.out;
  EXPECT_NE(two.out.find("; 2 errors in this game: the rest of it is not checked\n"), std::string::npos);
  EXPECT_EQ(count(run("validate --max-errors 0 " + quote(file.string())).out), 31u);
  EXPECT_EQ(run("validate --max-errors 2 -j 2 " + quote(file.string())).out, two.out);
  EXPECT_EQ(run("validate --max-errors x " + quote(file.string())).status, 2);
}

// docs/ERRORS.md, "Examples and fixes": a row for every code, and for every
// sample of samples/invalid/ a row with the message beyt gives it, word for
// word, and a fix.
TEST(Messages, ErrorsDocGivesEveryCodeAnExampleAndAFix) {
  const std::string doc = slurp(kRoot / "docs/ERRORS.md");
  const std::size_t section = doc.find("\n## Examples and fixes\n");
  ASSERT_NE(section, std::string::npos) << "docs/ERRORS.md has no section \"Examples and fixes\"";
  const std::string examples = doc.substr(section);
  for (const beyt::Code* c = beyt::all_codes_begin(); c != beyt::all_codes_end(); ++c)
    EXPECT_NE(examples.find("\n| " + beyt::code_id(*c) + " | "), std::string::npos)
        << "no example of " << beyt::code_id(*c);
  std::ifstream tsv(kRoot / "samples/invalid/expected.tsv");
  for (std::string line; std::getline(tsv, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string file, code;
    fields >> file >> code;
    SCOPED_TRACE(file);
    const bool strict = file.find("strict") != std::string::npos || code[0] == 'W';
    const CliRun r = validate(std::string("--quiet --diagnostics json ") + (strict ? "--strict " : "") +
                              "samples/invalid/" + file);
    std::string message = nlohmann::json::parse(r.out.substr(0, r.out.find('\n'))).at("message");
    for (std::size_t at = message.find('|'); at != std::string::npos; at = message.find('|', at + 2))
      message.insert(at, "\\");  // as a table cell writes it
    const std::string row = "\n| " + code + " | `" + file + "` | `" + message + "` | ";
    const std::size_t at = examples.find(row);
    ASSERT_NE(at, std::string::npos) << "docs/ERRORS.md lacks the row " << row;
    const std::size_t end = examples.find('\n', at + row.size());
    EXPECT_GT(end, at + row.size() + 4) << "no fix in " << row;  // the fix cell says something
  }
}

}  // namespace
