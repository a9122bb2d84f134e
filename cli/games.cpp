// beyt games [NAME] : the table of games, presets and options.
#include <cxxopts.hpp>
#include <iostream>

#include "beyt/game.hpp"
#include "cli.hpp"

namespace beyt::cli {
namespace {

void print_game(const Game& game, bool detailed) {
  std::cout << game.name() << "  " << game.title() << "\n  sources: " << game.sources() << "\n";
  if (!detailed) return;
  std::cout << "  presets (the first is the default):\n";
  for (const auto& p : game.presets())
    std::cout << "    " << p.name << (p.settings.empty() ? "" : ": ") << p.settings << "\n      " << p.help
              << "\n";
  std::cout << "  options:\n";
  for (const auto& o : game.options()) {
    std::cout << "    " << o.name << " = ";
    if (o.values.empty()) {
      std::cout << "<text>";
    } else {
      for (std::size_t i = 0; i < o.values.size(); ++i) std::cout << (i ? "|" : "") << o.values[i];
    }
    std::cout << "  (default " << o.default_value << ")\n      " << o.help << "\n      source: " << o.source
              << "\n";
  }
}

}  // namespace

int run_games(int argc, char** argv) {
  std::string name;
  bool brief = false;
  cxxopts::Options spec("beyt games",
                        "Lists the games beyt knows with their sources, rule presets and options\n"
                        "(name, allowed values, default, and the source of each reading).\n"
                        "A record names its rules in the Rules tag: \"preset; option=value; ...\".");
  spec.positional_help("[NAME]");
  spec.add_options()
      ("brief", "names, titles and sources only", cxxopts::value(brief))
      ("h,help", "this help")
      ("name", "one game", cxxopts::value(name));
  spec.parse_positional({"name"});
  int exit_code = kExitOk;
  auto parsed = parse_command_line(spec, argc, argv, "games", exit_code);
  if (!parsed) return exit_code;
  if (!name.empty()) {
    const Game* game = find_game(name);
    if (!game) return usage_error("games", "unknown game '" + name + "'");
    print_game(*game, true);
    return kExitOk;
  }
  bool first = true;
  for (const Game* game : game_table()) {
    if (!first && !brief) std::cout << "\n";
    first = false;
    print_game(*game, !brief);
  }
  return kExitOk;
}

}  // namespace beyt::cli
