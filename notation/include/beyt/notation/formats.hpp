// beyt/notation/formats.hpp - one entry point over the record formats: the
// text notation, JSON and XML record files, and JSON Lines (one game per line).
#pragma once

#include <istream>
#include <memory>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/expected.hpp"
#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/record.hpp"
#include "beyt/notation/text.hpp"

namespace beyt::notation {

/// The record formats, in the order of the table of formats (formats.cpp),
/// which says everything else about each: its name, title, other names,
/// extensions, description, media type, how its content is told, its
/// readers and its writer.
enum class Format { text, json, xml, jsonl };

/// One format as the table of formats describes it (formats()).
struct FormatInfo {
  Format format;
  std::string_view name;                          ///< "text", "json", "xml", "jsonl"
  std::string_view title;                         ///< in prose: "text", "JSON", "XML", "JSON Lines"
  std::span<const std::string_view> aliases;      ///< other names parse_format takes ("beyt" for text)
  std::span<const std::string_view> extensions;   ///< lower case with the dot; the first is the usual one
  std::string_view description;                   ///< in words, e.g. "JSON Lines, one game object per line"
  /// The media type (MIME type, RFC 6838) a file of the format is given,
  /// e.g. by the studio page's downloads, without parameters: "text/plain"
  /// (the text notation, UTF-8, has no registered type of its own),
  /// "application/json" (RFC 8259), "application/xml" (RFC 7303),
  /// "application/jsonl" (JSON Lines as jsonlines.org names it; not
  /// registered with IANA, as no type for JSON Lines is).
  std::string_view media_type;
};

/// Every format, in the order of Format.
std::span<const FormatInfo> formats() noexcept;
/// The row of `f`.
const FormatInfo& format_info(Format f) noexcept;
/// The names for a help text, in table order, the last after `last`:
/// "text, json, xml or jsonl" (format_list(", ") for "text, json, xml, jsonl").
std::string format_list(std::string_view last = " or ");

/// The titles for prose, in table order, the last after `last`: "text,
/// JSON, XML or JSON Lines".
std::string format_titles(std::string_view last = " or ");
/// Every extension, in table order: ".beyt, .txt, .json, .xml, .jsonl".
std::string format_extensions();

/// "text", "json", "xml", "jsonl".
std::string_view format_name(Format f) noexcept;
/// From a name or another name ("text"/"beyt"/"json"/"xml"/"jsonl", in any
/// case); false if unknown.
bool parse_format(std::string_view name, Format& out) noexcept;
/// The same as a value: the format, or Code::usage with "unknown format
/// 'NAME' (formats: text, json, xml, jsonl)".
Expected<Format> format_from_name(std::string_view name);
/// From a file name's extension: .json, .xml, .jsonl, anything else is text
/// (the rule for outputs).
Format format_of_path(std::string_view path) noexcept;
/// From a file name's extension when it names a format: .beyt and .txt
/// text, .json, .xml, .jsonl (any case). False for any other name.
bool format_of_extension(std::string_view path, Format& out) noexcept;
/// From the first bytes of an input: after a UTF-8 byte-order mark and
/// blanks, '{' is JSON (JSON Lines when its first key is one of a game's:
/// "tags", "moves", "result", "comments"), '<' XML, '[' JSON unless it opens a tag pair
/// ('[' Name '"', the start of a text record), anything else (and nothing)
/// text.
Format format_of_content(std::string_view head) noexcept;
/// An input's format as beyt tells it: by the extension of `name` when it
/// names a format (format_of_extension; "-", standard input, has none),
/// else by `head`, its first bytes (format_of_content).
Format format_of_input(std::string_view name, std::string_view head) noexcept;

/// Reads every game of `in` in format `f`, passing each to `visitor`. The
/// readers pass an error that spoils one game only to visitor.error() and go
/// on if it says so (GameVisitor says which errors each reader can go on
/// from). Returns the error that stopped the reading, or code ok.
Diagnostic read_games(std::istream& in, const std::string& file, Format f,
                      GameVisitor& visitor, ReadOptions options = {});

/// One game as a whole document in format `f` (for tests, tools, fuzzing).
std::string write_record(const GameRecord& record, Format f);

/// Writes games in format `f`, one at a time.
class RecordWriter {
 public:
  RecordWriter(std::ostream& out, Format f);
  ~RecordWriter();
  void game(const GameRecord& record);
  void finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace beyt::notation
