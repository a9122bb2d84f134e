// A game as JSON (beyt/notation/game_info.hpp).
#include "beyt/notation/game_info.hpp"

#include <nlohmann/json.hpp>

namespace beyt::notation {

std::string game_info_json(const Game& game) {
  nlohmann::ordered_json g;
  g["name"] = game.name();
  g["title"] = game.title();
  g["sources"] = game.sources();
  g["presets"] = nlohmann::ordered_json::array();
  for (const auto& p : game.presets())
    g["presets"].push_back({{"name", p.name}, {"settings", p.settings}, {"help", p.help}});
  g["options"] = nlohmann::ordered_json::array();
  for (const auto& o : game.options()) {
    nlohmann::ordered_json option;
    option["name"] = o.name;
    option["values"] = nlohmann::ordered_json::array();
    for (auto v : o.values) option["values"].push_back(v);
    option["default"] = o.default_value;
    option["help"] = o.help;
    option["source"] = o.source;
    g["options"].push_back(std::move(option));
  }
  return g.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace beyt::notation
