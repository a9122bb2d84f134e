// beyt/perft.hpp - perft: how many sequences of events of each length
// follow a position, as chess programs count moves to check a move
// generator ("performance test"). The counts depend on the rules alone, so
// another implementation of a game (Ludii, an OpenSpiel port) checks itself
// against beyt's published counts (docs/LIBRARY.md, "Perft").
//
//   auto rules = beyt::find_game("seega")->parse_rules("walker");
//   auto start = beyt::find_game("seega")->new_state(*rules);
//   auto counts = beyt::perft(**start, 2);   // counts->leaves: {276, 63756}
//
// An event is what State::legal_events() lists (beyt/game.hpp, "Turns and
// events"): a decision of the player or referee to move, or at a throw
// (Actor::chance) one outcome of chance_outcomes(). Every outcome of a
// throw is one branch, counted once, not weighted by its probability. A
// sequence ends early where the game ends (a terminal position lists
// nothing), so the count of depth d is the number of ways to play d events
// from the position, not the leaves of a full tree.
//
// The walk goes through the State interface only (clone() and apply() of
// each listed text), so it counts what every front end plays; its cost is
// that interface's (bench/README.md, "Perft").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "beyt/errors.hpp"
#include "beyt/expected.hpp"
#include "beyt/game.hpp"
#include "beyt/stop.hpp"

namespace beyt {

/// The largest depth perft takes (a bound on its recursion, far beyond what
/// can be counted in a day in any game from its start).
inline constexpr int kPerftMaxDepth = 100;

/// How perft walks.
struct PerftOptions {
  /// Looked at before each position is expanded (beyt/stop.hpp; null:
  /// none). Once requested, the walk ends there and the result says
  /// `stopped`: its counts are incomplete, to be discarded; not an error.
  const Stop* stop = nullptr;
  /// Bulk counting: the last ply's sequences are counted as the length of
  /// the list they are chosen from, without applying them (the default, as
  /// chess programs count). False applies every listed event of the last
  /// ply too, to a copy of its position: the same counts, slower; it checks
  /// that every listed event applies, and measures apply() (bench/).
  bool bulk = true;
};

/// What perft() counted.
struct PerftCounts {
  /// leaves[d - 1]: the number of sequences of d events from the position,
  /// for d = 1 .. depth (`depth` entries; 0 once the game is over within d
  /// events on every line).
  std::vector<std::uint64_t> leaves;
  /// Events applied (State::apply calls) during the walk: with bulk
  /// counting, the sum of leaves[0 .. depth - 2]; without, of all of them.
  std::uint64_t applied = 0;
  /// The Stop was requested before the end: the counts are incomplete.
  bool stopped = false;
};

/// Counts the sequences of 1 .. `depth` events from `from` in one walk of
/// the tree to `depth`: `out` (replaced) gets them. `from` is not changed
/// (the walk plays on clones). Time grows with the count of depth - 1 (with
/// bulk counting) times the cost of listing and applying an event; memory
/// with `depth` (one list of events per ply) only.
/// Errors (`out` is then unspecified): Code::usage when `depth` is not in
/// 1 .. kPerftMaxDepth; the error of apply() (its code, the reason naming
/// the event and the position text) when a listed event does not apply,
/// which is a fault of the game's engine.
Error perft(const State& from, int depth, PerftCounts& out, const PerftOptions& options = {});
/// As perft(from, depth, out, options): the counts, or the error.
Expected<PerftCounts> perft(const State& from, int depth, const PerftOptions& options = {});

/// One first event of perft_divide() and the sequences it begins.
struct PerftBranch {
  std::string event;        ///< as legal_events() lists it
  std::uint64_t count = 0;  ///< sequences of `depth` events that begin with it
};

/// What perft_divide() counted.
struct PerftDivide {
  /// One entry a listed first event, in legal_events() order (empty when the
  /// game is over at `from`).
  std::vector<PerftBranch> branches;
  /// The sum of the branches' counts: perft()'s leaves[depth - 1].
  std::uint64_t total = 0;
  /// The Stop was requested before the end: the counts are incomplete
  /// (the branches not reached are not listed).
  bool stopped = false;
};

/// Perft divided by the first event, as chess programs print `perft
/// divide` to find where two move generators part: for each event
/// legal_events() lists at `from`, the number of sequences of `depth` events
/// that begin with it (1 each at depth 1). `out` is replaced; `from` is not
/// changed. Errors: as perft().
Error perft_divide(const State& from, int depth, PerftDivide& out, const PerftOptions& options = {});
/// As perft_divide(from, depth, out, options): the branches, or the error.
Expected<PerftDivide> perft_divide(const State& from, int depth, const PerftOptions& options = {});

}  // namespace beyt
