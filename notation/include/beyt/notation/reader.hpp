// beyt/notation/reader.hpp - a pull reader over every record format: the
// games of an input one at a time, where the caller asks for them.
//
//   auto reader = beyt::notation::GameReader::open("games.json");
//   if (!reader) { std::cerr << format_text(reader.error()); return 1; }
//   while (auto item = reader->next()) {
//     for (const auto& w : reader->take_warnings()) std::cerr << format_text(w);
//     if (*item) use(**item);                         // a GameRecord
//     else std::cerr << format_text(item->error());   // the error that spoilt it
//   }
//
// It yields what read_games() passes to a GameVisitor that always goes on
// (GameVisitor::error returns true): the same games with the same indices,
// the same diagnostics at the same places, the same warnings, in the same
// order. Memory stays flat: one game at a time in every format.
//
// How each format is pulled:
//  * text: TextReader (text.hpp), which is a pull reader itself;
//  * JSON Lines: natively, a line at a time (read_jsonl reads through it);
//  * XML: the game-by-game reader (xml.hpp) paused after each game (see below);
//  * JSON record files: nlohmann's SAX parser cannot be paused inside the
//    "games" array, so read_json runs on a thread of the reader's own that
//    hands over one game at a time through a one-slot handoff: the two
//    threads take turns (the caller's waits in next() while the reader's
//    reads up to the next game, which then waits until the next call), so
//    the input stream is only ever read by one of them and no more than one
//    game is held. The thread starts at the first next() and ends with the
//    reading; a GameReader destroyed before the end stops it (its visitor
//    says stop) and joins it. Nothing is read ahead of what was asked.
//
// Errors: an error a reader may go past (one that spoils a game, or one
// between games the reader reads on after: what read_games passes to
// GameVisitor::error) is returned by next(), and reading goes on where
// read_games goes on after it; an error the reader cannot go on from (what
// read_games returns: a JSON syntax error, a read failure, E501) is returned
// by next() too, after which done() is true and next() gives std::nullopt.
//
// XML: what the reader passes on before it pauses after a game (an error
// outside the games it goes past, then the game) waits in a queue: one game
// at most, and the errors before it.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/record.hpp"
#include "beyt/notation/text.hpp"
#include "beyt/expected.hpp"

namespace beyt::notation {

class GameReader {
 public:
  /// Reads `in` in format `format`. `file` only fills Diagnostic::file.
  /// `options` applies to the text notation (ReadOptions::strict).
  /// The stream must outlive the reader.
  GameReader(std::istream& in, std::string file, Format format, ReadOptions options = {});

  /// Reads `in`, in `format` when given, else as `beyt` tells an input's
  /// format: by `file`'s extension (format_of_extension; "-" has none),
  /// else by its first bytes (format_of_content; blanks are read past, up
  /// to 1 MiB). The bytes read to tell the format are kept and read again
  /// from memory: `in` is never asked to seek, so a pipe or standard input
  /// is read whole. A read failure of `in` (its badbit) is the reader's E501.
  static Expected<GameReader, Diagnostic> open(std::istream& in, std::string file,
                                             std::optional<Format> format = {}, ReadOptions options = {});
  /// Opens and reads the input at `path` as `beyt` reads its inputs
  /// (InputFile: "-" is standard input; a pipe, a FIFO or /dev/stdin is read
  /// whole), the format found as above (InputFile::format). Error: E501
  /// (Code::io_error) when it cannot be opened ("cannot read 'PATH':
  /// REASON", the system's reason; a directory: "Is a directory"; a path
  /// holding a NUL byte, io::path_problem).
  static Expected<GameReader, Diagnostic> open(const std::string& path, std::optional<Format> format = {},
                                             ReadOptions options = {});

  GameReader(GameReader&&) noexcept;
  GameReader& operator=(GameReader&&) noexcept;
  ~GameReader();

  /// The next game, or the error that spoilt it (or stopped the reading:
  /// then done() is true), or std::nullopt at the end of the input.
  std::optional<Expected<GameRecord, Diagnostic>> next();

  /// Gives the reader a record no longer needed (a game next() handed out
  /// and its caller is done with), whose storage the next game is read
  /// into: its main line's Nodes are written over, not built anew, as
  /// `beyt validate` reads game after game into one record. What `spare`
  /// held is gone; the next game is read as next() reads it. Optional: a
  /// caller that keeps every game it reads has none to give.
  void recycle(GameRecord&& spare) noexcept;

  /// Passes over the next game without handing it out: true when a game
  /// (or a spoilt one: its error is not reported) was passed over, false at
  /// the end or at an error that stops the reading (status() says which).
  /// JSON Lines finds the game's line end only (the game is not parsed);
  /// the text notation and XML read it into a record they reuse; JSON
  /// records read it as next() does.
  bool skip();

  /// The warnings (W codes with Severity::warning, e.g. W101 for a text
  /// record's byte-order mark) met since the last call, in input order: each
  /// stands in the input before the game or error next() returned last (or
  /// before the end). Read them after each next() to keep read_games' order.
  std::vector<Diagnostic> take_warnings();

  /// 1-based index of the game next() or skip() passed last (0 before any).
  std::uint32_t game_index() const noexcept;
  /// The reading is over: the end of the input, or an error it cannot go on from.
  bool done() const noexcept;
  /// Once done(): what read_games would return (the error that stopped the
  /// reading, or code ok); before: code ok.
  const Diagnostic& status() const noexcept;
  /// The format being read.
  Format format() const noexcept;

 private:
  struct Impl;
  explicit GameReader(std::unique_ptr<Impl> impl) noexcept;
  std::unique_ptr<Impl> impl_;
};

}  // namespace beyt::notation
