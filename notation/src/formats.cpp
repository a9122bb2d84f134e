// One entry point over the three record formats (beyt/notation/formats.hpp).
#include "beyt/notation/formats.hpp"

#include <optional>
#include <sstream>

#include "beyt/notation/json.hpp"
#include "beyt/notation/text.hpp"
#include "beyt/notation/xml.hpp"

namespace beyt::notation {
namespace {

bool ends_with_nocase(std::string_view s, std::string_view suffix) noexcept {
  if (s.size() < suffix.size()) return false;
  s.remove_prefix(s.size() - suffix.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != suffix[i]) return false;
  }
  return true;
}

}  // namespace

std::string_view format_name(Format f) noexcept {
  switch (f) {
    case Format::text: return "text";
    case Format::json: return "json";
    case Format::xml: return "xml";
    case Format::jsonl: return "jsonl";
  }
  return "text";
}

bool parse_format(std::string_view name, Format& out) noexcept {
  // In any case ("JSON"): the same test as an extension's, on the whole name.
  const auto is = [&](std::string_view known) { return name.size() == known.size() && ends_with_nocase(name, known); };
  if (is("text") || is("beyt")) out = Format::text;
  else if (is("json")) out = Format::json;
  else if (is("xml")) out = Format::xml;
  else if (is("jsonl")) out = Format::jsonl;
  else return false;
  return true;
}

Format format_of_path(std::string_view path) noexcept {
  Format f = Format::text;
  format_of_extension(path, f);
  return f;
}

bool format_of_extension(std::string_view path, Format& out) noexcept {
  if (ends_with_nocase(path, ".json")) out = Format::json;
  else if (ends_with_nocase(path, ".jsonl")) out = Format::jsonl;
  else if (ends_with_nocase(path, ".xml")) out = Format::xml;
  else if (ends_with_nocase(path, ".beyt") || ends_with_nocase(path, ".txt")) out = Format::text;
  else return false;
  return true;
}

Format format_of_content(std::string_view head) noexcept {
  if (head.substr(0, 3) == "\xEF\xBB\xBF") head.remove_prefix(3);
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  const auto name_char = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  };
  std::size_t i = 0;
  while (i < head.size() && blank(head[i])) ++i;
  if (i == head.size()) return Format::text;
  if (head[i] == '{') {
    // A record file's object starts with "format", "version" or "games"; a
    // game object (one line of JSON Lines) with "tags", "moves" and so on.
    std::size_t j = i + 1;
    while (j < head.size() && blank(head[j])) ++j;
    if (j >= head.size() || head[j] != '"') return Format::json;
    const std::size_t end = head.find('"', j + 1);
    if (end == std::string_view::npos) return Format::json;
    const std::string_view key = head.substr(j + 1, end - j - 1);
    const bool game_key = key == "tags" || key == "moves" || key == "result" || key == "comments";
    return game_key ? Format::jsonl : Format::json;
  }
  if (head[i] == '<') return Format::xml;
  if (head[i] != '[') return Format::text;
  // '[' opens a JSON array, or a text record's first tag pair: [Name "
  std::size_t j = i + 1;
  while (j < head.size() && blank(head[j])) ++j;
  const std::size_t name = j;
  while (j < head.size() && name_char(head[j])) ++j;
  if (j == name) return Format::json;
  while (j < head.size() && blank(head[j])) ++j;
  return j < head.size() && head[j] == '"' ? Format::text : Format::json;
}

Diagnostic read_games(std::istream& in, const std::string& file, Format f, GameVisitor& visitor,
                      ReadOptions options) {
  switch (f) {
    case Format::json: return read_json(in, file, visitor, options);
    case Format::xml: return read_xml(in, file, visitor, options);
    case Format::jsonl: return read_jsonl(in, file, visitor, options);
    case Format::text: break;
  }
  return read_text(in, file, visitor, options);
}

struct RecordWriter::Impl {
  Impl(std::ostream& o, Format f) : out(o), format(f) {}
  std::ostream& out;
  Format format;
  std::optional<JsonWriter> json;
  std::optional<XmlWriter> xml;
};

RecordWriter::RecordWriter(std::ostream& out, Format f) : impl_(std::make_unique<Impl>(out, f)) {
  if (f == Format::json) impl_->json.emplace(out);
  if (f == Format::xml) impl_->xml.emplace(out);
}

RecordWriter::~RecordWriter() = default;  // the JSON and XML writers finish themselves

void RecordWriter::game(const GameRecord& record) {
  switch (impl_->format) {
    case Format::json: impl_->json->game(record); break;
    case Format::xml: impl_->xml->game(record); break;
    case Format::jsonl: impl_->out << to_json_line(record); break;
    case Format::text: write_text(impl_->out, record); break;
  }
}

std::string write_record(const GameRecord& record, Format f) {
  std::ostringstream out;
  RecordWriter writer(out, f);
  writer.game(record);
  writer.finish();
  return out.str();
}

void RecordWriter::finish() {
  switch (impl_->format) {
    case Format::json: impl_->json->finish(); break;
    case Format::xml: impl_->xml->finish(); break;
    case Format::jsonl: case Format::text: impl_->out.flush(); break;
  }
}

}  // namespace beyt::notation
