// cli/names.hpp - names typed on the command line: game names, rule presets,
// option names and their listed values are matched without regard to case
// ("Seega", "Lane; Chain=Optional"), and an unknown one is answered with the
// nearest known names ("did you mean 'seega'?").
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/game.hpp"
#include "beyt/notation/formats.hpp"

namespace beyt::cli {

/// The game called `name` in any case ("Seega" is seega). Null when there is
/// none; `error` then says so, with a suggestion and the list of games
/// (names::unknown_game, as for a record's Game tag).
const Game* match_game(std::string_view name, std::string& error);

/// The position that `--game G [--rules R] [--position TEXT]` name (beyt
/// moves, beyt perft): the game (match_game), its rules (Game::parse_rules,
/// which suggests the nearest preset, option or value; empty:
/// the first preset) and a position text as a SetUp tag holds it (empty: the
/// start). Null when one of them is bad; `error` then holds the message of
/// the usage error, naming the option and the character
/// ("--position: ... (at character 3)").
std::unique_ptr<State> position_from_options(std::string_view game, std::string_view rules,
                                             std::string_view position, std::string& error);

/// Folds an older spelling of an option into the current one (item 9 of
/// issue 10: one meaning per option name): `alias`'s value (empty when not
/// given) becomes `current`'s, unless `current` was given too with another
/// value; then false, with `error` = "--ALIAS is the older name of --CURRENT:
/// give one".
bool fold_alias(std::string_view alias_name, const std::string& alias, std::string_view current_name,
                std::string& current, std::string& error);

/// The name of `known` that `--OPTION VALUE` gives, in any case, into `out`
/// ("--format SVG" is svg; names::match). False when it is none; `error`
/// then holds the usage error: "--OPTION: unknown WHAT 'VALUE' (did you mean
/// 'svg'? WHATs: unicode, ascii, svg, ...)" (names::unknown).
bool match_option(std::string_view option, std::string_view what, std::string_view value,
                  std::span<const std::string_view> known, std::string& out, std::string& error);

/// The usage error for a record format that `--OPTION VALUE` names and that
/// is none (notation::parse_format, which takes any case: "JSON"):
/// "--OPTION: unknown format 'jsn' (did you mean 'json'? formats: text,
/// json, xml, jsonl)".
std::string format_error(std::string_view option, std::string_view value);

}  // namespace beyt::cli
