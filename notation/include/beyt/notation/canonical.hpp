// beyt/notation/canonical.hpp - a record in canonical form, as `beyt format`
// writes it: every move the engine's canonical text, the tags in roster
// order. The command line (cli/format.cpp and the other collection
// subcommands) and the studio page (docs/STUDIO.md) both go through here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "beyt/expected.hpp"
#include "beyt/game.hpp"
#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/record.hpp"

namespace beyt::notation {

/// A record's game, rules and start position.
struct Start {
  const Game* game = nullptr;
  RuleSet rules;
  std::unique_ptr<State> state;  ///< the initial or SetUp position
};

/// Resolves the Game (or `default_game`), Rules and SetUp tags of `record`
/// and checks its Result and Date values, as the validator does before the
/// first move (notation::replay). Returns the validator's diagnostic (E2xx)
/// or code ok; `file` and `index` (1-based) only place the diagnostic.
Diagnostic resolve(const GameRecord& record, const std::string& file, std::uint32_t index,
                   const std::string& default_game, Start& out);

/// Rewrites every move of `line` to the canonical text the engine gives for
/// it (State::check: captures, counts and forfeits filled in), playing the
/// line from `state` (which ends at the line's last position); each
/// variation is rewritten from a copy of the position before its move.
/// Returns the first illegal move's error (the rest of `line` is left as it
/// was) or Error::none().
Error canonicalise_line(Line& line, State& state);

/// Puts the tags of `record` in the canonical order (NOTATION.md section 3):
/// the roster, missing ones added (Result from the result token, the others
/// with roster_default), then Game, Rules, SetUp, Source, then the others in
/// the order they had.
void canonical_tag_order(GameRecord& record);

/// The canonical form of game `index` of `file` (`beyt format`): when the
/// validator's replay accepts it (with variations and result), `out` is the
/// record with every move canonical (canonicalise_line), a Game tag (from
/// `default_game` when it had none), Game and Rules in their canonical
/// spelling (spell_game_and_rules) and its tags in canonical order, and the
/// result is code ok. Otherwise the validator's diagnostic, and `out` is
/// left as it was.
Diagnostic canonical_form(const GameRecord& record, const std::string& file, std::uint32_t index,
                          const std::string& default_game, GameRecord& out);
/// As canonical_form(record, file, index, default_game, out): the record in
/// canonical form, or the validator's diagnostic.
Expected<GameRecord, Diagnostic> canonical_form(const GameRecord& record, const std::string& file,
                                                std::uint32_t index, const std::string& default_game = {});

/// What makes game `index` of `file` the same game as another, for `beyt
/// dedupe` (docs/COLLECTIONS.md): a text, to be hashed (game_hash), of
///   "G\n" game "\n" option=value;... "\n" start position "\n" canonical turns
/// when the game replays to the end of its main line: the rules compared by
/// their values (walker and "walker; chain=optional" are the same), the
/// start by the engine's position text (no SetUp and a SetUp of the initial
/// position are the same), each turn in the engine's canonical text (a
/// capture left out or written is the same turn). Otherwise, as written:
///   "W\n" Game "\n" Rules "\n" SetUp "\n" turns
/// Tags, comments, NAGs, variations and the result are never part of it.
/// Never fails: a game that cannot be resolved or replayed is taken as written.
std::string game_identity(const GameRecord& record, const std::string& file, std::uint32_t index);

/// A 128-bit hash of a game_identity(): two 64-bit hashes of different
/// families (FNV-1a and the standard library's), so that two different
/// games share both with a chance of about 2^-128. A collection keeps only
/// these (`beyt dedupe` streams: the hash of each game kept is all it holds).
struct GameHash {
  std::uint64_t a = 0, b = 0;
  bool operator==(const GameHash&) const = default;
};
GameHash game_hash(std::string_view identity) noexcept;

}  // namespace beyt::notation
