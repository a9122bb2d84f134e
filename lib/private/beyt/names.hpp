// beyt/names.hpp - names a person types, matched as beyt matches them
// everywhere: game names, rule presets, option names and their listed
// values, and format names are equal in any case of their ASCII letters
// ("Seega" is seega, "JSON" is json: NOTATION.md section 3, docs/COLLECTIONS.md
// "Option names"), and an unknown one is answered with the nearest known
// names ("did you mean 'seega'?"), in a record's tags as on the command line.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace beyt::names {

/// The name of `known` equal to `name` but for the case of ASCII letters,
/// in `known`'s spelling ("JSON" gives "json"); empty when there is none.
std::string_view match(std::string_view name, std::span<const std::string_view> known) noexcept;

/// "did you mean 'x'?" (or "'x' or 'y'") for the names of `known` nearest to
/// `name`: at most two edits (letters compared without case) for names of five
/// letters or more, one for shorter ones, or `name` a prefix of two letters or
/// more. Empty when none is near, and for a `name` of less than two letters
/// (one edit from every one-letter name: "6" is not near "5", "7" or "9").
std::string suggest(std::string_view name, std::span<const std::string_view> known);

/// The message for a name that is none of `known`: "unknown WHAT 'NAME'
/// (did you mean 'x'? WHATs: a, b, c)", NAME quoted as chars::excerpt does,
/// the suggestion (suggest) only when a name is near.
std::string unknown(std::string_view what, std::string_view name, std::span<const std::string_view> known);

/// unknown("game", name, the names of the game table): "unknown game 'sega'
/// (did you mean 'seega'? games: tab, dleb, seega, ...)".
std::string unknown_game(std::string_view name);

}  // namespace beyt::names
