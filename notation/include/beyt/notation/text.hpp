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
/// from one to the other at such a game (cli/validate.cpp), which stays
/// right only while this holds.
class TextReader {
 public:
  /// `file` is only used to fill Diagnostic::file.
  TextReader(std::istream& in, std::string file, ReadOptions options = {});
  ~TextReader();
  TextReader(const TextReader&) = delete;
  TextReader& operator=(const TextReader&) = delete;

  /// Reads the next game into `out`. Returns false at the end of input or
  /// on a syntax error; then error() tells which (code ok = end of input).
  bool next(GameRecord& out);
  /// The syntax error that stopped next(), with file, line, column, game.
  const Diagnostic& error() const noexcept;
  /// After an error: skips to the start of the next game (a '[' at the start
  /// of a line after the bad game) so that reading can go on. False at EOF.
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

/// Reads every game, passing each to `visitor`. At a syntax error (or a
/// character no record may hold, E110) asks visitor.error() whether to go
/// on with the next game (TextReader::recover); returns the error it stopped
/// at, or code ok when the input was read to the end. A read failure
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
