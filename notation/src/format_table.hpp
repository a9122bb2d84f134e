// The table of formats (formats.cpp): one row per format with everything
// the library does with it: its names, extensions, how its content is told,
// its visitor reader (read_games), its pull reader (GameReader, reader.hpp)
// and its writer (RecordWriter). A new format is a value of Format, one row,
// and its own reader and writer files. Internal to the library.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/record.hpp"

namespace beyt::notation::detail {

/// What a pull reader's next() met.
enum class PullStep : std::uint8_t {
  game,     ///< a game (or, when skipping, a game or a spoilt one passed over)
  error,    ///< an error that spoilt one game; reading goes on after it
  end,      ///< the end of the input (or the reading stopped without error)
  stop,     ///< an error the reader cannot go on from; reading is over
};

class PullReader {
 public:
  virtual ~PullReader() = default;
  /// Reads on to the next game (into `game`, whose room may be reused) or
  /// error (`error`; for PullStep::end, code ok). Warnings met on the way
  /// are appended to `warnings`, in input order. With `skip` the reader need
  /// not build the game (nor report the errors in it) where its format lets
  /// it find the game's end without.
  virtual PullStep next(GameRecord& game, Diagnostic& error, std::vector<Diagnostic>& warnings,
                        bool skip) = 0;
  /// 1-based index of the game last returned or failed (0 before any).
  virtual std::uint32_t index() const noexcept = 0;
};

/// The text notation (reader.cpp): TextReader.
std::unique_ptr<PullReader> pull_text(std::istream& in, const std::string& file, ReadOptions options);
/// JSON record files (reader.cpp): read_json on a thread of its own.
std::unique_ptr<PullReader> pull_json(std::istream& in, const std::string& file, ReadOptions options);
/// JSON Lines (json/reader.cpp): native; skip only finds the line's end.
std::unique_ptr<PullReader> pull_jsonl(std::istream& in, const std::string& file, ReadOptions options);
/// XML (xml/reader.cpp): the game-by-game reader paused after each game.
std::unique_ptr<PullReader> pull_xml(std::istream& in, const std::string& file, ReadOptions options);

/// Writes games one at a time (RecordWriter).
class GameWriter {
 public:
  virtual ~GameWriter() = default;  // a writer of a document ends it, if finish() did not
  virtual void game(const GameRecord& record) = 0;
  virtual void finish() = 0;
};

/// One row of the table of formats.
struct FormatRow {
  FormatInfo info;
  /// Whether an input whose first bytes, after a byte-order mark and
  /// blanks, are `rest` (not empty) is in this format; null for the format
  /// of every other input (text).
  bool (*claims)(std::string_view rest) noexcept;
  Diagnostic (*read)(std::istream& in, const std::string& file, GameVisitor& visitor, ReadOptions options);
  std::unique_ptr<PullReader> (*pull)(std::istream& in, const std::string& file, ReadOptions options);
  std::unique_ptr<GameWriter> (*writer)(std::ostream& out);
};

/// The row of `f`.
const FormatRow& format_row(Format f) noexcept;

}  // namespace beyt::notation::detail
