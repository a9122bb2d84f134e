// The `beyt` program end to end, on the bundled samples:
//  * every sample validates (exit 0), every invalid sample is rejected (exit 1)
//    with its documented code at the line and column of samples/invalid/expected.tsv;
//  * text -> JSON -> XML -> text gives the canonical text back byte for byte,
//    and the bundled .json/.xml of each sample are exactly what convert writes;
//  * render draws every sample after every turn; render --empty draws boards;
//  * render --format svg: every turn of every sample on a sheet, sheets with
//    --plies, flipped and monochrome views, arrows and marks from the
//    command line and from comments, titles with & < > and non-ASCII, and
//    samples/diagrams/ is exactly what the CLI writes now;
//  * usage errors exit 2; the command line's errors are the parser's words,
//    and short options take attached values (-oFILE, -j2).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "beyt/game.hpp"
#include "cli_run.hpp"

namespace {

using namespace beyt::test;

TEST(Cli, EverySampleValidates) {
  ASSERT_GE(files_in(kRoot / "samples/seega", ".beyt").size(), 4u);
  for (const auto& ext : {".beyt", ".json", ".xml"})
    for (const auto& p : sample_files(ext)) {
      CliRun r = run("validate " + quote(p.string()));
      EXPECT_EQ(r.status, 0) << p << "\n" << r.out;
    }
}

TEST(Cli, StrictValidationAcceptsTheCanonicalSamples) {
  for (const auto& p : sample_files(".beyt")) {
    CliRun r = run("validate --strict " + quote(p.string()));
    EXPECT_EQ(r.status, 0) << p << "\n" << r.out;
  }
}

struct Expected {
  std::string file, code;
  int line, column;
};

std::vector<Expected> expectations() {
  std::ifstream in(kRoot / "samples/invalid/expected.tsv");
  std::vector<Expected> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Expected e;
    fields >> e.file >> e.code >> e.line >> e.column;
    out.push_back(e);
  }
  return out;
}

TEST(Cli, EveryInvalidSampleIsRejectedWithItsCodeAndPlace) {
  auto expected = expectations();
  auto all = files_in(kRoot / "samples/invalid", ".beyt");
  for (const auto& ext : {".json", ".xml"})
    for (const auto& p : files_in(kRoot / "samples/invalid", ext)) all.push_back(p);
  ASSERT_EQ(expected.size(), all.size()) << "expected.tsv must list every invalid sample once";
  for (const auto& e : expected) {
    fs::path p = kRoot / "samples/invalid" / e.file;
    ASSERT_TRUE(fs::exists(p)) << p;
    bool strict = e.file.find("strict") != std::string::npos;
    bool warning = e.code[0] == 'W';  // valid with a warning; an error under --strict
    CliRun r = run(std::string("validate ") + (strict || warning ? "--strict " : "") + quote(p.string()));
    EXPECT_EQ(r.status, 1) << e.file << "\n" << r.out;
    std::string place = p.string() + ":" +
                        (e.line > 0 ? std::to_string(e.line) + ":" + std::to_string(e.column) + ":" : "") + " ";
    EXPECT_NE(r.out.find(place), std::string::npos) << e.file << ": wanted " << place << "\n" << r.out;
    // W109 is the error E109 under --strict, the error it softens (docs/ERRORS.md).
    const std::string strict_code = e.code == "W109" ? "E109" : e.code;
    EXPECT_NE(r.out.find("error[" + strict_code + "]"), std::string::npos) << e.file << "\n" << r.out;
    EXPECT_EQ(e.file.rfind(e.code + "-", 0), 0u) << "invalid samples are named after their code";
    if (!warning) continue;
    CliRun lenient = run("validate " + quote(p.string()));
    EXPECT_EQ(lenient.status, 0) << e.file << "\n" << lenient.out;
    EXPECT_NE(lenient.out.find(place + "warning[" + e.code + "]"), std::string::npos) << e.file << "\n" << lenient.out;
    EXPECT_EQ(lenient.out.find("error["), std::string::npos) << e.file << "\n" << lenient.out;
    EXPECT_NE(lenient.out.find(" 1 warning\n"), std::string::npos) << "the summary counts it\n" << lenient.out;
  }
}

TEST(Cli, JsonDiagnosticsAreOneObjectPerLine) {
  auto expected = expectations();
  ASSERT_FALSE(expected.empty());
  const auto& e = expected.front();
  CliRun r = run("validate --quiet --diagnostics json " + quote((kRoot / "samples/invalid" / e.file).string()));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("\"code\":\"" + e.code + "\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"line\":" + std::to_string(e.line)), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"severity\":\"error\""), std::string::npos) << r.out;
  CliRun w = run("validate --quiet --diagnostics json " +
                 quote((kRoot / "samples/invalid/W401-finished-unknown-result.beyt").string()));
  EXPECT_EQ(w.status, 0);
  EXPECT_NE(w.out.find("\"severity\":\"warning\",\"code\":\"W401\""), std::string::npos) << w.out;
}

TEST(Cli, RoundTripsAreByteIdentical) {
  fs::path dir = temp_dir();
  for (const auto& p : sample_files(".beyt")) {
    std::string stem = p.stem().string();
    fs::path json = dir / (stem + ".json"), xml = dir / (stem + ".xml"), text = dir / (stem + ".beyt");
    ASSERT_EQ(run("convert " + quote(p.string()) + " -o " + quote(json.string())).status, 0);
    ASSERT_EQ(run("convert " + quote(json.string()) + " -o " + quote(xml.string())).status, 0);
    ASSERT_EQ(run("convert " + quote(xml.string()) + " -o " + quote(text.string())).status, 0);
    EXPECT_EQ(slurp(text), slurp(p)) << "text -> JSON -> XML -> text changed " << p;
    // The bundled JSON and XML are exactly what convert writes.
    EXPECT_EQ(slurp(json), slurp(p.parent_path() / (stem + ".json"))) << stem;
    EXPECT_EQ(slurp(xml), slurp(p.parent_path() / (stem + ".xml"))) << stem;
    // And back the other way round.
    fs::path xml2 = dir / (stem + "-2.xml"), json2 = dir / (stem + "-2.json");
    ASSERT_EQ(run("convert " + quote(p.string()) + " -o " + quote(xml2.string())).status, 0);
    ASSERT_EQ(run("convert " + quote(xml2.string()) + " -o " + quote(json2.string())).status, 0);
    EXPECT_EQ(slurp(json2), slurp(json)) << stem;
  }
  fs::remove_all(dir);
}

TEST(Cli, StandardInputAndOutput) {
  auto samples = sample_files(".beyt");
  ASSERT_FALSE(samples.empty());
  CliRun r = run("convert - --to json < " + quote(samples.front().string()));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, slurp(samples.front().parent_path() / (samples.front().stem().string() + ".json")));
}

// Every position of every sample through `render --every 1` (one process a
// sample: a process a ply made this the longest test under the sanitizers),
// and `--ply N` at the start, after the first turn, half-way and at the end
// drawing the same diagram as the --every sheet does for that turn.
TEST(Cli, RenderEveryTurnOfEverySample) {
  for (const auto& p : sample_files(".beyt")) {
    CliRun whole = run("render --bare " + quote(p.string()));
    ASSERT_EQ(whole.status, 0) << whole.out;
    // Count the turns: render --ply N beyond the end is a usage error naming the count.
    CliRun too_far = run("render --ply 100000 " + quote(p.string()));
    EXPECT_EQ(too_far.status, 2);
    auto at = too_far.out.find("has only ");
    ASSERT_NE(at, std::string::npos) << too_far.out;
    const int turns = std::stoi(too_far.out.substr(at + 9));
    CliRun every = run("render --every 1 " + quote(p.string()));
    ASSERT_EQ(every.status, 0) << p << "\n" << every.out;
    // The sheet: a title, then one block a position ("Initial position" or
    // "After turn N: ..." and its diagram), blocks apart by a blank line.
    std::vector<std::string> blocks;
    for (std::size_t from = every.out.find("\n\n"); from != std::string::npos;) {
      const std::size_t next = every.out.find("\n\n", from + 2);
      blocks.push_back(every.out.substr(from + 2, next == std::string::npos ? std::string::npos : next - from - 2));
      from = next;
    }
    ASSERT_EQ(blocks.size(), static_cast<std::size_t>(turns) + 1) << p << "\n" << every.out;
    for (int ply = 0; ply <= turns; ++ply) {
      const std::string& b = blocks[static_cast<std::size_t>(ply)];
      EXPECT_EQ(b.rfind(ply == 0 ? "Initial position\n" : "After turn " + std::to_string(ply) + ":", 0), 0u)
          << p << " ply " << ply << "\n" << b;
      EXPECT_NE(b.find("─"), std::string::npos) << p << " ply " << ply;  // box drawing (every game's Unicode diagram)
    }
    for (int ply : {0, std::min(1, turns), turns / 2, turns}) {
      CliRun r = run("render --ply " + std::to_string(ply) + " " + quote(p.string()));
      EXPECT_EQ(r.status, 0) << p << " ply " << ply << "\n" << r.out;
      // The sheet's block: its heading, what the turn did, then the same
      // diagram as --ply's after its title.
      std::string b = blocks[static_cast<std::size_t>(ply)];
      const std::size_t body = r.out.find("\n\n");
      ASSERT_NE(body, std::string::npos) << r.out;
      std::string diagram = r.out.substr(body + 2);
      for (std::string* s : {&b, &diagram})
        while (!s->empty() && s->back() == '\n') s->pop_back();
      ASSERT_GT(b.size(), diagram.size()) << p << " ply " << ply;
      EXPECT_EQ(b.substr(b.size() - diagram.size()), diagram) << p << " ply " << ply;
    }
    CliRun last = run("render --bare --ply " + std::to_string(turns) + " " + quote(p.string()));
    EXPECT_EQ(last.out, whole.out) << "the default is the position after the last turn";
    CliRun ascii = run("render --style ascii " + quote(p.string()));
    EXPECT_EQ(ascii.status, 0);
    EXPECT_EQ(ascii.out.find("─"), std::string::npos);
  }
}

TEST(Cli, RenderEmptyBoards) {
  for (const char* size : {"5", "7", "9"}) {
    CliRun r = run(std::string("render --empty --game seega --rules 'walker; size=") + size + "'");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("×"), std::string::npos) << "the centre is marked";
  }
  CliRun bad = run("render --empty --game seega --rules 'walker; size=6'");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("size"), std::string::npos);
}

// docs/RULES.md §Tâb (and Lane 1836): Lane's lettered 9-wide board, letter for
// letter, is what `render --empty --game tab` prints.
constexpr const char* kLaneBoard =
    "┌───┬───┬───┬───┬───┬───┬───┬───┬───┐\n"
    "│ i │ h │ g │ f │ e │ d │ c │ b │ a │   North's home row\n"
    "├───┼───┼───┼───┼───┼───┼───┼───┼───┤\n"
    "│ k │ l │ m │ n │ o │ p │ q │ r │ s │\n"
    "├───┼───┼───┼───┼───┼───┼───┼───┼───┤\n"
    "│ S │ R │ Q │ P │ O │ N │ M │ L │ K │\n"
    "├───┼───┼───┼───┼───┼───┼───┼───┼───┤\n"
    "│ A │ B │ C │ D │ E │ F │ G │ H │ I │   South's home row\n"
    "└───┴───┴───┴───┴───┴───┴───┴───┴───┘\n";

TEST(Cli, RenderEmptyTabIsLanesBoard) {
  CliRun r = run("render --empty --game tab --bare");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, kLaneBoard);
  // The same box as docs/RULES.md §Tâb prints it (Board).
  std::ifstream rules(kRoot / "docs/RULES.md");
  ASSERT_TRUE(rules) << "docs/RULES.md is missing";
  std::string line, box;
  bool in_tab = false;
  while (std::getline(rules, line)) {
    if (line == "## Tâb") in_tab = true;
    if (in_tab && line.rfind("┌", 0) == 0) box.clear();
    if (in_tab && (line.rfind("┌", 0) == 0 || line.rfind("├", 0) == 0 || line.rfind("│", 0) == 0 ||
                   line.rfind("└", 0) == 0))
      box += line + "\n";
    if (in_tab && line.rfind("└", 0) == 0) break;
  }
  EXPECT_EQ(r.out, box);
  for (const char* rules_text : {"width=7", "width=11", "width=13", "width=15; pieces=2"}) {
    CliRun w = run(std::string("render --empty --game tab --rules '") + rules_text + "'");
    EXPECT_EQ(w.status, 0) << rules_text << "\n" << w.out;
  }
  EXPECT_EQ(run("render --empty --game tab --rules 'width=8'").status, 2);
}

TEST(Cli, RenderEmptyDlebField) {
  CliRun r = run("render --empty --game dleb --bare --rules 'cross-lines=4'");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out,
            "    1  2  3  4\n"
            "D ─┼──┼──┼──┼─  D: North's line\n"
            "C ─┼──┼──┼──┼─  C: sea\n"
            "B ─┼──┼──┼──┼─  B: sea\n"
            "A ─┼──┼──┼──┼─  A: South's line\n"
            "    1  2  3  4\n");
}

TEST(Cli, ConvertTabCellsBothWays) {
  fs::path dir = temp_dir();
  fs::path sample = kRoot / "samples/tab/lane-9.beyt";
  fs::path grid = dir / "grid.beyt", back = dir / "back.beyt", gj = dir / "grid.json";
  ASSERT_EQ(run("convert --cells grid " + quote(sample.string()) + " -o " + quote(grid.string())).status, 0);
  std::string g = slurp(grid);
  EXPECT_NE(g.find("[Cells \"grid\"]"), std::string::npos);
  EXPECT_NE(g.find("1WBBB,2BWBW:1i1-i2,2i2-g2"), std::string::npos) << "Lane's I-K is i1-i2";
  EXPECT_EQ(run("validate --strict " + quote(grid.string())).status, 0);
  // Only the cells change: the comments, tags and throws stay.
  ASSERT_EQ(run("convert --cells lane " + quote(grid.string()) + " -o " + quote(back.string())).status, 0);
  EXPECT_EQ(slurp(back), slurp(sample));
  ASSERT_EQ(run("convert --cells grid " + quote(sample.string()) + " -o " + quote(gj.string())).status, 0);
  EXPECT_EQ(run("validate " + quote(gj.string())).status, 0);
  // Lane's letters do not reach 13 wide; other games pass unchanged.
  fs::path wide = dir / "wide.beyt";
  ASSERT_EQ(run("generate --game tab --rules width=13 --seed 2 --max-turns 30 -o " + quote(wide.string())).status, 0);
  EXPECT_EQ(run("convert --cells lane " + quote(wide.string())).status, 1);
  fs::path seega = kRoot / "samples/seega/lane-5x5.beyt";
  CliRun s = run("convert --cells grid " + quote(seega.string()));
  EXPECT_EQ(s.status, 0);
  EXPECT_EQ(s.out, slurp(seega));
  EXPECT_EQ(run("convert --cells letters " + quote(sample.string())).status, 2);
  fs::remove_all(dir);
}

TEST(Cli, GamesListsPresetsAndOptions) {
  CliRun r = run("games");
  EXPECT_EQ(r.status, 0);
  for (const char* s : {"seega", "walker", "lane", "chain", "first-mover", "centre-immune", "blocked", "barrier", "tab",
                        "width", "pieces", "release", "enemy-row-safe", "pass-enemy", "dleb", "marin", "cross-lines",
                        "players", "time", "double-course"})
    EXPECT_NE(r.out.find(s), std::string::npos) << s;
  EXPECT_EQ(run("games nosuchgame").status, 2);
}

// The section "## <title>" of docs/RULES.md, up to the "---" rule before the
// next section (or the end of the file), ending in one line end.
std::string rules_md_section(const std::string& title) {
  std::string doc = slurp(kRoot / "docs/RULES.md");
  std::size_t begin = doc.find("\n## " + title + "\n");
  if (begin == std::string::npos) return {};
  ++begin;
  std::size_t end = doc.find("\n---\n", begin);
  std::string text = doc.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text + "\n";
}

// beyt rules GAME prints exactly the game's section of docs/RULES.md (the
// program carries the document, generated at build time); --json adds the
// game table's presets and options to it.
TEST(Cli, RulesPrintsTheGamesSectionOfRulesMd) {
  for (const beyt::Game* game : beyt::game_table()) {
    std::string name(game->name()), expected = rules_md_section(std::string(game->title()));
    ASSERT_FALSE(expected.empty()) << game->title();
    CliRun r = run("rules " + name);
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, expected) << name;
    EXPECT_NE(r.out.find("### Options"), std::string::npos);
    CliRun j = run("rules --json " + name);
    ASSERT_EQ(j.status, 0) << j.out;
    auto doc = nlohmann::json::parse(j.out);
    EXPECT_EQ(doc["name"], name);
    EXPECT_EQ(doc["title"], std::string(game->title()));
    EXPECT_EQ(doc["sources"], std::string(game->sources()));
    EXPECT_EQ(doc["rules"], expected);
    ASSERT_EQ(doc["options"].size(), game->options().size());
    for (std::size_t i = 0; i < game->options().size(); ++i) {
      const auto& spec = game->options()[i];
      EXPECT_EQ(doc["options"][i]["name"], std::string(spec.name));
      EXPECT_EQ(doc["options"][i]["default"], std::string(spec.default_value));
      EXPECT_EQ(doc["options"][i]["values"].size(), spec.values.size());
      EXPECT_EQ(doc["options"][i]["source"], std::string(spec.source));
    }
    EXPECT_EQ(doc["presets"].size(), game->presets().size());
  }
  EXPECT_EQ(run("rules").status, 2);
  CliRun unknown = run("rules chess");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.out.find("seega"), std::string::npos) << "names the games: " << unknown.out;
}

// beyt games and beyt games --json cite the same sources: the game's and each
// option's, by author, year and page, with the docs/RULES.md section.
TEST(Cli, GamesCitesTheSameSourcesAsText) {
  CliRun text = run("games");
  CliRun json = run("games --json");
  ASSERT_EQ(json.status, 0);
  auto doc = nlohmann::json::parse(json.out);
  ASSERT_EQ(doc["games"].size(), beyt::game_table().size());
  for (std::size_t g = 0; g < beyt::game_table().size(); ++g) {
    const beyt::Game& game = *beyt::game_table()[g];
    const auto& entry = doc["games"][g];
    EXPECT_EQ(entry["name"], std::string(game.name()));
    EXPECT_EQ(entry["sources"], std::string(game.sources()));
    EXPECT_NE(text.out.find("sources: " + std::string(game.sources())), std::string::npos);
    for (std::size_t i = 0; i < game.options().size(); ++i) {
      std::string source(game.options()[i].source);
      EXPECT_EQ(entry["options"][i]["source"], source);
      EXPECT_NE(text.out.find("source: " + source), std::string::npos) << source;
    }
  }
  CliRun one = run("games --json tab");
  EXPECT_EQ(nlohmann::json::parse(one.out)["games"].size(), 1u);
}

TEST(Cli, GenerateIsDeterministicAndValid) {
  fs::path dir = temp_dir();
  fs::path a = dir / "a.beyt", b = dir / "b.beyt", j = dir / "c.json";
  ASSERT_EQ(run("generate --game seega --rules 'lane; size=7' --seed 9 --count 3 -o " + quote(a.string())).status, 0);
  ASSERT_EQ(run("generate --game seega --rules 'lane; size=7' --seed 9 --count 3 -o " + quote(b.string())).status, 0);
  EXPECT_EQ(slurp(a), slurp(b));
  EXPECT_EQ(run("validate --strict " + quote(a.string())).status, 0);
  ASSERT_EQ(run("generate --game seega --seed 3 --count 2 -o " + quote(j.string())).status, 0);
  EXPECT_EQ(run("validate " + quote(j.string())).status, 0);
  fs::remove_all(dir);
}

TEST(Cli, UsageErrorsExitTwo) {
  for (const char* args : {"", "frobnicate", "validate", "validate --diagnostics xml x.beyt", "convert",
                           "convert x.beyt --to yaml", "render", "render --game 0 x.beyt",
                           "render --style fancy x.beyt", "render --format text x.beyt",
                           "render --format svg --style ascii x.beyt", "render --mono x.beyt",
                           "render --format svg --size 2 x.beyt", "render --format svg --every 2 --ply 3 x.beyt",
                           "render --format svg --arrow c2c3 x.beyt", "generate", "generate --game chess",
                           "generate --game seega --rules size=4", "validate --nonsense x"}) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << "beyt " << args << "\n" << r.out;
  }
  for (const char* cmd : {"validate", "convert", "render", "games", "rules", "generate"}) {
    CliRun r = run(std::string(cmd) + " --help");
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("beyt " + std::string(cmd)), std::string::npos);
  }
}

// The command line of every subcommand (cli/command_line.hpp): a bad option
// or value is named in the parser's words after "beyt CMD: " (a number: the
// option, the value and the range, issue 19 item 22), with the pointer
// to --help, exit 2; a value may be attached to a short option (-oFILE, -j2,
// -o-, short options run together); "--" ends the options.
TEST(Cli, CommandLineErrorsAndAttachedValues) {
  const std::string walker = quote((kRoot / "samples/seega/walker-5x5.beyt").string());
  const std::vector<std::pair<std::string, std::string>> errors{
      {"validate --nosuch " + walker, "beyt validate: Option ‘nosuch’ does not exist"},
      {"validate -qx " + walker, "beyt validate: Option ‘x’ does not exist"},
      {"select --tag", "beyt select: Option ‘tag’ is missing an argument"},
      {"convert -o", "beyt convert: Option ‘o’ is missing an argument"},
      {"validate -jx " + walker, "beyt validate: --jobs: 'x' is not a whole number from 1 to 4294967295"},
      {"validate -j -1 " + walker, "beyt validate: --jobs: '-1' is not a whole number from 1 to 4294967295"},
      {"validate --strict=maybe " + walker, "beyt validate: Argument ‘maybe’ failed to parse"},
      {"generate --game seega --count 4294967296",
       "beyt generate: --count: '4294967296' is not a whole number from 1 to 4294967295"},
      {"render --every 1.5 " + walker, "beyt render: --every: '1.5' is not a whole number from 1 to 4294967295"},
      {"games seega tab", "beyt games: unexpected argument 'tab'"},
      {"generate --game tab extra", "beyt generate: unexpected argument 'extra'"},
      {"validate --diagnostics xml " + walker, "beyt validate: --diagnostics: unknown format 'xml' (formats: text, json)"},
  };
  for (const auto& [args, message] : errors) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << "beyt " << args;
    const std::string command = args.substr(0, args.find(' '));
    EXPECT_EQ(r.out, message + "\n(see: beyt " + command + " --help)\n") << "beyt " << args;
  }

  TempDir dir("command-line");
  const fs::path json = dir / "x.json";
  CliRun attached = run("convert -o" + quote(json.string()) + " " + walker);
  EXPECT_EQ(attached.status, 0) << attached.out;
  EXPECT_EQ(slurp(json), run("convert --to json " + walker).out);
  EXPECT_EQ(run("convert -o- --to xml " + walker).out, run("convert --to xml " + walker).out);
  // A value written onto a short option after a flag ("-qo..."), one that
  // begins with a dash, and a letter that is no option of the command.
  const fs::path grouped = dir / "grouped.beyt";
  CliRun flag_then_value = run("select -qo" + quote(grouped.string()) + " " + walker);
  EXPECT_EQ(flag_then_value.status, 0) << flag_then_value.out;
  EXPECT_EQ(slurp(grouped), run("select -q " + walker).out);
  EXPECT_EQ(run("validate -qj-1 " + walker).out,
            "beyt validate: --jobs: '-1' is not a whole number from 1 to 4294967295\n(see: beyt validate --help)\n");
  CliRun unknown = run("convert -xo- " + walker);
  EXPECT_EQ(unknown.status, 2);
  EXPECT_EQ(unknown.out, "beyt convert: Argument ‘-xo-’ starts with a - but has incorrect syntax\n(see: beyt convert --help)\n");
  for (const char* quiet : {"-qj1 ", "-j2 -q ", "--jobs=2 --quiet ", "--diagnostics=json -q "}) {
    CliRun r = run(std::string("validate ") + quiet + walker);
    EXPECT_EQ(r.status, 0) << quiet << r.out;
    EXPECT_EQ(r.out, "") << quiet;
  }
  CliRun dashes = run("validate -q -- -q");
  EXPECT_EQ(dashes.status, 1);
  EXPECT_EQ(dashes.out, "-q: error[E501]: cannot read '-q': No such file or directory\n");
  CliRun help = run("validate " + walker + " --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("Usage:\n  beyt validate [OPTION...] FILE...\n"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("(default: text)"), std::string::npos) << help.out;
  EXPECT_EQ(help.out.find("--files"), std::string::npos) << help.out;
}

TEST(Cli, MissingFileIsReportedNotCrashed) {
  CliRun r = run("validate /nonexistent/file.beyt");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("error[E501]"), std::string::npos) << r.out;
}

// The two records of issue 9, as a user validates them: Mankalah with
// skip-origin=no, a lap of 24 ending in its own origin beyt F holding 2 takes
// F and a (docs/RULES.md §Mankalah Finer points); Tâb with release=any, North's
// first freed kelb must be c, his foremost Nasrani, after South took b
// (docs/RULES.md §Tâb Finer points; samples/invalid/E344-release-any-after-capture.beyt).
TEST(Cli, RuleFixesOfIssue9) {
  fs::path dir = temp_dir();
  fs::path mankalah = dir / "mankalah.beyt", tab = dir / "tab.beyt";
  std::ofstream(mankalah) << "[Game \"mankalah\"]\n[Rules \"akil; skip-origin=no\"]\n"
                             "[SetUp \"0,0,0,0,1,24,0,0,0,0,0,1 S play 23-23 0-0 N\"]\n\n1. Fx4 *\n";
  CliRun m = run("validate " + quote(mankalah.string()));
  EXPECT_EQ(m.status, 0) << m.out;
  std::ofstream(tab) << "[Game \"tab\"]\n[Rules \"lane; pieces=3; release=any\"]\n[Cells \"lane\"]\n"
                        "[Result \"*\"]\n\n1. 1,6,6,6,4,1,1,6,1,1,4,4,4,2:1C-D,6D-K,6K-Q,6Q-n,4n-r,1r-s,2sxb,"
                        "1B-C,6C-I,1I-K,1A-B,4B-F,4F-K,4b-f\n2. 1,2:1a-b,2-- *\n";
  CliRun t = run("validate " + quote(tab.string()));
  EXPECT_EQ(t.status, 1) << t.out;
  EXPECT_NE(t.out.find(tab.string() + ":7:9: error[E344]: game 1, turn 2, North: the first kelb freed is the "
                                      "foremost, c"),
            std::string::npos)
      << t.out;
  fs::remove_all(dir);
}

// The number of elements named `tag` in `svg` (a rough count, enough here).
int count_of(const std::string& svg, const std::string& tag) {
  int n = 0;
  for (auto at = svg.find("<" + tag); at != std::string::npos; at = svg.find("<" + tag, at + 1)) ++n;
  return n;
}

// The SVG of `args`, checked to be one well-formed-looking document.
std::string svg_of(const std::string& args) {
  CliRun r = run("render --format svg " + args);
  EXPECT_EQ(r.status, 0) << args << "\n" << r.out;
  EXPECT_EQ(r.out.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 0), 0u) << args << "\n" << r.out;
  EXPECT_TRUE(r.out.size() > 7 && r.out.compare(r.out.size() - 7, 7, "</svg>\n") == 0) << args;
  return r.out;
}

TEST(CliSvg, EveryTurnOfEverySampleOnASheet) {
  int drawn = 0;
  for (const auto& p : sample_files(".beyt")) {
    CliRun probe = run("render --format svg --ply 0 " + quote(p.string()));
    if (probe.status == 2 && probe.out.find(" are not available yet") != std::string::npos) continue;  // a game without drawing
    ++drawn;
    std::string sheet = svg_of("--every 1 " + quote(p.string()));
    CliRun too_far = run("render --ply 100000 " + quote(p.string()));
    int turns = std::stoi(too_far.out.substr(too_far.out.find("has only ") + 9));
    EXPECT_EQ(count_of(sheet, "g transform"), turns + 1) << p;
    EXPECT_NE(sheet.find("Initial position"), std::string::npos);
    EXPECT_NE(sheet.find("After turn " + std::to_string(turns) + ":"), std::string::npos);
  }
  EXPECT_GE(drawn, 4) << "the Seega samples draw";
  // The JSON form of a record draws the same page (--from names the input format).
  fs::path json = kRoot / "samples/seega/walker-5x5.json", text = kRoot / "samples/seega/walker-5x5.beyt";
  EXPECT_EQ(svg_of("--from json " + quote(json.string())), svg_of(quote(text.string())));
}

TEST(CliSvg, SheetOfChosenPlies) {
  fs::path game = kRoot / "samples/seega/walker-5x5.beyt";
  std::string sheet = svg_of("--plies 0,12,30 --columns 2 " + quote(game.string()));
  EXPECT_EQ(count_of(sheet, "g transform"), 3);
  for (const char* c : {"Initial position", "After turn 12:", "After turn 30:"})
    EXPECT_NE(sheet.find(c), std::string::npos) << c;
  EXPECT_NE(sheet.find("<title>beyt samples, round 1</title>"), std::string::npos) << "title from Event and Round";
  std::string end = svg_of(quote((kRoot / "samples/seega/lane-5x5.beyt").string()));
  // The caption wraps within the board's width, in balanced lines: the
  // result is not left alone on the last line.
  EXPECT_NE(end.find(">After turn 66:</text>"), std::string::npos) << end;
  EXPECT_NE(end.find(">d4-e4xe3 (0-1)</text>"), std::string::npos) << "the result after the last turn";
  CliRun bad = run("render --format svg --plies 0,x " + quote(game.string()));
  EXPECT_EQ(bad.status, 2);
  CliRun far = run("render --format svg --plies 0,999 " + quote(game.string()));
  EXPECT_EQ(far.status, 2);
  EXPECT_NE(far.out.find("only 51 turns"), std::string::npos) << far.out;
}

TEST(CliSvg, FlippedMonochromeAndOptions) {
  fs::path game = kRoot / "samples/seega/walker-5x5.beyt";
  std::string plain = svg_of("--ply 30 " + quote(game.string()));
  std::string flipped = svg_of("--ply 30 --flip " + quote(game.string()));
  EXPECT_NE(plain, flipped);
  std::string narrow = svg_of("--ply 30 --width 300 " + quote(game.string()));
  EXPECT_NE(narrow.find("width=\"300\""), std::string::npos) << "--width scales the page";
  EXPECT_EQ(narrow.substr(narrow.find("viewBox")), plain.substr(plain.find("viewBox"))) << "the drawing stays";
  std::string mono = svg_of("--ply 30 --mono " + quote(game.string()));
  EXPECT_EQ(mono.find("#efe2c4"), std::string::npos) << "no tints in monochrome";
  EXPECT_NE(plain.find("#efe2c4"), std::string::npos);
  std::string big = svg_of("--ply 30 --size 80 --font Georgia --no-coordinates --bare " + quote(game.string()));
  EXPECT_NE(big.find("width=\"400\""), std::string::npos) << "5 cells of 80 px";
  EXPECT_EQ(big.find("<text"), std::string::npos) << "--bare and --no-coordinates: no letters at all";
  std::string titled = svg_of("--ply 30 --title 'T\xC3\xA2" "b & Um el-Ban\xC3\xA2t <1925>' --caption 'a \"b\"' " +
                              quote(game.string()));
  EXPECT_NE(titled.find("<title>T\xC3\xA2" "b &amp; Um el-Ban\xC3\xA2t &lt;1925&gt;</title>"), std::string::npos)
      << titled;
  EXPECT_NE(titled.find(">a &quot;b&quot;</text>"), std::string::npos);
}

TEST(CliSvg, ArrowsAndMarksFromTheCommandLineAndFromComments) {
  fs::path game = kRoot / "samples/seega/walker-5x5.beyt";
  std::string plain = svg_of("--ply 30 " + quote(game.string()));
  std::string marked = svg_of("--ply 30 --arrow a1-a3,e5-c5 --mark c3 --mark d4 " + quote(game.string()));
  EXPECT_EQ(count_of(marked, "polygon") - count_of(plain, "polygon"), 2);
  EXPECT_EQ(count_of(marked, "circle") - count_of(plain, "circle"), 2);
  CliRun off = run("render --format svg --mark z9 " + quote(game.string()));
  EXPECT_EQ(off.status, 2);
  EXPECT_NE(off.out.find("'z9' is not a cell"), std::string::npos) << off.out;
  // centre-immunity.beyt: "[%mark c3] [%arrow e4-d4]" in the game's comment,
  // "[%mark c3]" after turn 1.
  fs::path annotated = kRoot / "samples/seega/centre-immunity.beyt";
  std::string start = svg_of("--ply 0 " + quote(annotated.string()));
  EXPECT_EQ(count_of(start, "polygon"), 1);
  EXPECT_NE(start.find("stroke-dasharray"), std::string::npos);
  std::string two = svg_of("--ply 2 " + quote(annotated.string()));
  EXPECT_EQ(count_of(two, "polygon"), 0) << "commands belong to the turn they annotate";
  // A bad command in a comment is a warning, not a failure.
  fs::path dir = temp_dir();
  fs::path bad = dir / "bad.beyt";
  std::ofstream(bad) << "[Game \"seega\"]\n\n1. c1,c5 {[%arrow c1] [%mark q7]} *\n";
  CliRun r = run("render --format svg " + quote(bad.string()));
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("warning"), std::string::npos) << r.out;
  fs::remove_all(dir);
}

TEST(CliSvg, EmptyBoardsAndOutputFile) {
  fs::path dir = temp_dir();
  for (const char* size : {"5", "7", "9"}) {
    fs::path out = dir / (std::string("e") + size + ".svg");
    CliRun r = run(std::string("render --empty --game seega --format svg --rules 'walker; size=") + size + "' -o " +
                   quote(out.string()));
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(slurp(out), slurp(kRoot / "tests/golden" / (std::string("seega-empty-") + size + ".svg")))
        << "the CLI writes the golden empty board";
  }
  fs::remove_all(dir);
}

TEST(CliSvg, RsvgConvertReadsEveryDiagramSample) {
  ASSERT_EQ(std::system("command -v rsvg-convert >/dev/null 2>&1"), 0)
      << "rsvg-convert is missing: install librsvg2-bin (.ci/setup does)";
  fs::path dir = temp_dir();
  int n = 0;
  for (const auto& p : files_in(kRoot / "samples/diagrams", ".svg")) {
    fs::path png = dir / (p.stem().string() + ".png");
    std::string cmd = "rsvg-convert " + quote(p.string()) + " -o " + quote(png.string()) + " 2>&1";
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    std::string data = slurp(png);
    ASSERT_GE(data.size(), 24u) << png;
    auto be = [&](std::size_t at) {
      unsigned v = 0;
      for (std::size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(data[at + i]);
      return v;
    };
    std::string svg = slurp(p);
    auto w = svg.find(" width=\""), h = svg.find(" height=\"");
    EXPECT_EQ(std::to_string(be(16)), svg.substr(w + 8, svg.find('"', w + 8) - w - 8)) << p;
    EXPECT_EQ(std::to_string(be(20)), svg.substr(h + 9, svg.find('"', h + 9) - h - 9)) << p;
    ++n;
  }
  EXPECT_GE(n, 8);
  fs::remove_all(dir);
}

TEST(CliSvg, DiagramSamplesAreWhatTheCliWrites) {
  std::ifstream list(kRoot / "samples/diagrams/diagrams.tsv");
  std::string line;
  int n = 0;
  while (std::getline(list, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos) << line;
    std::string file = line.substr(0, tab), args = line.substr(tab + 1);
    CliRun r = run("render " + args);
    EXPECT_EQ(r.status, 0) << line << "\n" << r.out;
    EXPECT_EQ(r.out, slurp(kRoot / "samples/diagrams" / file))
        << file << " is not what `beyt render " << args << "` writes: run samples/diagrams/make";
    ++n;
  }
  EXPECT_EQ(n, static_cast<int>(files_in(kRoot / "samples/diagrams", ".svg").size() +
                                files_in(kRoot / "samples/diagrams", ".html").size() +
                                files_in(kRoot / "samples/diagrams", ".tex").size()))
      << "diagrams.tsv lists every diagram sample";
}

TEST(CliSvg, GamesWithoutDrawingAreAUsageErrorNotAPicture) {
  for (const char* game : {"tab", "dleb", "mankalah", "umelbanat"}) {
    if (run(std::string("games ") + game).status != 0) continue;  // not in the table on this branch
    CliRun r = run(std::string("render --empty --format svg --game ") + game);
    if (r.status == 0) {  // the game draws now
      EXPECT_EQ(r.out.rfind("<?xml", 0), 0u) << game;
      continue;
    }
    EXPECT_EQ(r.status, 2) << game << "\n" << r.out;
    EXPECT_NE(r.out.find("SVG diagrams of "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" are not available yet"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("<svg"), std::string::npos) << game;
  }
}

TEST(CliSvg, TextFormatsKeepTheirNames) {
  fs::path game = kRoot / "samples/seega/walker-5x5.beyt";
  CliRun style = run("render --style ascii " + quote(game.string()));
  CliRun format = run("render --format ascii " + quote(game.string()));
  EXPECT_EQ(style.status, 0);
  EXPECT_EQ(style.out, format.out);
  EXPECT_EQ(style.out.find("┌"), std::string::npos);
  CliRun unicode = run("render --format unicode " + quote(game.string()));
  EXPECT_NE(unicode.out.find("┌"), std::string::npos);
  CliRun old = run("render --format json " + quote(game.string()));
  EXPECT_EQ(old.status, 2) << "the input format is --from now";
  EXPECT_NE(old.out.find("--from"), std::string::npos) << old.out;
}

}  // namespace
