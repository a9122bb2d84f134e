// beyt/notation/input.hpp - an input of records read as a stream, and the
// lines its diagnostics quote: the way `beyt` reads every input (a file or
// standard input) and prints `file:line:column: error[E..]: ...` with the
// line and its caret, in the library for every front end that reads files
// (the command line, notation/read_inputs.hpp, notation/validate_inputs.hpp,
// the examples).
//
//   beyt::notation::InputFile in;
//   std::string error;
//   if (!in.open("games.beyt", error)) ...   // "cannot read 'games.beyt': No such file or directory"
//   Format f = in.format(std::nullopt);       // the extension, else the content
//   ... read_games(in.stream(), in.name(), f, visitor) ...
//   std::cout << format_diagnostic(d, &in, false);  // with the quoted line
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>

#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/formats.hpp"

namespace beyt::notation {

/// An input file or "-" (standard input), read as a stream in 64 KiB chunks
/// whatever it is. The lines that diagnostics quote are found again by the
/// byte offset of their place: a regular file is read there again; any
/// other input (standard input, a pipe) keeps the bytes that a diagnostic
/// may still quote (those of the game being checked, see forget_before, and
/// the last 256 KiB, at most 64 MiB), so memory stays flat however long the
/// input. Not for several threads at once; an InputFile per thread.
class InputFile {
 public:
  InputFile();
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  /// Opens `path` ("-": standard input). False when it cannot be read, with
  /// `error` = "cannot read 'PATH': REASON" ("standard input" for "-"),
  /// REASON the system's words ("No such file or directory", "Is a
  /// directory", "Permission denied"). Sets the calling thread's activity
  /// (io::set_activity) to "reading 'PATH'" ("reading standard input").
  bool open(const std::string& path, std::string& error);
  /// Opens the regular file `path` to read from byte `offset` on (the
  /// stream's first byte is the file's byte `offset`; line() and
  /// forget_before still count from the start of the file). False, with
  /// `error` as open() gives it, when it cannot be read, is not a regular
  /// file ("Illegal seek") or the seek fails.
  bool open_at(const std::string& path, std::uint64_t offset, std::string& error);
  /// The stream of the input's bytes (after a successful open). A read
  /// failure sets its badbit (the readers' E501); failure() gives the reason.
  std::istream& stream();
  /// The path as given ("-" for standard input).
  const std::string& name() const;
  /// The input's format: `forced` when given (--from), else the file's
  /// extension (.beyt, .txt, .json, .jsonl, .xml), else, for standard input
  /// or any other name, the content: the first non-blank byte '{' JSON (JSON
  /// Lines when it opens a game object), '<' XML,
  /// '[' JSON unless it opens a tag pair ('[Event "'), anything else text
  /// (format_of_content), however many blanks come first. Reads ahead
  /// without consuming, in bounded memory: a regular file is read again by
  /// offset; from standard input or a pipe, the blank lines past the first
  /// 64 KiB are dropped and the reader's places after them moved back by
  /// place(). Call before reading.
  Format format(std::optional<Format> forced);
  /// The place in the input of the place `loc` a reader of stream() gives
  /// (the same unless format() dropped blanks at the start).
  /// format_diagnostic applies it; line() and forget_before() take the
  /// reader's places.
  SourceLoc place(const SourceLoc& loc) const;
  /// The line of the input that holds place `loc` (its byte offset), without
  /// its line end, and in `first_column` the column of its first character
  /// (more than 1 when only a piece of a very long line is given). Empty
  /// when the place is unknown or no longer held.
  std::string line(const SourceLoc& loc, std::uint32_t& first_column);
  /// No diagnostic will quote anything before byte `offset` (the start of
  /// the game being checked): an input that cannot be read again lets go of
  /// what lies before it.
  void forget_before(std::uint64_t offset);
  /// After a read failure (the readers report Code::io_error): the system's
  /// reason, e.g. "Input/output error"; else empty.
  const std::string& failure() const;
  /// After a read failure: "cannot read 'PATH': REASON" (E501's words; PATH
  /// "standard input" for "-"); else `otherwise`.
  std::string failure_message(std::string otherwise) const;

 private:
  // line() in the reader's places.
  std::string line_piece(const SourceLoc& loc, std::uint32_t& first_column);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// `d` as found in `input` (null: as it is): its place the input's own
/// (InputFile::place) and, for a read failure (Code::io_error), the system's
/// reason ("cannot read 'PATH': Input/output error"). What format_diagnostic
/// prints, as a value (the Python package's diagnostics).
Diagnostic in_input(const Diagnostic& d, const InputFile* input);

/// `d` as `beyt` prints it, ending in a line end: in text
/// ("file:line:column: error[CODE]: reason", then the quoted line of
/// `input` and a caret under the place, format_text) or in JSON-lines form
/// (format_json) when `json`. With `input` (the input `d` was found in, or
/// null): the place is the input's own (InputFile::place), and a read
/// failure (Code::io_error) gets the system's reason (failure_message).
std::string format_diagnostic(const Diagnostic& d, InputFile* input, bool json);

}  // namespace beyt::notation
