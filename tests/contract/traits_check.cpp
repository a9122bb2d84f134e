// The engine traits contract (lib/src/engine_state.hpp) checked at compile
// time: tests/CMakeLists.txt compiles this file once per TRAITS_CASE. Case 0
// is a complete game's traits and compiles; every other case is one mistake
// a game's author could make, and must stop the build at the static_assert
// (each test looks for the failed constraint in the compiler's message).
#include "engine_state.hpp"

namespace beyt {
namespace {

struct ToyOptions {
  bool fast = false;
  bool operator==(const ToyOptions&) const = default;
};

struct ToyPosition {
  Side to_move = Side::south;
  static Expected<ToyPosition> parse(std::string_view text);
  std::string text() const;
  std::uint64_t hash() const noexcept;
  bool operator==(const ToyPosition&) const = default;
};

struct ToyTraits {
  using Options = ToyOptions;
  using Position = ToyPosition;
  struct Memory {};
  static constexpr std::string_view kName = "toy";
  static constexpr std::string_view kTitle = "Toy";
  static constexpr std::string_view kSources = "none";
#if TRAITS_CASE == 2
  static constexpr EngineHooks kHooks{};  // describe is defined below, but not declared
#else
  static constexpr EngineHooks kHooks{.describe = true};
#endif
  static const OptionTable<ToyOptions>& options();
  static const std::vector<Preset>& presets();
  static const Game& game();
  static ToyPosition initial(const ToyOptions&);
  static Error validate(const ToyOptions&, const ToyPosition&);
  static Result outcome(const ToyPosition&) noexcept;
#if TRAITS_CASE == 4
  static void legal_move(const ToyOptions&, const ToyPosition&, std::vector<std::string>&);  // misspelt
#else
  static void legal_events(const ToyOptions&, const ToyPosition&, std::vector<std::string>&);
#endif
  static void random_turn(const ToyOptions&, const ToyPosition&, Rng&, std::string&);
  static Error play_turn(const ToyOptions&, ToyPosition&, Memory&, std::string_view);
  static Error check_turn(const ToyOptions&, const ToyPosition&, std::string_view, std::string&);
#if TRAITS_CASE == 1
  static std::string descibe(const ToyOptions&, const ToyPosition&, std::string_view);  // misspelt
#elif TRAITS_CASE == 3
  static std::string describe(const ToyOptions&, ToyPosition&, std::string_view);  // the position not const
#else
  static std::string describe(const ToyOptions&, const ToyPosition&, std::string_view);
#endif
};

static_assert(EngineTraitsFor<ToyTraits>);

}  // namespace
}  // namespace beyt
