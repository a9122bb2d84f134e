// Shared parts of the game interface (beyt/game.hpp, beyt/drawing.hpp) and the
// table of games.
#include "beyt/game.hpp"

#include <algorithm>
#include <vector>

#include "beyt/chars.hpp"
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

// A State whose turns are one event each: apply() is play() of the
// canonical text.
Error State::apply(std::string_view event, std::string* turn) {
  if (turn) turn->clear();
  std::string canonical;
  if (Error e = check(event, canonical)) return e;
  if (Error e = play(canonical)) return e;
  if (turn) *turn = std::move(canonical);
  return Error::none();
}

Error faces_fault(const ThrowFaces& shape, std::string_view faces) {
  if (shape.faces.empty() || shape.pieces <= 0) return Error{Code::wrong_phase, "no throw is due here", 0};
  std::string letters;
  for (const auto& f : shape.faces) letters += f.letter;
  for (std::size_t i = 0; i < faces.size(); ++i)
    if (letters.find(faces[i]) == std::string::npos)
      return Error{Code::move_syntax,
                   std::string("a piece of this throw shows one of ") + letters + ", not '" + faces[i] + "'",
                   static_cast<std::uint32_t>(i)};
  if (faces.size() != static_cast<std::size_t>(shape.pieces))
    return Error{Code::move_syntax,
                 "this throw has " + std::to_string(shape.pieces) + " pieces: " + std::to_string(faces.size()) +
                     (faces.size() == 1 ? " face is given" : " faces are given"),
                 static_cast<std::uint32_t>(faces.size())};
  return Error::none();
}

Error State::throw_from_faces(std::string_view faces, std::string& out) const {
  if (Error e = faces_fault(throw_faces(), faces)) return e;
  out.assign(faces);
  return Error::none();
}

Error State::turn_events(std::string_view turn_text, std::vector<std::string>& out) const {
  std::string canonical;
  if (Error e = check(turn_text, canonical)) return e;
  out.push_back(std::move(canonical));
  return Error::none();
}

// A State whose turns are one event each: random_move(), played. The turn
// is made in `turn` itself (no allocation once it has room).
void State::play_random(Rng& rng, std::string* turn, std::vector<EventPick>* picks) {
  std::string local;
  std::string& move = turn ? *turn : local;
  random_move(rng, move);
  if (move.empty()) return;
  if (picks) {
    std::vector<std::string> listed;
    legal_moves(listed);
    EventPick pick;
    pick.index = static_cast<std::size_t>(std::find(listed.begin(), listed.end(), move) - listed.begin());
    pick.event = move;
    picks->push_back(std::move(pick));
  }
  if (play(move)) move.clear();
}

Error State::find_event(std::string_view event, std::size_t& index) const {
  std::vector<std::string> listed;
  legal_moves(listed);
  for (std::size_t i = 0; i < listed.size(); ++i)
    if (listed[i] == event) {
      index = i;
      return Error::none();
    }
  auto applied = clone();
  if (Error e = applied->apply(event)) return e;
  for (std::size_t i = 0; i < listed.size(); ++i) {
    auto other = clone();
    if (!other->apply(listed[i]) && other->equals(*applied)) {
      index = i;
      return Error::none();
    }
  }
  return Error{Code::illegal_move, "'" + std::string(event) + "' is accepted but is none of the listed events", 0};
}

// The value-returning forms of the calls with an out-parameter.
std::vector<std::string> State::legal_moves() const {
  std::vector<std::string> out;
  legal_moves(out);
  return out;
}

Expected<std::string> State::check(std::string_view move_text) const {
  return to_expected<std::string>([&](std::string& out) { return check(move_text, out); });
}

Expected<std::vector<std::string>> State::turn_events(std::string_view turn_text) const {
  return to_expected<std::vector<std::string>>([&](std::vector<std::string>& out) { return turn_events(turn_text, out); });
}

Expected<std::size_t> State::find_event(std::string_view event) const {
  return to_expected<std::size_t>([&](std::size_t& out) { return find_event(event, out); });
}

Expected<Result> State::adjudicate(std::string_view termination) const {
  return to_expected<Result>([&](Result& out) { return adjudicate(termination, out); });
}

Expected<RuleSet> Game::parse_rules(std::string_view text) const {
  return to_expected<RuleSet>([&](RuleSet& out) { return parse_rules(text, out); });
}

Expected<std::unique_ptr<State>> Game::new_state(const RuleSet& rules, std::string_view setup) const {
  return to_expected<std::unique_ptr<State>>([&](std::unique_ptr<State>& out) { return new_state(rules, setup, out); });
}

Error State::adjudicate(std::string_view termination, Result&) const {
  return Error{Code::bad_termination,
               "Termination \"" + chars::excerpt(termination) + "\" is not decided by the rules of " +
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
    if (chars::equal_ignoring_ascii_case(g->name(), name)) return g;
  return nullptr;
}

}  // namespace beyt
