// One entry point over the record formats (beyt/notation/formats.hpp): the
// table of formats, and what reads it.
#include "beyt/notation/formats.hpp"

#include <iterator>
#include <sstream>

#include "beyt/notation/json.hpp"
#include "beyt/notation/text.hpp"
#include "beyt/notation/xml.hpp"
#include "format_table.hpp"

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

/// '{' opening an object whose first key is one of a game's ("tags",
/// "moves", "result", "comments"): a line of JSON Lines; a record file's
/// object starts with "format", "version" or "games".
bool game_object(std::string_view rest) noexcept {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  std::size_t j = 1;
  while (j < rest.size() && blank(rest[j])) ++j;
  if (j >= rest.size() || rest[j] != '"') return false;
  const std::size_t end = rest.find('"', j + 1);
  if (end == std::string_view::npos) return false;
  const std::string_view key = rest.substr(j + 1, end - j - 1);
  return key == "tags" || key == "moves" || key == "result" || key == "comments";
}

/// '[' opening a text record's first tag pair: '[' Name '"'.
bool tag_pair(std::string_view rest) noexcept {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  const auto name_char = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  };
  std::size_t j = 1;
  while (j < rest.size() && blank(rest[j])) ++j;
  const std::size_t name = j;
  while (j < rest.size() && name_char(rest[j])) ++j;
  if (j == name) return false;
  while (j < rest.size() && blank(rest[j])) ++j;
  return j < rest.size() && rest[j] == '"';
}

/// A writer of one game after the other with no document around them.
template <void (*Put)(std::ostream&, const GameRecord&)>
class Sequence final : public detail::GameWriter {
 public:
  explicit Sequence(std::ostream& out) : out_(out) {}
  void game(const GameRecord& record) override { Put(out_, record); }
  void finish() override { out_.flush(); }

 private:
  std::ostream& out_;
};

/// A document writer (JsonWriter, XmlWriter): it ends the document when
/// destroyed, if finish() did not.
template <class W>
class Document final : public detail::GameWriter {
 public:
  explicit Document(std::ostream& out) : w_(out) {}
  void game(const GameRecord& record) override { w_.game(record); }
  void finish() override { w_.finish(); }

 private:
  W w_;
};

void put_json_line(std::ostream& out, const GameRecord& record) { out << to_json_line(record); }

template <class W>
std::unique_ptr<detail::GameWriter> make_writer(std::ostream& out) {
  return std::make_unique<W>(out);
}

constexpr std::string_view kTextAliases[] = {"beyt"};
constexpr std::string_view kTextExtensions[] = {".beyt", ".txt"};
constexpr std::string_view kJsonExtensions[] = {".json"};
constexpr std::string_view kXmlExtensions[] = {".xml"};
constexpr std::string_view kJsonlExtensions[] = {".jsonl"};

/// The table of formats, in the order of Format.
constexpr detail::FormatRow kFormats[] = {
    {{Format::text, "text", "text",
      kTextAliases, kTextExtensions, "the text notation (notation/NOTATION.md)", "text/plain"},
     nullptr,  // every input no other format claims
     read_text,
     detail::pull_text, make_writer<Sequence<write_text>>},
    {{Format::json, "json", "JSON",
      {}, kJsonExtensions, "a JSON record file (schemas/record.schema.json)", "application/json"},
     [](std::string_view rest) noexcept {
       return (rest[0] == '{' && !game_object(rest)) || (rest[0] == '[' && !tag_pair(rest));
     },
     read_json,
     detail::pull_json, make_writer<Document<JsonWriter>>},
    {{Format::xml, "xml", "XML",
      {}, kXmlExtensions, "an XML record file (schemas/record.xsd)", "application/xml"},
     [](std::string_view rest) noexcept { return rest[0] == '<'; },
     read_xml,
     detail::pull_xml, make_writer<Document<XmlWriter>>},
    {{Format::jsonl, "jsonl", "JSON Lines",
      {}, kJsonlExtensions, "JSON Lines, one game object per line", "application/jsonl"},
     [](std::string_view rest) noexcept { return rest[0] == '{' && game_object(rest); },
     read_jsonl,
     detail::pull_jsonl, make_writer<Sequence<put_json_line>>},
};

constexpr Format kFallback = Format::text;  // the row that claims every other input

constexpr bool in_order() noexcept {
  for (std::size_t i = 0; i < std::size(kFormats); ++i)
    if (static_cast<std::size_t>(kFormats[i].info.format) != i) return false;
  return true;
}
static_assert(in_order(), "the table of formats is in the order of Format");

constexpr FormatInfo kInfos[] = {kFormats[0].info, kFormats[1].info, kFormats[2].info, kFormats[3].info};
static_assert(std::size(kInfos) == std::size(kFormats));

}  // namespace

const detail::FormatRow& detail::format_row(Format f) noexcept {
  const auto i = static_cast<std::size_t>(f);
  return kFormats[i < std::size(kFormats) ? i : static_cast<std::size_t>(kFallback)];
}

std::span<const FormatInfo> formats() noexcept { return kInfos; }

const FormatInfo& format_info(Format f) noexcept { return detail::format_row(f).info; }

namespace {

/// One column of every row, in table order, the last after `last`.
std::string column_list(std::string_view FormatInfo::*column, std::string_view last) {
  std::string out;
  for (std::size_t i = 0; i < std::size(kInfos); ++i) {
    if (i > 0) out += i + 1 == std::size(kInfos) ? last : std::string_view(", ");
    out += kInfos[i].*column;
  }
  return out;
}

}  // namespace

std::string format_list(std::string_view last) { return column_list(&FormatInfo::name, last); }

std::string format_titles(std::string_view last) { return column_list(&FormatInfo::title, last); }

std::string format_extensions() {
  std::string out;
  for (const FormatInfo& f : kInfos)
    for (std::string_view ext : f.extensions) out.append(out.empty() ? "" : ", ").append(ext);
  return out;
}

std::string_view format_name(Format f) noexcept { return format_info(f).name; }

bool parse_format(std::string_view name, Format& out) noexcept {
  // In any case ("JSON"): the same test as an extension's, on the whole name.
  const auto is = [&](std::string_view known) { return name.size() == known.size() && ends_with_nocase(name, known); };
  for (const FormatInfo& f : kInfos) {
    bool found = is(f.name);
    for (std::string_view alias : f.aliases) found = found || is(alias);
    if (found) {
      out = f.format;
      return true;
    }
  }
  return false;
}

Expected<Format> format_from_name(std::string_view name) {
  Format f = kFallback;
  if (parse_format(name, f)) return f;
  return unexpected(Error{Code::usage, "unknown format '" + std::string(name) + "' (formats: " + format_list(", ") + ")", 0});
}

Format format_of_path(std::string_view path) noexcept {
  Format f = kFallback;
  format_of_extension(path, f);
  return f;
}

bool format_of_extension(std::string_view path, Format& out) noexcept {
  for (const FormatInfo& f : kInfos)
    for (std::string_view ext : f.extensions)
      if (ends_with_nocase(path, ext)) {
        out = f.format;
        return true;
      }
  return false;
}

Format format_of_content(std::string_view head) noexcept {
  if (head.substr(0, 3) == "\xEF\xBB\xBF") head.remove_prefix(3);
  const std::size_t first = head.find_first_not_of(" \t\n\r");
  if (first == std::string_view::npos) return kFallback;
  const std::string_view rest = head.substr(first);
  for (const detail::FormatRow& row : kFormats)
    if (row.claims != nullptr && row.claims(rest)) return row.info.format;
  return kFallback;
}

Format format_of_input(std::string_view name, std::string_view head) noexcept {
  Format f = kFallback;
  if (name != "-" && format_of_extension(name, f)) return f;
  return format_of_content(head);
}

namespace {

// ReadOptions::stop: passes everything on to `inner` until a stop is
// requested, then tells the reader to stop at the next game or error.
class StoppingVisitor final : public GameVisitor {
 public:
  StoppingVisitor(GameVisitor& inner, const Stop& stop) : inner_(inner), stop_(stop) {}
  bool game(GameRecord&& record, std::uint32_t index) override {
    return !stop_.requested() && inner_.game(std::move(record), index);
  }
  bool error(const Diagnostic& d) override { return !stop_.requested() && inner_.error(d); }
  bool broken(GameRecord&& record, std::uint32_t index, const GameErrors& errors) override {
    return !stop_.requested() && inner_.broken(std::move(record), index, errors);
  }
  void warning(const Diagnostic& w) override { inner_.warning(w); }

 private:
  GameVisitor& inner_;
  const Stop& stop_;
};

}  // namespace

Diagnostic read_games(std::istream& in, const std::string& file, Format f, GameVisitor& visitor,
                      ReadOptions options) {
  if (options.stop == nullptr) return detail::format_row(f).read(in, file, visitor, options);
  StoppingVisitor stopping(visitor, *options.stop);
  return detail::format_row(f).read(in, file, stopping, options);
}

struct RecordWriter::Impl {
  std::unique_ptr<detail::GameWriter> writer;
};

RecordWriter::RecordWriter(std::ostream& out, Format f)
    : impl_(std::make_unique<Impl>(Impl{detail::format_row(f).writer(out)})) {}

RecordWriter::~RecordWriter() = default;  // the JSON and XML writers finish themselves

void RecordWriter::game(const GameRecord& record) { impl_->writer->game(record); }

void RecordWriter::finish() { impl_->writer->finish(); }

std::string write_record(const GameRecord& record, Format f) {
  std::ostringstream out;
  RecordWriter writer(out, f);
  writer.game(record);
  writer.finish();
  return out.str();
}

}  // namespace beyt::notation
