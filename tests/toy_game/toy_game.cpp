// The toy game (toy_game.hpp): a State and a Game on the library's
// interface (beyt/game.hpp) and nothing else.
#include "toy_game.hpp"

#include <charconv>

namespace beyt::toy {
namespace {

const std::vector<OptionSpec>& toy_options() {
  static const std::vector<OptionSpec> options{
      {"stones", {"7", "10", "21"}, "7", "the stones of the pile at the start", "Bouton 1901, p. 35"},
      {"take", {"2", "3"}, "3", "the most stones a turn takes", "Bouton 1901, p. 35"},
  };
  return options;
}

const std::vector<Preset>& toy_presets() {
  static const std::vector<Preset> presets{{"bouton", "", "one pile of 7, take 1 to 3"}};
  return presets;
}

int number(std::string_view text) {
  int n = -1;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  return ec == std::errc() && end == text.data() + text.size() ? n : -1;
}

class ToyState final : public State {
 public:
  ToyState(int stones, int take, Side to_move) : State(toy_game()), stones_(stones), take_(take), side_(to_move) {}

  std::unique_ptr<State> clone() const override { return std::make_unique<ToyState>(*this); }
  bool equals(const State& other) const noexcept override {
    const auto* o = dynamic_cast<const ToyState*>(&other);
    return o && o->stones_ == stones_ && o->take_ == take_ && o->side_ == side_;
  }
  std::uint64_t hash() const noexcept override {
    return (static_cast<std::uint64_t>(stones_) * 8 + static_cast<std::uint64_t>(take_)) * 2 +
           static_cast<std::uint64_t>(side_);
  }
  std::string position_text() const override {
    return std::to_string(stones_) + (side_ == Side::south ? " S" : " N");
  }
  Status status() const noexcept override {
    Status s;
    s.to_move = s.whose_turn = stones_ == 0 ? Actor::none : actor_of(side_);
    // The side that took the last stone wins.
    if (stones_ == 0) s.outcome = side_ == Side::south ? Result::north_wins : Result::south_wins;
    s.turns_played = turns_;
    return s;
  }
  void list_events(std::vector<Event>* values, std::vector<std::string>* texts, std::vector<double>*) const override {
    for (int k = 1; k <= take_ && k <= stones_; ++k) list_text(values, texts, "T" + std::to_string(k));
  }
  Error resolve(std::string_view move, std::string* canonical, bool commit) override {
    if (move.size() < 2 || move[0] != 'T' || number(move.substr(1)) < 1)
      return Error{Code::move_syntax, "a turn is T and the stones taken, e.g. T2", 0};
    if (stones_ == 0) return Error{Code::game_over, "the pile is empty: the game is over", 0};
    const int k = number(move.substr(1));
    if (k > take_ || k > stones_)
      return Error{Code::illegal_move,
                   "a turn takes 1 to " + std::to_string(take_) + " stones, and " + std::to_string(stones_) +
                       " are left (Bouton 1901, p. 35)",
                   1};
    if (canonical) *canonical = "T" + std::to_string(k);
    if (commit) {
      stones_ -= k;
      side_ = opponent(side_);
      ++turns_;
    }
    return Error::none();
  }

 private:
  int stones_;
  int take_;
  Side side_;
  std::uint32_t turns_ = 0;
};

class ToyGame final : public Game {
 public:
  std::string_view name() const noexcept override { return "toy"; }
  std::string_view title() const noexcept override { return "Toy Nim"; }
  std::string_view sources() const noexcept override {
    return "Bouton 1901, \"Nim, a game with a complete mathematical theory\" (tests/toy_game)";
  }
  const std::vector<OptionSpec>& options() const noexcept override { return toy_options(); }
  const std::vector<Preset>& presets() const noexcept override { return toy_presets(); }
  Error new_state(const RuleSet& rules, std::string_view setup, std::unique_ptr<State>& out) const override {
    const int stones = number(rules.get("stones")), take = number(rules.get("take"));
    if (stones < 1 || take < 1) return Error{Code::bad_rules, "stones and take are numbers", 0};
    if (setup.empty()) {
      out = std::make_unique<ToyState>(stones, take, Side::south);
      return Error::none();
    }
    const std::size_t space = setup.find(' ');
    const int left = space == std::string_view::npos ? -1 : number(setup.substr(0, space));
    const std::string_view side = space == std::string_view::npos ? "" : setup.substr(space + 1);
    if (left < 0 || left > stones)
      return Error{Code::bad_setup, "the stones left, 0 to " + std::to_string(stones) + ", come first", 0};
    if (side != "S" && side != "N")
      return Error{Code::bad_setup, "the side to move (S or N) follows the stones",
                   static_cast<std::uint32_t>(space == std::string_view::npos ? setup.size() : space + 1)};
    out = std::make_unique<ToyState>(left, take, side == "S" ? Side::south : Side::north);
    return Error::none();
  }
};

}  // namespace

const Game& toy_game() {
  static const ToyGame game;
  return game;
}

GameFacts toy_facts() {
  GameFacts facts;
  facts.test_rules = {{"bouton", 20, 50}, {"bouton; stones=21; take=2", 10, 50}};
  return facts;
}

}  // namespace beyt::toy
