// Internal: the one State adapter (beyt/game.hpp) over the typed engines.
//
// Each game describes its engine in a traits struct that derives from
// EngineTraits and names its Options and Position types, its name, title,
// sources, options and presets, and the functions the adapters forward to
// (the typed API of beyt/<game>.hpp and the game's drawing functions);
// EngineTraits gives the defaults of the optional hooks, which a game hides
// with its own (capture_mark, where a game has one, replaces State's
// default). EngineGame<Traits> is then that game's Game, and
// EngineState<Traits> its State: the options, the position, the turns played
// and the game's Memory (what a State keeps besides the position, e.g. the
// positions seen on this board for the repetition rules of the mancala games;
// never compared by equals()).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/game.hpp"

namespace beyt {

struct EngineTraits {
  /// Nothing kept besides the position.
  struct Memory {};
  /// Called once when the State is made (e.g. to remember its first position).
  template <class Options, class Position, class AnyMemory>
  static void start(const Options&, const Position&, AnyMemory&) {}
  /// Who acts next: the side to move, or nobody when the game is over.
  template <class Position>
  static Actor to_move(const Position& p, Result outcome) noexcept {
    return outcome != Result::unfinished ? Actor::none : actor_of(p.to_move);
  }
  template <class Options, class Position>
  static bool moves_enumerable(const Options&, const Position&) noexcept {
    return true;
  }
  template <class Position>
  static std::string player_label(const Position&, Actor a) {
    return std::string(actor_name(a));
  }
  template <class Options, class Position>
  static std::vector<ChanceOutcome> chance_outcomes(const Options&, const Position&) {
    return {};
  }
  /// State::position_text: the position's own text.
  template <class Options, class Position>
  static std::string position_text(const Options&, const Position& p) {
    return p.text();
  }
  /// State::describe_move's default: nothing to add to the move text.
  template <class Options, class Position>
  static std::string describe(const Options&, const Position&, std::string_view) {
    return {};
  }
};

template <class Traits>
class EngineState final : public State {
 public:
  using Options = typename Traits::Options;
  using Position = typename Traits::Position;
  using Memory = typename Traits::Memory;

  EngineState(const Options& o, const Position& p) : options_(o), pos_(p) { Traits::start(options_, pos_, memory_); }

  const Game& game() const noexcept override { return Traits::game(); }
  std::unique_ptr<State> clone() const override { return std::make_unique<EngineState>(*this); }
  bool equals(const State& other) const noexcept override {
    auto* o = dynamic_cast<const EngineState*>(&other);
    return o && o->options_ == options_ && o->pos_ == pos_;
  }
  std::string position_text() const override { return Traits::position_text(options_, pos_); }

  Actor to_move() const noexcept override { return Traits::to_move(pos_, outcome()); }
  std::uint32_t turns_played() const noexcept override { return turns_; }
  bool is_terminal() const noexcept override { return outcome() != Result::unfinished; }
  Result outcome() const noexcept override { return Traits::outcome(pos_); }
  std::string player_label() const override { return Traits::player_label(pos_, to_move()); }

  void legal_moves(std::vector<std::string>& out) const override { Traits::legal_moves(options_, pos_, out); }
  bool moves_enumerable() const noexcept override { return Traits::moves_enumerable(options_, pos_); }
  using State::random_move;
  void random_move(Rng& rng, std::string& out) const override {
    out.clear();
    if (!is_terminal()) Traits::random_move(options_, pos_, rng, out);
  }
  std::vector<ChanceOutcome> chance_outcomes() const override {
    return is_terminal() ? std::vector<ChanceOutcome>{} : Traits::chance_outcomes(options_, pos_);
  }

  Error play(std::string_view text) override {
    if (Error e = Traits::play(options_, pos_, memory_, text)) return e;
    ++turns_;
    return Error::none();
  }
  Error check(std::string_view text, std::string& canonical) const override {
    return Traits::check(options_, pos_, text, canonical);
  }
  // A game that decides an ending itself (Seega's "barrier") names it in
  // Traits::kTermination; every other ending is the default's.
  Error adjudicate(std::string_view termination, Result& out) const override {
    if constexpr (requires { Traits::kTermination; })
      if (termination == Traits::kTermination) return Traits::adjudicate(options_, pos_, out);
    return State::adjudicate(termination, out);
  }
  std::string render(const RenderOptions& options) const override { return Traits::render(pos_, options); }

  bool can_draw() const noexcept override { return true; }
  svg::Size board_size(const DrawOptions& d) const override { return Traits::board_size(pos_, d); }
  void draw_board(svg::Canvas& c, const DrawOptions& d) const override { Traits::draw_board(options_, pos_, c, d); }
  void draw_pieces(svg::Canvas& c, const DrawOptions& d) const override { Traits::draw_pieces(pos_, c, d); }
  bool cell_centre(std::string_view cell, const DrawOptions& d, svg::Point& out) const override {
    return Traits::cell_centre(pos_, cell, d, out);
  }
  MoveCells move_cells(std::string_view text) const override { return Traits::move_cells(options_, pos_, text); }
  bool capture_mark(std::string_view cell, const DrawOptions& d, svg::Point& centre, double& half) const override {
    if constexpr (requires { Traits::capture_mark(pos_, cell, d, centre, half); })
      return Traits::capture_mark(pos_, cell, d, centre, half);
    else
      return State::capture_mark(cell, d, centre, half);
  }
  // A game whose caption needs the position after the move (the mancala
  // games: a board or stage may end on a repetition, which only the State's
  // Memory knows) gives describe(options, before, after, text); the others
  // describe(options, before, text).
  std::string describe_move(std::string_view text) const override {
    if constexpr (requires { Traits::describe(options_, pos_, pos_, text); }) {
      EngineState next(*this);
      return next.play(text) ? std::string() : Traits::describe(options_, pos_, next.pos_, text);
    } else {
      return Traits::describe(options_, pos_, text);
    }
  }

 private:
  Options options_;
  Position pos_;
  Memory memory_;
  std::uint32_t turns_ = 0;
};

template <class Traits>
class EngineGame final : public Game {
 public:
  std::string_view name() const noexcept override { return Traits::kName; }
  std::string_view title() const noexcept override { return Traits::kTitle; }
  std::string_view sources() const noexcept override { return Traits::kSources; }
  const std::vector<OptionSpec>& options() const noexcept override { return Traits::specs(); }
  const std::vector<Preset>& presets() const noexcept override { return Traits::presets(); }
  Error new_state(const RuleSet& rules, std::string_view setup, std::unique_ptr<State>& out) const override {
    typename Traits::Options o;
    if (Error e = Traits::Options::from_rules(rules, o)) return e;
    typename Traits::Position pos = Traits::initial(o);
    if (!setup.empty()) {
      if (Error e = Traits::Position::parse(setup, pos)) return e;
      if (Error e = Traits::validate(o, pos)) return e;
    }
    out = std::make_unique<EngineState<Traits>>(o, pos);
    return Error::none();
  }
};

}  // namespace beyt
