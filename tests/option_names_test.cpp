// One meaning per option name across the subcommands (docs/COLLECTIONS.md,
// "Option names"): every canonical name works on every subcommand the table
// lists, and that subcommand's --help shows it; every older spelling still
// works and says so in --help; names are matched in any case, and a
// misspelt game, preset or format gets a suggestion.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace {

using namespace beyt::test;

const fs::path kText = kRoot / "samples/seega/lane-5x5.beyt";
const fs::path kJson = kRoot / "samples/seega/lane-5x5.json";

std::string q(const fs::path& p) { return quote(p.string()); }

// The rows of the first table after `heading` in docs/COLLECTIONS.md: the
// option's long name ("from") and the subcommands of its last column.
std::vector<std::pair<std::string, std::vector<std::string>>> option_table() {
  const std::string doc = slurp(kRoot / "docs/COLLECTIONS.md");
  std::size_t at = doc.find("\n## Option names\n");
  EXPECT_NE(at, std::string::npos);
  at = doc.find("\n| option |", at);
  std::istringstream in(doc.substr(at + 1));
  std::vector<std::pair<std::string, std::vector<std::string>>> rows;
  static const std::regex long_name("`(?:-., )?--([a-z-]+)");
  for (std::string line; std::getline(in, line) && line.rfind("|", 0) == 0;) {
    std::smatch m;
    if (!std::regex_search(line, m, long_name)) continue;  // the header and its rule
    const std::string last = line.substr(line.rfind('|', line.size() - 2) + 1);
    std::vector<std::string> commands;
    std::istringstream cells(last);
    for (std::string c; std::getline(cells, c, ',');) {
      c.erase(0, c.find_first_not_of(' '));
      c.erase(c.find_last_not_of(" |") + 1);
      if (!c.empty()) commands.push_back(c);
    }
    rows.emplace_back(m[1], commands);
  }
  return rows;
}

TEST(OptionNames, TheTableAgreesWithEveryHelp) {
  const auto rows = option_table();
  ASSERT_GE(rows.size(), 10u);
  std::set<std::string> all;
  for (const auto& [option, commands] : rows) {
    ASSERT_FALSE(commands.empty()) << option;
    for (const auto& cmd : commands) {
      all.insert(cmd);
      CliRun help = run(cmd + " --help");
      ASSERT_EQ(help.status, 0) << cmd;
      EXPECT_NE(help.out.find("--" + option + " "), std::string::npos) << cmd << " --" << option << "\n" << help.out;
    }
  }
  // The table covers every subcommand `beyt --help` lists.
  std::istringstream in(run("--help").out);
  bool listing = false;
  for (std::string line; std::getline(in, line);) {
    if (line == "commands:") listing = true;
    else if (listing && line.rfind("  ", 0) == 0) EXPECT_TRUE(all.count(line.substr(2, line.find(' ', 2) - 2))) << line;
  }
}

TEST(OptionNames, FromIsTheInputFormatEverywhere) {
  // A JSON record on standard input, named by --from in any case.
  for (const std::string cmd : {"validate", "convert", "render", "format -q", "select -q", "dedupe -q", "stats"}) {
    CliRun r = run(cmd + " --from JSON - < " + q(kJson));
    EXPECT_EQ(r.status, 0) << cmd << "\n" << r.out;
  }
  TempDir dir("from");
  CliRun split = run("split -q --from json - --per 1 -o " + quote((dir / "p%d.beyt").string()) + " < " + q(kJson));
  EXPECT_EQ(split.status, 0) << split.out;
  EXPECT_TRUE(fs::exists(dir / "p1.beyt"));
  // Told the wrong format, the reader says so (the option was taken).
  EXPECT_EQ(run("validate --from xml - < " + q(kJson)).status, 1);
  // An unknown format: a usage error with the nearest name.
  for (const std::string cmd : {"validate", "convert", "render", "format", "select", "split --per 1 -o p%d", "dedupe",
                                "stats"}) {
    CliRun r = run(cmd + " --from jsn " + q(kJson));
    EXPECT_EQ(r.status, 2) << cmd;
    EXPECT_NE(r.out.find("--from: unknown format 'jsn' (did you mean 'json'?"), std::string::npos) << cmd << r.out;
  }
}

TEST(OptionNames, ToAndFormatAreTheOutputFormatEverywhere) {
  const std::string json = run("convert " + q(kText) + " --to json").out;
  ASSERT_EQ(json.rfind("{\n  \"format\": \"beyt\"", 0), 0u) << json;
  for (const std::string cmd : {"convert", "format -q", "select -q", "dedupe -q"}) {
    EXPECT_EQ(run(cmd + " " + q(kText) + " --to json").out, json) << cmd;
    EXPECT_EQ(run(cmd + " " + q(kText) + " --format json").out, json) << cmd;
    EXPECT_EQ(run(cmd + " " + q(kText) + " --to JSON").out, json) << cmd;
    CliRun both = run(cmd + " " + q(kText) + " --to json --format xml");
    EXPECT_EQ(both.status, 2) << cmd;
    EXPECT_NE(both.out.find("--format is the older name of --to: give one"), std::string::npos) << both.out;
  }
  const std::string generated = run("generate --game seega --count 2 --to jsonl").out;
  EXPECT_EQ(std::count(generated.begin(), generated.end(), '\n'), 2);
  EXPECT_EQ(run("generate --game seega --count 2 --format jsonl").out, generated);
  TempDir dir("to");
  for (const std::string opt : {"--to", "--format"}) {
    CliRun r = run("split -q " + q(kText) + " --per 1 " + opt + " xml -o " + quote((dir / ("p" + opt + "%d")).string()));
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(slurp(dir / ("p" + opt + "1")).rfind("<?xml", 0), 0u) << opt;
  }
  // render: its output formats are diagrams; --to is --format's other name.
  const std::string position = run("render " + q(kText) + " --format position").out;
  EXPECT_EQ(run("render " + q(kText) + " --to position").out, position);
  EXPECT_EQ(run("render " + q(kText) + " --to svg --format position").status, 2);
}

TEST(OptionNames, GameIsAlwaysAName) {
  // In any case, on every subcommand that takes one.
  CliRun g = run("generate --game Seega --rules Lane --count 1");
  EXPECT_EQ(g.status, 0) << g.out;
  EXPECT_EQ(run("render --empty --game SEEGA --rules \"Walker; Size=7\" --format position").status, 0);
  TempDir dir("game");
  std::string text = slurp(kText);
  const std::size_t at = text.find("[Game ");
  text.erase(at, text.find('\n', at) + 1 - at);  // a record without its Game tag
  spit(dir / "nogame.beyt", text);
  const std::string nogame = quote((dir / "nogame.beyt").string());
  EXPECT_EQ(run("validate --game Seega " + nogame).status, 0);
  EXPECT_EQ(run("format -q --game Seega " + nogame).status, 0);
  EXPECT_EQ(run("select -q --count --game Seega " + q(kText)).out, "1\n");
  EXPECT_EQ(run("games Seega --brief").status, 0);
  EXPECT_EQ(run("rules Seega").status, 0);
  // A misspelt game gets a suggestion, everywhere.
  for (const std::string& cmd : std::vector<std::string>{
           "validate --game sega " + q(kText), "generate --game sega", "render --empty --game sega",
           "format --game sega " + q(kText), "select --game sega " + q(kText), "games sega", "rules sega",
           "perft --game sega --depth 1"}) {
    CliRun r = run(cmd);
    EXPECT_EQ(r.status, 2) << cmd;
    EXPECT_NE(r.out.find("unknown game 'sega' (did you mean 'seega'?"), std::string::npos) << cmd << "\n" << r.out;
  }
  // A misspelt preset or option too.
  CliRun preset = run("generate --game seega --rules walkr");
  EXPECT_EQ(preset.status, 2);
  EXPECT_NE(preset.out.find("did you mean 'walker'?"), std::string::npos) << preset.out;
  CliRun empty = run("render --empty --game seega --rules \"walker; sise=7\"");
  EXPECT_EQ(empty.status, 2);
  EXPECT_NE(empty.out.find("did you mean 'size'?"), std::string::npos) << empty.out;
  // render --game NAME goes with --empty only: a record names its own game.
  CliRun name = run("render " + q(kText) + " --game seega");
  EXPECT_EQ(name.status, 2);
  EXPECT_NE(name.out.find("--record K picks the K-th record"), std::string::npos) << name.out;
}

// Every option that takes a name from a list (render --format/--to/--style,
// validate --diagnostics, convert --cells) matches it in any case, as --to
// of convert does, and answers an unknown one with the nearest names.
TEST(OptionNames, EveryNameOptionTakesAnyCaseAndSuggests) {
  const std::string svg = run("render " + q(kText) + " --format svg").out;
  ASSERT_NE(svg.find("<svg"), std::string::npos) << svg.substr(0, 80);
  EXPECT_EQ(run("render " + q(kText) + " --format SVG").out, svg);
  EXPECT_EQ(run("render " + q(kText) + " --to Svg").out, svg);
  EXPECT_EQ(run("render " + q(kText) + " --style ASCII").out, run("render " + q(kText) + " --format ascii").out);
  EXPECT_EQ(run("render " + q(kText) + " --style ASCII --format Ascii").status, 0);
  CliRun misspelt = run("render " + q(kText) + " --format svgg");
  EXPECT_EQ(misspelt.status, 2);
  EXPECT_NE(misspelt.out.find("--format: unknown format 'svgg' (did you mean 'svg'? formats: unicode, ascii, svg, "
                              "tikz, html, position); the input format is --from"),
            std::string::npos)
      << misspelt.out;
  EXPECT_NE(run("render " + q(kText) + " --to svgg").out.find("--to: unknown format 'svgg' (did you mean 'svg'?"),
            std::string::npos);
  CliRun style = run("render " + q(kText) + " --style asci");
  EXPECT_EQ(style.status, 2);
  EXPECT_NE(style.out.find("--style: unknown style 'asci' (did you mean 'ascii'?"), std::string::npos) << style.out;
  const std::string json = run("validate --diagnostics json " + q(kText)).out;
  EXPECT_EQ(run("validate --diagnostics JSON " + q(kText)).out, json);
  CliRun diag = run("validate --diagnostics jsn " + q(kText));
  EXPECT_EQ(diag.status, 2);
  EXPECT_NE(diag.out.find("--diagnostics: unknown format 'jsn' (did you mean 'json'? formats: text, json)"),
            std::string::npos)
      << diag.out;
  const std::string tab = q(kRoot / "samples/tab/lane-9.beyt");
  const std::string grid = run("convert --cells grid " + tab).out;
  EXPECT_EQ(run("convert --cells GRID " + tab).out, grid);
  CliRun cells = run("convert --cells grd " + tab);
  EXPECT_EQ(cells.status, 2);
  EXPECT_NE(cells.out.find("--cells: unknown cell style 'grd' (did you mean 'grid'? cell styles: "), std::string::npos)
      << cells.out;
}

TEST(OptionNames, RecordPicksTheKthRecordAndTheOlderSpellingsStillWork) {
  TempDir dir("record");
  const fs::path two = dir / "two.beyt";
  spit(two, slurp(kText) + "\n" + slurp(kRoot / "samples/seega/walker-5x5.beyt"));
  const std::string first = run("render " + q(two) + " --format position").out;
  const std::string second = run("render " + q(two) + " --record 2 --format position").out;
  EXPECT_NE(first, second);
  EXPECT_EQ(run("render " + q(two) + " --record 1 --format position").out, first);
  // render --game K (a number) is the older spelling of --record K.
  EXPECT_EQ(run("render " + q(two) + " --game 2 --format position").out, second);
  EXPECT_EQ(run("render " + q(two) + " --game 2 --record 1").status, 2);
  EXPECT_EQ(run("render " + q(two) + " --record 3").status, 2);
  EXPECT_EQ(run("render " + q(two) + " --record x").status, 2);
  // render --style is the older name of --format; validate --format of --from.
  EXPECT_EQ(run("render " + q(two) + " --style ascii").out, run("render " + q(two) + " --format ascii").out);
  EXPECT_EQ(run("validate --format json - < " + q(kJson)).status, 0);
  EXPECT_EQ(run("validate --format xml - < " + q(kJson)).status, 1);  // taken as the input format
  EXPECT_EQ(run("validate --format json --from xml " + q(kJson)).status, 2);
  // Each older spelling says so in its subcommand's --help.
  EXPECT_NE(run("validate --help").out.find("the older name of --from"), std::string::npos);
  EXPECT_NE(run("render --help").out.find("is the older spelling of --record K"), std::string::npos);
  EXPECT_NE(run("render --help").out.find("(the older name of --format)"), std::string::npos);
}

}  // namespace
