// beyt rules GAME : a game's rules, options and their sources for the
// terminal: its section of docs/RULES.md, which the program carries verbatim
// (cli/game_info.hpp), or with --json the game table's presets and options
// with that text.
#include <iostream>

#include "cli.hpp"
#include "command_line.hpp"
#include "game_info.hpp"
#include "names.hpp"

namespace beyt::cli {

extern const char kRulesMd[];          // docs/RULES.md (generated: rules_text.cpp)
extern const std::size_t kRulesMd_size;

std::string_view rules_section(const Game& game) {
  const std::string_view doc(kRulesMd, kRulesMd_size);
  const std::string heading = "\n## " + std::string(game.title()) + "\n";
  std::size_t begin = doc.find(heading);
  if (begin == std::string_view::npos) return {};
  ++begin;
  std::size_t end = doc.find("\n## ", begin);
  if (end == std::string_view::npos) end = doc.size();
  std::string_view text = doc.substr(begin, end - begin);
  // Without the "---" rule and blank lines that end the section.
  while (!text.empty() && (text.back() == '\n' || text.back() == '-'))
    text.remove_suffix(1);
  return doc.substr(begin, text.size() + 1);
}

int run_rules(int argc, char** argv) {
  std::string name;
  bool json = false;
  CommandLine line("rules",
                   "Prints the rules of GAME that beyt checks: its section of docs/RULES.md, with\n"
                   "every rule's published source (author, year, page), the options with their\n"
                   "values, defaults and readings, the presets, and the finer points where beyt\n"
                   "chose a reading. Games: " +
                       game_names() + " (beyt games).");
  line.option("json",
              "one JSON object: name, title, sources, presets, options (as beyt games --json) and "
              "\"rules\", the section's text",
              json)
      .positional("game", "the game", name, "GAME");
  int exit_code = kExitOk;
  if (!line.parse(argc, argv, exit_code)) return exit_code;
  if (name.empty()) return usage_error("rules", "which game? (" + game_names() + ")");
  std::string error;
  const Game* game = match_game(name, error);
  if (!game) return usage_error("rules", error);
  std::string_view text = rules_section(*game);
  if (json) {
    nlohmann::ordered_json out = game_info_json(*game);
    out["rules"] = text;
    std::cout << out.dump(2) << "\n";
  } else {
    std::cout << text;
  }
  return kExitOk;
}

}  // namespace beyt::cli
