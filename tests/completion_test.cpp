// The bash completion script and the man page that the build makes from the
// program (cli/docs/make_docs.cpp): the completion offers every subcommand
// `beyt --help` lists, every option each one's --help lists, the game names
// `beyt games` lists, and the values an option's help names; the man page
// has every subcommand and option and renders without a groff warning.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "cli_run.hpp"

namespace {

using namespace beyt::test;

const fs::path kBuild = fs::path(BEYT_CLI_PATH).parent_path();
const fs::path kCompletion = kBuild / "share/bash-completion/completions/beyt";
const fs::path kMan = kBuild / "share/man/man1/beyt.1";

// What bash completes for the words of `line` (the last one is completed;
// "" for a new word), as a sorted set, with `dir` as the working directory.
std::set<std::string> complete(const std::vector<std::string>& words, const fs::path& dir = fs::temp_directory_path()) {
  std::string array;
  for (const auto& w : words) array += " " + quote(w);
  const std::string script = "source " + quote(kCompletion.string()) + "; COMP_WORDS=(" + array +
                             "); COMP_CWORD=" + std::to_string(words.size() - 1) +
                             "; _beyt; printf '%s\\n' \"${COMPREPLY[@]}\"";
  const CliRun r = capture("cd " + quote(dir.string()) + " && bash -c " + quote(script));
  std::set<std::string> result;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) result.insert(line);
  return result;
}

std::set<std::string> long_options(const std::string& command) {
  std::set<std::string> out;
  const std::string help = run(command + " --help").out;
  const std::regex option("\n +(?:-\\w, )?(--[\\w-]+)");
  for (std::sregex_iterator it(help.begin(), help.end(), option), end; it != end; ++it) out.insert((*it)[1]);
  return out;
}

std::set<std::string> game_names() {
  std::set<std::string> out;
  std::istringstream in(run("games --brief").out);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != ' ') out.insert(line.substr(0, line.find(' ')));
  return out;
}

TEST(Docs, TheBuildMadeTheCompletionAndTheManPage) {
  EXPECT_TRUE(fs::exists(kCompletion)) << kCompletion;
  EXPECT_TRUE(fs::exists(kMan)) << kMan;
}

TEST(Docs, CompletionOffersSubcommandsAndTheirOptions) {
  const auto commands = subcommands();
  ASSERT_GE(commands.size(), 10u);
  auto first = complete({"beyt", ""});
  for (const auto& c : commands) EXPECT_EQ(first.count(c), 1u) << c;
  EXPECT_EQ(complete({"beyt", "se"}), (std::set<std::string>{"select"}));
  for (const auto& c : commands) {
    SCOPED_TRACE(c);
    const auto options = long_options(c);
    ASSERT_FALSE(options.empty());
    std::set<std::string> offered;
    for (const auto& o : complete({"beyt", c, "--"})) offered.insert(o);
    EXPECT_EQ(offered, options);
  }
}

TEST(Docs, CompletionOffersGameNamesFormatsAndFiles) {
  const auto games = game_names();
  ASSERT_EQ(games.size(), 5u);
  for (const std::string c : {"validate", "select", "format", "generate"})
    EXPECT_EQ(complete({"beyt", c, "--game", ""}), games) << c;
  EXPECT_EQ(complete({"beyt", "select", "--game", "s"}), (std::set<std::string>{"seega"}));
  const std::set<std::string> formats{"text", "json", "xml", "jsonl"};
  for (const std::string c : {"convert", "format", "select", "split", "dedupe"})
    EXPECT_EQ(complete({"beyt", c, "--to", ""}), formats) << c;
  EXPECT_EQ(complete({"beyt", "stats", "--from", "j"}), (std::set<std::string>{"json", "jsonl"}));
  EXPECT_EQ(complete({"beyt", "convert", "--cells", ""}), (std::set<std::string>{"lane", "grid"}));
  EXPECT_EQ(complete({"beyt", "select", "--result", "1"}), (std::set<std::string>{"1-0", "1/2-1/2"}));
  EXPECT_TRUE(complete({"beyt", "select", "--min-turns", ""}).empty());
  const fs::path dir = temp_dir() / "completion";
  fs::create_directories(dir);
  std::ofstream(dir / "games.beyt") << "";
  std::ofstream(dir / "games.json") << "";
  EXPECT_EQ(complete({"beyt", "convert", "-o", "games.j"}, dir), (std::set<std::string>{"games.json"}));
  EXPECT_EQ(complete({"beyt", "stats", "ga"}, dir), (std::set<std::string>{"games.beyt", "games.json"}));
  fs::remove_all(dir);
}

TEST(Docs, ManPageHasEverySubcommandAndOptionAndRendersCleanly) {
  const std::string man = slurp(kMan);
  ASSERT_FALSE(man.empty());
  EXPECT_EQ(man.rfind(".\\\" beyt(1)", 0), 0u);
  EXPECT_NE(man.find(".TH BEYT 1"), std::string::npos);
  for (const auto& c : subcommands()) {
    EXPECT_NE(man.find(".SS \"beyt " + c + "\""), std::string::npos) << c;
    for (const auto& o : long_options(c))
      EXPECT_NE(man.find("\\fB\\-\\-" + std::regex_replace(o.substr(2), std::regex("-"), "\\-") + "\\fR"),
                std::string::npos)
          << c << " " << o;
  }
  for (const auto& g : game_names()) EXPECT_NE(man.find(".B " + g + "\n"), std::string::npos) << g;
  ASSERT_EQ(std::system("command -v groff >/dev/null 2>&1"), 0) << "groff is missing: .ci/setup installs groff-base";
  const CliRun groff = capture("groff -man -Tutf8 -ww -z " + quote(kMan.string()));
  EXPECT_EQ(groff.status, 0);
  EXPECT_EQ(groff.out, "");
}

}  // namespace
