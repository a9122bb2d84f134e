// beyt/notation/formats.hpp - one entry point over the record formats: the
// text notation, JSON and XML record files, and JSON Lines (one game per line).
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/record.hpp"
#include "beyt/notation/text.hpp"

namespace beyt::notation {

enum class Format { text, json, xml, jsonl };

/// "text", "json", "xml", "jsonl".
std::string_view format_name(Format f) noexcept;
/// From a name ("text"/"beyt"/"json"/"xml"/"jsonl"); false if unknown.
bool parse_format(std::string_view name, Format& out) noexcept;
/// From a file name's extension: .json, .xml, .jsonl, anything else is text.
Format format_of_path(std::string_view path) noexcept;

/// Reads every game of `in` in format `f`, passing each to `visitor`. The
/// text and JSON Lines readers pass a game they cannot read to
/// visitor.error() and go on if it says so (GameVisitor); the JSON and XML
/// readers stop at their first error. Returns the error that stopped the
/// reading, or code ok.
Diagnostic read_games(std::istream& in, const std::string& file, Format f,
                      GameVisitor& visitor, ReadOptions options = {});

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
