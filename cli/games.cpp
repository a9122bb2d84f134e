// beyt games [NAME] : the table of games, presets and options, with the
// source of each reading (cli/game_info.hpp).
#include <iostream>

#include "beyt/notation/game_info.hpp"
#include "cli.hpp"
#include "command_line.hpp"
#include "game_info.hpp"
#include "names.hpp"

namespace beyt::cli {
namespace {

std::string values_text(const OptionSpec& o) {
  if (o.values.empty()) return "<value>";
  std::string out;
  for (std::size_t i = 0; i < o.values.size(); ++i) out += (i ? "|" : "") + std::string(o.values[i]);
  return out;
}

void print_game(const Game& game, bool detailed) {
  std::cout << game.name() << "  " << game.title() << "\n  sources: " << game.sources() << "\n";
  if (!detailed) return;
  std::cout << "  presets (the first is the default):\n";
  for (const auto& p : game.presets())
    std::cout << "    " << p.name << (p.settings.empty() ? "" : ": ") << p.settings << "\n      " << p.help
              << "\n";
  std::cout << "  options:\n";
  for (const auto& o : game.options())
    std::cout << "    " << o.name << " = " << values_text(o) << "  (default " << o.default_value << ")\n      "
              << o.help << "\n      source: " << o.source << "\n";
}

}  // namespace

nlohmann::ordered_json game_info_json(const Game& game) {
  return nlohmann::ordered_json::parse(notation::game_info_json(game));
}

int run_games(int argc, char** argv) {
  std::string name;
  bool brief = false, json = false;
  CommandLine line("games",
                   "Lists the games beyt knows with their sources, rule presets and options\n"
                   "(name, allowed values, default, and the source of each reading: author, year\n"
                   "and page, and the section of docs/RULES.md; the works are in docs/SOURCES.md).\n"
                   "A record names its rules in the Rules tag: \"preset; option=value; ...\".\n"
                   "beyt rules GAME prints a game's rules.");
  line.option("brief", "names, titles and sources only", brief)
      .option("json", "one JSON document: {\"games\": [{name, title, sources, presets, options}, ...]}", json)
      .positional("name", "one game", name, "[NAME]");
  int exit_code = kExitOk;
  if (!line.parse(argc, argv, exit_code)) return exit_code;
  std::vector<const Game*> games = game_table();
  if (!name.empty()) {
    std::string error;
    const Game* game = match_game(name, error);
    if (!game) return usage_error("games", error);
    games = {game};
  }
  if (json) {
    nlohmann::ordered_json all;
    all["games"] = nlohmann::ordered_json::array();
    for (const Game* game : games) all["games"].push_back(game_info_json(*game));
    std::cout << all.dump(2) << "\n";
    return kExitOk;
  }
  bool first = true;
  for (const Game* game : games) {
    if (!first && !brief) std::cout << "\n";
    first = false;
    print_game(*game, !brief);
  }
  return kExitOk;
}

}  // namespace beyt::cli
