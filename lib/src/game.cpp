// Shared parts of the game interface (beyt/game.hpp, beyt/drawing.hpp) and the
// table of games.
#include "beyt/game.hpp"

#include <vector>

#include "game_table.hpp"

namespace beyt {

bool BoardDrawing::capture_mark(std::string_view cell, const DrawOptions& options, svg::Point& centre,
                                double& half) const {
  half = 0.2 * options.cell;
  return cell_centre(cell, options, centre);
}

std::string_view side_name(Side s) noexcept { return s == Side::south ? "South" : "North"; }

std::string_view actor_name(Actor a) noexcept {
  switch (a) {
    case Actor::south: return "South";
    case Actor::north: return "North";
    case Actor::referee: return "referee";
    case Actor::none: return "nobody";
    case Actor::chance: return "chance";
  }
  return "nobody";
}

std::string_view result_token(Result r) noexcept {
  switch (r) {
    case Result::unfinished: return "*";
    case Result::south_wins: return "1-0";
    case Result::north_wins: return "0-1";
    case Result::draw: return "1/2-1/2";
  }
  return "*";
}

bool parse_result_token(std::string_view token, Result& out) noexcept {
  for (Result r : {Result::unfinished, Result::south_wins, Result::north_wins, Result::draw})
    if (token == result_token(r)) {
      out = r;
      return true;
    }
  return false;
}

std::uint64_t Rng::below(std::uint64_t n) {
  // Lemire, "Fast Random Integer Generation in an Interval" (2019).
  __extension__ using u128 = unsigned __int128;
  u128 m = static_cast<u128>(engine_()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    std::uint64_t threshold = -n % n;
    while (low < threshold) {
      m = static_cast<u128>(engine_()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

std::string State::random_move(Rng& rng) const {
  std::string out;
  random_move(rng, out);
  return out;
}

void State::random_move(Rng& rng, std::string& out) const {
  std::vector<std::string> moves;
  legal_moves(moves);
  out.clear();
  if (!moves.empty()) out = moves[rng.below(moves.size())];
}

Error State::adjudicate(std::string_view termination, Result&) const {
  return Error{Code::bad_termination,
               "Termination \"" + std::string(termination) + "\" is not decided by the rules of " +
                   std::string(game().title()),
               0};
}

const std::vector<const Game*>& game_table() {
  static const std::vector<const Game*> table{&tab_game(), &dleb_game(), &seega_game(), &mankalah_game(),
                                              &umelbanat_game()};
  return table;
}

const Game* find_game(std::string_view name) noexcept {
  for (const Game* g : game_table())
    if (g->name() == name) return g;
  return nullptr;
}

}  // namespace beyt
