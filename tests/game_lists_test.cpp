// Game knowledge only in the table of games (lib/src/game.cpp; issue 29,
// item 5): no front end (the CLI, the Python package, the studio's page and
// binding, the bench programs and scripts, the stats of notation/) names a
// game by its id where it could read the table. Every id of game_table() is
// looked for in their files; a line fails when it holds one as a string
// literal ("seega", 'tab'), several of them (a list, as `for g in tab dleb
// ...`), or one as a JavaScript key (`seega: {`). Examples are allowed: an
// id after `--game` or in a `samples/` path, a comment, a Python doctest
// (`>>>` and its output), and the few lines of kAllowed, each with its
// reason. Samples, tests and docs are not front ends and are not looked at.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "beyt/game.hpp"
#include "cli_run.hpp"

namespace {

using namespace beyt::test;

// The front ends: folders (every file but *.md) and single files.
const char* const kFrontEnds[] = {"cli", "python/beyt", "studio/page", "studio/binding.cpp", "bench",
                                  "notation/src/stats.cpp"};

// Lines that may name a game: (file, a piece of the line, why).
struct Allowed {
  const char* file;
  const char* piece;
  const char* why;
};
const Allowed kAllowed[] = {
    {"bench/compare.cpp", "game == \"seega\"", "issue 11's budgets name Seega (bench/README.md)"},
    {"bench/compare.cpp", "find(all, \"seega\"", "issue 11's budgets name Seega (bench/README.md)"},
    {"bench/compare.cpp", "target(\"seega engine replay", "issue 11's budgets name Seega (bench/README.md)"},
    {"bench/read_replay_bench.cpp", "\"seega\"", "a Seega workload: its records are Seega turns"},
    {"python/beyt/__init__.py", "``Game(\"seega\", rules=\"walker\")``", "an example in Game's docstring"},
    {"cli/stats.cpp", "{\\\"game\\\": \\\"seega\\\"", "an example of stats --json's output in its help"},
};

bool allowed(const std::string& file, const std::string& line) {
  return std::any_of(std::begin(kAllowed), std::end(kAllowed), [&](const Allowed& a) {
    return file == a.file && line.find(a.piece) != std::string::npos;
  });
}

std::vector<fs::path> front_end_files() {
  std::vector<fs::path> out;
  for (const char* where : kFrontEnds) {
    const fs::path p = kRoot / where;
    if (fs::is_regular_file(p)) out.push_back(p);
    else
      for (const auto& e : fs::recursive_directory_iterator(p))
        if (e.is_regular_file() && e.path().extension() != ".md") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t");
  return a == std::string::npos ? std::string() : s.substr(a);
}

// The patterns of one id: its examples (`--game ID`, `samples/ID`), the
// word, a string literal of it, a key of it.
struct IdPatterns {
  explicit IdPatterns(const std::string& name)
      : id(name),
        game_option("--game[ =]+" + name + "\\b"),
        sample("samples/" + name + "\\b"),
        word("\\b" + name + "\\b"),
        literal("\\\\?[\"']" + name + "\\\\?[\"']"),
        key("\\b" + name + "\\s*:") {}
  std::string id;
  std::regex game_option, sample, word, literal, key;
};

// What a line says of the ids, once its examples are taken out: empty, or why it fails.
std::string fault(const std::string& raw, const std::vector<IdPatterns>& ids, bool script) {
  std::string line = raw;
  for (const IdPatterns& p : ids) {
    if (line.find(p.id) == std::string::npos) continue;
    line = std::regex_replace(line, p.game_option, "--game GAME");
    line = std::regex_replace(line, p.sample, "samples/GAME");
  }
  std::set<std::string> words;
  for (const IdPatterns& p : ids) {
    if (line.find(p.id) == std::string::npos || !std::regex_search(line, p.word)) continue;
    words.insert(p.id);
    if (std::regex_search(line, p.literal)) return "the id '" + p.id + "' as a string literal";
    if (script && std::regex_search(line, p.key)) return "the id '" + p.id + "' as a key";
  }
  if (words.size() > 1) return "a list of games";
  return {};
}

std::vector<IdPatterns> patterns(const std::vector<std::string>& ids) {
  std::vector<IdPatterns> out;
  for (const auto& id : ids) out.emplace_back(id);
  return out;
}

TEST(GameLists, FrontEndsReadTheTableOfGames) {
  std::vector<std::string> names;
  for (const beyt::Game* g : beyt::game_table()) names.emplace_back(g->name());
  ASSERT_FALSE(names.empty());
  const std::vector<IdPatterns> ids = patterns(names);
  std::size_t files = 0;
  for (const fs::path& path : front_end_files()) {
    const std::string file = fs::relative(path, kRoot).generic_string();
    const std::string ext = path.extension().string();
    const bool python = ext == ".py" || ext == ".pyi";
    const bool js = ext == ".js" || ext == ".mjs";
    std::istringstream in(slurp(path));
    bool doctest_output = false;  // the lines after a `>>>` line, up to a blank one
    std::size_t n = 0;
    ++files;
    for (std::string line; std::getline(in, line);) {
      ++n;
      const std::string t = trim(line);
      if (python && t.rfind(">>>", 0) == 0) {
        doctest_output = true;
        continue;
      }
      if (t.empty()) doctest_output = false;
      if (doctest_output) continue;
      if (t.rfind("//", 0) == 0 || t.rfind("#", 0) == 0 || t.rfind("/*", 0) == 0 || t.rfind("* ", 0) == 0) continue;
      // A comment after the code (" // ..."), taken out.
      std::string code = line;
      if (!python) {
        const auto c = code.find(" // ");
        if (c != std::string::npos) code.resize(c);
      }
      const std::string why = fault(code, ids, js);
      if (!why.empty() && !allowed(file, line))
        ADD_FAILURE() << file << ":" << n << ": " << why
                      << " (read the table: game_table(), game_facts(), beyt games, beyt.games()):\n  " << t;
    }
  }
  EXPECT_GT(files, 20u);
}

// The check itself: it finds what it is for, and lets examples be.
TEST(GameLists, TheCheckFindsListsLiteralsAndKeys) {
  const std::vector<IdPatterns> ids = patterns({"tab", "dleb", "seega"});
  EXPECT_NE(fault("  \"Games: tab, dleb, seega (beyt games).\"", ids, false), "");
  EXPECT_NE(fault("for g in tab dleb seega; do", ids, false), "");
  EXPECT_NE(fault("if (game == \"tab\") return;", ids, false), "");
  EXPECT_NE(fault("  if (v.game === 'seega') {", ids, true), "");
  EXPECT_NE(fault("      seega: { keys: m => m.from },", ids, true), "");
  EXPECT_EQ(fault("  beyt events --game tab --json", ids, false), "");
  EXPECT_EQ(fault("beyt.read_games(\"samples/seega/walker-5x5.beyt\")", ids, false), "");
  EXPECT_EQ(fault("a throw forfeited, a dleb stored", ids, false), "");
}

}  // namespace
