// beyt/notation/text.hpp - the PGN-shaped text notation: a lenient streaming
// reader and the one canonical writer (grammar: notation/NOTATION.md).
//
// Promises (as PGN makes them):
//  * The reader is lenient: UTF-8 BOM, CRLF or CR line ends, any spacing,
//    missing or wrong turn numbers, "!"/"?" suffixes, a missing result at the
//    end of input. With ReadOptions::strict it rejects everything the
//    canonical form lacks (codes E120..E123).
//  * The writer's output is canonical: byte-stable UTF-8 with LF line ends;
//    reading it back and writing again gives the same bytes.
//  * The reader streams: it holds one game at a time, never the whole file.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/record.hpp"

namespace beyt::notation {

/// Reads games one at a time from a stream of text notation.
///
/// A reader that starts a game (next()) at the start of a line carries
/// nothing over from what it read before but its place and its count of
/// games: `validate -j` starts readers in the middle of a file and hands over
/// from one to the other at such a game (notation/src/validate_inputs.cpp), which stays
/// right only while this holds.
/// Where a text reader's stream starts in the whole input, when it is read
/// from a game that starts a line (TextReader's promise above) rather than
/// from its first byte: the byte offset and line of the stream's first byte,
/// and how many games the input holds before it. The reader's places and
/// game indices are then the whole input's.
struct TextPlace {
  std::uint64_t offset = 0;
  std::uint32_t line = 1;
  std::uint32_t games = 0;
};

class TextReader {
 public:
  /// `file` is only used to fill Diagnostic::file.
  TextReader(std::istream& in, std::string file, ReadOptions options = {});
  /// The same over a stream that starts at `start` in the input: at the
  /// first byte of a game that starts a line (column 1), where the reader
  /// of the whole input starts that game (notation/incremental.hpp).
  TextReader(std::istream& in, std::string file, ReadOptions options, TextPlace start);
  ~TextReader();
  TextReader(const TextReader&) = delete;
  TextReader& operator=(const TextReader&) = delete;

  /// Reads the next game into `out`. Returns false at the end of input, on
  /// a read failure, or for a game with syntax errors; then error() tells
  /// which (code ok = end of input). Inside a game the reader reads on past
  /// each syntax error (a tag pair at the next line, movetext at the next
  /// token) and collects the game's errors (errors()); `out` then holds the
  /// game as recovered when errors().whole.
  bool next(GameRecord& out);
  /// The syntax error that stopped next(), with file, line, column, game:
  /// the first of the game's errors, or an error between games (strict
  /// layout, a byte-order mark under strict), which comes alone.
  const Diagnostic& error() const noexcept;
  /// Every error of the game next() last failed on, in input order, and how
  /// far its record can be trusted (GameErrors). Empty after an error
  /// between games, at the end of input and after a read failure.
  const GameErrors& errors() const noexcept;
  /// After an error: goes on with the next game (after a game read to its
  /// end, at once; else from the next '[' at the start of a line after the
  /// bad game). False at EOF.
  bool recover();
  /// 1-based index of the game last returned or failed.
  std::uint32_t game_index() const noexcept;
  /// The warnings met since the last call, in input order, then forgotten:
  /// W101, a byte-order mark (Severity::warning; with ReadOptions::strict it
  /// is the error that stops next() instead).
  std::vector<Diagnostic> take_warnings();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Reads every game, passing each to `visitor`. A game with syntax errors
/// (or a character no record may hold, E110) goes to visitor.broken(), an
/// error between games to visitor.error(), which say whether to go on with
/// the next game (TextReader::recover); returns the error it stopped at, or
/// code ok when the input was read to the end. A read failure
/// (Code::io_error) always stops. Warnings (W101) go to visitor.warning().
Diagnostic read_text(std::istream& in, const std::string& file, GameVisitor& visitor,
                     ReadOptions options = {});

/// Writes `record` in canonical form: roster tags first (missing ones with
/// their defaults), then Game, Rules, SetUp, Source, then the other tags in
/// order; a blank line; movetext wrapped before column 80 with a turn number
/// before every move; the result; a blank line.
void write_text(std::ostream& out, const GameRecord& record);
std::string to_text(const GameRecord& record);

}  // namespace beyt::notation
