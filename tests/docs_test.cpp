// The documents agree with the code, so that they cannot drift apart:
//  * docs/RULES.md has one section per game ("## Tâb", ...) citing its source
//    by author and year, and its Options and Presets tables list exactly the
//    game table's options (values, default) and presets (settings);
//  * notation/NOTATION.md's table of every option and preset agrees too;
//  * every citation of a docs/RULES.md section anywhere in the project names
//    one of those sections;
//  * the project stands on its own: no file refers to material outside it;
//  * docs/LIBRARY.md's perft reference counts are the library's and `beyt
//    perft`'s, and its `beyt perft` commands run as written and print what
//    it shows;
//  * docs/python/README.md's commands and the tutorial notebook's header
//    command run as they are written (PythonDocs, run by ctest as
//    Docs.PythonReadmeRunsAsWritten when the Python package is built).
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "beyt/game.hpp"
#include "beyt/perft.hpp"
#include "cli_run.hpp"

namespace {

namespace fs = std::filesystem;
using beyt::Game;

const fs::path kRoot = BEYT_SOURCE_DIR;
// How the project cites a section of its rules, in two pieces so that this
// file's own text is no citation.
const std::string kCite = std::string("docs/RULES.md ") + "§";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The text from the line `heading` to the next heading of the same level or
// higher (## or ###); empty if there is no such line.
std::string section(const std::string& text, const std::string& heading) {
  std::size_t at = text.find("\n" + heading + "\n");
  if (at == std::string::npos) return {};
  at += 1;
  const std::string level = heading.substr(0, heading.find(' ') + 1);  // "## " or "### "
  std::size_t end = at + heading.size();
  for (;;) {
    end = text.find('\n', end);
    if (end == std::string::npos) return text.substr(at);
    ++end;
    if (text.compare(end, 3, "## ") == 0 || (level == "### " && text.compare(end, 4, "### ") == 0))
      return text.substr(at, end - at);
  }
}

std::string trim(const std::string& s) {
  std::size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

// The rows of the first Markdown table in `text`, as column name -> cell.
std::vector<std::map<std::string, std::string>> table(const std::string& text) {
  std::vector<std::map<std::string, std::string>> rows;
  std::vector<std::string> header;
  std::istringstream in(text);
  std::string line;
  bool in_table = false;
  while (std::getline(in, line)) {
    if (line.rfind("|", 0) != 0) {
      if (in_table) break;
      continue;
    }
    std::vector<std::string> cells;
    std::size_t from = 1;
    for (std::size_t bar; (bar = line.find('|', from)) != std::string::npos; from = bar + 1)
      cells.push_back(trim(line.substr(from, bar - from)));
    if (!in_table) {
      header = cells;
      in_table = true;
    } else if (cells.empty() || cells[0].rfind("---", 0) != 0) {
      std::map<std::string, std::string> row;
      for (std::size_t i = 0; i < header.size() && i < cells.size(); ++i) row[header[i]] = cells[i];
      rows.push_back(row);
    }
  }
  return rows;
}

// The `code` spans of a cell, in order.
std::vector<std::string> code_spans(const std::string& cell) {
  std::vector<std::string> out;
  static const std::regex span("`([^`]+)`");
  for (std::sregex_iterator it(cell.begin(), cell.end(), span), end; it != end; ++it) out.push_back((*it)[1]);
  return out;
}

std::string quoted(std::string_view s) { return "`" + std::string(s) + "`"; }

// Checks the option rows (columns option, values, default) against the game.
void check_options(const Game& game, const std::vector<std::map<std::string, std::string>>& rows,
                   const std::string& where) {
  const auto& specs = game.options();
  ASSERT_EQ(rows.size(), specs.size()) << where << ": one row per option of " << game.name();
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const auto& spec = specs[i];
    const auto& row = rows[i];
    SCOPED_TRACE(where + ", " + std::string(game.name()) + " option " + std::string(spec.name));
    EXPECT_EQ(row.at("option"), quoted(spec.name)) << "in the order of the game table";
    EXPECT_EQ(row.at("default"), quoted(spec.default_value));
    std::vector<std::string> values = code_spans(row.at("values"));
    if (!spec.values.empty()) {
      EXPECT_EQ(values, std::vector<std::string>(spec.values.begin(), spec.values.end()));
      continue;
    }
    // A free-form option: the cell describes the values; every example it
    // gives must be a value the game accepts.
    EXPECT_FALSE(row.at("values").empty());
    for (const auto& v : values) {
      beyt::RuleSet rules;
      std::unique_ptr<beyt::State> state;
      beyt::Error e = game.parse_rules(std::string(spec.name) + "=" + v, rules);
      if (!e) e = game.new_state(rules, "", state);
      EXPECT_FALSE(e) << v << ": " << e.reason;
    }
  }
}

// Checks preset rows (columns preset, settings): the first is the default.
void check_presets(const Game& game, const std::vector<std::map<std::string, std::string>>& rows,
                   const std::string& where, bool marks_default) {
  const auto& presets = game.presets();
  ASSERT_EQ(rows.size(), presets.size()) << where << ": one row per preset of " << game.name();
  for (std::size_t i = 0; i < presets.size(); ++i) {
    SCOPED_TRACE(where + ", " + std::string(game.name()) + " preset " + std::string(presets[i].name));
    std::string name = quoted(presets[i].name) + (marks_default && i == 0 ? " (default)" : "");
    EXPECT_EQ(rows[i].at("preset"), name);
    EXPECT_EQ(rows[i].at("settings"), presets[i].settings.empty() ? "(none)" : quoted(presets[i].settings));
  }
}

const std::string& rules_md() {
  static const std::string text = slurp(kRoot / "docs/RULES.md");
  return text;
}

TEST(Docs, RulesHasASectionPerGameCitingItsSources) {
  ASSERT_FALSE(rules_md().empty()) << "docs/RULES.md is missing";
  static const std::regex author_year("(Lane|Walker|Marin|Davies) (1836|2011|1931|1925)");
  for (const Game* game : beyt::game_table()) {
    std::string text = section(rules_md(), "## " + std::string(game->title()));
    ASSERT_FALSE(text.empty()) << "docs/RULES.md has no section ## " << game->title();
    EXPECT_TRUE(std::regex_search(text.substr(0, text.find("\n###")), author_year))
        << game->title() << ": the section opens with its source, by author and year";
    for (const char* sub : {"### Options", "### Presets", "### Finer points", "### End"})
      EXPECT_FALSE(section(text, sub).empty()) << game->title() << " lacks " << sub;
    // The game's own citation of its sources names this section.
    EXPECT_NE(game->sources().find(kCite + std::string(game->title())), std::string_view::npos);
  }
}

TEST(Docs, RulesOptionsAndPresetsAreTheGameTables) {
  for (const Game* game : beyt::game_table()) {
    std::string text = section(rules_md(), "## " + std::string(game->title()));
    check_options(*game, table(section(text, "### Options")), "docs/RULES.md");
    check_presets(*game, table(section(text, "### Presets")), "docs/RULES.md", true);
    for (const auto& spec : game->options())
      EXPECT_NE(spec.source.find(kCite + std::string(game->title())), std::string_view::npos)
          << game->name() << " option " << spec.name << " cites its section: " << spec.source;
  }
}

TEST(Docs, NotationListsEveryOptionAndPreset) {
  std::string notation = slurp(kRoot / "notation/NOTATION.md");
  std::string rules = section(notation, "## 4. Rules");
  ASSERT_FALSE(rules.empty());
  auto options = table(rules.substr(rules.find("| game | option |")));
  auto presets = table(rules.substr(rules.find("| game | preset |")));
  for (const Game* game : beyt::game_table()) {
    std::vector<std::map<std::string, std::string>> mine, mine_presets;
    for (const auto& row : options)
      if (row.at("game") == quoted(game->name())) mine.push_back(row);
    for (const auto& row : presets)
      if (row.at("game") == quoted(game->name())) mine_presets.push_back(row);
    check_options(*game, mine, "NOTATION.md section 4");
    check_presets(*game, mine_presets, "NOTATION.md section 4", false);
  }
}

// Text files of the project (what git tracks, less the generated diagrams).
std::vector<fs::path> project_files() {
  std::vector<fs::path> out;
  for (const char* top : {"README.md", "CMakeLists.txt", ".ci", "bench", "cli", "docs", "fuzz", "lib", "notation", "python",
                          "samples", "schemas", "studio", "tests"}) {
    fs::path p = kRoot / top;
    if (fs::is_regular_file(p)) out.push_back(p);
    if (!fs::is_directory(p)) continue;
    for (const auto& e : fs::recursive_directory_iterator(p))
      if (e.is_regular_file() && e.path().extension() != ".svg") out.push_back(e.path());
  }
  return out;
}

TEST(Docs, EveryRulesCitationNamesASection) {
  std::vector<std::string> titles;
  for (const Game* game : beyt::game_table()) titles.emplace_back(game->title());
  const std::string mark = kCite.substr(5);  // also the citations without "docs/"
  std::size_t citations = 0;
  for (const auto& file : project_files()) {
    std::string text = slurp(file);
    for (std::size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at + 1)) {
      ++citations;
      std::string rest = text.substr(at + mark.size(), 20);
      bool known = false;
      for (const auto& t : titles) known = known || rest.rfind(t, 0) == 0;
      EXPECT_TRUE(known) << file << ": " << mark << rest;
    }
  }
  EXPECT_GT(citations, 50u);
}

TEST(Docs, TheProjectStandsOnItsOwn) {
  // Spelled in pieces so that this file does not match itself.
  const std::vector<std::string> outside = {std::string("../") + "shared", std::string("seed ") + "00",
                                            std::string("seeds") + "/"};
  for (const auto& file : project_files()) {
    std::string text = slurp(file);
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));  // any capitals
    for (const auto& s : outside) EXPECT_EQ(text.find(s), std::string::npos) << file << " mentions " << s;
  }
}

// The ```LANG blocks of a Markdown text, in order.
std::vector<std::string> fenced_blocks(const std::string& text, const std::string& lang) {
  std::vector<std::string> out;
  const std::string open = "```" + lang + "\n";
  for (std::size_t at = text.find(open); at != std::string::npos; at = text.find(open, at)) {
    at += open.size();
    const std::size_t end = text.find("```", at);
    if (end == std::string::npos) break;
    out.push_back(text.substr(at, end - at));
    at = end + 3;
  }
  return out;
}

// docs/python/README.md runs as written (issue 30): its ```sh blocks, in
// order, as one bash script (set -e), from the reader's folder: a copy of the
// repository's folder (without build folders, node_modules, .git), whose
// `build` is the build under test (BEYT_BINARY_DIR: "cmake -S . -B build" done,
// as README.md's "Building"). No variable is set that a reader would not have.
// A block's lines "# TEXT" are output: each TEXT must come out, in order. The
// commands the notebook's header shows are lines of those blocks, so they run
// too. Registered apart (tests/CMakeLists.txt) as it builds in the build tree.
TEST(PythonDocs, ReadmeRunsAsWritten) {
  const std::string readme = slurp(kRoot / "docs/python/README.md");
  const std::vector<std::string> blocks = fenced_blocks(readme, "sh");
  ASSERT_GE(blocks.size(), 4u) << "docs/python/README.md: install, wheel, build tree, notebook, removal";
  std::string script = "set -e\n";
  std::vector<std::string> commands, outputs;
  for (const auto& block : blocks) {
    script += block;
    std::istringstream in(block);
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("# ", 0) == 0) {
        outputs.push_back(line.substr(2));
      } else if (!line.empty()) {
        const std::size_t comment = line.find("  #");
        commands.push_back(trim(line.substr(0, comment)));
      }
    }
  }
  // The notebook's header (its first cell) shows commands in `code`: each
  // one that a reader would type is one of the README's.
  const std::string notebook = slurp(kRoot / "docs/python/tutorial.ipynb");
  const std::string header = notebook.substr(0, notebook.find("\"cell_type\": \"code\""));
  std::size_t shown = 0;
  for (const auto& span : code_spans(header)) {
    if (span.rfind("python3 ", 0) != 0 && span.rfind("pip ", 0) != 0) continue;
    ++shown;
    EXPECT_NE(std::find(commands.begin(), commands.end(), span), commands.end())
        << "the notebook's header shows `" << span << "`, which docs/python/README.md does not run";
  }
  EXPECT_GE(shown, 2u) << "the notebook's header shows how to install the package and run it";

  // The reader's folder.
  const fs::path top = fs::temp_directory_path() / ("beyt-python-docs-" + std::to_string(::getpid()));
  const fs::path reader = top / "beyt";
  fs::remove_all(top);
  fs::create_directories(reader);
  for (const auto& e : fs::directory_iterator(kRoot)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("build", 0) == 0 || name == "node_modules" || name == ".git" || name == ".venv" ||
        name == "dist")
      continue;
    fs::copy(e.path(), reader / name, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  }
  fs::create_directory_symlink(BEYT_BINARY_DIR, reader / "build");
  {
    std::ofstream(top / "readme.sh", std::ios::binary) << script;
  }
  const beyt::test::CliRun r =
      beyt::test::capture("cd " + beyt::test::quote(reader.string()) + " && bash ../readme.sh");
  ASSERT_EQ(r.status, 0) << script << "\n---\n" << r.out;
  std::size_t at = 0;
  for (const auto& want : outputs) {
    const std::size_t found = r.out.find(want, at);
    ASSERT_NE(found, std::string::npos) << "no \"" << want << "\" after byte " << at << " of:\n" << r.out;
    at = found + want.size();
  }
  // What the removal left: no file of the package in the environment.
  const beyt::test::CliRun left = beyt::test::capture(
      "cd " + beyt::test::quote(reader.string()) + " && find .venv/lib -path '*beyt*'");
  EXPECT_EQ(left.out, "") << "pip uninstall beyt left these";
  fs::remove_all(top);
}

// docs/LIBRARY.md, "Perft": every game's default preset is published to
// depth 4 at least, and each published count is the library's and `beyt
// perft`'s, but those whose note says that the tests do not run them (and,
// under the sanitizers, which slow the engines tenfold, those above
// 100 000); its `beyt perft` commands, run as a reader types them from the
// top of the repository (`build` the build under test), print its ```text
// blocks; README.md's `beyt perft` commands are some of those.
TEST(Docs, PerftReferenceCounts) {
  const std::string perft_md = section(slurp(kRoot / "docs/LIBRARY.md"), "## Perft");
  ASSERT_FALSE(perft_md.empty()) << "docs/LIBRARY.md has no section \"## Perft\"";
  const auto rows = table(section(perft_md, "### Reference counts"));
  ASSERT_FALSE(rows.empty());
  const std::uint64_t limit = BEYT_SANITIZED ? 100000 : UINT64_MAX;
  const auto unquote = [](const std::string& cell) { return cell.size() >= 2 ? cell.substr(1, cell.size() - 2) : cell; };
  // (game, rules) -> the published counts by depth, and those to check.
  std::map<std::pair<std::string, std::string>, std::map<int, std::uint64_t>> published, checked;
  for (const auto& row : rows) {
    const auto key = std::make_pair(unquote(row.at("game")), unquote(row.at("rules")));
    const int depth = std::stoi(row.at("depth"));
    const std::uint64_t count = std::stoull(row.at("count"));
    EXPECT_TRUE(published[key].emplace(depth, count).second) << key.first << " " << key.second << " " << depth;
    if (row.at("note").find("not run by the tests") == std::string::npos && count <= limit)
      checked[key][depth] = count;
  }
  for (const Game* game : beyt::game_table()) {
    const auto it = published.find({std::string(game->name()), std::string(game->presets().front().name)});
    ASSERT_NE(it, published.end()) << game->name() << "'s default preset is not published";
    EXPECT_GE(it->second.size(), 4u) << game->name() << ": to depth 4 at least";
  }
  for (const auto& [key, counts] : published) {
    const auto& [game, rules] = key;
    SCOPED_TRACE(game + ", " + rules);
    EXPECT_EQ(counts.rbegin()->first, static_cast<int>(counts.size())) << "depths 1 to N, each once";
    const auto& wanted = checked[key];
    if (wanted.empty()) continue;
    const int depth = wanted.rbegin()->first;
    auto parsed = beyt::find_game(game)->parse_rules(rules);
    ASSERT_TRUE(parsed) << parsed.error().reason;
    auto start = beyt::find_game(game)->new_state(*parsed);
    ASSERT_TRUE(start);
    auto library = beyt::perft(**start, depth);
    ASSERT_TRUE(library);
    const beyt::test::CliRun cli =
        beyt::test::run("perft --game " + game + " --rules " + beyt::test::quote(rules) + " --depth " + std::to_string(depth));
    ASSERT_EQ(cli.status, 0) << cli.out;
    for (const auto& [d, count] : wanted) {
      EXPECT_EQ(library->leaves[static_cast<std::size_t>(d - 1)], count) << "depth " << d << ": the library";
      EXPECT_NE(cli.out.find("depth " + std::to_string(d) + ": " + std::to_string(count) + "\n"), std::string::npos)
          << "depth " << d << ": beyt perft printed\n" << cli.out;
    }
  }
  // The commands as written, from a folder whose `build` is the build under test.
  const std::vector<std::string> commands = fenced_blocks(perft_md, "sh"), outputs = fenced_blocks(perft_md, "text");
  ASSERT_EQ(commands.size(), outputs.size()) << "each ```sh block followed by the ```text it prints";
  const fs::path top = fs::temp_directory_path() / ("beyt-perft-docs-" + std::to_string(::getpid()));
  fs::remove_all(top);
  fs::create_directories(top);
  fs::create_directory_symlink(BEYT_BINARY_DIR, top / "build");
  for (std::size_t i = 0; i < commands.size(); ++i) {
    EXPECT_EQ(commands[i].rfind("build/beyt perft ", 0), 0u) << commands[i];
    const beyt::test::CliRun r = beyt::test::capture("cd " + beyt::test::quote(top.string()) + " && " + commands[i]);
    EXPECT_EQ(r.status, 0) << commands[i] << r.out;
    EXPECT_EQ(r.out, outputs[i]) << commands[i];
  }
  fs::remove_all(top);
  std::istringstream readme(slurp(kRoot / "README.md"));
  std::size_t shown = 0;
  for (std::string line; std::getline(readme, line);) {
    if (line.rfind("build/beyt perft ", 0) != 0) continue;
    ++shown;
    const std::string command = trim(line.substr(0, line.find("  #"))) + "\n";
    EXPECT_NE(std::find(commands.begin(), commands.end(), command), commands.end())
        << "README.md shows `" << command << "`, which docs/LIBRARY.md's \"Perft\" does not run";
  }
  EXPECT_GE(shown, 1u) << "README.md shows beyt perft";
}

}  // namespace
