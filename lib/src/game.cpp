// Shared parts of the game interface (beyt/game.hpp, beyt/drawing.hpp) and the
// table of games.
#include "beyt/game.hpp"

#include <algorithm>
#include <bit>
#include <new>
#include <random>
#include <type_traits>
#include <vector>

#include "beyt/chars.hpp"
// The games of the table: each game's public header declares its Game.
#include "beyt/dleb.hpp"
#include "beyt/mankalah.hpp"
#include "beyt/seega.hpp"
#include "beyt/tab.hpp"
#include "beyt/umelbanat.hpp"

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

namespace {
// Rng's storage holds a std::mt19937_64 (made by its constructor; copied as
// bytes, which a trivially copyable type allows).
static_assert(std::is_trivially_copyable_v<std::mt19937_64> && std::is_trivially_destructible_v<std::mt19937_64>);
template <std::size_t Size, std::size_t Align>
constexpr bool fits = sizeof(std::mt19937_64) <= Size && alignof(std::mt19937_64) <= Align;
}  // namespace

Rng::Rng(std::uint64_t seed) {
  static_assert(fits<sizeof(engine_), alignof(Rng)>, "Rng's storage is too small for std::mt19937_64");
  ::new (static_cast<void*>(engine_)) std::mt19937_64(seed);
}

// The generator in Rng's storage.
static std::mt19937_64& engine_of(unsigned char* storage) noexcept {
  return *std::launder(reinterpret_cast<std::mt19937_64*>(storage));
}

std::uint64_t Rng::next() { return engine_of(engine_)(); }

std::uint64_t Rng::below(std::uint64_t n) {
  // Lemire, "Fast Random Integer Generation in an Interval" (2019).
  __extension__ using u128 = unsigned __int128;
  std::mt19937_64& gen = engine_of(engine_);
  u128 m = static_cast<u128>(gen()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    std::uint64_t threshold = -n % n;
    while (low < threshold) {
      m = static_cast<u128>(gen()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

std::string State::random_turn(Rng& rng) const {
  std::string out;
  random_turn(rng, out);
  return out;
}

// The turn play_random() plays, played on a copy.
void State::random_turn(Rng& rng, std::string& out) const {
  out.clear();
  if (is_terminal()) return;
  clone()->play_random(rng, &out);
}

// A State whose turns are one event each: apply() is play_turn() of the
// canonical text.
Error State::apply(std::string_view event, std::string* turn) {
  // Without `turn`, no canonical text is written: the turn is played as
  // given (play_turn of a text leaves the State as play_turn of its
  // canonical form does), one pass where writing it takes a check and a play.
  if (!turn) return resolve(event, nullptr, true);
  turn->clear();
  std::string canonical;
  if (Error e = resolve(event, &canonical, true)) return e;
  if (turn) *turn = std::move(canonical);
  return Error::none();
}

// Event's text mark is the top bit of its last byte, which code() clears
// from high(): the same bit on a little-endian machine.
static_assert(std::endian::native == std::endian::little, "Event codes assume a little-endian machine");

// A State whose values are its texts (Event::from_text): the text played.
Error State::apply(Event event, std::string* turn) {
  if (!event.is_text()) {
    if (turn) turn->clear();
    return Error{Code::move_syntax, "this Event value is none of this game's events (State::legal_events lists them)",
                 0};
  }
  return apply(event.text(), turn);
}

std::vector<ChanceOutcome> State::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (to_move() != Actor::chance) return out;  // no throw is due: nothing to list
  // The lists as list_events writes them, in one call: one set a thread,
  // reused (a playout asks at every throw), cleared first.
  thread_local std::vector<Event> values;
  thread_local std::vector<std::string> texts;
  thread_local std::vector<double> chances;
  values.clear();
  texts.clear();
  chances.clear();
  list_events(&values, &texts, &chances);
  if (chances.size() != values.size() || texts.size() != values.size()) return out;
  out.reserve(values.size());
  for (std::size_t i = 0; i < values.size(); ++i)
    out.push_back({std::move(texts[i]), chances[i], values[i]});  // (no aggregate emplace in the studio's libc++ 14)
  return out;
}

Error State::event_text(Event event, std::string& out) const {
  std::vector<Event> values;
  std::vector<std::string> texts;
  list_events(&values, &texts, nullptr);
  for (std::size_t i = 0; i < values.size() && i < texts.size(); ++i)
    if (values[i] == event) {
      out = std::move(texts[i]);
      return Error::none();
    }
  return Error{Code::illegal_move,
               is_terminal() ? std::string("the game is over: no event is listed")
                             : "this Event value is none of the events listed here (State::legal_events)",
               0};
}

Error State::parse_event(std::string_view text, Event& out) const {
  std::vector<Event> values;
  std::vector<std::string> texts;
  list_events(&values, &texts, nullptr);
  for (std::size_t i = 0; i < values.size() && i < texts.size(); ++i)
    if (texts[i] == text) {
      out = values[i];
      return Error::none();
    }
  std::size_t index = 0;
  if (Error e = find_event(text, index)) return e;
  if (index >= values.size())
    return Error{Code::illegal_move, "'" + chars::excerpt(text) + "' is none of the listed events", 0};
  out = values[index];
  return Error::none();
}

Error State::check_turn(std::string_view turn_text, std::string& canonical) const {
  // Without committing, resolve() leaves the State as it is.
  return const_cast<State*>(this)->resolve(turn_text, &canonical, false);
}

// A game written on State without undo(): nothing is ever kept to take back.
Error State::undo() { return Error{Code::nothing_to_undo, "nothing to undo: this State cannot take back", 0}; }

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

// The helpers of the optional TurnEntry: its answer, else the default of a
// State whose turns are one event each, with no throws and no words.
std::string State::player_label() const {
  if (const TurnEntry* e = entry()) return e->player_label();
  return std::string(actor_name(whose_turn()));
}

ThrowFaces State::throw_faces() const {
  if (const TurnEntry* e = entry()) return e->throw_faces();
  return {};
}

Error State::throw_from_faces(std::string_view faces, std::string& out) const {
  if (const TurnEntry* e = entry()) return e->throw_from_faces(faces, out);
  return faces_fault(ThrowFaces{}, faces);  // no throw is ever due
}

std::string State::turn_in_progress() const {
  if (const TurnEntry* e = entry()) return e->turn_in_progress();
  return {};
}

std::vector<int> State::throws_left() const {
  if (const TurnEntry* e = entry()) return e->throws_left();
  return {};
}

std::string State::describe_turn() const {
  if (const TurnEntry* e = entry()) return e->describe_turn();
  return {};
}

std::string State::describe_event(std::string_view event) const {
  if (const TurnEntry* e = entry()) return e->describe_event(event);
  return {};
}

std::string State::describe_played_turn(std::string_view turn_text) const {
  if (const TurnEntry* e = entry()) return e->describe_played_turn(turn_text);
  return {};
}

Error State::turn_events(std::string_view turn_text, std::vector<std::string>& out) const {
  if (const TurnEntry* e = entry()) return e->turn_events(turn_text, out);
  std::string canonical;
  if (Error e = check_turn(turn_text, canonical)) return e;
  out.push_back(std::move(canonical));
  return Error::none();
}

// A State whose turns are one event each: one of legal_events(), played.
// The turn is made in `turn` itself (no allocation once it has room).
void State::play_random(Rng& rng, std::string* turn, std::vector<EventPick>* picks) {
  std::string local;
  std::string& played = turn ? *turn : local;
  played.clear();
  std::vector<std::string> listed;
  legal_events(listed);
  if (listed.empty()) return;
  const std::size_t index = rng.below(listed.size());
  played = listed[index];
  if (picks) {
    EventPick pick;
    pick.index = index;
    pick.event = played;
    picks->push_back(std::move(pick));
  }
  if (play_turn(played)) played.clear();
}

Error State::find_event(std::string_view event, std::size_t& index) const {
  std::vector<std::string> listed;
  legal_events(listed);
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
std::vector<std::string> State::legal_events() const {
  std::vector<std::string> out;
  legal_events(out);
  return out;
}

Expected<std::string> State::check_turn(std::string_view turn_text) const {
  return to_expected<std::string>([&](std::string& out) { return check_turn(turn_text, out); });
}

Expected<std::vector<std::string>> State::turn_events(std::string_view turn_text) const {
  return to_expected<std::vector<std::string>>([&](std::vector<std::string>& out) { return turn_events(turn_text, out); });
}

Expected<std::string> State::event_text(Event event) const {
  return to_expected<std::string>([&](std::string& out) { return event_text(event, out); });
}

Expected<Event> State::parse_event(std::string_view text) const {
  return to_expected<Event>([&](Event& out) { return parse_event(text, out); });
}

Expected<std::size_t> State::find_event(std::string_view event) const {
  return to_expected<std::size_t>([&](std::size_t& out) { return find_event(event, out); });
}

namespace {
template <class Probability>
std::size_t sample_by(std::size_t n, double z, Probability p) noexcept {
  if (n == 0) return 0;
  std::size_t i = 0;
  double sum = p(0);
  while (i + 1 < n && z >= sum) sum += p(++i);
  return i;
}
}  // namespace

std::size_t sample_outcome(std::span<const ChanceOutcome> outcomes, double z) noexcept {
  return sample_by(outcomes.size(), z, [&](std::size_t i) { return outcomes[i].probability; });
}

std::size_t sample_outcome(std::span<const double> probabilities, double z) noexcept {
  return sample_by(probabilities.size(), z, [&](std::size_t i) { return probabilities[i]; });
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

namespace {

// Tâb's cells in Lane's letters or grid names (beyt convert --cells), the
// width from the rules.
Error rewrite_tab_cells(const RuleSet& rules, std::string_view style, std::string_view move, std::string& out) {
  TabOptions options;
  if (Error e = TabOptions::from_rules(rules, options)) return e;
  return tab_rewrite_cells(move, options.width, style == "grid", out);
}

// Mankalah's tebweez is entered count by count, beyt A..F then a..f
// (NOTATION.md section 12).
std::string tebweez_count_help(std::size_t events) {
  const std::string_view beyts = "ABCDEFabcdef";
  return std::string("the count of hasa for beyt ") + (events < beyts.size() ? beyts[events] : '?');
}

using Keys = EntryWords::Keys;

// The table of games: one row a game, its Game and its facts, in the order
// every front end lists them.
struct GameRow {
  const Game* game;
  GameFacts facts;
};

// Each game's facts (GameFacts: set field by field, the others empty).
GameFacts tab_facts() {
  GameFacts f;
  f.cell_styles = {"lane", "grid"};
  f.rewrite_cells = rewrite_tab_cells;
  f.entry.keys = Keys::from_to;
  f.entry.piece = "kelb";
  f.test_rules = {{"lane", 20, 400},
                  {"lane; width=7; pieces=4", 20, 400},
                  {"lane; width=13", 4, 400},
                  {"lane; width=15; pieces=3; first=north", 6, 400},
                  {"lane; release=any; enemy-row-safe=no", 10, 400},
                  {"lane; width=11; pass-enemy=no", 6, 400}};
  return f;
}

GameFacts dleb_facts() {
  GameFacts f;
  f.entry.keys = Keys::from_to;
  f.entry.piece = "man";
  f.test_rules = {{"marin", 10, 400},
                  {"marin; players=2", 6, 600},
                  {"marin; cross-lines=4; players=3; first=north", 10, 600},
                  {"marin; cross-lines=8; time=night; double-course=mover", 10, 600},
                  {"marin; cross-lines=100", 2, 300}};
  return f;
}

GameFacts seega_facts() {
  GameFacts f;
  f.entry.keys = Keys::from_to;
  f.entry.placement_any_order = true;  // a placement: two cells, either order
  f.entry.click_turn = "a cell (a placement) or a piece and where it goes";
  f.test_rules = {{"walker", 30, 300},
                  {"walker; size=7", 8, 300},
                  {"walker; size=9", 3, 300},
                  {"lane", 30, 300},
                  {"lane; size=7", 5, 300},
                  {"walker; chain=mandatory; barrier=yes", 10, 300},
                  {"lane; size=9; lane-opening=c2+c4/b3+d3", 3, 300},
                  {"walker; blocked=remove; centre-immune=no", 3, 300}};
  return f;
}

GameFacts mankalah_facts() {
  GameFacts f;
  f.referee_ends = "board";
  f.entry.keys = Keys::from;
  f.entry.click_turn = "a house to sow from";
  f.entry.event_help = tebweez_count_help;
  f.test_rules = {{"ghasheem", 10, 400},         {"ghasheem; skip-origin=no", 5, 400},
                  {"ghasheem; target=10", 10, 1500}, {"akil", 10, 400},
                  {"akil; target=5; skip-origin=no", 5, 1500}, {"ghasheem; loop=none", 3, 300}};
  return f;
}

GameFacts umelbanat_facts() {
  GameFacts f;
  f.referee_ends = "stage";
  f.entry.keys = Keys::named;
  f.entry.click_turn = "a house to sow from";
  f.entry.click_event = "a house to sow from (after a peck the turn goes on)";
  f.test_rules = {{"davies", 8, 500}, {"davies; first=north", 3, 500}, {"davies; skip-origin=yes", 3, 500}};
  return f;
}

std::vector<GameRow>& game_rows() {
  static std::vector<GameRow> rows{
      {&tab_game(), tab_facts()},           {&dleb_game(), dleb_facts()},
      {&seega_game(), seega_facts()},       {&mankalah_game(), mankalah_facts()},
      {&umelbanat_game(), umelbanat_facts()},
  };
  return rows;
}

std::vector<const Game*>& table_of_games() {
  static std::vector<const Game*> table = [] {
    std::vector<const Game*> out;
    for (const GameRow& row : game_rows()) out.push_back(row.game);
    return out;
  }();
  return table;
}

}  // namespace

const std::vector<const Game*>& game_table() { return table_of_games(); }

bool add_game(const Game& game, GameFacts facts) {
  if (find_game(game.name())) return false;
  game_rows().push_back(GameRow{&game, std::move(facts)});
  table_of_games().push_back(&game);
  return true;
}

const GameFacts& game_facts(const Game& game) noexcept {
  static const GameFacts none;
  for (const GameRow& row : game_rows())
    if (row.game == &game) return row.facts;
  return none;
}

namespace {

// The names or the titles of the games of the table, joined.
std::string join_games(std::string_view (Game::*word)() const noexcept, std::string_view separator,
                       std::string_view last) {
  std::string out;
  const auto& table = game_table();
  for (std::size_t i = 0; i < table.size(); ++i)
    out.append(i == 0 ? "" : i + 1 == table.size() ? last : separator).append((table[i]->*word)());
  return out;
}

}  // namespace

std::string game_names(std::string_view separator, std::string_view last) {
  return join_games(&Game::name, separator, last);
}

std::string game_titles() { return join_games(&Game::title, ", ", " and "); }

const Game* find_game(std::string_view name) noexcept {
  for (const Game* g : game_table())
    if (chars::equal_ignoring_ascii_case(g->name(), name)) return g;
  return nullptr;
}

}  // namespace beyt
