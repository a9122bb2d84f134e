// beyt/notation/stats.hpp - what `beyt stats` counts in a collection, per
// game and rule set, as a value that adds games one at a time and merges
// with another (the counts of several partitions, beyt.dask.stats). The
// command line (cli/stats.cpp) and the Python package print through here,
// so that their figures cannot differ (docs/COLLECTIONS.md, "stats").
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "beyt/notation/record.hpp"

namespace beyt::notation {

/// The counters of `beyt stats`: per group (the game and its rules in their
/// canonical text, in the order of the game table, unknown games last) the
/// games, results, valid and invalid games (the validator's replay), turns of
/// the main line (min, median, max), the first turns in canonical text (the
/// 10 000 first distinct ones; the others counted together) and, for
/// Mankalah and Um el-Banât, board or stage ends per valid game. Memory
/// grows with the distinct groups, turn counts and first turns, never with
/// the games.
class CollectionStats {
 public:
  CollectionStats();
  ~CollectionStats();
  CollectionStats(const CollectionStats& other);
  CollectionStats& operator=(const CollectionStats& other);
  CollectionStats(CollectionStats&&) noexcept;
  CollectionStats& operator=(CollectionStats&&) noexcept;

  /// Counts game `index` (1-based) of `file` (the file only places the
  /// replay's diagnostics, which are not kept).
  void add(const GameRecord& record, const std::string& file, std::uint32_t index);
  /// Adds the counts of `other` (games read after this one's: the order
  /// matters only past 10 000 distinct first turns).
  void merge(const CollectionStats& other);
  /// The games counted.
  std::uint64_t games() const noexcept;

  /// `beyt stats --json`: one JSON object (games, unreadable, groups), two
  /// spaces of indent, ending in '\n'; the `top` most frequent first turns
  /// per group, ties in text order. `unreadable`: the games that could not
  /// be read (the readers' errors), as the caller counted them.
  std::string json(std::uint32_t top, std::uint64_t unreadable) const;
  /// `beyt stats`: the table for people, ending with the "all: N games in
  /// G groups" line.
  std::string table(std::uint32_t top, std::uint64_t unreadable) const;

  /// Every counter as one JSON text, to send the counts to another process
  /// (beyt.dask) and read them back with from_state(). Not a file format.
  std::string state() const;
  /// Inverse of state(). False (and `out` unchanged) if `text` is not one.
  static bool from_state(std::string_view text, CollectionStats& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace beyt::notation
